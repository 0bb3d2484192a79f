import Foundation
import Testing

/// Issue 29: a platform row's policy is read in one place, the named rule beside the rule it
/// varies (`Profile.filterReading`, `Profile.gateReading`, `Profile.keepsStack`, …); every other
/// site, in the engine, the simulator, explore, the renderer or the CLI, asks that rule.
@Suite struct PolicyReaderTests {
    /// `policies.NAME` outside `Sources/IAMEngine/Profiles` (where the rows declare and apply
    /// them): each name at most once in all of `Sources/IAM*`.
    @Test func eachPolicyIsReadInOnePlace() {
        var readers: [String: [String]] = [:]
        for (file, text) in Self.sources() where !file.hasPrefix("IAMEngine/Profiles/") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                for read in line.matches(of: Self.read) {
                    readers[String(read.1), default: []].append("\(file):\(number + 1)")
                }
            }
        }
        let twice = readers.filter { $0.value.count > 1 }
        #expect(twice.isEmpty, "policies read in more than one place: \(twice)")
        // The scan sees the readers: the rows whose named rule reads them are found.
        #expect(readers["filters"]?.count == 1)
        #expect(readers["gateClock"]?.count == 1)
        #expect(readers.count >= 40, "\(readers.keys.sorted())")
        // The check can fail: a second reader is found.
        #expect(
            "let p = state.settings.policies.filters.iamClicks".matches(of: Self.read).map { String($0.1) } == [
                "filters"
            ])
    }

    private static var read: Regex<(Substring, Substring)> { /policies\.([a-zA-Z]+)/ }

    /// The Swift files of every `Sources/IAM*` module, by path below `Sources`, with their text.
    private static func sources() -> [(String, String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let modules =
            ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasPrefix("IAM") }
        var files: [(String, String)] = []
        for module in modules.sorted() {
            let directory = root.appendingPathComponent(module)
            let urls =
                FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for url in urls.sorted(by: { $0.path < $1.path }) {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                files.append((module + "/" + url.path.dropFirst(directory.path.count + 1), text))
            }
        }
        return files
    }
}
