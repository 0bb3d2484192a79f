import Foundation
import IAMEngine
import IAMReport
import IAMScenario
import Testing

/// `iamterm run --format svg` (terminal-ui.md, "Record and share"): the picture of a trace.
@Suite("SVG timeline")
struct TimelineSVGTests {
    static func demo() throws -> Scenario {
        try ScenarioLoader.load(json: DemoScenario.json, file: "demo.json").scenario
    }

    static let laneIDs = [
        "lane-app", "lane-keyboard", "lane-orientation", "lane-events", "lane-performed", "lane-messages",
        "lane-stack", "lane-cooldown", "lane-discards", "lane-returns",
    ]

    @Test("the model runs the same trace as iamterm run, record for record")
    func sameTrace() throws {
        let scenario = try Self.demo()
        for until in [nil, 60.0] {
            var records: [TraceRecord] = []
            let model = TimelineModel.build(scenario, until: until) { (record: TraceRecord) throws(Never) in
                records.append(record)
            }
            #expect(records == ScenarioRunner.trace(scenario, until: until))
            #expect(model.recordCount == records.count)
        }
    }

    @Test("the demo's SVG parses as XML, has every lane, and a bar for each displayed message, in order")
    func demoStructure() throws {
        let scenario = try Self.demo()
        let svg = TimelineSVG.render(TimelineModel.build(scenario))
        let parsed = ParsedSVG(svg)
        #expect(parsed.error == nil)
        let ids = Set(parsed.elements.compactMap { $0.attributes["id"] })
        for lane in Self.laneIDs { #expect(ids.contains(lane), "missing \(lane)") }
        #expect(ids.contains("legend") && ids.contains("axis") && ids.contains("title"))

        let trace = ScenarioRunner.trace(scenario)
        let shown = trace.filter { $0.kind == .displayed && $0.reason != .controlImpression }.map { $0.message ?? "" }
        let bars = parsed.with(class: "message-bar").filter { $0.lane == "messages" }
        #expect(bars.count == shown.count)
        #expect(bars.map { $0.attributes["data-message"] ?? "" } == shown)
        #expect(!shown.isEmpty)
        // Coloured by type: a MODAL trigger's bar has the MODAL class.
        let modal = try #require(scenario.triggers.first { $0.message.kind == .modal && shown.contains($0.id) })
        #expect(bars.first { $0.attributes["data-message"] == modal.id }?.classes.contains("type-MODAL") == true)

        // One mark per event, per performed trigger, per discard and per return.
        #expect(parsed.with(class: "event").filter { $0.lane == "events" }.count == trace.count { $0.kind == .event })
        #expect(
            parsed.with(class: "performed").filter { $0.lane == "performed" }.count
                == trace.count { $0.kind == .performed })
        #expect(
            parsed.with(class: "discard").filter { $0.lane == "discards" }.count
                == trace.count { $0.kind == .discarded })
        #expect(
            parsed.with(class: "return").filter { $0.lane == "returns" }.count
                == trace.count { $0.kind == .returnedToStack })
        #expect(parsed.with(class: "depth-line").count == 1)
        #expect(!parsed.with(class: "cooldown").filter { $0.lane == "cooldown" }.isEmpty)
        #expect(parsed.texts.contains("iamterm · \(scenario.name) · profile ios"))
    }

    @Test(
        "integration.md: the app around the SDK has its own lane, the app's own UI a bar of its own, no_presenter a discard"
    )
    func integrationRecords() throws {
        let lesson = try #require(Lesson.named("nothing-shows"))
        let scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        let trace = ScenarioRunner.trace(scenario)
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario)))
        #expect(parsed.error == nil)
        // One square per presenter change, screen, test send: each titled with its trace line.
        let changes = trace.filter {
            $0.kind == .testSend || ($0.kind == .app && [.integration, .screen].contains($0.reason))
        }
        let marks = parsed.with(class: "integration").filter { $0.lane == "integration" && $0.name == "path" }
        #expect(marks.count == changes.count)
        #expect(changes.count == 6)
        let labels = parsed.with(class: "integration-label").map(\.text)
        #expect(labels.contains("UI none"))
        #expect(labels.contains("UI custom, impressions app"))
        #expect(labels.contains("test_send qa-check waiting"))
        // handed_to_app at 12 is a bar drawn by the app; displayed messages keep theirs.
        let bars = parsed.with(class: "message-bar").filter { $0.lane == "messages" }
        #expect(
            bars.map { $0.attributes["data-message"] ?? "" } == [
                "spring-sale", "spring-sale", "spring-sale", "qa-check",
            ])
        #expect(bars.map { $0.classes.contains("by-app") } == [false, true, false, false])
        let discards = parsed.with(class: "discard-label").map(\.text)
        #expect(discards == ["spring-sale · no_presenter"])
        #expect(parsed.texts.contains("the app around the SDK changed"))
        #expect(parsed.texts.contains("handed to the app's own UI (I3)"))
        // A run with the defaults draws no such lane, and no such legend entry.
        let demo = ParsedSVG(TimelineSVG.render(TimelineModel.build(try Self.demo())))
        #expect(!demo.elements.contains { $0.attributes["id"] == "lane-integration" })
        #expect(!demo.texts.contains("the app around the SDK changed"))
    }

    @Test(
        "B3/B4: the bridge example marks bridge_not_ready and the hand-off the native UI discards, and names the bridge"
    )
    func bridgeRecords() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/examples/bridge.json")
        let data = try Data(contentsOf: url)
        let scenario = try ScenarioLoader.load(bytes: Array(data), file: "bridge.json").scenario
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario)))
        #expect(parsed.error == nil)
        let labels = parsed.with(class: "integration-label").map(\.text)
        #expect(
            labels == ["welcome · bridge_not_ready", "react-native ready, UI off", "cart-nudge · handed_to_app"],
            "\(labels)")
        let marks = parsed.with(class: "integration").filter { $0.lane == "integration" && $0.name == "path" }
        #expect(marks.count == 3)
    }

    @Test("P2: a cooldown span starts at each performed trigger and lasts the global interval")
    func cooldownSpans() throws {
        let scenario = Scenario(
            settings: Settings(minimumTriggerInterval: 30),
            triggers: [
                Trigger(
                    id: "a", conditions: [.customEvent(name: "go")], reEligibility: 0, message: Message(close: .swipe))
            ],
            timeline: [
                TimelineStep(at: 0, action: .launch),
                TimelineStep(at: 2, action: .customEvent(name: "go", properties: [:])),
                TimelineStep(at: 10, action: .launch),
                TimelineStep(at: 12, action: .customEvent(name: "go", properties: [:])),
            ])
        let model = TimelineModel.build(scenario, until: 100)
        // The launch at 10 clears lastTriggerTime (S1): the first span ends there.
        #expect(model.cooldowns.spans.map { [$0.start, $0.end] } == [[2, 10], [12, 42]])
        #expect(model.bars.spans.map(\.label) == ["a", "a"])
        #expect(model.bars.spans.first?.end == 10) // removed by the launch
    }

    @Test("--from/--to zoom: only what lies inside is drawn, the axis covers just that stretch")
    func zoom() throws {
        let scenario = try Self.demo()
        let model = TimelineModel.build(scenario)
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario, from: 30, to: 60)))
        #expect(parsed.error == nil)
        let expected = model.bars.spans.filter { $0.end >= 30 && $0.start <= 60 }.map(\.label)
        #expect(
            parsed.with(class: "message-bar").filter { $0.lane == "messages" }.map {
                $0.attributes["data-message"] ?? ""
            } == expected)
        #expect(expected.count < model.bars.spans.count)
        let ticks = parsed.with(class: "tick")
        #expect(ticks.count >= 3)
        #expect(parsed.texts.contains("30 s") && parsed.texts.contains("1:00"))
    }

    @Test("a long scenario gets a bounded width and minute ticks")
    func longScale() throws {
        let scenario = Scenario(timeline: [
            TimelineStep(at: 0, action: .launch), TimelineStep(at: 7200, action: .background),
        ])
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario)))
        #expect(parsed.error == nil)
        let width = Double(parsed.elements.first { $0.name == "svg" }?.attributes["width"] ?? "") ?? 0
        #expect(width <= 1600 && width >= 1000)
        #expect(parsed.with(class: "tick").count <= 30)
        #expect(parsed.texts.contains("1:00:00"))
    }

    static let hostileID = "</text></svg><script>alert('x')</script>&amp;\"quoted\"\u{1}\u{1B}[31m\u{202E}\u{FFFF}]]>"

    static var hostile: Scenario {
        Scenario(
            name: "<b>bold & \"name\"</b>\u{0}",
            triggers: [
                Trigger(
                    id: hostileID, conditions: [.customEvent(name: "<evt & \u{7}>")], reEligibility: 0,
                    message: Message(kind: .modal, text: "x", close: .swipe))
            ],
            timeline: [
                TimelineStep(at: 0, action: .launch),
                TimelineStep(at: 1, action: .customEvent(name: "<evt & \u{7}>", properties: [:])),
                TimelineStep(at: 2, action: .keyboard(shown: true)),
                TimelineStep(at: 3, action: .delegate(Delegate(implements: .controller, answer: .discard))),
                TimelineStep(at: 40, action: .customEvent(name: "<evt & \u{7}>", properties: [:])),
            ])
    }

    @Test("hostile ids and names cannot break the SVG: it parses, and the id reads back as its visible form")
    func hostileIDs() throws {
        let model = TimelineModel.build(Self.hostile)
        let svg = TimelineSVG.render(model)
        let parsed = ParsedSVG(svg)
        #expect(parsed.error == nil, "\(String(describing: parsed.error))")
        #expect(!svg.contains("<script>"))
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let bars = parsed.with(class: "message-bar").filter { $0.lane == "messages" }
        #expect(bars.count == 1)
        #expect(
            bars.first?.attributes["data-message"]
                == TraceFormat.visible(Self.hostileID).replacingOccurrences(of: "\u{FFFF}", with: "\u{FFFD}"))
        #expect(parsed.with(class: "discard").count >= 1)
    }

    @Test("an id holding the text \\u{001B} and one holding a real ESC read differently, as in the text trace")
    func escapesLikeTheTrace() throws {
        let literal = "a\\u{001B}b"
        let real = "a\u{1B}b"
        let message = Message(kind: .slideup, text: "x")
        let scenario = Scenario(
            triggers: [
                Trigger(id: literal, conditions: [.customEvent(name: "go")], reEligibility: 0, message: message),
                Trigger(id: real, conditions: [.customEvent(name: "two")], reEligibility: 0, message: message),
            ],
            timeline: [
                TimelineStep(at: 0, action: .launch),
                TimelineStep(at: 1, action: .customEvent(name: "go", properties: [:])),
                TimelineStep(at: 40, action: .customEvent(name: "two", properties: [:])),
            ])
        let parsed = ParsedSVG(TimelineSVG.render(TimelineModel.build(scenario)))
        #expect(parsed.error == nil)
        // The text trace's fields: the backslash doubled in the first, the ESC escaped in the second.
        #expect(TraceFormat.textField(literal) == "a\\\\u{001B}b")
        #expect(TraceFormat.textField(real) == "a\\u{001B}b")
        #expect(parsed.texts.contains(TraceFormat.textField(literal)), "\(parsed.texts)")
        #expect(parsed.texts.contains(TraceFormat.textField(real)), "\(parsed.texts)")
    }

    @Test(
        "rsvg-convert renders the demo and the hostile picture without errors",
        .enabled(if: RSVG.path != nil, "rsvg-convert is not installed (scripts/setup installs librsvg2-bin)"))
    func renders() throws {
        for svg in [
            TimelineSVG.render(TimelineModel.build(try Self.demo())),
            TimelineSVG.render(TimelineModel.build(Self.hostile)),
        ] {
            let result = try RSVG.render(svg)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            #expect(result.png > 1000)
        }
    }
}
