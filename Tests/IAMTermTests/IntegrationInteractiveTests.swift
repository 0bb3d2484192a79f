import Foundation
import IAMEngine
import IAMRender
import IAMScenario
import Testing

@testable import IAMSimulator
@testable import IAMTerm

/// The app around the SDK in the simulator (integration.md, "In the simulator and the trace"):
/// `i` changes the presenter live, each change an `app integration` record and a recorded step.
@Suite("Integration in the simulator (reducer)")
struct IntegrationSimulatorTests {
    static let source = """
        {
          "name": "Cart",
          "settings": { "minimumTriggerInterval": 0 },
          "triggers": [
            { "id": "cart-reminder", "type": "inapp", "re_eligibility": 0,
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "add_to_cart" } } ],
              "data": { "type": "MODAL", "header": "Still thinking?", "message": "Your cart misses you",
                        "duration": 2000 } }
          ]
        }
        """

    static func launched(mono: Double = 0) throws -> Simulator {
        let loaded = try ScenarioLoader.load(json: source, file: "cart.json", keepingJSON: true)
        var sim = Simulator(
            scenario: loaded.scenario, title: "Cart", options: InteractiveOptions(paused: true), asciiOnly: false,
            mono: mono)
        sim.session.source = loaded.json
        _ = sim.handle(.key(.character("l")), mono: mono)
        _ = sim.handle(.key(.character(".")), mono: mono) // to the delivery
        return sim
    }

    static func type(_ sim: inout Simulator, _ text: String, mono: Double = 0) -> [TraceRecord] {
        var records: [TraceRecord] = []
        for ch in text { records += Self.records(sim.handle(.key(.character(ch)), mono: mono)) }
        return records
    }

    static func enter(_ sim: inout Simulator, mono: Double = 0) -> [TraceRecord] {
        records(sim.handle(.key(.enter), mono: mono))
    }

    static func records(_ effects: [Simulator.Effect]) -> [TraceRecord] {
        effects.flatMap { effect -> [TraceRecord] in
            if case .records(let records) = effect { return records }
            return []
        }
    }

    static func lines(_ records: [TraceRecord]) -> [String] { records.map { TraceFormat.text($0) } }

