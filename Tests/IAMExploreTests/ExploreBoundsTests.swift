import Foundation
import IAMEngine
import IAMScenario
import Testing

@testable import IAMExplore

/// Issue 48: explore keeps its limits whatever the input. Each test reads the mechanism (the
/// work counted, how often the clock is asked, what the report says it left), never the time:
/// the times are in PERFORMANCE.md.
@Suite("Explore bounds")
struct ExploreBoundsTests {
    static func load(_ document: [String: Any]) throws -> Scenario {
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        return try ScenarioLoader.load(json: String(decoding: data, as: UTF8.self), file: "bounds.json").scenario
    }

    static func slideUp(_ id: String, _ condition: [String: Any]) -> [String: Any] {
        ["id": id, "trigger_condition": [condition], "re_eligibility": 0, "data": ["type": "SLIDEUP", "message": id]]
    }

    /// One trigger whose filter is `groups` AND groups of one filter each, each on its own key.
    static func andGroups(_ groups: Int) throws -> Scenario {
        let filters = (0..<groups).map { g in
            [["property_key": "k\(g)", "property_type": "string", "comparator": 1, "property_value": "v\(g)"]]
        }
        return try load([
            "triggers": [
                slideUp(
                    "t", ["type": "custom_event_property", "data": ["event_name": "e", "property_filters": filters]])
            ]
        ])
    }

    /// `count` triggers, each on its own event `e<i>`; `regex`: each with a backtracking filter.
    static func events(_ count: Int, regex: Bool = false) throws -> Scenario {
        try load([
            "settings": ["minimumTriggerInterval": 0],
            "triggers": (0..<count).map { i in
                regex
                    ? slideUp(
                        "t\(i)",
                        [
                            "type": "custom_event_property",
                            "data": [
                                "event_name": "e\(i)",
                                "property_filters": [
                                    [
                                        [
                                            "property_key": "s", "property_type": "string", "comparator": 10,
                                            "property_value": "^(a|a)*\\1b",
                                        ]
                                    ]
                                ],
                            ],
                        ])
                    : slideUp("t\(i)", ["type": "custom_event", "data": ["event_name": "e\(i)"]])
            },
        ])
    }

    @Test("AND groups: building the events of a filter of N groups is linear (double the groups, the work doubles)")
    func andGroupsLinear() throws {
        func work(_ groups: Int) throws -> Int {
            let report = Explorer(try Self.andGroups(groups), options: .init(depth: 1)).run(profiles: [.ios])
            #expect(report.findings.contains { $0.message == "t" && $0.outcome == .displayed })
            return report.work
        }
        let small = try work(1_000)
        let large = try work(2_000)
        // Quadratic (each group re-judging the ones before it) would be 4×.
        #expect(Double(large) < 2.5 * Double(small), "work \(small) at 1,000 groups, \(large) at 2,000")
    }

    @Test("AND groups: a limit that says stop at once ends the search during set-up, with nothing searched")
    func andGroupsStopInSetUp() throws {
        // Asked as the run starts, as the search begins, as the first state is expanded, then
        // at the first filter group judged: the 4,000 groups are never all judged.
        var asks = 0
        let report = Explorer(try Self.andGroups(4_000), options: .init(depth: 3)).run(profiles: [.ios]) {
            asks += 1
            return asks > 3
        }
        #expect(!report.complete)
        #expect(asks == 4)
        #expect(report.states <= 1)
        #expect(report.work == 4)
        #expect(report.unfinished == ["ios: stopped after depth 0"])
    }

    @Test("AND groups: a filter of more groups than events kept names what it left out and is not complete")
    func andGroupsLeftOut() throws {
        let report = Explorer(try Self.andGroups(200), options: .init(depth: 1)).run(profiles: [.ios])
        #expect(!report.complete)
        #expect(report.leftOut.count == 1)
        let line = try #require(report.leftOut.first)
        #expect(line.hasPrefix("t: "))
        #expect(line.contains("\(200 - Vocabulary.maxVariantsPerEvent / 2) of its filters"))
    }

