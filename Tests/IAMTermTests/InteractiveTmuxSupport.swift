import Foundation
import Testing

/// A tmux server of its own (unique socket) running a shell in a 100×30 pane, for driving the
/// real `iamterm` binary like a person would: keys in, screen text out.
final class TmuxPane {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var available: Bool { tmux != nil }

    /// The built executable: next to the test bundle, else the package's .build/debug.
    static let binary: String = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = exe.deletingLastPathComponent().appendingPathComponent("iamterm").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/iamterm").path
    }()

    nonisolated(unsafe) private static var counter = 0
    let socket: String
    /// The shell's prompt (capture-pane trims the space after it).
    let prompt = "tmuxsh$"

    init(width: Int = 100, height: Int = 30) throws {
        Self.counter += 1
        socket = "iamterm-test-\(getpid())-\(Self.counter)"
        // No user config; a plain POSIX shell with a known prompt and a UTF-8 locale.
        try tmux([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
            "env", "-i", "PATH=/usr/bin:/bin", "HOME=/tmp", "TERM=tmux-256color", "LANG=C.UTF-8",
            "PS1=\(prompt) ", "sh",
        ])
        _ = try? tmux(["set-option", "-g", "status", "off"])
        try waitFor("the shell prompt") { $0.contains(self.prompt) }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        // tmux leaves the socket file behind; remove ours.
        let dir = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(dir)/tmux-\(getuid())/\(socket)")
    }

    /// Runs a tmux client command and returns its standard output. Spawned and reaped by hand
    /// (posix_spawn + waitpid), output through a file: the server that `new-session` forks
    /// must not inherit a pipe we wait on.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let outPath = NSTemporaryDirectory() + "\(socket)-out-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(outPath) }
        let argv = [Self.tmux ?? "/usr/bin/tmux", "-L", socket] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, arguments.contains("new-session") ? "/dev/null" : outPath,
            O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        // Test threads may block signals; the tmux server (and the shell under it) must not
        // inherit that, or it ignores kill-server's hang-up and SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        var all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, environ)
        guard spawned == 0 else { throw SpawnError(code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    }

    struct SpawnError: Error { var code: Int32 }

    /// Types text literally (no key-name lookup).
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }
    /// Sends named keys: Enter, Escape, Up, C-c, ...
    func keys(_ names: String...) throws { try tmux(["send-keys"] + names) }

    /// A left-button click at a zero-based cell, as a terminal reports it in the X10 form that
    /// tmux-256color's kmous announces: ESC [ M, then button, column and row, each + 32; a press
    /// and then its release (curses holds a lone press until more input arrives).
    func click(x: Int, y: Int) throws {
        func report(_ button: UInt8) -> String {
            "\u{1B}[M" + String([button, UInt8(33 + x), UInt8(33 + y)].map { Character(Unicode.Scalar($0)) })
        }
        try type(report(32) + report(35))
    }

    /// Row and column (in cells, assuming single-width text to its left) of `text` on the screen.
    func locate(_ text: String, in screen: String) -> (x: Int, y: Int)? {
        for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                return (line.distance(from: line.startIndex, to: range.lowerBound), y)
            }
        }
        return nil
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p"]) }

    /// Polls the screen until `condition` holds or the deadline passes (no fixed sleeps).
    @discardableResult
    func waitFor(
        _ what: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        var matched: String?
        while Date() < deadline {
            last = try screen()
            if condition(last) {
                // A capture can land while a frame's bytes are still arriving (half a line
                // redrawn): hand back a matching screen only once it stops changing, or the
                // last match if a running clock keeps it changing until the deadline.
                if last == matched { return last }
                matched = last
                usleep(30_000)
                continue
            }
            matched = nil
            usleep(50_000)
        }
        if let matched { return matched }
        Issue.record("timed out waiting for \(what); screen:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxTimeout()
    }

    struct TmuxTimeout: Error {}

    /// Starts iamterm in the pane's shell and waits for its first frame.
    func launchApp(_ arguments: [String]) throws {
        let quoted = ([Self.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        try type(quoted.joined(separator: " "))
        try keys("Enter")
        try waitFor("the first frame") { $0.contains("iamterm ·") && $0.contains("TRIGGERS") }
    }

    /// The pid of the program running in the pane's shell (iamterm), if any.
    func appPID() throws -> pid_t? {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// After the app ends: the shell prompt is back at the bottom and the tty is in canonical mode.
    /// `timeout`: how long the app may take to end (a crash report is symbolicated first).
    func expectTerminalRestored(timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try waitFor("the shell prompt after the app", timeout: timeout, sourceLocation: sourceLocation) { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // A fresh prompt with nothing after it: the line that launched the app starts with the
            // prompt too, and is back on screen as soon as the alternate screen is left, which
            // can be well before the process ends (a sanitizer's leak check runs at exit).
            let prompt = self.prompt.trimmingCharacters(in: .whitespaces)
            return lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })?
                .trimmingCharacters(in: .whitespaces) == prompt
                && !screen.contains("TRIGGERS")
        }
        try type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo ' END'")
        try keys("Enter")
        // The typed command (which wraps in the pane) holds these words too: the output line
        // is only mode words and END.
        func isOutput(_ line: Substring) -> Bool {
            let words = line.split(separator: " ").drop { $0 == self.prompt.trimmingCharacters(in: .whitespaces) }
            return words.last == "END" && words.count > 1
                && words.dropLast().allSatisfy { ["icanon", "-icanon", "echo", "-echo"].contains($0) }
        }
        let screen = try waitFor("stty output", sourceLocation: sourceLocation) {
            $0.split(separator: "\n").contains(where: isOutput)
        }
        let modes = screen.split(separator: "\n").last(where: isOutput).map(String.init) ?? ""
        #expect(
            modes.split(separator: " ").contains("icanon"), "canonical mode restored: \(modes)",
            sourceLocation: sourceLocation)
        #expect(modes.split(separator: " ").contains("echo"), "echo restored: \(modes)", sourceLocation: sourceLocation)
    }
}
