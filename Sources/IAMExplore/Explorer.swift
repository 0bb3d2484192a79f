import IAMEngine

/// Searches a scenario's reachable states for the edge cases a QA engineer would look for
/// (explore.md): for each message, the shortest sequence of moves that shows it, each discard
/// reason it can reach, or why it never shows; across platforms, where their fates part.
///
/// Breadth-first by number of moves, so every sequence found is a shortest one; states the
/// engine cannot tell apart (`StateKey`) are visited once. Pure and deterministic: the time
/// limit comes in as a function the caller answers from its own clock.
public struct Explorer: Sendable {
    public struct Options: Sendable {
        /// Moves after the start, at most.
        public var depth = 8
        /// Visited states, at most: the memory bound (each visited state keeps a key and its move).
        public var maxStates = 2_000_000
        /// Start from the state at the end of the timeline instead of a fresh launch.
        public var fromTimeline = false
        /// The messages to report (trigger ids); empty: every trigger of the scenario.
        public var messages: [String] = []

        public init(depth: Int = 8, maxStates: Int = 2_000_000, fromTimeline: Bool = false, messages: [String] = []) {
            self.depth = depth
            self.maxStates = maxStates
            self.fromTimeline = fromTimeline
            self.messages = messages
        }
    }

    /// One message's outcome under one platform, with the shortest sequence that reaches it.
    public struct Finding: Sendable {
        public var message: String
        public var profile: String
        /// `nil`: neither displayed nor handed to the app within the bound.
        public var outcome: Outcome?
        /// The whole timeline that replays to it: the start's moves, then the search's.
        public var moves: [Move]
        /// Moves after the start.
        public var steps: Int
        /// For `never`: the rules that held it back on the paths that reached its trigger.
        public var gates: [String]
        /// For `never`: the reasons the trace gave, and what never matched, in words.
        public var reasons: [String]
        public var detail: String?

        /// `displayed`, `discarded:<reason>` or `never` (explore.md).
        public var outcomeName: String { outcome?.name ?? "never" }
    }

    /// Where two platforms' fates of one message part.
    public struct Parting: Sendable {
        public var message: String
        public var profiles: [String]
        public var moves: [Move]
        public var steps: Int
        /// What each platform's trace said of the message at the step where they part.
        public var fates: [String]
        /// The row that explains it, as `compare` names it for this sequence; `nil` when none does.
        public var row: String?
    }

    public struct Report: Sendable {
        public var findings: [Finding] = []
        public var partings: [Parting] = []
        /// States visited, over every search.
        public var states = 0
        /// The deepest level every search visited whole.
        public var depth = 0
        /// Every state within the depth was visited (no limit stopped a search).
        public var complete = true
    }

    public let scenario: Scenario
    public let options: Options

    public init(_ scenario: Scenario, options: Options = Options()) {
        self.scenario = scenario
        self.options = options
    }

    /// The messages reported: `options.messages`, else every trigger.
    public var messages: [String] {
        options.messages.isEmpty ? scenario.triggers.map(\.id) : options.messages
    }

    /// Explores under each profile, then (with several) each pair for partings, stopping when
    /// `shouldStop` answers true (checked between states). `progress(states, depth)` is called
    /// now and then.
    public func run(
        profiles: [Profile], shouldStop: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in }
    ) -> Report {
        var report = Report()
        var depths: [Int] = []
        for profile in profiles {
            var search = Search(explorer: self, profiles: [profile])
            search.run(shouldStop: shouldStop, progress: { progress(report.states + $0, $1) })
            report.states += search.visitedCount
            report.complete = report.complete && search.complete
            depths.append(search.depthDone)
            report.findings += search.findings(profile: profile)
        }
        if profiles.count > 1 {
            for a in profiles.indices {
                for b in profiles.indices where b > a {
                    var search = Search(explorer: self, profiles: [profiles[a], profiles[b]])
                    search.run(shouldStop: shouldStop, progress: { progress(report.states + $0, $1) })
                    report.states += search.visitedCount
                    report.complete = report.complete && search.complete
                    depths.append(search.depthDone)
                    report.partings += search.partings()
                }
            }
        }
        report.depth = depths.min() ?? 0
        return report
    }

    /// The scenario that replays `moves`: the same settings and triggers, `moves` as its timeline
    /// (a fresh install unless the search started from the timeline's end).
    public func replayable(_ moves: [Move]) -> Scenario {
        var scenario = scenario
        if !options.fromTimeline { scenario.initial = nil }
        scenario.timeline = moves.map(\.step)
        return scenario
    }

    /// The start (explore.md): a fresh install launched with its first delivery done, or the
    /// end of the timeline; the moves that lead there and the records they wrote.
    public func start(_ profile: Profile) -> (engine: Engine, moves: [Move], records: [TraceRecord]) {
        var scenario = scenario
        scenario.settings.profile = profile
        var records: [TraceRecord] = []
        var moves: [Move] = []
        if options.fromTimeline {
            var engine = Engine(scenario: scenario)
            for step in scenario.timeline {
                records += engine.apply(step.action, at: step.at)
                moves.append(
                    Move(at: step.at, action: step.action, why: step.note ?? "a step of the scenario's timeline"))
            }
            return (engine, moves, records)
        }
        scenario.initial = nil
        scenario.timeline = []
        var engine = Engine(scenario: scenario)
        records += engine.apply(.launch, at: 0)
        moves.append(
            Move(at: 0, action: .launch, why: "a fresh install starts: its first session and trigger delivery"))
        if let delivery = engine.state.delivery {
            records += engine.advance(to: delivery.completesAt)
            moves.append(
                Move(at: delivery.completesAt, action: .wait, why: "the first trigger delivery has arrived (D1)"))
        }
        return (engine, moves, records)
    }
}