    @Test("every event of the vocabulary is a move: the 100th event's message shows, and the report is complete")
    func everyEventIsAMove() throws {
        let report = Explorer(try Self.events(100), options: .init(depth: 1)).run(profiles: [.ios])
        #expect(report.complete)
        #expect(report.leftOut.isEmpty)
        for i in [0, 47, 48, 99] {
            #expect(
                report.findings.contains { $0.message == "t\(i)" && $0.outcome == .displayed }, "t\(i) never shown")
        }
    }

    @Test("regex filters: the clock is asked at every move applied, so a limit stops the search at once")
    func clockAtEveryMove() throws {
        var asks = 0
        let report = Explorer(try Self.events(40, regex: true), options: .init(depth: 4)).run(profiles: [.ios]) {
            asks += 1
            return asks > 10
        }
        #expect(!report.complete)
        // Asked once more (the answer that stopped it), never again.
        #expect(asks == 11)
        #expect(report.work == 11)
        #expect(report.states <= 11)
    }

    @Test("regex filters: a new instant re-judges only the filters that read it (none here), not every event's")
    func eventsBuiltOnce() throws {
        let scenario = try Self.events(30, regex: true)
        let meter = Meter { false }
        var maker = MoveMaker(vocabulary: Vocabulary(scenario))
        maker.meter = meter
        var engine = Engine(scenario: scenario)
        _ = engine.apply(.launch, at: 0)
        let moves = maker.moves(from: engine)
        let first = try #require(moves).filter { if case .customEvent = $0.action { true } else { false } }
        let built = meter.work
        #expect(built > 0)
        for at in [10.0, 20, 30, 40] {
            _ = engine.advance(to: at)
            let again = maker.moves(from: engine)
            let later = try #require(again).filter { if case .customEvent = $0.action { true } else { false } }
            #expect(later.count == first.count)
        }
        #expect(meter.work == built, "events built again at a new instant")
    }

    @Test("--profiles: a search is begun only when the clock allows it; the report names those never begun")
    func pairsOnTheClock() throws {
        var asks = 0
        let profiles: [Profile] = [.ios, .android, .web, .swift]
        let report = Explorer(try Self.events(3), options: .init(depth: 2)).run(profiles: profiles) {
            asks += 1
            return asks > 3
        }
        #expect(!report.complete)
        let notBegun = try #require(report.unfinished.last)
        // Four platforms and six pairs; the clock stopped it within the first one or two.
        #expect(notBegun.hasPrefix("not begun: "))
        #expect(notBegun.contains("ios vs android"))
        #expect(report.depth == 0)
    }

    @Test("--from-timeline: every finding refers to one shared start, not a copy of the timeline")
    func findingsShareTheStart() throws {
        var timeline: [[String: Any]] = [["at": 0, "do": "launch"]]
        for j in 0..<2_000 { timeline.append(["at": 1 + Double(j) * 0.01, "do": "customEvent", "name": "noise"]) }
        var document: [String: Any] = ["settings": ["minimumTriggerInterval": 0], "timeline": timeline]
        document["triggers"] = (0..<4).map { i in
            Self.slideUp("t\(i)", ["type": "custom_event", "data": ["event_name": "e\(i)"]])
        }
        let scenario = try Self.load(document)
        let report = Explorer(scenario, options: .init(depth: 1, fromTimeline: true)).run(profiles: [.ios])
        let shown = report.findings.filter { $0.outcome != nil }
        #expect(shown.count >= 4)
        let starts = Set(shown.map { $0.start.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
        #expect(starts.count == 1, "each finding holds its own copy of the timeline")
        #expect(shown.allSatisfy { $0.start.count == 2_001 && $0.steps == 1 })
    }

    @Test("--from-timeline: the timeline's replay is on the clock, a step a piece of work")
    func timelineReplayOnTheClock() throws {
        var timeline: [[String: Any]] = [["at": 0, "do": "launch"]]
        for j in 0..<2_000 { timeline.append(["at": 1 + Double(j) * 0.01, "do": "customEvent", "name": "noise"]) }
        let scenario = try Self.load([
            "timeline": timeline,
            "triggers": [Self.slideUp("t", ["type": "custom_event", "data": ["event_name": "e"]])],
        ])
        var asks = 0
        let report = Explorer(scenario, options: .init(depth: 2, fromTimeline: true)).run(profiles: [.ios]) {
            asks += 1
            return asks > 100
        }
        // Asked as the run starts, as the search begins, then at each step replayed.
        #expect(asks == 101)
        #expect(!report.complete)
        #expect(report.unfinished == ["ios: stopped after depth 0"])
        #expect(report.states <= 1)
    }

    /// The waits as every trigger was once asked for them (the reference `Boundaries` must
    /// agree with): each trigger's next allowed instant, then its window's end, the first
    /// reason kept for each instant.
    static func everyTriggerAsked(_ engine: Engine, count: Int) -> [Double: String] {
        let state = engine.state
        var found: [Double: String] = [:]
        func add(_ at: Double, _ why: String) {
            guard at > state.now, at.isFinite, at < 1e9, found[at] == nil else { return }
            found[at] = why
        }
        if let deadline = engine.nextDeadline { add(deadline, "the engine's next deadline") }
        for trigger in state.delivered.triggers {
            let id = TraceFormat.visible(trigger.id)
            if let next = state.nextAllowed(trigger, at: state.now), next.at > state.now || next.after {
                add(
                    next.after ? next.at + 0.1 : next.at,
                    id + " can fire again" + (next.heldBy.map { " (\($0.rawValue))" } ?? ""))
            }
            if let end = trigger.endTime { add(end - state.settings.epoch, id + "'s time window ends (T2)") }
        }
        for pending in state.stack {
            if let expiry = pending.expiresAt {
                add(expiry, TraceFormat.visible(pending.id) + " reaches its expiry (E1)")
                add(expiry + 1, "a second after " + TraceFormat.visible(pending.id) + "'s expiry (E1)")
            }
        }
        if let parked = state.parked, let expiry = parked.expiresAt {
            add(expiry + 1, "a second after " + TraceFormat.visible(parked.id) + "'s expiry (E1)")
        }
        if case .background(let since) = state.app { add(since + state.sessionTimeout, "the session times out (S2)") }
        return found
    }

    /// Windows, re-eligibility and own intervals, several triggers of each kind.
    static let gates = """
        {"settings":{"minimumTriggerInterval":20},"triggers":[
          {"id":"a","re_eligibility":30,"trigger_condition":[{"type":"custom_event","data":{"event_name":"e"}}],"data":{"type":"SLIDEUP","message":"a"}},
          {"id":"b","re_eligibility":30,"trigger_condition":[{"type":"custom_event","data":{"event_name":"f"}}],"data":{"type":"SLIDEUP","message":"b"}},
          {"id":"c","start_time":1767225650,"end_time":1767225800,"trigger_condition":[{"type":"custom_event","data":{"event_name":"e"}}],"data":{"type":"SLIDEUP","message":"c"}},
          {"id":"d","start_time":1767225650,"end_time":1767225800,"trigger_condition":[{"type":"custom_event","data":{"event_name":"f"}}],"data":{"type":"SLIDEUP","message":"d"}},
          {"id":"g","min_seconds_since_last_trigger":5,"trigger_condition":[{"type":"custom_event","data":{"event_name":"f"}}],"data":{"type":"SLIDEUP","message":"g"}},
          {"id":"h","end_time":1767225700,"trigger_condition":[{"type":"open"}],"data":{"type":"SLIDEUP","message":"h"}}
        ]}
        """

    @Test(
        "waits: asking one trigger of each kind of gates gives the instants and reasons asking every trigger gave",
        arguments: ["demo", "gates"])
    func waitsAsEveryTriggerAsked(_ input: String) throws {
        let scenario = try ScenarioLoader.load(
            json: input == "demo" ? DemoScenario.json : Self.gates, file: input + ".json"
        ).scenario
        var maker = MoveMaker(vocabulary: Vocabulary(scenario))
        var fresh = scenario
        fresh.timeline = []
        fresh.initial = nil
        var engine = Engine(scenario: fresh)
        _ = engine.apply(.launch, at: 0)
        var compared = 0
        // A walk through the demo: at each state, the moves in turn (a different one each time).
        for step in 0..<60 {
            let kinds = GateKinds(engine.state.delivered.triggers)
            let fast = Boundaries.next(engine, count: 3, kinds: kinds)
            let reference = Self.everyTriggerAsked(engine, count: 3)
            let nearest = reference.sorted { $0.key < $1.key }.prefix(3)
            let first = fast.prefix(nearest.count)
            #expect(first.map(\.at) == nearest.map(\.key), "step \(step)")
            #expect(first.map(\.why) == nearest.map(\.value), "step \(step)")
            compared += nearest.count
            let made = maker.moves(from: engine)
            let moves = try #require(made)
            let move = moves[(step * 7) % moves.count]
            _ = engine.apply(move.action, at: move.at)
        }
        #expect(compared > 30)
    }

    @Test("--profiles: searches beyond the bound are never begun, and the report names them")
    func searchesBounded() throws {
        var options = Explorer.Options(depth: 1)
        options.maxSearches = 5
        let report = Explorer(try Self.events(2), options: options).run(profiles: [.ios, .android, .web, .swift])
        #expect(!report.complete)
        #expect(report.findings.count > 0)
        // Four platforms and the first pair; the other five pairs are named.
        #expect(report.partings.allSatisfy { $0.profiles == ["ios", "android"] })
        let line = try #require(report.unfinished.last)
        #expect(
            line
                == "not begun (at most 5 searches): ios vs web, ios vs swift, android vs web, android vs swift, web vs swift"
        )
    }
}
