import Foundation
import IAMEngine
import IAMScenario
import Testing

@testable import IAMSimulator
@testable import IAMTerm

/// What the user made is never destroyed or lost by an output path: the scenario file is
/// refused as an output, saves are whole (temporary file, fsync, rename), bad paths are
/// reported before the run, and `O` never waits on something that is not a file.
@Suite("File safety: outputs and O")
struct FileSafetyTests {
    /// A fresh folder with the record scenario in it.
    static func folder(_ name: String) throws -> (dir: String, scenario: String) {
        let dir = NSTemporaryDirectory() + "iamterm-safety-\(name)-\(getpid())/"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let scenario = dir + "scenario.json"
        try RecordTests.source.write(toFile: scenario, atomically: true, encoding: .utf8)
        return (dir, scenario)
    }

    @Test(
        "--output, --cast, --record naming the scenario file (the path, a symbolic link, a hard link): exit 64, file kept",
        arguments: ["--output", "--cast", "--record"])
    func scenarioRefused(_ option: String) throws {
        let (dir, scenario) = try Self.folder("same\(option)")
        try FileManager.default.createSymbolicLink(atPath: dir + "soft.json", withDestinationPath: scenario)
        try FileManager.default.linkItem(atPath: scenario, toPath: dir + "hard.json")
        for path in [scenario, dir + "soft.json", dir + "hard.json"] {
            let arguments = option == "--output" ? ["run", scenario, option, path] : [scenario, option, path]
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("iamterm: \(path): \(option) would overwrite the scenario file"))
            #expect(try String(contentsOfFile: scenario, encoding: .utf8) == RecordTests.source)
        }
    }

    @Test("--record in a missing folder, through a dangling link, onto a FIFO or a folder: exit 73 before the screen")
    func recordRefusedAtStart() throws {
        let (dir, scenario) = try Self.folder("record")
        try FileManager.default.createSymbolicLink(
            atPath: dir + "dangling.json", withDestinationPath: dir + "gone.json")
        #expect(mkfifo(dir + "fifo", 0o600) == 0)
        let cases: [(String, String)] = [
            (dir + "missing/s.json", "--record cannot create a file in \(dir)missing: No such file or directory"),
            (dir + "dangling.json", "--record cannot write here: a symbolic link to a missing file"),
            (dir + "fifo", "--record cannot write here: not a regular file; --record writes regular files only"),
            (dir, "--record cannot write here: a folder"),
        ]
        for (path, message) in cases {
            // No terminal here: had the check come after the screen, the status would be 1.
            let result = try BinaryRunner.run([scenario, "--record", path])
            #expect(result.status == 73, "\(path): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "gone.json"), "written through the dangling link")
    }

    @Test("--output replaces a file whole (no temporary file left); through a dangling link it is refused")
    func outputAtomic() throws {
        let (dir, scenario) = try Self.folder("output")
        let out = dir + "trace.txt"
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        chmod(out, 0o600)
        let result = try BinaryRunner.run(["run", scenario, "--output", out])
        #expect(result.status == 0, "\(result.stderr)")
        let stdout = try BinaryRunner.run(["run", scenario])
        #expect(try String(contentsOfFile: out, encoding: .utf8) == stdout.stdout)
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the file's permissions are kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["scenario.json", "trace.txt"])

        try FileManager.default.createSymbolicLink(atPath: dir + "dangling.txt", withDestinationPath: dir + "gone.txt")
        let dangling = try BinaryRunner.run(["run", scenario, "--output", dir + "dangling.txt"])
        #expect(dangling.status == 73)
        #expect(!FileManager.default.fileExists(atPath: dir + "gone.txt"))

        // A symbolic link to a file: the file it names is replaced, the link stays a link.
        try FileManager.default.createSymbolicLink(atPath: dir + "link.txt", withDestinationPath: out)
        try "old".write(toFile: out, atomically: true, encoding: .utf8)
        #expect(try BinaryRunner.run(["run", scenario, "--output", dir + "link.txt"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "link.txt") == out)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == stdout.stdout)

        // A device is written in place.
        #expect(try BinaryRunner.run(["run", scenario, "--output", "/dev/null"]).status == 0)
    }

    @Test("a save (S) through a dangling link is refused; an existing file is replaced whole, nothing left behind")
    func saveFile() throws {
        let (dir, _) = try Self.folder("save")
        try FileManager.default.createSymbolicLink(
            atPath: dir + "dangling.json", withDestinationPath: dir + "gone.json")
        #expect(throws: CommandFailure.self) { try OutputFile.check(dir + "dangling.json", option: "S") }
        do {
            _ = try OutputFile.check(dir + "dangling.json", option: "S")
        } catch {
            #expect(error.status == 73)
            #expect(
                error.message
                    == "\(dir)dangling.json: S cannot write here: a symbolic link to a missing file; nothing is written through it"
            )
        }
        let path = dir + "session.json"
        try "earlier save".write(toFile: path, atomically: true, encoding: .utf8)
        let file = try OutputFile.check(path, option: "S")
        try MainLoop.write("{\"triggers\": []}\n", to: file)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"triggers\": []}\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [
                "dangling.json", "scenario.json", "session.json",
            ])
    }

    @Test("O opens regular files only: a FIFO, '-', a folder, a character device are refused without waiting")
    func openRefuses() throws {
        let (dir, _) = try Self.folder("open")
        #expect(mkfifo(dir + "fifo", 0o600) == 0)
        func message(_ path: String) -> String? {
            guard case .failure(let failure) = ScenarioFiles.loadFromDisk(path) else { return nil }
            return failure.message
        }
        // Had the FIFO been opened for reading as a file, this would wait for a writer for ever.
        #expect(message(dir + "fifo") == "\(dir)fifo: not a regular file (a FIFO); only scenario files open")
        #expect(message(dir) == "\(dir): not a regular file (a folder); only scenario files open")
        #expect(message("/dev/null") == "/dev/null: not a regular file (a character device); only scenario files open")
        // `-` is a file of that name, never standard input.
        #expect(message("-") == "./-: cannot read: No such file or directory")
    }

    @Test("O refuses a file over the loader's 64 MiB before reading it")
    func openSizeCap() throws {
        let (dir, _) = try Self.folder("cap")
        let path = dir + "huge.json"
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(fd, off_t(ScenarioLoader.maxFileBytes + 1)) == 0) // sparse: no disk used
        close(fd)
        guard case .failure(let failure) = ScenarioFiles.loadFromDisk(path) else {
            Issue.record("a file over the cap was opened")
            return
        }
        #expect(
            failure.message == "\(path): file of 67108865 bytes is larger than the limit of 67108864 bytes (64 MiB)")
    }
}

