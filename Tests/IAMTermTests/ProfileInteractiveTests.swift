import Foundation
import Testing

/// End to end: `P` and the split view `V` (profiles.md, terminal-ui.md revision 2) in a tmux
/// pane, at 80×24 (the smallest size) and larger.
@Suite(
    "iamterm platforms in tmux", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct ProfileInteractiveTests {
    /// One message and a keyboard: ios holds it back (X3), the others show it.
    static let scenarioPath: String = {
        let json = """
            {
              "name": "Keyboard",
              "triggers": [
                { "id": "promo", "type": "inapp",
                  "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart_add" } } ],
                  "data": { "type": "MODAL", "header": "Big Sale", "message": "20% off", "message_close": "SWIPE" } }
              ]
            }
            """
        let path = NSTemporaryDirectory() + "iamterm-profiles-\(getpid()).json"
        precondition(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)), "cannot write \(path)")
        return path
    }()

    func launched(_ pane: TmuxPane, _ extra: [String] = []) throws {
        try pane.launchApp([Self.scenarioPath, "--paused"] + extra)
        try pane.type("l")
        try pane.waitFor("session 1") { $0.contains("session 1 (foreground)") }
        try pane.type(".")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
    }

    func fireEvent(_ pane: TmuxPane) throws {
        try pane.type("e")
        try pane.waitFor("the event prompt") { $0.contains("custom event name") }
        try pane.keys("Enter")
        try pane.waitFor("the properties prompt") { $0.contains("properties key=value") }
        try pane.keys("Enter")
        try pane.waitFor("the prompt to close") { !$0.contains("Esc cancel") }
    }

    @Test("P cycles the platform live: the header shows it, the trace records it, the rules follow (X3)")
    func cycleProfile() throws {
        let pane = try TmuxPane(width: 80, height: 24)
        try launched(pane)
        try pane.waitFor("the ios badge") { $0.contains("[ios]") }
        try pane.type("P")
        // The badge, the side panel and the trace are drawn in one frame, but a capture can
        // land while the frame's bytes are still arriving: wait for the whole of it.
        let swift = try pane.waitFor("the swift badge and its trace record") {
            $0.contains("[swift]") && $0.contains("profile swift")
        }
        #expect(swift.contains("no keyboard gate)"), "X3: the side panel says the platform has no keyboard gate")
        try pane.type("PP")
        try pane.waitFor("web") { $0.contains("[web]") }
        try pane.type("P")
        try pane.waitFor("back to ios") { $0.contains("[ios]") }
        try pane.type("k")
        try fireEvent(pane)
        let held = try pane.waitFor("held back by the keyboard") { $0.contains("keyboard_up") }
        #expect(!held.contains("Big Sale"))
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test("--profile android starts there; the delegate prompt speaks the platform's names (X13)")
    func delegateNames() throws {
        let pane = try TmuxPane(width: 100, height: 30)
        try launched(pane, ["--profile", "android"])
        try pane.waitFor("the android badge") { $0.contains("[android]") }
        try pane.type("g")
        try pane.waitFor("the delegate prompt") { $0.contains("beforeInAppMessageDisplayed") }
        try pane.keys("Escape")
        try pane.type("q")
        try pane.expectTerminalRestored()
    }

    @Test(
        "V splits the screen into two devices on the same actions; a marker shows where they part, with the X-ID",
        arguments: [[80, 24], [120, 36]])
    func split(_ size: [Int]) throws {
        let pane = try TmuxPane(width: size[0], height: size[1])
        try launched(pane)
        try pane.type("V")
        let split = try pane.waitFor("two devices") { $0.contains("A ios") && $0.contains("B swift") }
        #expect(split.contains("same trace so far"), "the launch is replayed on the second device")
        try pane.type("k")
        try fireEvent(pane)
        // The rows are worked out off the main loop: the marker shows first, its X-ID soon after.
        let parted = try pane.waitFor("the marker and its row") {
            $0.contains("A and B part at") && $0.contains("X3 keyboard up when a message")
        }
        #expect(parted.contains("returned_to_stack"), "ios's record at the parting")
        #expect(parted.contains("displayed promo"), "swift's record at the parting")
        #expect(parted.contains("Big Sale"), "swift's device shows the modal")
        try pane.type("VV")
        try pane.waitFor("ios against web") { $0.contains("B web") }
        try pane.type("V")
        try pane.waitFor("the split to close") { !$0.contains("B web") && $0.contains("TRACE") }
        try pane.type("q")
        try pane.expectTerminalRestored()
    }
}
