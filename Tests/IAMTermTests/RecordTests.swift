import Foundation
import IAMEngine
import IAMScenario
import Testing

@testable import IAMSimulator
@testable import IAMTerm

/// Session → scenario (terminal-ui.md, "Record and share"): what a session did, saved, replays
/// to the same trace, record for record.
@Suite("Record a session as a scenario")
struct RecordTests {
    static let source = """
        {
          "name": "Record check",
          "description": "kept as it was",
          "settings": { "minimumTriggerInterval": 30 },
          "triggers": [
            { "id": "promo", "type": "inapp", "re_eligibility": 0,
              "trigger_condition": [ { "type": "custom_event_property", "data": { "event_name": "cart_add",
                "property_filters": [[ { "property_key": "size", "property_type": "string", "comparator": 1,
                                          "property_value": "large" } ]] } } ],
              "data": { "type": "MODAL", "header": "Sale", "message": "20% off", "message_close": "SWIPE",
                        "btns": [ { "id": "shop", "text": "Shop" } ] } },
            { "id": "thanks", "type": "inapp", "re_eligibility": 0, "min_seconds_since_last_trigger": 0,
              "trigger_condition": [ { "type": "purchase", "data": {} } ],
              "data": { "type": "SLIDEUP", "message": "Thanks" } }
          ],
          "timeline": [ { "at": 0, "do": "launch", "note": "the app starts" }, { "at": 100, "do": "wait" } ]
        }
        """

    static func loaded() throws -> LoadedScenario {
        try ScenarioLoader.load(json: source, file: "record.json", keepingJSON: true)
    }

    @Test("every action kind survives encoding and decoding unchanged, times bit for bit")
    func stepRoundTrip() throws {
        let message = Message(
            kind: .modal, text: "Hi \u{1B}[31m \"quoted\"", header: "H", imageURL: "https://x/i.png",
            buttons: [Button(id: "b1", text: "Go", clickAction: .uri("app://go")), Button(id: "b2", text: "No")],
            clickAction: .newsFeed, close: .swipe, duration: 1234, orientation: .landscape, slideFrom: .top,
            extras: ["k": "v"], colors: ["bg_color": 0xFF00_00FF])
        let actions: [Action] = [
            .launch, .background, .foreground, .reset, .dismiss, .displayNext, .wait,
            .customEvent(
                name: "cart_add",
                properties: ["size": .string("large"), "n": .number(0.1 + 0.2), "ok": .bool(true), "z": .null]),
            .purchase(productID: "latte", properties: ["cup": .string("venti"), "price": .number(4.35)]),
            .purchase(productID: "tea", properties: [:]),
            .pushClick(campaignID: "camp"), .pushClick(campaignID: nil),
            .keyboard(shown: true), .rotate(.landscape), .deviceKind(.tablet),
            .click(button: nil), .click(button: 1), .addLocal(message),
            .delegate(Delegate(implements: .controller, answer: .later, answers: ["promo": .discard])),
            .network(online: false), .campaign(id: "promo", enabled: false),
        ]
        let times: [Double] = actions.indices.map { Double($0) * 1.1 + 1.0 / 3.0 }
        let steps = zip(times, actions).map { TimelineStep(at: $0, action: $1, note: "recorded: \($1.name)") }
        let text = RecordedScenario.text(source: try Self.loaded().json, timeline: steps, until: 99.123456789)
        let back = try ScenarioLoader.load(json: text, file: "saved.json")
        #expect(back.scenario.timeline == steps)
        #expect(back.until == 99.123456789)
        #expect(back.scenario.triggers == (try Self.loaded().scenario.triggers))
        #expect(text.contains("\"description\": \"kept as it was\""))
        #expect(back.warnings.isEmpty)
    }

