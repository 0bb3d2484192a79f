import Foundation
import Testing

/// End to end: the real `iamterm` in a tmux pane, driven by keys, read from the screen.
@Suite(
    "iamterm interactive in tmux", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct InteractiveTests {
    /// A small scenario of its own, so these tests do not depend on the demo's content.
    static let scenarioPath: String = {
        let json = """
            {
              "name": "Tmux check",
              "settings": { "minimumTriggerInterval": 30 },
              "triggers": [
                { "id": "promo", "type": "inapp", "re_eligibility": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart_add" } } ],
                  "data": { "type": "MODAL", "header": "Big Sale", "message": "20% off today", "message_close": "SWIPE",
                            "btns": [ { "id": "shop", "text": "Shop" }, { "id": "later", "text": "Later" } ] } },
                { "id": "thanks", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "purchase", "data": {} } ],
                  "data": { "type": "MODAL", "header": "Thank you", "message": "Enjoy", "message_close": "SWIPE" } },
                { "id": "upright", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "video" } } ],
                  "data": { "type": "SLIDEUP", "message": "Portrait only", "orientation": "PORTRAIT", "message_close": "SWIPE" } }
              ]
            }
            """
        let path = NSTemporaryDirectory() + "iamterm-interactive-\(getpid()).json"
        precondition(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)), "cannot write \(path)")
        return path
    }()

    /// Launch the app and step to the end of the delivery.
    func launched(_ pane: TmuxPane, extra: [String] = []) throws {
        try pane.launchApp([Self.scenarioPath, "--paused"] + extra)
        try pane.type("l")
        try pane.waitFor("session 1") { $0.contains("session 1 (foreground)") }
        try pane.type(".")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
    }

    func fireEvent(_ pane: TmuxPane, _ name: String? = nil) throws {
        try pane.type("e")
        try pane.waitFor("the event prompt") { $0.contains("custom event name [cart_add]") }
        if let name { try pane.type(name) }
        try pane.keys("Enter")
        try pane.waitFor("the properties prompt") { $0.contains("properties key=value") }
        try pane.keys("Enter")
        try pane.waitFor("the prompt to close") { !$0.contains("Esc cancel") }
    }

    @Test("an event shows the modal; a second one inside 30 s is dropped and the side panel counts down (P2)")
    func eventModalAndRateLimit() throws {
        let pane = try TmuxPane()
        try launched(pane)
        try fireEvent(pane)
        let modal = try pane.waitFor("the modal") { $0.contains("Big Sale") && $0.contains("[ Shop ]") }
        #expect(modal.contains("20% off today"))
        #expect(modal.contains("displayed") && modal.contains("promo impression"))
        try pane.type("d")
        try pane.waitFor("the modal to go") { !$0.contains("Big Sale") }
        try pane.type("f") // +1 s
        try fireEvent(pane)
        let limited = try pane.waitFor("the rate limit") { $0.contains("trigger_skipped") }
        #expect(limited.contains("min_interval"))
        #expect(limited.contains("NEXT TRIGGER ALLOWED"))
        #expect(limited.contains("in 29.0 s"), "P2 countdown in the side panel")
        #expect(!limited.contains("Big Sale"))
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test("why-not's W finds a way off the main loop; y plays it and the message shows (explore.md, in the simulator)")
    func findAWay() throws {
        let pane = try TmuxPane()
        try launched(pane)
        try fireEvent(pane)
        try pane.waitFor("the modal") { $0.contains("Big Sale") }
        try pane.type("d")
        try pane.waitFor("the modal to go") { !$0.contains("Big Sale") }
        try pane.keys("Enter")
        try pane.waitFor("why-not") { $0.contains("WHY NOT? promo") && $0.contains("W way") }
        try pane.type("W")
        let offered = try pane.waitFor("the way") { $0.contains("a way in 2: wait to 30.5, customEvent cart_add") }
        #expect(offered.contains("y/Enter plays it"))
        try pane.type("y")
        let shown = try pane.waitFor("the way played") { $0.contains("played a way of 2 moves: promo displayed") }
        #expect(shown.contains("Big Sale"))
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test("keyboard up returns a message to the stack; display next shows it after the keyboard goes down (L3, L6)")
    func keyboardStackDisplayNext() throws {
        let pane = try TmuxPane()
        try launched(pane)
        try pane.type("k")
        try pane.waitFor("the keyboard") { $0.contains("keyboard ▁") || $0.contains("q w e r t y") }
        try pane.type("p")
        try pane.waitFor("the purchase prompt") { $0.contains("purchase product id") }
        try pane.keys("Enter")
        try pane.waitFor("the properties prompt") { $0.contains("properties key=value") }
        try pane.keys("Enter")
        let stacked = try pane.waitFor("returned to the stack") { $0.contains("returned_to_stack") }
        #expect(stacked.contains("keyboard_up"))
        #expect(stacked.contains("1 thanks"), "the stack lists it")
        #expect(!stacked.contains("Thank you"))
        try pane.type("k")
        try pane.waitFor("keyboard down") { $0.contains("kb down") }
        try pane.type("n")
        let shown = try pane.waitFor("the message from the stack") { $0.contains("Thank you") }
        #expect(shown.contains("display_next"))
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test("rotating to landscape, a portrait-only message is discarded (L3 step 5)")
    func rotateDiscards() throws {
        let pane = try TmuxPane()
        try launched(pane)
        try pane.type("o")
        try pane.waitFor("landscape") { $0.contains("iPhone · landscape") }
        try fireEvent(pane, "video")
        let screen = try pane.waitFor("the discard") { $0.contains("orientation_mismatch") }
        #expect(screen.contains("discarded"))
        #expect(!screen.contains("Portrait only"))
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test("resizing to 60×15 shows 'too small'; back at 100×30 the layout recovers")
    func resize() throws {
        let pane = try TmuxPane()
        try launched(pane)
        try pane.tmux(["resize-window", "-x", "60", "-y", "15"])
        try pane.waitFor("the too-small notice") { $0.contains("terminal too small (need 80×24)") }
        try pane.tmux(["resize-window", "-x", "100", "-y", "30"])
        let back = try pane.waitFor("the layout") { $0.contains("STACK") && $0.contains("TRIGGERS") }
        #expect(!back.contains("too small"))
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test("help, why-not and a cancelled prompt all work from the keyboard")
    func helpWhyNotPrompt() throws {
        let pane = try TmuxPane()
        try launched(pane)
        try pane.type("?")
        try pane.waitFor("the help") { $0.contains("KEYS") && $0.contains("any key closes this help") }
        try pane.type("z")
        try pane.waitFor("the help to close") { !$0.contains("KEYS") }
        try pane.keys("Enter")
        let why = try pane.waitFor("why not") { $0.contains("WHY NOT? promo") }
        #expect(why.contains("P2"))
        try pane.keys("Escape")
        try pane.waitFor("why-not to close") { !$0.contains("WHY NOT?") }
        try pane.type("u")
        try pane.waitFor("the push prompt") { $0.contains("push click campaign id") }
        try pane.keys("Escape")
        try pane.waitFor("cancelled") { $0.contains("cancelled") && !$0.contains("Esc cancel") }
        try pane.keys("C-c")
        try pane.expectTerminalRestored()
    }

    @Test("the mouse: a click on a message button clicks it (M4); a click on the key bar acts as its key")
    func mouse() throws {
        let pane = try TmuxPane()
        try launched(pane)
        try fireEvent(pane)
        let modal = try pane.waitFor("the modal") { $0.contains("[ Shop ]") }
        guard let shop = pane.locate("[ Shop ]", in: modal) else {
            Issue.record("no button")
            return
        }
        try pane.click(x: shop.x + 2, y: shop.y)
        let clicked = try pane.waitFor("the click") { $0.contains("clicked") && !$0.contains("[ Shop ]") }
        #expect(clicked.contains("button shop"))
        guard let help = pane.locate("? help", in: clicked) else {
            Issue.record("no key bar entry")
            return
        }
        try pane.click(x: help.x, y: help.y)
        try pane.waitFor("the help from a click") { $0.contains("KEYS") }
        try pane.type("q") // closes the help
        try pane.waitFor("the help to close") { !$0.contains("KEYS") }
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test("SIGTERM leaves the terminal restored")
    func sigterm() throws {
        let pane = try TmuxPane()
        try launched(pane)
        guard let pid = try pane.appPID() else {
            Issue.record("no iamterm process in the pane")
            return
        }
        kill(pid, SIGTERM)
        try pane.expectTerminalRestored()
    }

    @Test("--trace writes JSON lines as it happens")
    func traceFile() throws {
        let path = NSTemporaryDirectory() + "iamterm-interactive-trace-\(getpid()).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pane = try TmuxPane()
        try launched(pane, extra: ["--trace", path])
        try fireEvent(pane)
        try pane.waitFor("the modal") { $0.contains("Big Sale") }
        // Flushed per record: readable while the app still runs.
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"t\":0,\"type\":\"app\"") == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.contains("\"type\":\"displayed\"") && $0.contains("\"message\":\"promo\"") })
        try pane.type("q")
        try pane.expectTerminalRestored()
    }
}
