import Testing

@testable import IAMScenario

@Suite("JSON reader")
struct JSONReaderTests {
    func parseError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONReader.parse(text)
            return nil
        } catch { return error }
    }

    @Test("keeps object keys in file order and flags integral numbers")
    func orderAndNumbers() throws {
        let value = try JSONReader.parse(#"{"b": 12, "a": 1.5, "c": 2e1, "d": -0, "e": 123456789012345678901}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c", "d", "e"])
        #expect(members[0].value == .number(JSONNumber(12, integer: 12)))
        #expect(members[1].value == .number(JSONNumber(1.5)))
        #expect(members[2].value == .number(JSONNumber(20))) // exponent: not integral
        #expect(members[3].value == .number(JSONNumber(0, integer: 0)))
        // Beyond Int64: still a number, no exact integer (the nearest Double to 123456789012345678901).
        #expect(members[4].value == .number(JSONNumber(123_456_789_012_345_683_968)))
    }

    @Test("decodes escapes, surrogate pairs and multi-byte UTF-8")
    func strings() throws {
        let value = try JSONReader.parse(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00", "café ☕ 😀", ""]"#)
        #expect(value == .array([.string("a\"b\\c/d\n\té😀"), .string("café ☕ 😀"), .string("")]))
    }

    @Test("literals, nesting and a leading byte-order mark")
    func literalsAndBOM() throws {
        let value = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array(#" [true, false, null, {"a": [[]]}] "#.utf8))
        #expect(
            value
                == .array([
                    .bool(true), .bool(false), .null,
                    .object([JSONMember(key: "a", value: .array([.array([])]))]),
                ]))
    }

    @Test("an error names line, column (in characters) and the path reached")
    func location() {
        let error = parseError("{\n  \"é\": [1,\n   2 3]}")
        #expect(
            error
                == JSONSyntaxError(
                    line: 3, column: 6, offset: 19, path: JSONPath([.key("é")]),
                    message: "unexpected character '3'; expected ',' or ']' in an array"))
        #expect(
            error?.description
                == #"line 3, column 6: $["é"]: unexpected character '3'; expected ',' or ']' in an array"#)
    }

    @Test("column counts characters, not bytes, after multi-byte text")
    func columnInCharacters() {
        let error = parseError(#"["ééé", x]"#)
        #expect(error?.column == 9)
        #expect(error?.path.description == "$[1]")
    }

    @Test("rejects lone surrogates, bad escapes and leading zeros")
    func grammar() {
        #expect(parseError(#"["\ud800"]"#)?.message == #"high surrogate \uD800 not followed by a low surrogate"#)
        #expect(parseError(#"["\udc00"]"#)?.message == #"lone low surrogate \uDC00 in a string"#)
        #expect(parseError(#"["\x"]"#)?.message == #"invalid escape \x in a string"#)
        #expect(parseError(#"["\u12G4"]"#)?.message == #"a \u escape needs four hex digits"#)
        #expect(parseError("[012]")?.message == "numbers may not have leading zeros")
        #expect(parseError("[1.]")?.message == "a number needs a digit after '.'")
        #expect(parseError("[-]")?.message == "a number needs a digit after '-'")
        #expect(parseError("[1e+]")?.message == "a number needs a digit in its exponent")
        #expect(parseError("[tru")?.message == "unexpected end of input inside the literal true")
        #expect(parseError("[tru]")?.message == "unexpected character 't'; expected a value (true, false or null?)")
        #expect(parseError("[nul1]")?.message == "unexpected character 'n'; expected a value (true, false or null?)")
        #expect(parseError("{'a': 1}")?.message == "unexpected character '''; expected a key in double quotes")
        #expect(parseError("[1,]")?.message == "unexpected character ']'; expected a value")
        // Non-finite numbers have no JSON spelling.
        #expect(parseError("[NaN]")?.message == "unexpected character 'N'; expected a value")
        #expect(parseError("[-Infinity]")?.message == "a number needs a digit after '-'")
        #expect(parseError("[\u{C3}]")?.message == "unexpected byte 0xC3; expected a value")
    }

    @Test("rejects invalid UTF-8: stray continuation, overlong, surrogate, truncated")
    func invalidUTF8() {
        func error(_ bytes: [UInt8]) -> String? {
            do {
                _ = try JSONReader.parse(Array("[\"".utf8) + bytes + Array("\"]".utf8))
                return nil
            } catch { return error.message }
        }
        #expect(error([0x80]) == "invalid UTF-8: byte 0x80 cannot start a character")
        #expect(error([0xC0, 0xAF]) == "invalid UTF-8: byte 0xC0 cannot start a character")
        #expect(error([0xE0, 0x80, 0xAF]) == "invalid UTF-8: byte 0x80 after 0xE0")
        #expect(error([0xED, 0xA0, 0x80]) == "invalid UTF-8: byte 0xA0 after 0xED")
        #expect(error([0xF4, 0x90, 0x80, 0x80]) == "invalid UTF-8: byte 0x90 after 0xF4")
        #expect(error([0xE2, 0x82]) == "invalid UTF-8: byte 0x22 after 0xE2")
        #expect(error([0xF0, 0x9F, 0x98, 0x80]) == nil) // 😀 is fine
    }

    /// The string scan reads eight bytes at a time: every byte value, at every place in and
    /// around an eight-byte word (and with the string's start shifted), must stop it exactly
    /// where the byte-at-a-time rules do.
    @Test("the string scan stops at every quote, backslash, control and non-ASCII byte, wherever it falls")
    func stringScanStops() throws {
        /// The string read, or the offset of the syntax error.
        func outcome(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
            Result { () throws(JSONSyntaxError) in try JSONReader.tape(bytes).value(0) }
        }
        var wrong: [String] = []
        for shift in 0..<8 {
            let open = Array(("[" + String(repeating: " ", count: shift) + "\"").utf8)
            for before in 0..<20 {
                let head = String(repeating: "a", count: before)
                for byte in UInt8.min...UInt8.max {
                    let stop = open.count + before
                    // Where the parse fails, or `nil` when the byte belongs in the string.
                    let failsAt: Int? =
                        switch byte {
                        case 0x22: stop + 1 // the string ends; the next byte is unexpected
                        case 0xC2...0xF4: stop + 1 // a lead byte; "z" cannot continue it
                        case 0x5C, 0x00..<0x20, 0x80...0xFF: stop // "\z", a control, a byte no character starts with
                        default: nil
                        }
                    let got = outcome(open + Array(head.utf8) + [byte] + Array("zzzzzzzzzz\"]".utf8))
                    switch (got, failsAt) {
                    case (.success(let value), nil):
                        let text = head + String(UnicodeScalar(byte)) + "zzzzzzzzzz"
                        if value != JSONValue.array([.string(text)]) {
                            wrong.append("\(byte) after \(before), shift \(shift)")
                        }
                    case (.failure(let error), let offset?):
                        if error.offset != offset { wrong.append("\(byte) after \(before), shift \(shift): \(error)") }
                    default:
                        wrong.append("\(byte) after \(before), shift \(shift): \(got)")
                    }
                }
                // A character of several bytes (valid UTF-8) is taken whole and marks the string
                // not ASCII; a plain string is marked ASCII.
                for (tail, ascii) in [("é€😀zzzzzzzz", false), ("zzzzzzzzzzzz", true)] {
                    let tape = try JSONReader.tape(open + Array((head + tail).utf8) + Array("\"]".utf8))
                    #expect(tape.entries[1].ascii == ascii)
                    #expect(tape.string(1) == head + tail)
                }
            }
        }
        #expect(wrong == [])
    }

    @Test("numbers: overflow is an error, underflow reads as zero")
    func numberRange() throws {
        #expect(parseError("[1e400]")?.message == "number 1e400 is out of range (beyond ±1.8e308)")
        #expect(parseError("[-1e400]")?.message == "number -1e400 is out of range (beyond ±1.8e308)")
        #expect(try JSONReader.parse("[1e-400]") == .array([.number(JSONNumber(0))]))
    }

    @Test("nesting at the limit parses; one deeper is an error")
    func depthLimit() throws {
        let deepest =
            String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        _ = try JSONReader.parse(deepest)
        let tooDeep =
            String(repeating: "[", count: JSONReader.maxDepth + 1)
            + String(repeating: "]", count: JSONReader.maxDepth + 1)
        let error = parseError(tooDeep)
        #expect(error?.message == "nesting deeper than 64 levels")
        #expect(error?.column == 65)
    }

    @Test("the string length limit is 1 MiB")
    func stringLimit() throws {
        let limit = JSONReader.maxStringBytes
        _ = try JSONReader.parse("[\"" + String(repeating: "a", count: limit) + "\"]")
        #expect(
            parseError("[\"" + String(repeating: "a", count: limit + 1) + "\"]")?.message
                == "string longer than 1048576 bytes (1 MiB)")
        // Through the escape path too.
        #expect(
            parseError("[\"\\n" + String(repeating: "a", count: limit) + "\"]")?.message
                == "string longer than 1048576 bytes (1 MiB)")
    }

    @Test("duplicate keys are rejected in small and large objects")
    func duplicateKeys() {
        #expect(parseError(#"{"a": 1, "a": 2}"#)?.message == #"duplicate key "a" in one object"#)
        let many = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let error = parseError("{\(many), \"k7\": 0}")
        #expect(error?.message == #"duplicate key "k7" in one object"#)
        #expect(error?.path.description == "k7")
    }

    @Test("a 5 MB document parses in one pass")
    func largeDocument() throws {
        let element =
            #"{"id": "campaign-0000", "priority": 12, "ratio": 0.75, "name": "caf\u00e9 \"latte\" ☕", "tags": [true, null, "x"]}"#
        let count = 5_000_000 / element.utf8.count
        let text = "[" + Array(repeating: element, count: count).joined(separator: ",\n") + "]"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 5_000_000)
        let parsed = try JSONReader.parse(bytes)
        guard case .array(let elements) = parsed else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == count)
    }
}
