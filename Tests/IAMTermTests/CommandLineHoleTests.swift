import Foundation
import Testing

/// The command line's small holes, each closed with its exit status (issue 9), through the binary.
@Suite("Command line: exit statuses of the edge cases", .serialized)
struct CommandLineHoleTests {
    static let temporary = FileManager.default.temporaryDirectory

    /// Runs the binary with standard output on `/dev/full`.
    static func runOnFullDisk(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = BinaryRunner.fixtures
        process.standardOutput = full
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test("check, --help and --version on a full disk exit 74 like run and scenario")
    func fullDisk() throws {
        for arguments in [["check", "discards.json"], ["check", "--demo"], ["--help"], ["--version"]] {
            let result = try Self.runOnFullDisk(arguments)
            #expect(result.status == 74, "\(arguments)")
            #expect(result.stderr.contains("No space left on device"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("run f.json --trace f.json is refused (64) without touching the file: same path, hard link, stdin")
    func traceOntoScenario() throws {
        let original = try Data(contentsOf: BinaryRunner.fixtures.appendingPathComponent("discards.json"))
        let file = Self.temporary.appendingPathComponent("iamterm-self-\(getpid()).json")
        let link = Self.temporary.appendingPathComponent("iamterm-self-link-\(getpid()).json")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: link)
        }
        try original.write(to: file)
        try FileManager.default.linkItem(at: file, to: link)

        let same = try BinaryRunner.run(["run", file.path, "--trace", file.path])
        #expect(same.status == 64)
        #expect(same.stderr.contains("--trace would overwrite the scenario file"), "\(same.stderr)")
        #expect(same.stdout.isEmpty)
        let hardLink = try BinaryRunner.run(["run", file.path, "--trace", link.path])
        #expect(hardLink.status == 64)
        let relative = try BinaryRunner.run([
            "run", file.path, "--trace", file.path.replacingOccurrences(of: "/", with: "//"),
        ])
        #expect(relative.status == 64)
        let interactive = try BinaryRunner.run([file.path, "--trace", link.path])
        #expect(interactive.status == 64, "refused before the terminal is needed")

        // Standard input redirected from the file: compared by device and inode.
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["run", "-", "--trace", link.path]
        process.standardInput = try FileHandle(forReadingFrom: file)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)

        #expect(try Data(contentsOf: file) == original, "the scenario is untouched")
    }

    @Test("--trace - is refused with a clear message (64), and no file named - appears")
    func traceDash() throws {
        let result = try BinaryRunner.run(["run", "discards.json", "--trace", "-"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--trace takes a file path, not '-'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: BinaryRunner.fixtures.appendingPathComponent("-").path))
        #expect(try BinaryRunner.run(["--trace", "-"]).status == 64)
    }

    @Test(
        "numbers on the command line are plain decimals: hex, exponents, signs, inf and nan are usage errors (64)",
        arguments: ["0x10", "1e3", "+5", "-1", "inf", "nan", "", "1.2.3", " 5", "1e9", "1000000000"])
    func strictNumbers(_ value: String) throws {
        let until = try BinaryRunner.run(["run", "discards.json", "--until", value])
        #expect(until.status == 64, "--until \(value)")
        #expect(until.stdout.isEmpty)
        let speed = try BinaryRunner.run(["--speed", value])
        #expect(speed.status == 64, "--speed \(value)")
    }

    @Test("plain decimals are accepted: --until 16, 2.5, .5, 999999999")
    func plainNumbers() throws {
        for value in ["16", "2.5", ".5", "999999999"] {
            let result = try BinaryRunner.run(["run", "discards.json", "--until", value])
            #expect(result.status == 0, "--until \(value): \(result.stderr)")
        }
    }

