/// One scenario run under several platforms (profiles.md, "Compare"): each message's fate under
/// each, the first record where the traces part, and the rows (X-IDs) that explain each difference.
///
/// A row is found by trying it: the first platform is run again with that one row answered as
/// the other platform answers it; the rows that make it behave like the other explain the
/// difference. Nothing here knows a platform by name.
public struct Comparison: Sendable {
    /// One platform's run: its trace (without the first `profile` record) and its final state.
    public struct Run: Sendable {
        public var profile: Profile
        public var records: [TraceRecord]
        public var final: EngineState
        /// Each message's fate, from one pass over the records.
        public var fates: [String: Fate]

        /// `never performed` for a message the run never mentions.
        public func fate(of message: String) -> Fate { fates[message] ?? Fate() }
    }

    /// Where the traces first part: the record index (after the first `profile` record), each
    /// run's record there (`nil` when its trace has ended), and the rows that explain it.
    public struct Divergence: Sendable {
        public var index: Int
        public var records: [TraceRecord?]
        public var rows: [Difference]
    }

    /// A message whose fate is not the same under every platform, and the rows that explain it.
    public struct MessageDivergence: Sendable {
        public var message: String
        public var rows: [Difference]
    }

    public let scenario: Scenario
    public let runs: [Run]
    /// Trigger ids in the scenario's order, then local messages as they appear.
    public let messages: [String]
    public let firstDivergence: Divergence?
    public let divergences: [MessageDivergence]

    /// Whether every platform writes the same trace.
    public var agree: Bool { firstDivergence == nil }

    /// Runs `scenario` (its `profile` steps left out, so each run keeps its platform) under
    /// `profiles`; the first is the one the others are compared with.
    public init(_ scenario: Scenario, profiles: [Profile], until: Double? = nil) {
        var scenario = scenario
        scenario.timeline.removeAll { if case .profile = $0.action { true } else { false } }
        self.scenario = scenario
        let runs = profiles.map { Self.run(scenario, $0, until: until) }
        self.runs = runs
        var ids = scenario.triggers.map(\.id)
        var seen = Set(ids)
        for run in runs {
            for record in run.records where record.kind == .stacked && record.reason == .local {
                if let id = record.message, seen.insert(id).inserted { ids.append(id) }
            }
        }
        messages = ids

        var explainer = Explainer(scenario: scenario, until: until, base: runs[0])
        let index = runs.dropFirst().compactMap { Self.firstDifference(runs[0].records, $0.records) }.min()
        if let index {
            var rows: Set<Difference> = []
            for run in runs.dropFirst() where Self.firstDifference(runs[0].records, run.records) == index {
                rows.formUnion(explainer.rowsExplainingDivergence(at: index, toward: run))
            }
            firstDivergence = Divergence(
                index: index, records: runs.map { index < $0.records.count ? $0.records[index] : nil },
                rows: rows.sorted())
        } else {
            firstDivergence = nil
        }
        var divergences: [MessageDivergence] = []
        for id in ids {
            let fates = runs.map { $0.fate(of: id) }
            guard fates.contains(where: { $0 != fates[0] }) else { continue }
            var rows: Set<Difference> = []
            for (run, fate) in zip(runs, fates).dropFirst() where fate != fates[0] {
                rows.formUnion(explainer.rowsExplainingFate(of: id, toward: run))
            }
            divergences.append(MessageDivergence(message: id, rows: rows.sorted()))
        }
        self.divergences = divergences
    }

    /// The fate of `message` under each run, in the runs' order.
    public func fates(of message: String) -> [Fate] { runs.map { $0.fate(of: message) } }

    static func run(_ scenario: Scenario, _ profile: Profile, until: Double?) -> Run {
        var scenario = scenario
        scenario.settings.profile = profile
        var engine = Engine(scenario: scenario)
        var records: [TraceRecord] = []
        ScenarioRunner.drive(&engine, scenario, until: until) { (record: TraceRecord) throws(Never) in
            records.append(record)
        }
        return Run(profile: profile, records: records, final: engine.state, fates: Fate.all(records, engine.state))
    }

