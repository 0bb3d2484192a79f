import Foundation
import Testing

/// `iamterm run` prints strings that come from the scenario (trigger ids, event names,
/// product and campaign ids, property keys and values, button ids, URIs, asset URLs). None of
/// their control, bidi, zero-width or stray combining characters may reach standard output raw,
/// in either format; the JSON form stays lossless.
@Suite("Terminal safety of headless output")
struct TerminalSafetyTests {
    /// Hostile text: ESC, a CSI sequence (clear screen), an OSC sequence (set the title, BEL and
    /// ST terminated), C0 controls and DEL, C1 controls (CSI U+009B, NEL U+0085), bidi overrides,
    /// embeddings and isolates, zero-width characters, a leading combining mark and a stack of
    /// marks, line and paragraph separators, a tag character.
    static let nasty =
        "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}]8;;http://x\u{1B}\\\u{01}\u{08}\u{0D}\u{7F}\u{9B}31m\u{85}\u{9C}"
        + "\u{202E}txt.exe\u{202A}\u{2066}\u{200F}\u{061C}\u{200B}\u{200D}\u{2060}\u{FEFF}\u{AD}"
        + "\u{0301}a\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}\u{2028}\u{2029}\u{E0041}"

    static func j(_ text: String) -> String {
        // JSON-escape every non-ASCII and control scalar, so the file itself is plain ASCII.
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                out += "\\" + String(scalar)
            } else if scalar.isASCII, scalar.value >= 0x20, scalar.value != 0x7F {
                out.unicodeScalars.append(scalar)
            } else if scalar.value > 0xFFFF {
                let v = scalar.value - 0x10000
                out += String(format: "\\u%04X\\u%04X", 0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
            } else {
                out += String(format: "\\u%04X", scalar.value)
            }
        }
        return out + "\""
    }

    static var scenario: String {
        let n = nasty
        let id = "id" + n
        let event = "ev" + n
        let product = "p" + n
        let campaign = "c" + n
        let button = "b" + n
        let url = "https://x/" + n
        let key = "k" + n
        return """
            {"name": \(j("name" + n)), "settings": {"minimumTriggerInterval": 0},
             "assets": {\(j(url)): {"download": 0.5}},
             "triggers": [
              {"id": \(j(id)), "re_eligibility": 0, "trigger_condition": [{"type": "custom_event", "data": {"event_name": \(j(event))}}],
               "data": {"type": "MODAL", "message": \(j(n)), "image_url": \(j(url)), "click_action": "URI", "uri": \(j(url)),
                        "btns": [{"id": \(j(button)), "text": \(j(n)), "click_action": "URI", "uri": \(j(url))}],
                        "extras": {\(j(key)): \(j(n))}}},
              {"id": \(j(id + "2")), "re_eligibility": 0, "trigger_condition": [{"type": "purchase", "data": {"product_id": \(j(product))}}, {"type": "push_click", "data": {"campaign_id": \(j(campaign))}}],
               "data": {"type": "SLIDEUP", "message": \(j(n))}}
             ],
             "timeline": [
              {"at": 0, "do": "launch", "note": \(j(n))},
              {"at": 3, "do": "customEvent", "name": \(j(event)), "properties": {\(j(key)): \(j(n)), "n": 1}},
              {"at": 4, "do": "click", "button": 0},
              {"at": 5, "do": "customEvent", "name": \(j(event)), "properties": {\(j(key)): \(j(n))}},
              {"at": 6, "do": "click", "button": 0},
              {"at": 7, "do": "purchase", "product_id": \(j(product)), "properties": {\(j(key)): \(j(n))}},
              {"at": 8, "do": "customEvent", "name": \(j("other" + n))},
              {"at": 9, "do": "pushClick", "campaign_id": \(j(campaign))},
              {"at": 10, "do": "addLocal", "message": {"type": "SLIDEUP", "message": \(j(n))}},
              {"at": 11, "do": "delegate", "implements": "controller", "answers": {\(j(id)): "discard"}},
              {"at": 12, "do": "customEvent", "name": \(j(event))}
             ]}
            """
    }

    /// Every byte that must not reach a terminal, with where it was found; empty when clean.
    static func problems(_ data: Data) -> [String] {
        var found: [String] = []
        let bytes = [UInt8](data)
        for (i, byte) in bytes.enumerated() {
            if byte == 0x1B {
                found.append("ESC at \(i)")
            } else if byte < 0x20, byte != 0x0A {
                found.append("C0 0x\(String(byte, radix: 16)) at \(i)")
            } else if byte == 0x7F {
                found.append("DEL at \(i)")
            }
            // C1 controls U+0080–U+009F are C2 80–C2 9F in UTF-8.
            else if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) {
                found.append("C1 at \(i)")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else { return found + ["invalid UTF-8"] }
        var previous: Unicode.Scalar = "\n"
        var marks = 0
        for scalar in text.unicodeScalars {
            let isMark = scalar.properties.generalCategory == .nonspacingMark
            marks = isMark ? marks + 1 : 0
            switch scalar.value {
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                found.append("bidi control U+\(String(scalar.value, radix: 16))")
            case 0x200B...0x200D, 0x2060, 0xFEFF, 0x2028, 0x2029:
                found.append("invisible U+\(String(scalar.value, radix: 16))")
            default:
                if scalar.properties.generalCategory == .format {
                    found.append("format character U+\(String(scalar.value, radix: 16))")
                }
                // A mark may follow a letter (or up to two marks after one), never a quote,
                // a space or an escape.
                if isMark, marks > 3 || marks == 1 && !previous.properties.isAlphabetic {
                    found.append(
                        "combining mark U+\(String(scalar.value, radix: 16)) after \(previous.debugDescription)")
                }
            }
            if !isMark { previous = scalar }
        }
        return found
    }

    func writeScenario() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-nasty-\(getpid()).json")
        try Data(Self.scenario.utf8).write(to: url)
        return url
    }

    @Test("run (text and jsonl) and --trace carry no ESC, C0, C1, bidi or invisible characters; jsonl is lossless")
    func headlessOutputIsSafe() throws {
        let file = try writeScenario()
        let trace = file.deletingPathExtension().appendingPathExtension("trace.jsonl")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: trace)
        }

        let text = try BinaryRunner.run(["run", file.path, "--trace", trace.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(Self.problems(Data(text.stdout.utf8)) == [])
        #expect(Self.problems(try Data(contentsOf: trace)) == [])
        // The run reached the interesting records: every hostile field was printed.
        for kind in ["displayed", "clicked", "trigger_matched", "no_match", "asset_ready", "discarded"] {
            #expect(text.stdout.contains(kind), "no \(kind) record")
        }
        #expect(text.stdout.contains("\\u{001B}[2J"), "ESC shown as an escape")

        let json = try BinaryRunner.run(["run", file.path, "--format", "jsonl"])
        #expect(json.status == 0)
        #expect(Self.problems(Data(json.stdout.utf8)) == [])
        let messages = try json.stdout.split(separator: "\n").map { line -> [String: Any] in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        // Escaping loses nothing: the ids read back are the scenario's own.
        #expect(messages.contains { $0["message"] as? String == "id" + Self.nasty })
        #expect(messages.contains { ($0["event"] as? [String: Any])?["name"] as? String == "ev" + Self.nasty })

        let check = try BinaryRunner.run(["check", file.path])
        #expect(Self.problems(Data(check.stdout.utf8)) == [])
    }

    @Test("errors quoting hostile strings, and invalid UTF-8, print no raw controls")
    func errorsAreSafe() throws {
        let dir = FileManager.default.temporaryDirectory
        let bad = dir.appendingPathComponent("iamterm-bad-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: bad) }
        try Data(#"{"triggers": [], "timeline": [{"at": 0, "do": "\u001b[2J\u009b\u202e"}]}"#.utf8).write(to: bad)
        let unknown = try BinaryRunner.run(["run", bad.path])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("unknown action"))
        #expect(Self.problems(Data(unknown.stderr.utf8)) == [])
        #expect(unknown.stdout.isEmpty)

        try Data([0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0x1B, 0xFF, 0xC2, 0x9B, 0x22, 0x7D]).write(
            to: bad)
        let invalid = try BinaryRunner.run(["run", bad.path])
        #expect(invalid.status == 65)
        #expect(Self.problems(Data(invalid.stderr.utf8)) == [])
        #expect(invalid.stdout.isEmpty)

        let named = try BinaryRunner.run(["check", dir.appendingPathComponent("x\u{1B}[31m\u{202E}.json").path])
        #expect(named.status == 66)
        #expect(Self.problems(Data(named.stderr.utf8)) == [])
    }
}