    @Test("§9: the top-level until stops iamterm run; --until wins over it")
    func untilInFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-until-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("s.json").path
        let json = """
            {"triggers": [], "timeline": [{"at": 0, "do": "launch"}, {"at": 20, "do": "background"}], "until": 5}
            """
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let stopped = try BinaryRunner.run(["run", file])
        #expect(stopped.status == 0)
        #expect(!stopped.stdout.contains("background"))
        #expect(stopped.stdout.contains("delivery_completed"))
        let flag = try BinaryRunner.run(["run", file, "--until", "30"])
        #expect(flag.stdout.contains("background"))
    }

    /// Drives the reducer as a person would, at uneven monotonic times, then saves.
    @Test("a session saved with S replays to the same trace, record for record")
    func reducerRoundTrip() throws {
        let loaded = try Self.loaded()
        var sim = Simulator(
            scenario: loaded.scenario, title: "t", options: InteractiveOptions(play: true), asciiOnly: false,
            mono: 1000)
        sim.session.source = loaded.json
        var trace: [TraceRecord] = []
        var savedRequest: SaveRequest?
        func take(_ effects: [Simulator.Effect]) {
            for case .records(let records) in effects { trace += records }
            for case .save(let request) in effects { savedRequest = request }
        }
        func press(_ keys: String, at mono: Double) {
            for key in keys { take(sim.handle(.key(.character(key)), mono: mono)) }
        }
        trace += sim.tick(mono: 1000.7)
        press("e", at: 1001.234567)
        press("cart_add", at: 1001.5)
        take(sim.handle(.key(.enter), mono: 1001.6))
        press("size=large, n=2", at: 1002.0)
        take(sim.handle(.key(.enter), mono: 1002.3333))
        #expect(sim.engine.state.visible?.pending.id == "promo")
        take(sim.handle(.hit(.messageButton(0)), mono: 1003.1))
        press("b", at: 1004.77)
        press("b", at: 1006.01)
        press("k", at: 1007.5)
        press("g", at: 1008)
        press("controller", at: 1008)
        take(sim.handle(.key(.enter), mono: 1008.2))
        press("later", at: 1008.2)
        take(sim.handle(.key(.enter), mono: 1008.9))
        press("k", at: 1010.25)
        press("p", at: 1011)
        press("latte", at: 1011)
        take(sim.handle(.key(.enter), mono: 1011.1))
        press("price=4.5", at: 1011.2)
        take(sim.handle(.key(.enter), mono: 1011.4))
        press("S", at: 1013.333)
        let request = try #require(savedRequest)
        #expect(request.until == sim.now)

        let saved = try ScenarioLoader.load(json: request.text, file: "saved.json")
        #expect(saved.until == request.until)
        let replay = ScenarioRunner.trace(saved.scenario, until: saved.until)
        // As the main loop writes --trace: the session's first record (its platform), then the rest.
        #expect(replay == Array(sim.trace.prefix(1)) + trace)
        #expect(trace.contains { $0.kind == .clicked })
        #expect(trace.contains { $0.kind == .returnedToStack && $0.reason == .delegateLater })
        #expect(saved.scenario.timeline.allSatisfy { $0.note?.hasPrefix("recorded") == true })
        #expect(saved.scenario.timeline.first?.note == "recorded: timeline step 1: the app starts")
    }
}