/// One search over the states of one platform, or of two side by side, by depth: every
/// sequence of `limit` moves is tried before any of `limit + 1` (iterative deepening), so each
/// finding is a shortest one, as breadth-first; memory holds the visited keys and the current
/// sequence, not a frontier of engine copies (a copy costs kilobytes; a key, bytes).
struct Search {
    let explorer: Explorer
    let profiles: [Profile]
    let targets: Set<String>
    /// One per platform: each caches the events its filter policy builds.
    var makers: [MoveMaker]

    /// The shallowest depth each state was reached at in the current pass.
    private var seen: [Int: UInt8] = [:]
    /// The moves from the start to the state being expanded.
    private var path: [Move] = []
    private var startMoves: [Move] = []
    /// The first sequence reaching each outcome of each message (platform 0).
    private var found: [String: [Outcome: [Move]]] = [:]
    private var matched: Set<String> = []
    private var gates: [String: Set<String>] = [:]
    private var reasons: [String: Set<String>] = [:]
    private var parted: [String: (moves: [Move], fates: [String])] = [:]
    private(set) var depthDone = 0
    private(set) var complete = true
    /// Distinct states of the deepest pass (the start included).
    private(set) var visitedCount = 0
    private var expansions = 0
    /// Whether the current pass reached a new state at its last depth (else deeper passes
    /// would find nothing new: the search is complete).
    private var grew = false

    init(explorer: Explorer, profiles: [Profile]) {
        self.explorer = explorer
        self.profiles = profiles
        targets = Set(explorer.messages)
        makers = Array(repeating: MoveMaker(vocabulary: Vocabulary(explorer.scenario)), count: profiles.count)
    }

    mutating func run(shouldStop: () -> Bool, progress: (Int, Int) -> Void) {
        var engines: [Engine] = []
        var startRecords: [[TraceRecord]] = []
        for profile in profiles {
            let start = explorer.start(profile)
            engines.append(start.engine)
            startMoves = start.moves
            startRecords.append(start.records)
        }
        observe(startRecords)
        let startKey = StateKey.of(engines)
        visitedCount = 1
        for limit in 1...max(1, explorer.options.depth) {
            seen = [startKey: 0]
            grew = false
            if !expand(engines, depth: 0, limit: limit, shouldStop: shouldStop, progress: progress) {
                complete = false
                return
            }
            visitedCount = seen.count
            depthDone = limit
            if !grew { return }
        }
    }

    /// Tries every move from `engines` at `depth`, and deeper while under `limit`. False when a
    /// limit stopped the search.
    private mutating func expand(
        _ engines: [Engine], depth: Int, limit: Int, shouldStop: () -> Bool, progress: (Int, Int) -> Void
    ) -> Bool {
        expansions += 1
        if expansions & 63 == 0 {
            progress(seen.count, limit)
            if shouldStop() { return false }
        }
        var moves = makers[0].moves(from: engines[0])
        if engines.count > 1 {
            for move in makers[1].moves(from: engines[1])
            where !moves.contains(where: { $0.action == move.action && $0.at == move.at }) {
                moves.append(move)
            }
        }
        let next = UInt8(depth + 1)
        for move in moves {
            var after = engines
            var records: [[TraceRecord]] = []
            for i in after.indices { records.append(after[i].apply(move.action, at: move.at)) }
            path.append(move)
            defer { path.removeLast() }
            // Every step is read, also one into a state already seen: the same state can be
            // reached by a step that discards for another reason.
            observe(records)
            let key = StateKey.of(after)
            if let earlier = seen[key], earlier <= next { continue }
            seen[key] = next
            if seen.count > explorer.options.maxStates { return false }
            if depth + 1 == limit {
                grew = true
                continue
            }
            if !expand(after, depth: depth + 1, limit: limit, shouldStop: shouldStop, progress: progress) {
                return false
            }
        }
        return true
    }

