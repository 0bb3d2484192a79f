import IAMEngine
import IAMTestSupport
import Testing

@testable import IAMScenario

/// The loader decodes from `JSONTape` (entries over the file's bytes) rather than a tree: what
/// a tree gave for free (keys as Swift strings, numbers through `Double(text)`) is checked here.
@Suite("JSON tape")
struct JSONTapeTests {
    @Test("a decimal read by the fast path is the Double that Double(text) gives")
    func decimalsMatchTheGeneralPath() throws {
        var rng = SeededGenerator(seed: 9)
        var texts: [String] = ["0.1", "-0.0", "1.001", "0.3", "123456789012.345", "9007199254.740993", "-2.5"]
        for _ in 0..<20_000 {
            let whole = UInt64.random(in: 0..<1_000_000_000, using: &rng)
            let digits = Int.random(in: 1...9, using: &rng)
            var fraction = String(UInt64.random(in: 0..<1_000_000_000, using: &rng))
            fraction = String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
            let sign = Bool.random(using: &rng) ? "-" : ""
            texts.append(sign + String(whole) + "." + String(fraction.prefix(digits)))
        }
        let parsed = try JSONReader.parse("[" + texts.joined(separator: ",") + "]")
        guard case .array(let values) = parsed else {
            Issue.record("not an array")
            return
        }
        #expect(values.count == texts.count)
        var mismatches = 0
        for (text, value) in zip(texts, values) {
            guard case .number(let number) = value, let expected = Double(text) else {
                mismatches += 1
                continue
            }
            if number.value.bitPattern != expected.bitPattern || number.integer != nil { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("keys written with escapes are the keys they spell")
    func escapedKeys() throws {
        let json = #"{"tr\u0069ggers": [{"\u0069d": "a", "trigger_condition": [{"type": "open"}], "data": {}}]}"#
        let loaded = try load(json)
        #expect(loaded.scenario.triggers.map(\.id) == ["a"])
    }

    @Test("duplicate keys are found when escapes or canonical equivalence hide them")
    func duplicatesThroughEscapesAndEquivalence() {
        // "\u0061" is "a"; "\u212Aey" (KELVIN SIGN) is canonically "Key", as Swift compares.
        #expect(
            loadError(#"{"a": 1, "\u0061": 2}"#)
                == #"scenario.json: a: line 1, column 10: duplicate key "a" in one object"#)
        #expect(loadError(#"{"Key": 1, "\u212Aey": 2}"#)?.contains("duplicate key") == true)
        // The same with more than a dozen members, where the reader keeps a set of the keys.
        let members = (0..<14).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        #expect(loadError("{" + members + #", "k\u0031": 0}"#)?.contains(#"duplicate key "k1""#) == true)
    }

    @Test("a key of non-ASCII text is found by the key the decoder asks for")
    func nonASCIIKeys() throws {
        // Decomposed "é" in the file, precomposed in the asset table's lookup: one key to Swift.
        let url = "https://cdn.example/caf\u{65}\u{301}.png"
        let json = """
            {"assets": {"\(url)": {"download": 2}},
             "triggers": [{"id": "a", "trigger_condition": [{"type": "open"}], "data": {}}]}
            """
        let loaded = try load(json)
        #expect(loaded.scenario.assets["https://cdn.example/caf\u{E9}.png"]?.download == 2)
    }

    @Test("the tree kept for a recorded session is the document as parsed")
    func keptTreeMatchesTheDocument() throws {
        let json =
            #"{"name": "n", "triggers": [{"id": "a", "trigger_condition": [{"type": "open"}], "data": {"message": "x\ny", "extras": {"k": [1, 2.5, null, true]}}}]}"#
        let loaded = try ScenarioLoader.load(json: json, file: "s.json", keepingJSON: true)
        #expect(loaded.json == (try JSONReader.parse(json)))
        guard case .object(let members) = loaded.json else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["name", "triggers"])
    }
}