    @Test("I1–I3: i then Enter cycles the presenter default → none → custom → default, one app integration record each")
    func cycle() throws {
        var sim = try Self.launched()
        var seen: [String] = []
        for expected in ["none", "custom", "default"] {
            _ = Self.type(&sim, "i")
            #expect(sim.ui.prompt?.defaultValue == expected)
            seen += Self.lines(Self.enter(&sim))
            #expect(sim.ui.prompt == nil)
            #expect(sim.engine.state.integration.ui.rawValue == expected)
        }
        #expect(
            seen == [
                "   0.500  app                               integration  ui=none impressions=sdk",
                "   0.500  app                               integration  ui=custom impressions=sdk",
                "   0.500  app                               integration  ui=default impressions=sdk",
            ])
        #expect(
            sim.session.steps.suffix(3).map(\.note) == [
                "recorded: integration ui=none", "recorded: integration ui=custom", "recorded: integration ui=default",
            ])
    }

    @Test("I3: the form takes impressions too (custom app); a word that is neither is refused by name")
    func form() throws {
        var sim = try Self.launched()
        _ = Self.type(&sim, "i")
        _ = Self.type(&sim, "custom sometimes")
        #expect(Self.enter(&sim).isEmpty)
        #expect(
            sim.ui.status?.text
                == "\"sometimes\" is neither a presenter (default, none or custom) nor impressions (sdk, app or never)")
        #expect(sim.ui.prompt != nil, "the prompt stays open with what was typed")
        _ = sim.handle(.key(.ctrl("u")), mono: 0)
        _ = Self.type(&sim, "ui=custom impressions=app")
        #expect(
            Self.lines(Self.enter(&sim)) == [
                "   0.500  app                               integration  ui=custom impressions=app"
            ])
        #expect(sim.engine.state.integration == Integration(ui: .custom, impressions: .app))
        #expect(sim.ui.status?.text == "UI custom: handed to the app's code, impressions app (I3)")
        for bad in ["ui=app", "impressions=none", "bridge=true", "none default", ""] {
            #expect(Simulator.parseIntegration(bad).isFailure, "\(bad)")
        }
    }

    @Test("I2: after i sets none, an event shows nothing (discarded no_presenter) and why-not says why")
    func nothingPresents() throws {
        var sim = try Self.launched()
        _ = Self.type(&sim, "i")
        _ = Self.enter(&sim)
        _ = Self.type(&sim, "e")
        _ = Self.type(&sim, "add_to_cart")
        _ = Self.enter(&sim)
        let records = Self.enter(&sim)
        #expect(
            Self.lines(records.filter { $0.kind == .offered || $0.kind == .discarded || $0.kind == .displayed }) == [
                "   0.500  offered           cart-reminder   eligible_moment",
                "   0.500  discarded         cart-reminder   no_presenter",
            ])
        #expect(sim.engine.state.visible == nil)
        // The side panel says it, at 80×24, and the device is empty.
        let text = sim.frame(width: 80, height: 24).grid.text
        #expect(text.contains("APP UI none: nothing presents"))
        #expect(!text.contains("Still thinking?"))
        _ = Self.enter(&sim) // why-not on the selected trigger
        let gate = try #require(sim.whyNot?.gates.last)
        #expect(gate.rule == .l3)
        #expect(!gate.passes)
        #expect(gate.detail.hasPrefix("nothing presents messages in this app (ui none)"))
        #expect(sim.whyNot?.lastOutcome == "discarded no_presenter at 0.500")
        #expect(sim.frame(width: 80, height: 24).grid.text.contains("nothing presents messages"))
    }

    /// Drives the reducer as a person would, with integration changes between events, then saves.
    @Test("a session with integration changes, saved with S, replays to the same trace, record for record")
    func recordedReplay() throws {
        var sim = try Self.launched(mono: 100)
        var trace = sim.trace // the platform's record, the launch and the delivery
        func event(at mono: Double) {
            trace += Self.type(&sim, "e", mono: mono)
            trace += Self.type(&sim, "add_to_cart", mono: mono)
            trace += Self.enter(&sim, mono: mono)
            trace += Self.enter(&sim, mono: mono)
        }
        func integration(_ words: String, at mono: Double) {
            trace += Self.type(&sim, "i", mono: mono)
            if !words.isEmpty { trace += Self.type(&sim, words, mono: mono) }
            trace += Self.enter(&sim, mono: mono)
        }
        trace += Self.records(sim.handle(.key(.character(" ")), mono: 100)) // the clock runs
        event(at: 101.25)
        integration("", at: 104.5) // none
        event(at: 105.125)
        integration("custom app", at: 107.75)
        event(at: 108.5)
        integration("default", at: 112.0625)
        event(at: 113.3)
        var request: SaveRequest?
        let effects = sim.handle(.key(.character("S")), mono: 114)
        trace += Self.records(effects)
        for case .save(let saved) in effects { request = saved }
        let saved = try #require(request)

        let loaded = try ScenarioLoader.load(json: saved.text, file: "saved.json")
        let replay = ScenarioRunner.trace(loaded.scenario, until: loaded.until)
        #expect(Self.lines(replay) == Self.lines(trace))
        let kinds = trace.map { "\($0.kind.rawValue) \($0.reason?.rawValue ?? "")" }
        #expect(kinds.filter { $0 == "app integration" }.count == 3)
        #expect(kinds.contains("discarded no_presenter"))
        #expect(kinds.contains("handed_to_app custom_ui"))
        #expect(saved.text.contains("\"do\":\"integration\""))
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

/// End to end, as a person would: the real binary in a tmux pane at 80×24.
@Suite(
    "Integration in tmux", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct IntegrationTmuxTests {
    @Test("I2 at 80×24: i until the presenter is none, an event shows nothing, why-not says nothing presents")
    func presenterNone() throws {
        let dir = NSTemporaryDirectory() + "iamterm-integration-\(getpid())/"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let scenario = dir + "cart.json"
        try IntegrationSimulatorTests.source.write(toFile: scenario, atomically: true, encoding: .utf8)
        let tracePath = dir + "session.jsonl"
        let recordPath = dir + "session.json"

        let pane = try TmuxPane(width: 80, height: 24)
        try pane.launchApp([scenario, "--paused", "--trace", tracePath, "--record", recordPath])
        try pane.type("l")
        try pane.waitFor("session 1") { $0.contains("session 1 (foreground)") }
        try pane.type(".")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
        // i, then Enter, until the side panel says nothing presents (the first press: none).
        var presses = 0
        while presses < 3 {
            presses += 1
            try pane.type("i")
            try pane.waitFor("the presenter prompt") { $0.contains("presenter, impressions") }
            try pane.keys("Enter")
            let screen = try pane.waitFor("the prompt to close") { !$0.contains("Esc cancel") }
            if screen.contains("APP UI none: nothing presents") { break }
        }
        #expect(presses == 1, "from the default, the first i Enter is none")
        try pane.waitFor("the integration record") { $0.contains("integration ui=none") }
        try pane.type("e")
        try pane.waitFor("the event prompt") { $0.contains("custom event name") }
        try pane.keys("Enter")
        try pane.waitFor("the properties prompt") { $0.contains("properties key=value") }
        try pane.keys("Enter")
        let after = try pane.waitFor("the discard") { $0.contains("no_presenter") && !$0.contains("Esc cancel") }
        #expect(!after.contains("Still thinking?"), "nothing shows on the device")
        #expect(!after.contains("Your cart"), "nothing shows on the device")
        try pane.keys("Enter")
        let whyNot = try pane.waitFor("why-not") { $0.contains("WHY NOT?") && $0.contains("nothing presents") }
        #expect(whyNot.contains("nothing presents messages"))
        try pane.keys("Escape")
        try pane.type("S")
        try pane.waitFor("the save") { $0.contains("saved") }
        try pane.type("q")
        try pane.expectTerminalRestored()

        let saved = try String(contentsOfFile: recordPath, encoding: .utf8)
        #expect(saved.contains("\"do\":\"integration\""))
        let replay = try BinaryRunner.run(["run", recordPath, "--format", "jsonl"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let session = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(session.contains("\"reason\":\"no_presenter\""))
        #expect(replay.stdout == session)
    }
}

/// `iamterm check` names the app around the SDK a file sets up, with the records it will make
/// under the file's platform (integration.md, "In the simulator and the trace").
@Suite("check's summary of the app around the SDK")
struct IntegrationCheckTests {
    static let json = """
        {
          "name": "App",
          "settings": { "integration": { "ui": "none" },
                        "screens": { "splash": { "registered": false, "delegate": "later" }, "home": {} } },
          "initial": { "lastTriggerAt": -12, "performed": { "promo": -30 }, "cachedTriggers": ["promo"] },
          "triggers": [
            { "id": "promo", "type": "inapp",
              "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "browse" } } ],
              "data": { "type": "SLIDEUP", "message": "Hi" } }
          ],
          "timeline": [
            { "at": 1, "do": "screen", "name": "splash" },
            { "at": 2, "do": "integration", "ui": "custom", "impressions": "app" },
            { "at": 3, "do": "appImpression", "message": "promo" },
            { "at": 4, "do": "testSend", "message": { "type": "MODAL", "message": "Test" } },
            { "at": 5, "do": "pushClick", "reachesSdk": false },
            { "at": 6, "do": "screen", "name": "home" }
          ]
        }
        """

    @Test("I2, SC1, SC2, TS2, TS4, SV3: the presenter, screens, test sends, the app's steps and initial, in words")
    func summary() throws {
        let check = try BinaryRunner.run(["check", "-"], stdin: Data(Self.json.utf8))
        #expect(check.status == 0, "\(check.stderr)")
        let lines = check.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst(6)) == [
                "  app around the SDK: UI none: nothing presents messages; I2 on ios (inferred): dropped: "
                    + "discarded no_presenter (no AppboyUI to show it)",
                "  screens: home, splash (not registered: SC2 on ios (inferred): ignored: any screen presents; "
                    + "its delegate answers later (SC1))",
                "  test sends: 1, each a test_send waiting record; TS2 on ios (inferred): when its push is opened, "
                    + "else at the next session start",
                "  timeline steps of the app: 1 integration (app integration), 2 screen (app screen), 1 pushClick "
                    + "not reaching the SDK (app push_not_forwarded, TS4), 1 appImpression (app impression, I3)",
                "  initial: mid-session (app initial, SV3): 1 cached trigger, last trigger at -12 s, "
                    + "1 performed before (P3)",
            ])
        let android = try BinaryRunner.run(["check", "-", "--profile", "android"], stdin: Data(Self.json.utf8))
        #expect(android.stdout.contains("I2 on android (source): kept in one slot until an Activity registers"))
        #expect(android.stdout.contains("each a test_send received record; TS2 on android"))
    }

    @Test("a file that leaves the app around the SDK alone gets no such line")
    func none() throws {
        let check = try BinaryRunner.run(["check", "-"], stdin: Data(IntegrationSimulatorTests.source.utf8))
        #expect(check.status == 0)
        for word in ["app around the SDK", "screens:", "test sends:", "timeline steps of the app", "initial:"] {
            #expect(!check.stdout.contains(word))
        }
    }
}