    /// The first index where the two traces differ (one ending first counts), `nil` when equal.
    static func firstDifference(_ a: [TraceRecord], _ b: [TraceRecord]) -> Int? {
        let shared = min(a.count, b.count)
        for index in 0..<shared where a[index] != b[index] { return index }
        return a.count == b.count ? nil : shared
    }
}

/// Runs the base platform again with one row changed at a time, remembering each run.
private struct Explainer {
    let scenario: Scenario
    let until: Double?
    let base: Comparison.Run
    var cache: [String: Comparison.Run] = [:]

    init(scenario: Scenario, until: Double?, base: Comparison.Run) {
        self.scenario = scenario
        self.until = until
        self.base = base
    }

    /// `from`'s platform with `row` answered as `to` answers it.
    mutating func variant(_ from: Comparison.Run, _ row: Difference, _ to: Comparison.Run) -> Comparison.Run {
        let key = "\(from.profile.name)|\(row.id)|\(to.profile.name)"
        if let run = cache[key] { return run }
        var profile = from.profile
        profile.policies = from.profile.policies.adopting(row, from: to.profile.policies)
        let run = Comparison.run(scenario, profile, until: until)
        cache[key] = run
        return run
    }

    /// The rows that, given to one side, make it agree with the other past `index`.
    mutating func rowsExplainingDivergence(at index: Int, toward other: Comparison.Run) -> [Difference] {
        rows(toward: other) { variant, target in
            (Comparison.firstDifference(variant.records, target.records) ?? Int.max) > index
        }
    }

    /// The rows that, given to one side, give `message` the other's fate.
    mutating func rowsExplainingFate(of message: String, toward other: Comparison.Run) -> [Difference] {
        rows(toward: other) { variant, target in variant.fate(of: message) == target.fate(of: message) }
    }

    private mutating func rows(
        toward other: Comparison.Run, _ explains: (Comparison.Run, Comparison.Run) -> Bool
    ) -> [Difference] {
        let candidates = base.profile.policies.differences(from: other.profile.policies)
        let forward = candidates.filter { explains(variant(base, $0, other), other) }
        if !forward.isEmpty { return forward }
        return candidates.filter { explains(variant(other, $0, base), base) }
    }
}

/// What became of one message in one run: what happened to it, in order, and where it was left.
public struct Fate: Sendable, Equatable, CustomStringConvertible {
    /// `displayed at 12.5`, `discarded timeout at 40`, ... in trace order, repeats merged.
    public var outcomes: [String] = []
    /// `left on the stack`, `left parked`, `waiting for its asset`, or `nil`.
    public var left: String?

    /// A message the run never mentions.
    public init() {}

    /// Every message's fate in one pass over `records` (linear in the trace), and where
    /// `final` leaves each.
    static func all(_ records: [TraceRecord], _ final: EngineState) -> [String: Fate] {
        var steps: [String: [(what: String, times: [Double])]] = [:]
        func add(_ id: String, _ what: String, _ t: Double) {
            if steps[id]?.last?.what == what {
                steps[id]![steps[id]!.count - 1].times.append(t)
            } else {
                steps[id, default: []].append((what, [t]))
            }
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
            default: break
            }
        }
        var fates: [String: Fate] = [:]
        for (id, outcomes) in steps {
            fates[id, default: Fate()].outcomes = outcomes.map { outcome in
                outcome.what + " at " + outcome.times.map(TraceFormat.number).joined(separator: ", ")
            }
        }
        for pending in final.stack { fates[pending.id, default: Fate()].left = "left on the stack" }
        for pending in final.waiting { fates[pending.id, default: Fate()].left = "waiting for its asset" }
        if let parked = final.parked { fates[parked.id, default: Fate()].left = "left parked" }
        return fates
    }

    /// `displayed at 12.5; left on the stack`, or `never performed`.
    public var description: String {
        let parts = outcomes + (left.map { [$0] } ?? [])
        return parts.isEmpty ? "never performed" : parts.joined(separator: "; ")
    }
}
