import Foundation
import Testing

/// A second, independent terminal: `scripts/pyte-screen` runs `iamterm` under a pty of its own
/// and feeds every byte it writes to pyte (a VT100 emulator in Python, installed by
/// `scripts/setup` into `.venv`). Its screen must be tmux's for the same keys, line by line.
@Suite(
    "pyte and tmux agree", .serialized,
    .enabled(
        if: TmuxPane.available && PyteScreen.available,
        "tmux or the .venv with pyte is missing (run scripts/setup): the second-terminal tests are skipped"))
struct SecondTerminalTests {
    @Test("every demo step at 80×24 and 200×60: pyte's screen is tmux's", arguments: [(80, 24), (200, 60)])
    func demoSteps(size: (Int, Int)) throws {
        let keys = Array(repeating: ">", count: 35)
        try compare(size: size, arguments: ["--paused"], keys: keys)
    }

    @Test(
        "a scenario of emoji, CJK, Thai, Devanagari and combining marks at 80×24 and 200×60",
        arguments: [(80, 24), (200, 60)])
    func unicodeScenario(size: (Int, Int)) throws {
        let fixture = PyteScreen.root + "Tests/IAMTermTests/Fixtures/unicode.json"
        let run = try compare(size: size, arguments: ["--paused", fixture], keys: [">", ">", "tab", "enter"])
        // The stream carries every cluster whole and no replacement character the text lacks.
        let stream = String(decoding: run.stream, as: UTF8.self)
        for cluster in [
            "👨\u{200D}👩\u{200D}👧\u{200D}👦", "👋🏽", "🇯🇵", "🇦🇷", "👍🏿", "🏳\u{FE0F}\u{200D}🌈", "क्ष", "त्रि", "กำ",
            // The renderer keeps three marks on a base (no "Zalgo" towers): the fixture has five.
            "e\u{301}\u{302}\u{303}", "東京",
        ] {
            #expect(stream.contains(cluster), "\(cluster.unicodeScalars.map { String($0.value, radix: 16) }) whole")
        }
        #expect(!stream.contains("\u{FFFD}"))
    }

    @Test("a program slow to draw its first frame is waited for: pyte's first screen is not read empty")
    func slowStart() throws {
        // One second of silence before the program starts: the script must wait for the first
        // frame, not take the quiet for it (a loaded CI machine once made it read a blank screen).
        let run = try PyteScreen.run(
            width: 80, height: 24, keys: [">"], arguments: ["--paused"],
            through: ["/bin/sh", "-c", "sleep 1; exec \"$0\" \"$@\""])
        try #require(run.screens.count == 2, "pyte saw \(run.screens.count) screens")
        #expect(run.screens[0].first?.hasPrefix(" iamterm ·") == true, "first screen: \(run.screens[0].prefix(2))")
        #expect(run.screens[1].joined().contains("timeline 1/"), "after '>': \(run.screens[1].prefix(2))")
    }

    /// Runs the same session in pyte and in tmux and compares the screens after every key.
    @discardableResult
    private func compare(size: (Int, Int), arguments: [String], keys: [String]) throws -> PyteScreen.Run {
        let run = try PyteScreen.run(width: size.0, height: size.1, keys: keys, arguments: arguments)
        try #require(run.screens.count == keys.count + 1, "pyte saw \(run.screens.count) screens")
        let pane = try TmuxPane(width: size.0, height: size.1)
        try pane.launchApp(arguments)
        for (i, screen) in run.screens.enumerated() {
            if i > 0 {
                let key = keys[i - 1]
                if key == "tab" || key == "enter" {
                    try pane.keys(key == "tab" ? "Tab" : "Enter")
                } else {
                    try pane.type(key)
                }
            }
            let expected = PyteScreen.comparable(screen)
            var last: [String] = []
            do {
                try pane.waitFor("tmux to show pyte's screen after key #\(i)") {
                    last = PyteScreen.comparable($0.components(separatedBy: "\n"))
                    return last == expected
                }
            } catch {
                let rows = (0..<max(last.count, expected.count)).filter {
                    ($0 < last.count ? last[$0] : "") != ($0 < expected.count ? expected[$0] : "")
                }
                let diff = rows.map {
                    "row \($0)\n  pyte: \($0 < expected.count ? expected[$0] : "")\n  tmux: \($0 < last.count ? last[$0] : "")"
                }
                Issue.record("pyte and tmux differ after key #\(i):\n\(diff.joined(separator: "\n"))")
                throw error
            }
        }
        try pane.type("q")
        return run
    }
}

enum PyteScreen {
    static let root: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path + "/"
    }()
    static let python = root + ".venv/bin/python"
    static let script = root + "scripts/pyte-screen"
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python) && FileManager.default.fileExists(atPath: script)
    }

    struct Run {
        /// The screen after the first frame and after each key, line by line.
        var screens: [[String]]
        /// Every byte the program wrote.
        var stream: [UInt8]
    }

    /// `through`: a command that starts the program (its path comes after it), to change how it starts.
    static func run(
        width: Int, height: Int, keys: [String], arguments: [String], through: [String] = []
    ) throws -> Run {
        let streamPath = NSTemporaryDirectory() + "iamterm-pyte-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).raw"
        defer { unlink(streamPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [script, "--size", "\(width)x\(height)", "--stream", streamPath] + keys.flatMap { ["--key", $0] }
            + ["--"] + through + [TmuxPane.binary] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var screens: [[String]] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            screens.append(object?["lines"] as? [String] ?? [])
        }
        let stream = (try? Data(contentsOf: URL(fileURLWithPath: streamPath))).map { [UInt8]($0) } ?? []
        return Run(screens: screens, stream: stream)
    }

    /// Lines without trailing blanks or trailing empty lines, each cluster the two terminals
    /// draw differently reduced to what both show: a joiner sequence (tmux draws it whole, in
    /// one or two columns, pyte its first part) to its first scalar, the blanks after it not
    /// compared; a flag (pyte gives each half two columns, so only the first fits its cells)
    /// to its first half.
    static func comparable(_ lines: [String]) -> [String] {
        var result = lines.map { line in
            var out = ""
            var afterJoined = false
            for character in line {
                let scalars = Array(character.unicodeScalars)
                let isFlag = scalars.count == 2 && scalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) }
                if afterJoined && character == " " { continue }
                afterJoined = scalars.contains(where: { $0.value == 0x200D })
                if isFlag || afterJoined {
                    out.unicodeScalars.append(scalars[0])
                } else {
                    out.append(character)
                }
            }
            while out.hasSuffix(" ") { out.removeLast() }
            return out
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}

/// On CI (`.ci/run` sets `IAMTERM_CI`) the end-to-end suites must run, not skip: a machine
/// without tmux or without the `.venv` that `scripts/setup` makes is a failure there.
@Suite("CI runs the terminal suites")
struct TerminalSuitesOnCI {
    @Test(
        "tmux and pyte are present where .ci/run runs",
        .enabled(if: ProcessInfo.processInfo.environment["IAMTERM_CI"] != nil, "not on CI"))
    func present() {
        #expect(TmuxPane.available, "tmux is missing: the interactive suites would be skipped")
        #expect(PyteScreen.available, ".venv with pyte is missing: the second-terminal suite would be skipped")
    }
}