    @Test("{\"triggers\": {}} says: expected an array, got an object (65)")
    func triggersObject() throws {
        let result = try BinaryRunner.run(["check", "-"], stdin: Data(#"{"triggers": {}}"#.utf8))
        #expect(result.status == 65)
        #expect(result.stderr.contains("<stdin>: triggers: expected an array, got an object"), "\(result.stderr)")
    }

    @Test("§10: the text trace escapes \\ so an id holding a literal \\u{001B} and one holding ESC differ")
    func backslashEscape() throws {
        let json = #"""
            {"triggers": [
              {"id": "a\\u{001B}", "trigger_condition": [{"type": "custom_event", "data": {"event_name": "x"}}], "data": {"type": "SLIDEUP", "message": "m"}},
              {"id": "a\u001B", "trigger_condition": [{"type": "custom_event", "data": {"event_name": "y"}}], "data": {"type": "SLIDEUP", "message": "m"}}],
             "settings": {"minimumTriggerInterval": 0},
             "timeline": [{"at": 0, "do": "launch"}, {"at": 1, "do": "customEvent", "name": "x"}, {"at": 10, "do": "customEvent", "name": "y"}]}
            """#
        let result = try BinaryRunner.run(["run", "-"], stdin: Data(json.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let performed = result.stdout.split(separator: "\n").filter { $0.contains("performed") }
        #expect(performed.count == 2)
        #expect(performed.first?.contains(#"a\\u{001B}"#) == true, "\(performed)")
        #expect(performed.last?.contains(#"a\u{001B}"#) == true, "\(performed)")
        #expect(performed.last?.contains(#"a\\u"#) == false, "\(performed)")
        #expect(!result.stdout.contains("\u{1B}"), "no raw ESC reaches the terminal")
    }
}

/// Issue 44 (low findings): a built-in scenario's name where a file is expected gets a hint,
/// and the simulator takes `--demo` as run does.
@Suite("Command line: the built-in scenarios by name")
struct BuiltInHintTests {
    @Test(
        "'demo' and a lesson's name as a file name say how to open the built-in one; --demo opens the simulator's demo")
    func hints() throws {
        let demo = try BinaryRunner.run(["run", "demo"])
        #expect(demo.status == 66)
        #expect(
            demo.stderr.contains("(the built-in demo is --demo: iamterm --demo, iamterm run --demo)"), "\(demo.stderr)")
        let lesson = try BinaryRunner.run(["check", "minimum-interval"])
        #expect(lesson.status == 66)
        #expect(lesson.stderr.contains("(the built-in lesson is --lesson minimum-interval)"), "\(lesson.stderr)")
        let other = try BinaryRunner.run(["run", "no-such-file.json"])
        #expect(other.status == 66 && !other.stderr.contains("built-in"))
        // The simulator: --demo is taken (not an unknown option); with another file it is two.
        let two = try BinaryRunner.run(["--demo", "discards.json"])
        #expect(two.status == 64)
        #expect(two.stderr.contains("expected at most one scenario file, got 2"), "\(two.stderr)")
    }
}

/// Issue 45: a run under a not-modelled row's version warns; compare across versions says
/// "not modelled" instead of "the same".
@Suite("Command line: no silent answer")
struct NoSilentAnswerTests {
    static let scenario = """
        { "triggers": [ { "id": "hi", "type": "inapp", "trigger_condition": [{ "type": "custom_event", "data": { "event_name": "go" } }],
          "data": { "type": "SLIDEUP", "message": "Hi" } } ],
          "timeline": [ { "at": 0, "do": "launch" }, { "at": 0.2, "do": "customEvent", "name": "go" } ] }
        """

    @Test("run under web@2.2.3 warns of D3 on stderr; web@2.3.1 does not; compare says not modelled")
    func warns() throws {
        let data = Data(Self.scenario.utf8)
        let old = try BinaryRunner.run(["run", "-", "--profile", "web@2.2.3"], stdin: data)
        #expect(old.status == 0)
        #expect(old.stderr.contains("warning: web@2.2.3: D3 not modelled"), "\(old.stderr)")
        let new = try BinaryRunner.run(["run", "-", "--profile", "web@2.3.1"], stdin: data)
        #expect(!new.stderr.contains("not modelled"), "\(new.stderr)")
        let compare = try BinaryRunner.run(["compare", "-", "--profiles", "web@2.2.3,web@2.3.1"], stdin: data)
        #expect(compare.stdout.contains("web@2.2.3: D3 not modelled"), "\(compare.stdout)")
        #expect(!compare.stdout.contains("write the same trace"), "\(compare.stdout)")
        let jsonl = try BinaryRunner.run(
            ["compare", "-", "--profiles", "web@2.2.3,web@2.3.1", "--format", "jsonl"], stdin: data)
        #expect(jsonl.stdout.contains(#""type":"not_modelled","profile":"web@2.2.3","row":"D3""#), "\(jsonl.stdout)")
    }
}