/// `--record` and `--cast` survive the signals that end a session from outside: SIGTERM and
/// SIGHUP (a closed terminal window) save the session whole, say where, and end by the signal.
@Suite(
    "File safety: signals save the session", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct SignalSaveTests {
    @Test(
        "SIGTERM, SIGHUP, SIGINT sent to a recording session: saved, said where, replays to the session's trace",
        arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalSaves(_ signal: Int32) throws {
        let (dir, scenario) = try FileSafetyTests.folder("signal-\(signal)")
        let tracePath = dir + "session.jsonl"
        let recordPath = dir + "session.json"
        let pane = try TmuxPane()
        try pane.launchApp([scenario, "--trace", tracePath, "--record", recordPath])
        try pane.type("l")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
        try pane.type("k")
        try pane.waitFor("the keyboard") { $0.contains("keyboard") }
        let pid = try #require(try pane.appPID())
        kill(pid, signal)
        try pane.waitFor("the message saying where") { $0.contains("saved the session to") }
        try pane.type("echo STATUS=$?")
        try pane.keys("Enter")
        let screen = try pane.waitFor("the exit status") { $0.contains("STATUS=1") }
        #expect(screen.contains("STATUS=\(128 + signal)"), "ended by the signal: \(screen)")
        #expect(
            TmuxPane.unwrapped(screen).contains(
                TmuxPane.unwrapped(": saved the session to \(recordPath); iamterm run \(recordPath) replays it")),
            "\(screen)")
        try pane.expectTerminalRestored()
        let saved = try ScenarioLoader.load(json: try String(contentsOfFile: recordPath, encoding: .utf8), file: "s")
        #expect(saved.scenario.timeline.map(\.action) == [.launch, .keyboard(shown: true)])
        let replay = try BinaryRunner.run(["run", recordPath, "--format", "jsonl"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == (try String(contentsOfFile: tracePath, encoding: .utf8)))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [
                "scenario.json", "session.json", "session.jsonl",
            ])
    }

    @Test("the terminal window closed (the tmux server killed): the session is saved")
    func hangUp() throws {
        let (dir, scenario) = try FileSafetyTests.folder("hangup")
        let recordPath = dir + "session.json"
        let pane = try TmuxPane()
        try pane.launchApp([scenario, "--record", recordPath])
        try pane.type("l")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
        let pid = try #require(try pane.appPID())
        try pane.tmux(["kill-server"])
        // The process ends on its own once the save is made; polled, with a generous deadline.
        let deadline = Date().addingTimeInterval(20)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(50_000) }
        #expect(kill(pid, 0) != 0, "iamterm still runs after the hang-up")
        let saved = try ScenarioLoader.load(json: try String(contentsOfFile: recordPath, encoding: .utf8), file: "s")
        #expect(saved.scenario.timeline.map(\.action) == [.launch])
    }

    @Test("a cast that cannot be written (file size limit): reported at the end, exit 74, nothing left at the path")
    func castWriteFails() throws {
        let (dir, _) = try FileSafetyTests.folder("cast-fails")
        let castPath = dir + "session.cast"
        let pane = try TmuxPane()
        // 2 blocks of 512 bytes: the header fits, the first frame does not; SIGXFSZ ignored, so
        // the write fails with EFBIG as on a full disk.
        try pane.type(
            "(trap '' XFSZ; ulimit -f 2; exec '\(TmuxPane.binary)' --cast '\(castPath)' --paused); echo STATUS=$?")
        try pane.keys("Enter")
        try pane.waitFor("the first frame") { $0.contains("iamterm ·") && $0.contains("TRIGGERS") }
        try pane.type("q")
        let screen = try pane.waitFor("the exit status") { $0.contains("STATUS=") }
        #expect(screen.contains("STATUS=74"), "\(screen)")
        let message = "iamterm: \(castPath): --cast write failed: File too large; not saved"
        #expect(TmuxPane.unwrapped(screen).contains(TmuxPane.unwrapped(message)), "\(screen)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["scenario.json"])
    }
}

extension TmuxPane {
    /// Text with its line breaks and spaces taken out: a message the pane wrapped compares whole.
    static func unwrapped(_ text: String) -> String {
        text.filter { $0 != "\n" && $0 != " " }
    }
}