    /// Reads what one step's records say of each message.
    private mutating func observe(_ records: [[TraceRecord]]) {
        for record in records[0] {
            guard let id = record.message ?? record.trigger, targets.contains(id) else { continue }
            if let outcome = Outcome(record), found[id]?[outcome] == nil {
                found[id, default: [:]][outcome] = startMoves + path
            }
            switch record.kind {
            case .triggerMatched, .performed: matched.insert(id)
            default: break
            }
            if let gate = Self.gate(record) {
                gates[id, default: []].insert(gate)
                if let reason = record.reason {
                    reasons[id, default: []].insert(record.kind.rawValue + " " + reason.rawValue)
                }
            }
        }
        guard records.count == 2 else { return }
        let fates = records.map(Self.fates)
        for id in Set(fates[0].keys).union(fates[1].keys) where parted[id] == nil && targets.contains(id) {
            let a = fates[0][id] ?? []
            let b = fates[1][id] ?? []
            if a != b {
                parted[id] = (
                    startMoves + path,
                    [
                        a.isEmpty ? "nothing" : a.joined(separator: ", "),
                        b.isEmpty ? "nothing" : b.joined(separator: ", "),
                    ]
                )
            }
        }
    }

    /// What one step's records did to each message: its fate's words (`displayed`, `discarded timeout`).
    private static func fates(_ records: [TraceRecord]) -> [String: [String]] {
        var fates: [String: [String]] = [:]
        for record in records {
            switch record.kind {
            case .performed, .displayed, .discarded, .returnedToStack, .parked, .handedToApp, .triggerDropped,
                .waitingForAsset, .testSend:
                guard let id = record.message ?? record.trigger else { continue }
                fates[id, default: []].append(record.kind.rawValue + (record.reason.map { " " + $0.rawValue } ?? ""))
            default: continue
            }
        }
        return fates
    }

    /// The rule a record names when it holds a message back.
    static func gate(_ record: TraceRecord) -> String? {
        switch record.kind {
        case .triggerSkipped, .triggerDropped:
            switch record.reason {
            case .minInterval: return "P2"
            case .reEligibility: return "P3"
            case .outsideTimeWindow: return "T2"
            case .lowerPriority: return "P4"
            case .unsupportedFilter: return "T4"
            case .regexBudget, .sdkError: return "R3"
            case .appNotRunning: return "S1"
            default: return "E1"
            }
        case .returnedToStack, .parked: return "L3"
        case .discarded: return record.reason == .timeout ? "E1" : "L3"
        default: return nil
        }
    }

    func findings(profile: Profile) -> [Explorer.Finding] {
        var out: [Explorer.Finding] = []
        for id in explorer.messages {
            let reached = found[id] ?? [:]
            for (outcome, moves) in reached.sorted(by: { $0.key < $1.key }) {
                out.append(
                    Explorer.Finding(
                        message: id, profile: profile.name, outcome: outcome, moves: moves,
                        steps: moves.count - startMoves.count, gates: [], reasons: [], detail: nil))
            }
            guard reached[.displayed] == nil, reached[.handedToApp] == nil else { continue }
            var gates = (gates[id] ?? []).sorted()
            var detail: String?
            if !matched.contains(id) {
                gates.insert("T1", at: 0)
                detail = neverMatched(id, profile: profile)
            } else if gates.isEmpty {
                // Performed, then neither shown nor refused within the bound: it waits (an
                // asset, a delay, the stack) past the last move the search made.
                gates = ["L3"]
                detail = "performed, and still waiting to show after \(explorer.options.depth) moves"
            }
            out.append(
                Explorer.Finding(
                    message: id, profile: profile.name, outcome: nil, moves: [], steps: 0, gates: gates,
                    reasons: (reasons[id] ?? []).sorted(), detail: detail))
        }
        return out
    }

    /// Why a trigger never matched: not on the device, a filter no value passes, or a
    /// condition no move raises.
    private func neverMatched(_ id: String, profile: Profile) -> String {
        guard let trigger = explorer.scenario.triggers.first(where: { $0.id == id }) else {
            return "not a trigger of the scenario"
        }
        if trigger.startsDisabled { return "its campaign is switched off on the server (D5)" }
        var settings = explorer.scenario.settings
        settings.profile = profile
        let values = FilterValues(timelineValues: [:], unixNow: settings.epoch, policy: settings.policies.filters)
        for condition in trigger.conditions {
            switch condition {
            case .customEventProperty(_, let groups), .purchaseProperty(_, let groups):
                if values.passing(groups) == nil {
                    let blocking = groups.first { group in
                        !group.contains { filter in
                            values.candidates(filter).contains { value in
                                filter.passes(
                                    value.map { [filter.key: $0] } ?? [:], unixNow: settings.epoch,
                                    policy: settings.policies.filters)
                            }
                        }
                    }
                    if let filter = blocking?.first {
                        return "its trigger never matched: no value passes " + Condition.words(filter)
                    }
                }
            default: continue
            }
        }
        return "its trigger never matched: needs " + trigger.conditions.map(\.briefWords).joined(separator: " or ")
    }

    func partings() -> [Explorer.Parting] {
        explorer.messages.compactMap { id in
            guard let (moves, fates) = parted[id] else { return nil }
            // The row, as compare explains the same sequence: one source for every X-row's name.
            let comparison = Comparison(explorer.replayable(moves), profiles: profiles)
            let rows =
                comparison.divergences.first { $0.message == id }?.rows ?? comparison.firstDivergence?.rows ?? []
            return Explorer.Parting(
                message: id, profiles: profiles.map(\.name), moves: moves, steps: moves.count - startMoves.count,
                fates: fates, row: rows.first?.id)
        }
    }
}
