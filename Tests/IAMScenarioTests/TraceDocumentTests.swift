import Foundation
import IAMEngine
import IAMScenario
import Testing

/// R6, R12: every record type and every reason is in the typed vocabulary and in the trace's
/// documentation (docs/TRACE.md), and the documentation names nothing the engine lacks.
@Suite("The trace's documentation")
struct TraceDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")

    /// The rows of the markdown table under `heading`: each row's cells.
    static func table(under heading: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/TRACE.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: heading), "docs/TRACE.md has no \(heading)")
        var rows: [[String]] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("|"), !line.hasPrefix("|---") else { continue }
            rows.append(line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return Array(rows.dropFirst()) // the header
    }

    /// The words written as code in a cell: `a`, `b` → ["a", "b"].
    static func code(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Each record type's row: the types it names and the reasons it lists.
    static func typeRows() throws -> [(types: [String], reasons: Set<String>)] {
        try table(under: "## Record types and their reasons").map { cells in
            (code(cells[0]), Set(code(cells.count > 2 ? cells[2] : "")))
        }
    }

    @Test("R6: every record type has one row, and every row is a record type")
    func everyType() throws {
        let named = try Self.typeRows().flatMap(\.types)
        #expect(Set(named).count == named.count, "a type has two rows")
        #expect(Set(named) == Set(TraceRecord.Kind.allCases.map(\.rawValue)))
    }

    @Test("R6: every reason is explained once, every reason a type lists is one the engine writes")
    func everyReason() throws {
        let reasons = Set(TraceReason.allCases.map(\.rawValue))
        let explained = try Self.table(under: "## Every reason").flatMap { Self.code($0[0]) }
        #expect(Set(explained).count == explained.count, "a reason is explained twice")
        #expect(Set(explained) == reasons)
        for row in try Self.typeRows() {
            #expect(row.reasons.isSubset(of: reasons), "\(row.types) lists \(row.reasons.subtracting(reasons))")
        }
        let listed = try Self.typeRows().reduce(into: Set<String>()) { $0.formUnion($1.reasons) }
        #expect(listed == reasons, "on no type's row: \(reasons.subtracting(listed))")
    }

    /// Every scenario the project ships: the demo, each lesson, each example and test fixture.
    static func shipped() throws -> [LoadedScenario] {
        var loaded = [try DemoScenario.load()]
        for lesson in Lesson.all { loaded.append(try ScenarioLoader.load(json: lesson.json, file: lesson.fileName)) }
        for folder in ["docs/examples", "Tests/IAMTermTests/Fixtures", "Tests/IAMTermTests/Fixtures/payloads"] {
            let url = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".json") {
                // A fixture that is meant not to load (bad-comparator.json) writes no trace.
                let data = try Data(contentsOf: url.appendingPathComponent(name))
                if let scenario = try? ScenarioLoader.load(bytes: Array(data), file: name) { loaded.append(scenario) }
            }
        }
        return loaded
    }

    @Test("R6: each reason the shipped scenarios write, under every platform, is listed on its type's row")
    func writtenReasonsListed() throws {
        var listed: [String: Set<String>] = [:]
        for row in try Self.typeRows() { for type in row.types { listed[type] = row.reasons } }
        var seen = 0
        var loaded = 0
        for var scenario in try Self.shipped() {
            loaded += 1
            for profile in Profile.all {
                scenario.scenario.settings.profile = profile
                for record in ScenarioRunner.trace(scenario.scenario) {
                    guard let reason = record.reason else { continue }
                    seen += 1
                    #expect(
                        listed[record.kind.rawValue, default: []].contains(reason.rawValue),
                        "\(profile.name): \(record.kind.rawValue) \(reason.rawValue) is not on its row")
                }
            }
        }
        #expect(seen > 1000 && loaded > 20)
    }
}
