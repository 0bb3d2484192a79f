import IAMEngine
import IAMScenario
import IAMTestSupport
import Testing

/// `Comparison` takes the platforms' runs side by side and keeps no trace; the reference below
/// keeps every record of every run (the first version of compare) and must agree with it.
@Suite("Compare streams: the same answers as the whole traces give")
struct StreamedComparisonTests {
    static func expectSame(_ scenario: Scenario, _ profiles: [Profile], until: Double? = nil, _ label: String) {
        let streamed = Comparison(scenario, profiles: profiles, until: until)
        let reference = ReferenceComparison(scenario, profiles: profiles, until: until)
        let names = profiles.map(\.name).joined(separator: ",")
        #expect(streamed.messages == reference.messages, "\(label) \(names)")
        for id in reference.messages {
            #expect(
                streamed.fates(of: id) == reference.runs.map { $0.fates[id] ?? Fate() }, "\(label) \(names) \(id)")
        }
        #expect(streamed.runs.map(\.fates) == reference.runs.map(\.fates), "\(label) \(names)")
        #expect(streamed.firstDivergence?.index == reference.firstDivergence?.index, "\(label) \(names)")
        #expect(streamed.firstDivergence?.records == reference.firstDivergence?.records, "\(label) \(names)")
        #expect(streamed.firstDivergence?.rows == reference.firstDivergence?.rows, "\(label) \(names)")
        #expect(streamed.divergences.map(\.message) == reference.divergences.map(\.message), "\(label) \(names)")
        #expect(streamed.divergences.map(\.rows) == reference.divergences.map(\.rows), "\(label) \(names)")
        let first = Comparison.firstDivergence(scenario, profiles: profiles, until: until)
        #expect(first?.index == reference.firstDivergence?.index, "\(label) \(names)")
        #expect(first?.records == reference.firstDivergence?.records, "\(label) \(names)")
        #expect(first?.rows == reference.firstDivergence?.rows, "\(label) \(names)")
    }

    /// Every platform first in turn (the one the others are compared with), then each pair.
    static func orders() -> [[Profile]] {
        let all = Profile.all
        var orders = all.indices.map { Array(all[$0...] + all[..<$0]) }
        for a in all.indices {
            for b in all.indices where a != b { orders.append([all[a], all[b]]) }
        }
        return orders
    }

    @Test("the demo, under every order of the platforms and each pair, whole and up to t=60")
    func demo() throws {
        let scenario = try ScenarioLoader.load(json: DemoScenario.json, file: "demo").scenario
        var differing = 0
        for profiles in Self.orders() {
            Self.expectSame(scenario, profiles, "demo")
            Self.expectSame(scenario, profiles, until: 60, "demo until 60")
            if !Comparison(scenario, profiles: profiles).agree { differing += 1 }
        }
        #expect(differing == Self.orders().count, "the platforms part on the demo in every order")
    }

    @Test("every lesson, under every order of the platforms and each pair")
    func lessons() throws {
        for lesson in Lesson.all {
            let scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
            for profiles in Self.orders() { Self.expectSame(scenario, profiles, lesson.name) }
        }
    }

    @Test("each row's script (X1–X15), under every order of the platforms")
    func rowScripts() {
        for (row, script) in ProfileScripts.all {
            for profiles in Self.orders() { Self.expectSame(script.scenario, profiles, row.id) }
        }
    }

    @Test("random scenarios (seeded), each platform first in turn, some cut short")
    func generated() {
        var parted = 0
        let seeds = 24
        for seed in 0..<seeds {
            var rng = SeededGenerator(seed: 0xC0_4DA2E &+ UInt64(seed))
            let triggers = PropertyTests.randomTriggers(&rng)
            var timeline: [TimelineStep] = []
            var now = 0.0
            for step in 0..<60 {
                now += [0, 0.1, 0.5, 1, 3, 8, 15].randomElement(using: &rng)!
                let action = step == 0 ? .launch : PropertyTests.randomAction(&rng, triggers: triggers)
                timeline.append(TimelineStep(at: now, action: action))
            }
            let scenario = Scenario(
                settings: Settings(minimumTriggerInterval: [0, 5, 30].randomElement(using: &rng)!),
                assets: ["slow.png": AssetSpec(download: 4), "bad.png": AssetSpec(download: 1, fails: true)],
                triggers: triggers, timeline: timeline)
            let until: Double? = seed % 3 == 0 ? now / 2 : nil
            for profiles in Self.orders().prefix(Profile.all.count) {
                Self.expectSame(scenario, profiles, until: until, "seed \(seed)")
            }
            if !Comparison(scenario, profiles: Profile.all).agree { parted += 1 }
        }
        #expect(parted * 2 >= seeds, "most random scenarios make the platforms part (\(parted) of \(seeds))")
    }
}

/// The first version of compare, kept as the reference: every run's whole trace in an array,
/// every row tried by a whole run, the runs remembered.
struct ReferenceComparison {
    struct Run {
        var profile: Profile
        var records: [TraceRecord]
        var fates: [String: Fate]
    }

    struct Divergence {
        var index: Int
        var records: [TraceRecord?]
        var rows: [Difference]
    }

    var runs: [Run] = []
    var messages: [String] = []
    var firstDivergence: Divergence?
    var divergences: [(message: String, rows: [Difference])] = []
    private var scenario: Scenario
    private var until: Double?
    private var cache: [String: Run] = [:]

