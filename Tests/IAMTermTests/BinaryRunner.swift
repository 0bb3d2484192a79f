import Foundation

/// Runs the `iamterm` binary that `swift build` put next to this test bundle.
enum BinaryRunner {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var binary: URL {
        // The test bundle and the executable share the build products directory.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("iamterm")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], stdin: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = fixtures
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Compares `actual` with the golden file. `IAMTERM_RECORD=1` writes it when it differs, and
    /// that is a failure too (look at the diff; the next run passes). A missing golden fails.
    static func assertGolden(
        _ actual: String, _ name: String, in directory: URL = fixtures,
        recording: Bool = ProcessInfo.processInfo.environment["IAMTERM_RECORD"] == "1"
    ) throws -> String? {
        let url = directory.appendingPathComponent(name)
        let golden = try? String(contentsOf: url, encoding: .utf8)
        if recording, golden != actual {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return "recorded golden \(name); look at its diff, then run again without IAMTERM_RECORD"
        }
        guard let expected = golden else {
            return "missing golden \(name); run with IAMTERM_RECORD=1 to record it"
        }
        if expected == actual { return nil }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        return
            "\(name) differs at line \(line + 1):\n  expected: \(line < e.count ? String(e[line]) : "<end>")\n  actual:   \(line < a.count ? String(a[line]) : "<end>")"
    }
}

/// Written by one reader thread, read after `DispatchGroup.wait()`: no concurrent access.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