/// The same, end to end: the real binary in tmux, saved with `S` and `--record`, replayed by
/// `iamterm run --format jsonl`, compared with the session's own `--trace` file.
@Suite(
    "Record a session in tmux", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct RecordTmuxTests {
    @Test("record (events with properties, background, keyboard, a click, a delegate change), replay: same trace")
    func recordAndReplay() throws {
        let dir = NSTemporaryDirectory() + "iamterm-record-\(getpid())/"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let scenario = dir + "scenario.json"
        try RecordTests.source.write(toFile: scenario, atomically: true, encoding: .utf8)
        let tracePath = dir + "session.jsonl"
        let recordPath = dir + "session.json"

        let pane = try TmuxPane()
        try pane.launchApp([scenario, "--trace", tracePath, "--record", recordPath])
        try pane.type("l")
        try pane.waitFor("the delivery") { $0.contains("delivery_completed") }
        try pane.type("e")
        try pane.waitFor("the event prompt") { $0.contains("custom event name") }
        try pane.type("cart_add")
        try pane.keys("Enter")
        try pane.waitFor("the properties prompt") { $0.contains("properties key=value") }
        try pane.type("size=large, qty=2, gift=true")
        try pane.keys("Enter")
        let modal = try pane.waitFor("the modal") { $0.contains("[ Shop ]") }
        let button = try #require(pane.locate("[ Shop ]", in: modal))
        try pane.click(x: button.x + 2, y: button.y)
        try pane.waitFor("the click") { $0.contains("clicked") }
        try pane.type("b")
        try pane.waitFor("the background") { $0.contains("(background)") }
        try pane.type("b")
        try pane.waitFor("the foreground") { $0.contains("(foreground)") }
        try pane.type("k")
        try pane.type("g")
        try pane.waitFor("the delegate prompt") { $0.contains("implements") }
        try pane.type("controller")
        try pane.keys("Enter")
        try pane.waitFor("the answer prompt") { $0.contains("answer") }
        try pane.type("later")
        try pane.keys("Enter")
        try pane.type("p")
        try pane.waitFor("the purchase prompt") { $0.contains("product") }
        try pane.type("latte")
        try pane.keys("Enter")
        try pane.waitFor("the purchase properties prompt") { $0.contains("latte properties") }
        try pane.type("price=4.5, cup=venti")
        try pane.keys("Enter")
        try pane.waitFor("the purchase") { $0.contains("returned_to_stack") }
        try pane.type("S")
        try pane.waitFor("the save") { $0.contains("saved") }
        try pane.type("q")
        try pane.expectTerminalRestored()

        let saved = try String(contentsOfFile: recordPath, encoding: .utf8)
        #expect(saved.contains("\"until\""))
        #expect(saved.contains("\"do\":\"click\""))
        #expect(saved.contains("\"gift\":true"))
        let replay = try BinaryRunner.run(["run", recordPath, "--format", "jsonl"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let session = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(!session.isEmpty)
        #expect(replay.stdout == session)
    }

    @Test("S without --record: iamterm-session.json in the working directory, then -2; never overwritten")
    func defaultPath() throws {
        let dir = NSTemporaryDirectory() + "iamterm-record-cwd-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let pane = try TmuxPane()
        try pane.type("cd '\(dir)'")
        try pane.keys("Enter")
        try pane.launchApp(["--paused"])
        try pane.type("l")
        try pane.type("S")
        try pane.waitFor("the first save") { $0.contains("saved") && $0.contains("iamterm-session.json") }
        try pane.type("k")
        try pane.type("S")
        try pane.waitFor("the second save") { $0.contains("iamterm-session-2.json") }
        try pane.type("q")
        try pane.expectTerminalRestored()
        let first = try ScenarioLoader.load(
            json: try String(contentsOfFile: dir + "/iamterm-session.json", encoding: .utf8), file: "1")
        let second = try ScenarioLoader.load(
            json: try String(contentsOfFile: dir + "/iamterm-session-2.json", encoding: .utf8), file: "2")
        #expect(first.scenario.timeline.map(\.action) == [.launch])
        #expect(second.scenario.timeline.map(\.action) == [.launch, .keyboard(shown: true)])
    }

    @Test("the demo's timeline playing at ×16 with keys pressed in between: --record on quit replays to the same trace")
    func timelineAndKeys() throws {
        let dir = NSTemporaryDirectory() + "iamterm-record-demo-\(getpid())/"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let tracePath = dir + "demo.jsonl"
        let recordPath = dir + "demo.json"
        let pane = try TmuxPane()
        try pane.launchApp(["--play", "--speed", "16", "--trace", tracePath, "--record", recordPath])
        try pane.waitFor("a message shown by the timeline") { $0.contains("displayed") }
        try pane.type("k")
        try pane.type("o")
        try pane.waitFor("a few more timeline steps") { $0.contains("timeline 6/") || $0.contains("timeline 7/") }
        try pane.type("n")
        try pane.type("q")
        try pane.expectTerminalRestored()
        let saved = try String(contentsOfFile: recordPath, encoding: .utf8)
        #expect(saved.contains("recorded: timeline step 1"))
        #expect(saved.contains("recorded: keyboard"))
        let replay = try BinaryRunner.run(["run", recordPath, "--format", "jsonl"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == (try String(contentsOfFile: tracePath, encoding: .utf8)))
    }
}

/// A session started from Braze's data alone (a triggers array, a sync response, one triggered
/// action, one message) saves as a scenario with the same triggers and the recorded timeline.
@Suite("Record a session started from Braze's data")
struct RecordBrazeOnlyTests {
    static let action = """
        { "id": "promo", "type": "inapp", "priority": 2,
          "trigger_condition": [ { "type": "open", "data": {} } ],
          "data": { "type": "SLIDEUP", "message": "Hello" } }
        """
    static let sources = [
        "[\(action)]",
        "{\"triggers\": [\(action)], \"feed\": []}",
        action,
        "{\"type\": \"MODAL\", \"message\": \"Alone\", \"trigger_id\": \"lone\"}",
        "{\"type\": \"SLIDEUP\", \"message\": \"No id\"}",
    ]

    @Test("each shape: the saved file loads as a scenario, with the same triggers, and replays the session")
    func shapes() throws {
        for source in Self.sources {
            let original = try ScenarioLoader.load(json: source, file: "braze.json", keepingJSON: true)
            #expect(original.shape.isBrazeOnly)
            let steps = [
                TimelineStep(at: 0, action: .launch, note: "recorded: launch"),
                TimelineStep(at: 2.25, action: .background, note: "recorded: background"),
            ]
            let text = RecordedScenario.text(source: original.json, timeline: steps, until: 3)
            let saved = try ScenarioLoader.load(json: text, file: "saved.json")
            #expect(saved.shape == .scenario, "\(source)")
            #expect(saved.scenario.triggers == original.scenario.triggers, "\(source)")
            #expect(saved.scenario.timeline == steps)
            #expect(saved.warnings.isEmpty, "\(source): \(saved.warnings)")
        }
    }
}
