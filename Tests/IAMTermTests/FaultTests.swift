import Foundation
import Testing

/// Faults around `iamterm run`: killed mid-trace, a closed pipe, a full disk.
@Suite("Faults: kill, closed pipe, full disk", .serialized)
struct FaultTests {
    static let temporary = FileManager.default.temporaryDirectory

    /// A scenario whose run writes `steps * 2` trace records (an event and a no_match each):
    /// long enough to kill in the middle.
    static func largeScenario(steps: Int) throws -> URL {
        var json =
            #"{"triggers": [{"id": "t", "trigger_condition": [{"type": "custom_event", "data": {"event_name": "never"}}], "data": {"type": "SLIDEUP", "message": "x"}}], "timeline": [{"at": 0, "do": "launch"}"#
        json.reserveCapacity(steps * 80)
        for i in 0..<steps {
            json +=
                #", {"at": \#(1 + i / 100), "do": "customEvent", "name": "e", "properties": {"i": \#(i), "s": "\u00e9\u2603"}}"#
        }
        json += "]}"
        let url = temporary.appendingPathComponent("iamterm-large-\(getpid())-\(steps).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    /// Lines of a trace file: complete lines, and whatever follows the last newline.
    static func lines(of url: URL) throws -> (complete: [Substring], partial: Substring) {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let partial = lines.removeLast()
        return (lines, partial)
    }

    @Test("SIGKILL in the middle of --trace leaves only complete, parseable JSON lines")
    func killedMidTrace() throws {
        let scenario = try Self.largeScenario(steps: 200_000)
        let trace = Self.temporary.appendingPathComponent("iamterm-killed-\(getpid()).jsonl")
        defer {
            try? FileManager.default.removeItem(at: scenario)
            try? FileManager.default.removeItem(at: trace)
        }

        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["run", scenario.path, "--format", "jsonl", "--trace", trace.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the trace has some records, then kill without warning.
        let deadline = Date().addingTimeInterval(60)
        var size = 0
        while process.isRunning, Date() < deadline {
            size = (try? FileManager.default.attributesOfItem(atPath: trace.path)[.size] as? Int) ?? 0
            if size >= 256 << 10 { break }
            usleep(2_000)
        }
        let wasRunning = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(wasRunning, "the run ended before it could be killed; make the scenario larger")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)

        let (complete, partial) = try Self.lines(of: trace)
        #expect(partial.isEmpty, "a partial last line: \(partial.prefix(80))")
        #expect(complete.count > 1000)
        #expect(complete.count < 400_000, "the kill came after the end")
        for (index, line) in complete.enumerated() {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let object, object["t"] is Double, object["type"] is String else {
                Issue.record("line \(index + 1) is not a trace record: \(line.prefix(120))")
                return
            }
        }
    }

    @Test("--trace writes each record with one write(2) (strace, when it can run)")
    func oneWritePerRecord() throws {
        let strace = "/usr/bin/strace"
        guard FileManager.default.isExecutableFile(atPath: strace) else { return }
        let log = Self.temporary.appendingPathComponent("iamterm-strace-\(getpid()).log")
        let trace = Self.temporary.appendingPathComponent("iamterm-strace-\(getpid()).jsonl")
        defer {
            try? FileManager.default.removeItem(at: log)
            try? FileManager.default.removeItem(at: trace)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        // LeakSanitizer stops the world with ptrace, which cannot happen under strace.
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        process.environment = environment
        process.arguments = [
            "-f", "-e", "trace=openat,write,close", "-o", log.path, BinaryRunner.binary.path,
            "run", BinaryRunner.fixtures.appendingPathComponent("discards.json").path, "--trace", trace.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let calls = try? String(contentsOf: log, encoding: .utf8) else {
            print("strace could not run (status \(process.terminationStatus)); skipped")
            return // ptrace not permitted here: nothing to check
        }
        // The descriptor the trace was opened on, then every write to it until it is closed
        // (a sanitizer runtime may have used the same number before).
        var fd: String?
        var writes = 0
        for call in calls.split(separator: "\n") {
            if fd == nil, call.contains("openat("), call.contains(trace.path) {
                fd = call.split(separator: "=").last?.trimmingCharacters(in: .whitespaces)
            } else if let open = fd {
                if call.contains("write(\(open), ") { writes += 1 }
                if call.contains("close(\(open))") { break }
            }
        }
        #expect(fd != nil, "no openat of the trace in the strace log")
        let (complete, partial) = try Self.lines(of: trace)
        #expect(partial.isEmpty)
        #expect(writes == complete.count, "\(writes) writes for \(complete.count) lines")
        #expect(complete.count > 10)
    }

    @Test("a closed pipe on standard output: exit 74 and a message on standard error")
    func closedPipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0]) // no reader at all: the first write fails with EPIPE
        let writeEnd = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        let err = Pipe()
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["run", "--demo"]
        process.standardOutput = writeEnd
        process.standardError = err
        try process.run()
        try writeEnd.close()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by a signal (SIGPIPE not ignored?)")
        #expect(process.terminationStatus == 74)
        #expect(message.contains("standard output: write failed: Broken pipe"), "\(message)")
    }

    @Test("standard output on a full disk (/dev/full): exit 74; the trace on /dev/full too")
    func fullDisk() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["run", "--demo"]
        process.standardOutput = full
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message.contains("No space left on device"), "\(message)")

        let trace = try BinaryRunner.run(["run", "--demo", "--trace", "/dev/full"])
        #expect(trace.status == 74)
        #expect(trace.stderr.contains("/dev/full: write failed: No space left on device"))
    }

    @Test("--trace over the file size limit (ulimit -f): exit 74, and the file ends with its last whole record")
    func traceOverSizeLimit() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-torn-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("trace.jsonl").path
        let whole = try BinaryRunner.run(["run", "--demo", "--format", "jsonl"])
        #expect(whole.status == 0)
        // 8 blocks of 512 bytes: the demo's trace is longer, and the limit falls inside a record.
        let limit = 8 * 512
        let full = Array(whole.stdout.utf8)
        #expect(full.count > limit && full[limit - 1] != 10, "the limit cuts a line")
        let err = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -f 8; exec \"$0\" run --demo --trace \"$1\" > /dev/null", BinaryRunner.binary.path, path,
        ]
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "not killed by SIGXFSZ")
        #expect(process.terminationStatus == 74)
        #expect(message == "iamterm: \(path): write failed: File too large\n")
        // Every whole line that fit, and nothing of the next one.
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lastNewline = try #require(full[..<limit].lastIndex(of: 10))
        #expect(written == Array(full[...lastNewline]))
    }
}
