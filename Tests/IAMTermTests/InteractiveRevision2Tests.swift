import Foundation
import Testing

/// End to end, terminal-ui.md "Revision 2": the real `iamterm` in a tmux pane at 80×24.
@Suite(
    "iamterm revision 2 in tmux", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct InteractiveRevision2Tests {
    static let scenarioPath: String = {
        let json = """
            {
              "name": "Flags",
              "triggers": [
                { "id": "flags", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "coupon_scanned" } } ],
                  "data": { "type": "MODAL", "header": "Hallo", "message": "Welt 🇩🇪🇯🇵 ok", "message_close": "SWIPE" } }
              ]
            }
            """
        let path = NSTemporaryDirectory() + "iamterm-revision2-\(getpid()).json"
        precondition(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)), "cannot write \(path)")
        return path
    }()

    func launched(_ pane: TmuxPane) throws {
        try pane.launchApp([Self.scenarioPath, "--paused"])
        try pane.type("l")
        try pane.waitFor("session 1") { $0.contains("session 1 (foreground)") }
        try pane.type(".")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
    }

    /// The app gone and the shell prompt back (the full tty check is InteractiveTests', at 100
    /// columns where its command line does not wrap).
    func quitToShell(_ pane: TmuxPane) throws {
        try pane.waitFor("the shell prompt after the app") {
            !$0.contains("TRIGGERS") && $0.contains(pane.prompt)
        }
    }

    @Test("At 80×24 a prompt shows what is typed, in full")
    func promptShowsTyping() throws {
        let pane = try TmuxPane(width: 80, height: 24)
        try launched(pane)
        try pane.type("e")
        try pane.waitFor("the event prompt") { $0.contains("custom event name") }
        try pane.type("coupon_scanned")
        try pane.waitFor("the typed name") { $0.contains("custom event name: coupon_scanned") }
        try pane.keys("Enter")
        try pane.waitFor("the properties prompt") { $0.contains("event 2/2") }
        try pane.type("code=SPRING24, amount=12.5")
        let screen = try pane.waitFor("the typed properties") { $0.contains("code=SPRING24, amount=12.5") }
        #expect(screen.split(separator: "\n").last?.contains("code=SPRING24, amount=12.5") == true)
        try pane.keys("Escape")
        try pane.type("q")
        try quitToShell(pane)
    }

    @Test("/ finds a record in the trace and Enter shows it as JSON")
    func traceSearch() throws {
        let pane = try TmuxPane(width: 80, height: 24)
        try launched(pane)
        try pane.type("/")
        try pane.waitFor("the search prompt") { $0.contains("search the trace") }
        try pane.type("delivery_completed")
        try pane.keys("Enter")
        try pane.waitFor("the match") { $0.contains("\"delivery_completed\" at 0.500") }
        try pane.keys("Enter")
        try pane.waitFor("the record as JSON") {
            $0.contains("RECORD") && $0.contains("\"type\":\"delivery_completed\"")
        }
        try pane.type("q")
        try quitToShell(pane)
    }

    @Test("TERM=dumb: a clear message and exit status 1, no blank screen")
    func dumbTerminal() throws {
        let pane = try TmuxPane(width: 80, height: 24)
        try pane.type("TERM=dumb '\(TmuxPane.binary)' '\(Self.scenarioPath)'; echo \"exit=$?\"")
        try pane.keys("Enter")
        func status(_ label: String, _ screen: String) -> String? {
            screen.split(separator: "\n").first { $0.hasPrefix(label + "=") }.map(String.init)
        }
        let screen = try pane.waitFor("the exit status") { status("exit", $0) != nil }
        #expect(status("exit", screen) == "exit=1")
        #expect(screen.contains("cannot move the cursor"))
        try pane.type("unset TERM; '\(TmuxPane.binary)' '\(Self.scenarioPath)'; echo \"unset=$?\"")
        try pane.keys("Enter")
        let unset = try pane.waitFor("the exit status") { status("unset", $0) != nil }
        #expect(status("unset", unset) == "unset=1" && unset.contains("TERM is not set"))
    }

    @Test("A flag emoji reaches the terminal unchanged (the pty stream, not only the pane)")
    func flagBytes() throws {
        let pane = try TmuxPane(width: 80, height: 24)
        let log = NSTemporaryDirectory() + "iamterm-pty-\(getpid()).bin"
        unlink(log)
        defer { unlink(log) }
        try launched(pane)
        try pane.tmux(["pipe-pane", "-o", "cat >> '\(log)'"])
        try pane.type("e")
        try pane.waitFor("the event prompt") { $0.contains("custom event name") }
        try pane.type("coupon_scanned")
        try pane.keys("Enter")
        try pane.waitFor("the properties prompt") { $0.contains("event 2/2") }
        try pane.keys("Enter")
        try pane.waitFor("the modal") { $0.contains("Hallo") && $0.contains("Welt") }
        try pane.tmux(["pipe-pane"]) // stop, so the file is complete
        let bytes = FileManager.default.contents(atPath: log) ?? Data()
        let stream = String(decoding: bytes, as: UTF8.self)
        // Each flag is written whole at its cell, after curses' update (a cursor move between).
        #expect(stream.contains("🇩🇪\u{1B}["), "🇩🇪 whole, its pair in order")
        #expect(stream.contains("m🇯🇵\u{1B}["), "🇯🇵 whole, its pair in order")
        #expect(!stream.contains("🇩🇯"), "never re-paired into another flag")
        try pane.type("q")
        try quitToShell(pane)
    }
}
