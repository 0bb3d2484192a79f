import Foundation
import Testing

@testable import IAMTerm

/// Issue 35, "nothing the user made is lost": two outputs on one path, an empty path, the
/// simulator's scenario read where it reads keys, a terminal as its `--trace`, a killed save's
/// temporary file. Each case is refused before any work, on the built binary.
@Suite("Output paths: refused before any work")
struct OutputPathTests {
    @Test("two outputs on one file (the path, ./path, a symbolic or a hard link): exit 64, nothing written")
    func sharedOutputs() throws {
        let (dir, scenario) = try FileSafetyTests.folder("shared")
        try "kept".write(toFile: dir + "old.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "soft.txt", withDestinationPath: dir + "old.txt")
        try FileManager.default.linkItem(atPath: dir + "old.txt", toPath: dir + "hard.txt")
        let cases: [([String], String)] = [
            (
                ["run", scenario, "--output", dir + "x", "--trace", dir + "x"],
                "--output and --trace name the same file"
            ),
            (
                ["run", scenario, "--format", "svg", "--trace", dir + "x", "--output", dir + "./x"],
                "--output and --trace name the same file (\(dir)x is \(dir)./x)"
            ),
            (
                ["run", scenario, "--output", dir + "soft.txt", "--trace", dir + "hard.txt"],
                "--output and --trace name the same file"
            ),
            ([scenario, "--cast", dir + "y", "--record", dir + "y"], "--cast and --record name the same file"),
            (
                [scenario, "--trace", dir + "old.txt", "--cast", dir + "hard.txt"],
                "--trace and --cast name the same file"
            ),
        ]
        for (arguments, message) in cases {
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("iamterm: \(message)"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try String(contentsOfFile: dir + "old.txt", encoding: .utf8) == "kept")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [
                "hard.txt", "old.txt", "scenario.json", "soft.txt",
            ])
        // Devices may take several outputs.
        #expect(try BinaryRunner.run(["run", scenario, "--output", "/dev/null", "--trace", "/dev/null"]).status == 0)
    }

    @Test("an empty output path is a usage error at start (exit 64), for every output option")
    func emptyOutput() throws {
        let (_, scenario) = try FileSafetyTests.folder("empty")
        for arguments in [
            ["run", scenario, "--output", ""], ["run", scenario, "--format", "svg", "--output", ""],
            ["run", scenario, "--trace", ""], [scenario, "--record", ""], [scenario, "--cast", ""],
            [scenario, "--trace", ""],
        ] {
            let result = try BinaryRunner.run(arguments)
            let option = arguments[arguments.count - 2]
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr
                    == "iamterm: \(option) takes a file path, not an empty string\nRun 'iamterm --help' for usage.\n")
            #expect(result.stdout.isEmpty, "the run did not start")
        }
    }

    @Test("the simulator's scenario is a regular file: '-', /dev/stdin on a pipe and a FIFO are refused")
    func interactiveRegularOnly() throws {
        let (dir, scenario) = try FileSafetyTests.folder("regular")
        let text = Data(try String(contentsOfFile: scenario, encoding: .utf8).utf8)
        // Without the refusal these load from the pipe and stop at "no terminal" (exit 1).
        let dash = try BinaryRunner.run(["-"], stdin: text)
        #expect(dash.status == 64, "\(dash.stderr)")
        #expect(dash.stderr.hasPrefix("iamterm: the simulator reads keys from the terminal, not a scenario from"))
        let stdin = try BinaryRunner.run(["/dev/stdin"], stdin: text)
        #expect(stdin.status == 66, "\(stdin.stderr)")
        #expect(stdin.stderr == "iamterm: /dev/stdin: not a regular file (a FIFO); only scenario files open\n")
        // A FIFO this test holds open for writing: read as a file, it would wait until the
        // test lets go (5 s) and then fail as an empty scenario (65); it is refused unread.
        #expect(mkfifo(dir + "fifo", 0o600) == 0)
        let held = open(dir + "fifo", O_RDWR)
        #expect(held >= 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { close(held) }
        let fifo = try BinaryRunner.run([dir + "fifo"])
        #expect(fifo.status == 66, "\(fifo.stderr)")
        #expect(fifo.stderr == "iamterm: \(dir)fifo: not a regular file (a FIFO); only scenario files open\n")
    }

