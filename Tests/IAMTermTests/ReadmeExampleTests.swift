import Foundation
import Testing

/// Issue 44: the README's `$ iamterm …` examples re-run as shown. Each line of an example must
/// be a line of the command's output (`...` stands for lines left out; a figure of seconds
/// measured on another machine is not compared; an example about a folder the repository does
/// not hold, the reader's own, is an illustration and not run).
@Suite("README examples re-run as shown")
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every `$ iamterm` example's lines are in what the command prints today")
    func examples() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("$ iamterm ") {
            var shown: [String] = []
            var next = index + 1
            while next < lines.count, !lines[next].hasPrefix("```") {
                shown.append(lines[next])
                next += 1
            }
            let arguments = line.dropFirst("$ iamterm ".count).split(separator: " ").map(String.init)
            // An example about the reader's own folder (`iamterm test qa/`) is an illustration.
            let paths = arguments.filter { !$0.hasPrefix("-") && ($0.hasSuffix("/") || $0.hasSuffix(".json")) }
            if paths.contains(where: {
                !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
            }) {
                continue
            }
            let process = Process()
            process.executableURL = BinaryRunner.binary
            process.arguments = arguments
            process.currentDirectoryURL = Self.root
            let out = Pipe()
            process.standardOutput = out
            process.standardError = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let printed = Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
            for expected in shown {
                let bare = expected.trimmingCharacters(in: .whitespaces)
                if bare.isEmpty || bare == "..." { continue }
                if expected.hasSuffix(" s"), expected.contains("states, depth") { continue }
                #expect(printed.contains(expected), "\(line): not printed: \(expected)")
            }
            checked += 1
        }
        #expect(checked >= 10)
    }
}
