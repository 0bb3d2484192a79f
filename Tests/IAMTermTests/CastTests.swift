import Foundation
import Testing

/// `--cast PATH` (terminal-ui.md, "Record and share"): an asciinema v2 recording of exactly
/// what the terminal received, checked against the pane's own byte stream (tmux pipe-pane).
@Suite(
    "asciinema recording in tmux", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct CastTests {
    @Test(
        "header with version 2 and the size; times never go back; the output events are the pty's bytes; a resize is an r event"
    )
    func castMatchesThePty() throws {
        let dir = NSTemporaryDirectory() + "iamterm-cast-\(getpid())/"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let castPath = dir + "session.cast"
        let ptyPath = dir + "pty.raw"
        let pane = try TmuxPane()
        try pane.tmux(["pipe-pane", "-O", "cat > '\(ptyPath)'"])
        try pane.launchApp(["--cast", castPath])
        try pane.type("l")
        try pane.waitFor("session 1") { $0.contains("session 1 (foreground)") }
        try pane.type("e")
        try pane.waitFor("the event prompt") { $0.contains("custom event name") }
        try pane.keys("Escape")
        try pane.type("k")
        try pane.tmux(["resize-window", "-x", "110", "-y", "33"])
        try pane.waitFor("the frame at 110×33") { Self.keyBarOnRow($0, 33) }
        // Back to 100×30 before quitting: the restore check reads a wrapped shell line.
        try pane.tmux(["resize-window", "-x", "100", "-y", "30"])
        try pane.waitFor("the frame at 100×30") { Self.keyBarOnRow($0, 30) }
        try pane.type("q")
        try pane.expectTerminalRestored()
        try pane.tmux(["pipe-pane"]) // stop: the cat ends and flushes

        let lines = try String(contentsOfFile: castPath, encoding: .utf8).split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100)
        #expect(header["height"] as? Int == 30)
        #expect((header["timestamp"] as? Int ?? 0) > 1_600_000_000)
        #expect((header["env"] as? [String: Any])?["TERM"] as? String == "tmux-256color")

        var times: [Double] = []
        var output = ""
        var resizes: [String] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            #expect(event.count == 3)
            times.append(try #require(event[0] as? Double))
            switch event[1] as? String {
            case "o": output += try #require(event[2] as? String)
            case "r": resizes.append(try #require(event[2] as? String))
            default: Issue.record("unknown event \(line)")
            }
        }
        #expect(times.count > 3)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(resizes == ["110x33", "100x30"])

        // The pty received the shell's prompt and echo too; iamterm's bytes are one stretch of it.
        var pty = Data()
        for _ in 0..<100 {
            pty = (try? Data(contentsOf: URL(fileURLWithPath: ptyPath))) ?? Data()
            if pty.range(of: Data(output.utf8)) != nil { break }
            usleep(50_000)
        }
        #expect(!output.isEmpty)
        #expect(pty.range(of: Data(output.utf8)) != nil, "the cast's output is not what the pty received")
        #expect(output.contains("\u{1B}[?1049h")) // the alternate screen: from the very first write
        #expect(output.contains("Coffee Shop"))

        // asciinema itself reads it back (its `cat` wants a terminal: run it in the pane).
        if let asciinema = ["/usr/bin/asciinema", "/usr/local/bin/asciinema"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            let catPath = dir + "cat.out"
            try pane.type("\(asciinema) cat '\(castPath)' > '\(catPath)'; echo CAT-$((1+1))")
            try pane.keys("Enter")
            try pane.waitFor("asciinema cat") { $0.contains("CAT-2") }
            let replayed = try Data(contentsOf: URL(fileURLWithPath: catPath))
            #expect(replayed == Data(output.utf8), "asciinema cat does not give back the recorded output")
        }
    }

    @Test("killed while recording (SIGTERM): the terminal is restored all the same, the recording is valid so far")
    func killedWhileRecording() throws {
        let castPath = NSTemporaryDirectory() + "iamterm-cast-kill-\(getpid()).cast"
        let pane = try TmuxPane()
        try pane.launchApp(["--cast", castPath, "--paused"])
        let pid = try #require(try pane.appPID())
        kill(pid, SIGTERM)
        try pane.expectTerminalRestored()
        let lines = try String(contentsOfFile: castPath, encoding: .utf8).split(separator: "\n")
        #expect(lines.count >= 2)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)") }
    }

    /// Whether the app has drawn for a terminal of `rows` rows: its key bar is on the last one.
    static func keyBarOnRow(_ screen: String, _ rows: Int) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count >= rows && lines[rows - 1].contains("quit")
    }
}