    @Test("the simulator's --trace refuses a terminal (a pseudo-terminal here): exit 73 before the screen")
    func traceRefusesTerminal() throws {
        let (_, scenario) = try FileSafetyTests.folder("tty")
        // A pseudo-terminal pair: /dev/ptmx, unlocked (TIOCSPTLCK, 0x40045431), its number
        // (TIOCGPTN, 0x80045430; Linux's values, macros Swift does not import) naming /dev/pts/N.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        #expect(ioctl(master, 0x4004_5431, &unlock) == 0)
        #expect(ioctl(master, 0x8004_5430, &number) == 0)
        let pts = "/dev/pts/\(number)"
        let result = try BinaryRunner.run([scenario, "--trace", pts])
        // Accepted, it would stop at "no terminal" (exit 1) having opened the trace.
        #expect(result.status == 73, "\(result.stderr)")
        #expect(
            result.stderr == "iamterm: \(pts): --trace cannot write here: a terminal; the simulator draws on it\n")
        // `run` writes its trace wherever it is told (no screen to draw over).
        #expect(try BinaryRunner.run(["run", scenario, "--trace", pts]).status == 0)
    }

    @Test("a save removes the temporary files of an earlier killed save, never a live process's")
    func staleTemporaries() throws {
        let (dir, _) = try FileSafetyTests.folder("stale")
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        let names = [
            ".session.json.\(dead)-0.tmp", ".session.json.\(dead)-12.tmp", ".session.json.\(getpid())-3.tmp",
            ".session.json.1-0.tmp", ".other.json.\(dead)-0.tmp", ".session.json.\(dead)-x.tmp",
        ]
        for name in names { try "partial".write(toFile: dir + name, atomically: false, encoding: .utf8) }
        let file = try OutputFile.check(dir + "session.json", option: "S")
        try MainLoop.write("{\"triggers\": []}\n", to: file)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                == [
                    ".other.json.\(dead)-0.tmp", ".session.json.1-0.tmp", ".session.json.\(dead)-x.tmp",
                    ".session.json.\(getpid())-3.tmp", "scenario.json", "session.json",
                ].sorted())
    }
}

/// `O` never opens a file the session writes: quitting would overwrite it with what it holds.
@Suite(
    "Output paths: O refuses the session's files", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct OpenRefusesOutputsTests {
    @Test("O on the --record (after S made it), the --trace and the --cast file: refused on the status line")
    func openRefusesOutputs() throws {
        let (dir, scenario) = try FileSafetyTests.folder("open-outputs")
        let record = dir + "session.json"
        let pane = try TmuxPane()
        // Relative paths, so the status line holds the whole message.
        try pane.type("cd '\(dir)'")
        try pane.keys("Enter")
        try pane.launchApp([scenario, "--record", "session.json", "--trace", "session.jsonl", "--cast", "session.cast"])
        try pane.type("l")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
        try pane.type("S")
        try pane.waitFor("the save") { $0.contains("saved") }
        for (path, option) in [("session.json", "--record"), ("session.jsonl", "--trace")] {
            try pane.type("O")
            try pane.type(path)
            try pane.keys("Enter")
            try pane.waitFor("the refusal of \(option)") {
                TmuxPane.unwrapped($0).contains(TmuxPane.unwrapped("this session writes it (\(option))"))
            }
            try pane.keys("Escape")
        }
        try pane.type("q")
        try pane.expectTerminalRestored()
        let saved = try String(contentsOfFile: record, encoding: .utf8)
        #expect(saved.contains("\"launch\""), "the record keeps the session: \(saved)")
    }
}
