import IAMEngine
import IAMRender
import IAMScenario
import Testing

@testable import IAMSimulator

/// `P` and `V` in the reducer (profiles.md): no terminal, time passed in.
@Suite("Interactive platforms (reducer)")
struct ProfileSimulatorTests {
    typealias Sim = InteractiveSimulatorTests

    @Test("the session's first record names the platform; P cycles ios, swift, android, web and back")
    func cycle() {
        var sim = Sim.launched()
        #expect(sim.trace.first.map(TraceFormat.json) == #"{"t":0,"type":"app","reason":"profile","profile":"ios"}"#)
        var seen: [String] = []
        for _ in 0..<4 {
            let effects = sim.handle(.key(.character("P")), mono: 0)
            seen.append(sim.engine.state.settings.profile.name)
            #expect(effects == [.records([TraceRecord(t: 0.5, kind: .app, reason: .profile, profile: seen.last)])])
        }
        #expect(seen == ["swift", "android", "web", "ios"])
    }

    @Test("V replays the session on the second device; the same event parts them at X3, marked once")
    func split() throws {
        var sim = Sim.launched()
        // keyboard up, before the split: replayed
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        let split = try #require(sim.split)
        #expect(split.engine.state.settings.profile == .swift)
        #expect(split.engine.state.keyboardUp)
        #expect(split.left == split.right)
        #expect(split.marker == nil)
        _ = sim.apply(.customEvent(name: "cart_add", properties: [:]), at: 1, note: "")
        let request = try #require(Self.attribution(in: sim.handle(.tick, mono: 0)))
        sim.send(.splitAttributed(request.attribute()), mono: 0, expecting: [])
        let marker = try #require(sim.split?.marker)
        #expect(marker.rows == [.x3])
        #expect(marker.left?.kind == .returnedToStack && marker.right?.kind == .displayed)
        #expect(sim.split?.engine.state.visible?.pending.id == "promo")
        #expect(sim.engine.state.visible == nil)
        // V again: the next platform, then the split closes.
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        #expect(sim.split?.engine.state.settings.profile == .android)
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        #expect(sim.split == nil)
    }