    init(_ scenario: Scenario, profiles: [Profile], until: Double?) {
        var scenario = scenario
        scenario.timeline.removeAll { if case .profile = $0.action { true } else { false } }
        self.scenario = scenario
        self.until = until
        runs = profiles.map { Self.run(scenario, $0, until: until) }
        var ids = scenario.triggers.map(\.id)
        var seen = Set(ids)
        for run in runs {
            for record in run.records
            where (record.kind == .stacked && record.reason == .local) || record.kind == .testSend {
                if let id = record.message, seen.insert(id).inserted { ids.append(id) }
            }
        }
        messages = ids
        let base = runs[0]
        let index = runs.dropFirst().compactMap { Self.firstDifference(base.records, $0.records) }.min()
        if let index {
            var rows: Set<Difference> = []
            for run in runs.dropFirst() where Self.firstDifference(base.records, run.records) == index {
                rows.formUnion(
                    explaining(toward: run) { variant, target in
                        (Self.firstDifference(variant.records, target.records) ?? Int.max) > index
                    })
            }
            firstDivergence = Divergence(
                index: index, records: runs.map { index < $0.records.count ? $0.records[index] : nil },
                rows: rows.sorted())
        }
        for id in ids {
            let fates = runs.map { $0.fates[id] ?? Fate() }
            guard fates.contains(where: { $0 != fates[0] }) else { continue }
            var rows: Set<Difference> = []
            for (run, fate) in zip(runs, fates).dropFirst() where fate != fates[0] {
                rows.formUnion(
                    explaining(toward: run) { variant, target in
                        (variant.fates[id] ?? Fate()) == (target.fates[id] ?? Fate())
                    })
            }
            divergences.append((id, rows.sorted()))
        }
    }

    private mutating func explaining(toward other: Run, _ explains: (Run, Run) -> Bool) -> [Difference] {
        let base = runs[0]
        let candidates = base.profile.policies.differences(from: other.profile.policies)
        let forward = candidates.filter { explains(variant(base, $0, other), other) }
        if !forward.isEmpty { return forward }
        return candidates.filter { explains(variant(other, $0, base), base) }
    }

    private mutating func variant(_ from: Run, _ row: Difference, _ to: Run) -> Run {
        let key = "\(from.profile.name)|\(row.id)|\(to.profile.name)"
        if let run = cache[key] { return run }
        var profile = from.profile
        profile.policies = from.profile.policies.adopting(row, from: to.profile.policies)
        let run = Self.run(scenario, profile, until: until)
        cache[key] = run
        return run
    }

    static func run(_ scenario: Scenario, _ profile: Profile, until: Double?) -> Run {
        var scenario = scenario
        scenario.settings.profile = profile
        var run = ScenarioStepper(scenario, until: until)
        var records: [TraceRecord] = []
        while run.step(into: &records) {}
        return Run(profile: profile, records: records, fates: fates(records, run.engine.state))
    }

    static func firstDifference(_ a: [TraceRecord], _ b: [TraceRecord]) -> Int? {
        let shared = min(a.count, b.count)
        for index in 0..<shared where a[index] != b[index] { return index }
        return a.count == b.count ? nil : shared
    }

    /// Each message's fate from the whole trace, and where `final` leaves it.
    static func fates(_ records: [TraceRecord], _ final: EngineState) -> [String: Fate] {
        var steps: [String: [(what: String, times: [Double], impressions: [Double])]] = [:]
        func add(_ id: String, _ what: String, _ t: Double) {
            if steps[id]?.last?.what == what, steps[id]?.last?.impressions.isEmpty == true {
                steps[id]![steps[id]!.count - 1].times.append(t)
            } else {
                steps[id, default: []].append((what, [t], []))
            }
        }
        func impression(_ id: String, _ t: Double) {
            guard let last = steps[id]?.indices.last else { return add(id, "impression", t) }
            steps[id]![last].impressions.append(t)
        }
        for record in records {
            if record.kind == .app, let reason = record.reason, reason == .launch || reason == .reset {
                for id in record.stack ?? [] { add(id, "cleared by \(reason.rawValue)", record.t) }
            }
            guard let id = record.message else { continue }
            switch record.kind {
            case .displayed: add(id, record.reason == .controlImpression ? "control impression" : "displayed", record.t)
            case .discarded: add(id, "discarded \(record.reason?.rawValue ?? "")", record.t)
            case .reenqueued: add(id, "reenqueued", record.t)
            case .triggerDropped: add(id, "dropped \(record.reason?.rawValue ?? "")", record.t)
            case .handedToApp:
                add(id, "handed to the app", record.t)
                if record.reason == .customUI, record.detail == "impressions sdk" { impression(id, record.t) }
            case .app where record.reason == .impression: impression(id, record.t)
            case .app where record.reason == .bridgeNotReady: add(id, "missed by the app (bridge_not_ready)", record.t)
            default: break
            }
        }
        var fates: [String: Fate] = [:]
        for (id, outcomes) in steps {
            fates[id, default: Fate()].outcomes = outcomes.map { outcome in
                outcome.what + " at " + outcome.times.map(TraceFormat.number).joined(separator: ", ")
                    + (outcome.impressions.isEmpty
                        ? ""
                        : " (impression at " + outcome.impressions.map(TraceFormat.number).joined(separator: ", ")
                            + ")")
            }
        }
        for pending in final.stack { fates[pending.id, default: Fate()].left = "left on the stack" }
        for pending in final.waiting { fates[pending.id, default: Fate()].left = "waiting for its asset" }
        if let parked = final.parked { fates[parked.id, default: Fate()].left = "left parked" }
        for waiting in final.waitingTestSends {
            fates[waiting.pending.id, default: Fate()].left = "test send left waiting"
        }
        return fates
    }
}
