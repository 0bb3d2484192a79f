import IAMEngine
import IAMTestSupport
import Testing

@testable import IAMScenario

/// What decoding one trigger left: the trigger or the error, and the decoder's state after it.
private struct Outcome: Equatable, CustomStringConvertible {
    var trigger: Trigger?
    /// `PropertyFilter` equality leaves the compiled pattern out: compared by its source.
    var patterns: [String?] = []
    var error: String?
    var warnings: [String]
    var ignoredFields: [String]
    var triggerIndex: [String: Int]

    var description: String {
        "trigger: \(trigger.map { "\($0)" } ?? "none"), error: \(error ?? "none"), warnings: \(warnings), "
            + "ignored: \(ignoredFields), index: \(triggerIndex)"
    }
}

/// Decodes each element of the array `json` in turn with one decoder, the one-pass reading of
/// plain triggers on or off.
private func outcomes(_ json: String, plain: Bool) throws -> [Outcome] {
    let tape = try JSONReader.tape(Array(json.utf8))
    var decoder = ScenarioDecoder()
    decoder.readsPlainTriggers = plain
    var results: [Outcome] = []
    var element = 1
    for index in 0..<tape.count(0) {
        let node = Node(tape: tape, entry: element, parent: .root, step: .index(index))
        var trigger: Trigger?
        var failure: String?
        do {
            trigger = try decoder.trigger(node, index: index, listPath: .root)
        } catch {
            failure = "\(error.path): \(error.message)"
        }
        let patterns = (trigger?.conditions ?? []).flatMap { condition -> [String?] in
            switch condition {
            case .customEventProperty(_, let groups), .purchaseProperty(_, let groups):
                groups.flatMap { $0.map { $0.pattern?.source } }
            default: []
            }
        }
        results.append(
            Outcome(
                trigger: trigger, patterns: patterns, error: failure,
                warnings: decoder.warnings.map { "\($0.path): \($0.message)" },
                ignoredFields: decoder.ignoredFields, triggerIndex: decoder.triggerIndex))
        element = tape.end(of: element)
    }
    return results
}

/// Whether the one-pass reading takes the trigger `json` (rather than leaving it to the general one).
private func isPlain(_ json: String) throws -> Bool {
    let tape = try JSONReader.tape(Array(json.utf8))
    var decoder = ScenarioDecoder()
    return tape.withView { decoder.plainTrigger($0, 0, index: 0) } != nil
}

@Suite("Plain triggers read in one pass")
struct PlainTriggerTests {
    @Test("§9: every base trigger is plain, and reads as the general reading reads it")
    func baseTriggersArePlain() throws {
        for json in baseTriggers.prefix(4) { #expect(try isPlain(json), "\(json)") }
        let list = "[" + baseTriggers.joined(separator: ",") + "]"
        let general = try outcomes(list, plain: false)
        #expect(try outcomes(list, plain: true) == general)
        // The duplicate id is still named, with both places.
        #expect(general.last?.error?.contains("duplicate trigger id") == true)
        #expect(
            general.last?.ignoredFields == [
                "button.bg_color", "button.foo", "message.animate_in", "message.text_align_message",
            ])
    }

    @Test("§9: the demo's and every lesson's triggers read the same with the one-pass reading as without")
    func builtInTriggersMatch() throws {
        var plainCount = 0
        for json in [DemoScenario.json] + Lesson.all.map(\.json) {
            guard case .object(let members) = try JSONReader.parse(json),
                let triggers = members.first(where: { $0.key == "triggers" })?.value,
                case .array(let elements) = triggers
            else {
                Issue.record("no triggers list")
                continue
            }
            let list = JSONText.compact(triggers)
            #expect(try outcomes(list, plain: true) == outcomes(list, plain: false))
            for element in elements where try isPlain(JSONText.compact(element)) { plainCount += 1 }
        }
        #expect(plainCount > 10)
    }

    @Test("§9, T1–T6: mutated triggers load, warn and fail the same with the one-pass reading as without")
    func mutatedTriggersMatch() throws {
        var random = SeededGenerator(seed: 9)
        let bases = try baseTriggers.map { try JSONReader.parse($0) }
        var plainCount = 0
        var generalCount = 0
        for round in 0..<3000 {
            var elements: [JSONValue] = []
            for _ in 0..<3 {
                var trigger = bases.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 0...3, using: &random) { trigger = mutate(trigger, &random) }
                elements.append(trigger)
            }
            var json = JSONText.compact(.array(elements))
            // Now and then a key written with an escape (the same key) or in another form.
            if round % 7 == 0 { json = json.replacingFirst(#""message":"#, with: #""m\u0065ssage":"#) }
            if round % 11 == 0 { json = json.replacingFirst(#""type":"#, with: #""typ\u00e9":"#) }
            let plain = try outcomes(json, plain: true)
            let general = try outcomes(json, plain: false)
            #expect(plain == general, "\(json)")
            if plain != general { return }
            for element in elements {
                if try isPlain(JSONText.compact(element)) { plainCount += 1 } else { generalCount += 1 }
            }
        }
        // Both readings are exercised, each many times.
        #expect(plainCount > 1500)
        #expect(generalCount > 1500)
    }
}