    @Test(
        "split view: Tab goes A's triggers, A's trace, B's triggers, B's trace; Enter shows that device's record, why-not asks that device's engine"
    )
    func perSide() throws {
        var sim = Sim.launched()
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        _ = sim.apply(.customEvent(name: "cart_add", properties: [:]), at: 1, note: "")
        let split = try #require(sim.split)
        #expect(split.left.last?.kind == .returnedToStack && split.right.last?.kind == .displayed)
        sim.send(.key(.tab), mono: 0, expecting: ["attribute split 2"])
        #expect(sim.ui.focus == .trace && sim.ui.side == .left)
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.recordDetail?.json == split.left.last.map(TraceFormat.json))
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.focus == .triggers && sim.ui.side == .right)
        #expect(sim.ui.recordDetail == nil, "A's record closes when the side changes")
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.focus == .trace && sim.ui.side == .right)
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.recordDetail?.json == split.right.last.map(TraceFormat.json))
        let onB = sim.frame(width: 80, height: 24).grid
        let text = (0..<onB.height).map(onB.rowText).joined(separator: "\n")
        #expect(text.contains("B swift  record · Esc closes"))
        sim.send(.key(.escape), mono: 0, expecting: [])
        // Why-not on B's triggers: B's engine answers, not A's.
        sim.send(.key(.tab), mono: 0, expecting: [])
        sim.send(.key(.tab), mono: 0, expecting: [])
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.focus == .triggers && sim.ui.side == .right)
        sim.send(.key(.enter), mono: 0, expecting: [])
        let id = try #require(sim.whyNotTrigger)
        #expect(sim.whyNot?.gates == split.engine.whyNot(id))
        // Tab on B's trace, then again: A's triggers, and the same why-not now A's answer.
        sim.send(.key(.tab), mono: 0, expecting: [])
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.side == .left)
        #expect(sim.whyNot?.gates == sim.engine.whyNot(id))
        #expect(split.engine.whyNot(id) != sim.engine.whyNot(id), "the two devices answer differently here")
    }

    /// A session past `SplitRequest.inlineSteps`: events nothing matches (two records each).
    static func longSession() -> Simulator {
        var sim = Sim.launched()
        // keyboard up: cart_add parts them at X3
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        for index in 0...SplitRequest.inlineSteps {
            _ = sim.apply(.customEvent(name: "nothing", properties: [:]), at: 1 + Double(index) / 1000, note: "")
        }
        return sim
    }

    @Test("V on a long session: built off the main loop (an effect), what happens meanwhile given to it on arrival")
    func splitOffTheLoop() throws {
        var sim = Self.longSession()
        let effects = sim.handle(.key(.character("V")), mono: 0)
        guard case .buildSplit(let request) = effects.last else {
            Issue.record("V asked for no build: \(effects)")
            return
        }
        #expect(sim.split == nil)
        #expect(request.right == .swift && request.left == .ios)
        // launch, keyboard, the events: every action so far.
        #expect(request.applied == sim.session.steps)
        #expect(request.applied.count == SplitRequest.inlineSteps + 3)
        // Keys are answered meanwhile; the event that parts the platforms happens before the answer.
        _ = sim.apply(.customEvent(name: "cart_add", properties: [:]), at: 5, note: "")
        let built = sim.handle(.splitBuilt(BuiltSplit(id: request.id, devices: request.build())), mono: 0)
        // The parting happened meanwhile: its rows are worked out off the main loop too.
        #expect(sim.split?.marker?.index != nil && sim.split?.marker?.rows == nil)
        let attribution = try #require(Self.attribution(in: built))
        sim.send(.splitAttributed(attribution.attribute()), mono: 0, expecting: [])
        let split = try #require(sim.split)
        let direct = SplitDevices(
            scenario: sim.scenario, applied: sim.session.steps, now: sim.now, left: .ios, right: .swift)
        #expect(split.left == direct.left)
        #expect(split.right == direct.right)
        #expect(split.marker == direct.marker)
        #expect(split.marker?.rows == [.x3])
        #expect(split.engine.state.visible?.pending.id == "promo")
    }

    /// The one request for a parting's rows among `effects`, if any.
    static func attribution(in effects: [Simulator.Effect]) -> SplitRequest? {
        let requests = effects.compactMap { effect -> SplitRequest? in
            guard case .attributeSplit(let request) = effect else { return nil }
            return request
        }
        #expect(requests.count <= 1, "one request per parting: \(requests.map(\.id))")
        return requests.first
    }

    /// With keyboard up on the left and the split open (no parting yet), `e` then Enter twice:
    /// cart_add, which ios holds back (X3) and the other shows.
    static func partWithTheSplitOpen(_ sim: inout Simulator) -> [Simulator.Effect] {
        var effects = sim.handle(.key(.character("e")), mono: 0)
        effects += sim.handle(.key(.enter), mono: 0) // cart_add, the default
        effects += sim.handle(.key(.enter), mono: 0) // no properties
        return effects
    }

    static func screen(_ sim: Simulator) -> String {
        let grid = sim.frame(width: 80, height: 24).grid
        return (0..<grid.height).map(grid.rowText).joined(separator: "\n")
    }

    @Test(
        "split open, the sides part: the marker at once, its rows asked off the main loop; the answer fills exactly what SplitDevices.rows finds"
    )
    func attributionOffTheLoop() throws {
        var sim = Sim.launched()
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        #expect(Self.attribution(in: sim.handle(.key(.character("V")), mono: 0)) == nil, "no parting yet")
        #expect(sim.split?.marker == nil)
        let effects = Self.partWithTheSplitOpen(&sim)
        let request = try #require(Self.attribution(in: effects))
        let marker = try #require(sim.split?.marker)
        #expect(marker.rows == nil, "not worked out on the main loop")
        #expect(marker.left?.kind == .returnedToStack && marker.right?.kind == .displayed)
        #expect(Self.screen(sim).contains("which row: working it out…"))
        // The request carries the session up to the parting and the two platforms.
        #expect(request.applied == sim.session.steps)
        #expect(request.now == sim.now)
        #expect(request.left == .ios && request.right == .swift)
        #expect(Self.attribution(in: sim.handle(.tick, mono: 0)) == nil, "asked once")
        let direct = SplitDevices.rows(
            scenario: sim.scenario, applied: sim.session.steps, now: sim.now, .ios, .swift)
        #expect(!direct.isEmpty)
        let answer = request.attribute()
        #expect(answer == AttributedSplit(id: request.id, rows: direct))
        sim.send(.splitAttributed(answer), mono: 0, expecting: [])
        #expect(sim.split?.marker?.rows == direct)
        #expect(sim.split?.marker?.index == marker.index && sim.split?.marker?.left == marker.left)
        let screen = Self.screen(sim)
        #expect(!screen.contains("working it out"))
        #expect(screen.contains(direct.map { "\($0.id) " }.joined()))
        // Delivered twice (a late duplicate): nothing changes.
        sim.send(.splitAttributed(AttributedSplit(id: request.id, rows: [])), mono: 0, expecting: [])
        #expect(sim.split?.marker?.rows == direct)
    }

    /// Issue 44, finding 8: the split's explanation is compare's: a version boundary is named.
    @Test("a split between two versions of one platform is explained by the version boundary compare names (TS2)")
    func splitVersions() throws {
        let json = """
            {
              "triggers": [],
              "timeline": [
                { "at": 0, "do": "launch" },
                { "at": 5, "do": "testSend", "id": "qa", "message": { "type": "SLIDEUP", "message": "Test" } }
              ]
            }
            """
        let scenario = try ScenarioLoader.load(json: json, file: "t.json").scenario
        let old = try #require(Profile.named("android@6.0.0"))
        let new = try #require(Profile.named("android@37.0.0"))
        let explained = SplitDevices.explanation(scenario: scenario, applied: scenario.timeline, now: 10, old, new)
        #expect(explained.rows.isEmpty)
        #expect(explained.also.first?.hasPrefix("TS2 changes at android 7.0.0") == true, "\(explained.also)")
        let request = SplitRequest(
            id: 1, scenario: scenario, applied: scenario.timeline, now: 10, left: old, right: new)
        #expect(request.attribute().also == explained.also)
    }

    @Test("a parting's rows arriving late are dropped: after V (the next platform), after a restart, after closing")
    func attributionStale() throws {
        // V: the next platform's split, built at once with its own rows; the old answer leaves them.
        var sim = Sim.launched()
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        let first = try #require(Self.attribution(in: Self.partWithTheSplitOpen(&sim)))
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        #expect(sim.split?.engine.state.settings.profile == .android)
        let android = SplitDevices.rows(
            scenario: sim.scenario, applied: sim.session.steps, now: sim.now, .ios, .android)
        #expect(!android.isEmpty)
        #expect(sim.split?.marker?.rows == android)
        sim.send(.splitAttributed(AttributedSplit(id: first.id, rows: [])), mono: 0, expecting: [])
        #expect(sim.split?.marker?.rows == android)

        // A restart: the split reopens from t=0 and parts again; only the newer answer counts.
        sim = Sim.launched()
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        let before = try #require(Self.attribution(in: Self.partWithTheSplitOpen(&sim)))
        sim.send(.key(.character("0")), mono: 0, expecting: [])
        sim.send(
            .key(.character("y")), mono: 0, expecting: ["   0.000  app                               profile  ios"])
        #expect(sim.now == 0 && sim.split?.marker == nil)
        sim.send(
            .key(.character("l")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  4 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        sim.send(
            .key(.character(".")), mono: 0,
            expecting: [
                "   0.500  delivery_completed                 4 triggers",
                "   0.500  no_match                          open",
            ])
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        let after = try #require(Self.attribution(in: Self.partWithTheSplitOpen(&sim)))
        #expect(after.id > before.id)
        sim.send(.splitAttributed(before.attribute()), mono: 0, expecting: [])
        #expect(sim.split?.marker != nil && sim.split?.marker?.rows == nil, "the older answer is dropped")
        sim.send(.splitAttributed(after.attribute()), mono: 0, expecting: [])
        #expect(
            sim.split?.marker?.rows
                == SplitDevices.rows(scenario: sim.scenario, applied: sim.session.steps, now: sim.now, .ios, .swift))

        // Closed (V past the last platform), then reopened: the answer belongs to neither.
        sim = Sim.launched()
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        let closed = try #require(Self.attribution(in: Self.partWithTheSplitOpen(&sim)))
        for _ in 0..<3 { sim.send(.key(.character("V")), mono: 0, expecting: []) }
        #expect(sim.split == nil)
        sim.send(.splitAttributed(closed.attribute()), mono: 0, expecting: [])
        #expect(sim.split == nil)
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        let reopened = sim.split?.marker?.rows
        sim.send(.splitAttributed(AttributedSplit(id: closed.id, rows: [])), mono: 0, expecting: [])
        #expect(sim.split?.marker?.rows == reopened)
        #expect(
            reopened
                == SplitDevices.rows(scenario: sim.scenario, applied: sim.session.steps, now: sim.now, .ios, .swift))
    }

    @Test("V twice on a long session: the answer to the first request is dropped, the second one shown")
    func splitOlderAnswerDropped() throws {
        var sim = Self.longSession()
        guard case .buildSplit(let first) = sim.handle(.key(.character("V")), mono: 0).last,
            case .buildSplit(let second) = sim.handle(.key(.character("V")), mono: 0).last
        else {
            Issue.record("V asked for no build")
            return
        }
        #expect(second.right == .android)
        sim.send(.splitBuilt(BuiltSplit(id: first.id, devices: first.build())), mono: 0, expecting: [])
        #expect(sim.split == nil)
        sim.send(.splitBuilt(BuiltSplit(id: second.id, devices: second.build())), mono: 0, expecting: [])
        #expect(sim.split?.engine.state.settings.profile == .android)
    }

    @Test("P in the split view switches the left device only, past the right's platform; the right keeps its own")
    func switchLeft() throws {
        var sim = Sim.launched()
        sim.send(.key(.character("V")), mono: 0, expecting: [])
        sim.send(
            .key(.character("P")), mono: 0, expecting: ["   0.500  app                               profile  android"])
        #expect(sim.engine.state.settings.profile == .android)
        #expect(sim.split?.engine.state.settings.profile == .swift)
        #expect(sim.split?.marker == nil, "a profile record is not a parting")
    }

    @Test("0 after P restarts on the chosen platform, its first record naming it; the split view stays open")
    func restartKeepsPlatform() throws {
        var sim = Sim.launched()
        // swift
        sim.send(
            .key(.character("P")), mono: 0, expecting: ["   0.500  app                               profile  swift"])
        // android
        sim.send(
            .key(.character("P")), mono: 0, expecting: ["   0.500  app                               profile  android"])
        sim.send(.key(.character("V")), mono: 0, expecting: []) // android | ios
        let right = try #require(sim.split?.engine.state.settings.profile)
        let effects = sim.handle(.key(.character("0")), mono: 0)
        // asked: P and V were manual actions
        sim.send(
            .key(.character("y")), mono: 0, expecting: ["   0.000  app                               profile  android"])
        #expect(!effects.isEmpty || sim.engine.state.now == 0)
        #expect(sim.now == 0)
        #expect(sim.engine.state.settings.profile == .android)
        #expect(sim.trace.map(TraceFormat.json) == [#"{"t":0,"type":"app","reason":"profile","profile":"android"}"#])
        #expect(sim.split?.engine.state.settings.profile == right)
        #expect(sim.split?.left.isEmpty == true && sim.split?.marker == nil)
    }

    @Test("a session started on android (--profile) is saved with settings.profile and replays on android")
    func savedSessionKeepsPlatform() throws {
        let file = """
            { "triggers": [ { "id": "promo", "trigger_condition": [ { "type": "custom_event",
                "data": { "event_name": "cart_add" } } ], "data": { "type": "MODAL", "message": "20% off" } } ] }
            """
        let loaded = try ScenarioLoader.load(json: file, file: "promo.json", keepingJSON: true)
        var scenario = loaded.scenario
        scenario.settings.profile = .android // as --profile android does
        var sim = Simulator(
            scenario: scenario, title: "Sim test", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        sim.session.source = loaded.json
        sim.send(
            .key(.character("l")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  1 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.000  app                               keyboard  up"])
        let request = try #require(sim.handle(.key(.character("S")), mono: 0).saveRequest)
        #expect(request.text.contains(#""profile":"android""#) || request.text.contains(#""profile": "android""#))
        let saved = try ScenarioLoader.load(json: request.text, file: "saved.json")
        #expect(saved.scenario.settings.profile == .android)
        #expect(ScenarioRunner.trace(saved.scenario, until: saved.until) == sim.trace)
    }
}
