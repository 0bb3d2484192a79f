import Foundation
import Testing

@testable import IAMScenario

/// Issue 29: each object's keys are declared once, as the raw values of its key enum, and the
/// matcher built from them finds each key and nothing else.
@Suite struct SchemaKeyTests {
    /// The keys of `Key` as the matcher finds them, and what it finds for near misses.
    private static func check<Key: SchemaKey>(_: Key.Type) -> [String] {
        var problems: [String] = []
        let names = Key.allCases.map(\.rawValue)
        if Set(names).count != names.count { problems.append("\(Key.self): a key is declared twice: \(names)") }
        if names.count > 32 { problems.append("\(Key.self): \(names.count) keys (at most 32)") }
        for (position, key) in Key.allCases.enumerated() {
            if key.ordinal != position {
                problems.append("\(Key.self).\(key): ordinal \(key.ordinal), not \(position)")
            }
            let found = Array(key.rawValue.utf8).withUnsafeBufferPointer { Key.matching($0, ascii: true) }
            if found?.rawValue != key.rawValue {
                problems.append("\(Key.self): \(key.rawValue) matches \(String(describing: found))")
            }
            for miss in [
                key.rawValue + "x", String(key.rawValue.dropLast()), "x" + key.rawValue.dropFirst(),
                key.rawValue.uppercased(),
            ]
            where !names.contains(miss) {
                if let wrong = Array(miss.utf8).withUnsafeBufferPointer({ Key.matching($0, ascii: true) }) {
                    problems.append("\(Key.self): \(miss) matches \(wrong.rawValue)")
                }
            }
        }
        return problems
    }

    @Test func everyKeyOfEveryObjectIsListedOnceAndMatched() {
        var problems: [String] = []
        var listed: [String] = []
        for type in ScenarioDecoder.schemaKeys {
            problems += Self.check(type)
            listed.append(String(describing: type))
        }
        #expect(Set(listed).count == listed.count, "an object is listed twice: \(listed)")
        #expect(problems == [])
        // The sources declare no key enum that is not listed.
        let declared = Self.sources().flatMap { _, text in
            text.matches(of: /enum (\w+): String, (?:SchemaKey|IntegrationKeys|DelegateKeys)/).map { String($0.1) }
        }
        #expect(declared.sorted() == listed.sorted())
        // 25 objects, 153 keys (a new object is listed here; a new key is its enum's case alone).
        #expect(listed.count == 25)
        #expect(ScenarioDecoder.schemaKeys.map { type in type.allNames.count }.reduce(0, +) >= 153)
    }

    /// Every key of `Sources/IAMScenario` is spelled once, as a raw value of its object's enum
    /// (`case startTime = "start_time"`): no string literal in a key's place (a path step, a
    /// member written or looked for, a key compared) spells one. (`StepAction`'s names are
    /// values of `do`, not keys; the lessons' and demo's JSON documents are data.)
    @Test func noKeyIsSpelledTwiceInTheSources() {
        let keys = Set(
            ScenarioDecoder.schemaKeys.filter { $0 != ScenarioDecoder.StepAction.self }.flatMap { $0.allNames })
        let keyPlaces = [
            /\.key\("([^"]*)"\)/, /member\("([^"]*)"/, /JSONMember\(key: "([^"]*)"/, /key == "([^"]*)"/,
            /"([^"]*)"\.utf8/, /(?:take|optional|required|has|named)\("([^"]*)"\)/,
        ]
        var spelled: [String] = []
        var declared: [String: Int] = [:]
        for (file, text) in Self.sources() {
            var inDocument = false
            var object = ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.contains("\"\"\"") { inDocument.toggle() }
                let code = line.trimmingCharacters(in: .whitespaces)
                if inDocument || code.hasPrefix("//") { continue }
                if let name = code.firstMatch(of: /enum (\w+): String/) { object = String(name.1) }
                if code.hasPrefix("case ") {
                    for raw in code.matches(of: /\w+ = "([^"]*)"/) { declared["\(object) \(raw.1)", default: 0] += 1 }
                }
                for place in keyPlaces {
                    for literal in line.matches(of: place) where keys.contains(String(literal.1)) {
                        spelled.append("\(file):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(spelled == [])
        #expect(declared.filter { $0.value > 1 }.isEmpty, "a key declared twice in one object: \(declared)")
        // The check can fail: a key in a key's place is found.
        #expect(keyPlaces.contains { "path.appending(.key(\"start_time\"))".contains($0) })
    }

    /// The Swift files of `Sources/IAMScenario`, by name, with their text.
    private static func sources() -> [(String, String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/IAMScenario")
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }.compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url.lastPathComponent, $0) }
        }
    }
}

extension SchemaKey {
    fileprivate static var allNames: [String] { allCases.map(\.rawValue) }
}
