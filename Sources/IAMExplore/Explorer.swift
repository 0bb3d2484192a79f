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
        /// Searches (platforms, then pairs) at most: the memory bound of `--profiles` (each
        /// search begun keeps its start and what it found, a few hundred kilobytes); the rest
        /// are named in the report as not begun.
        public var maxSearches = 1_024
        /// Start from the state at the end of the timeline instead of a fresh launch.
        public var fromTimeline = false
        /// The messages to report (trigger ids); empty: every trigger of the scenario.
        public var messages: [String] = []
        /// Stop after the first depth at which every message reported has shown (or gone to the
        /// app's code): the simulator's "find a way" wants the shortest way, not every outcome.
        public var untilShown = false

        public init(
            depth: Int = 8, maxStates: Int = 2_000_000, fromTimeline: Bool = false, messages: [String] = [],
            untilShown: Bool = false
        ) {
            self.depth = depth
            self.maxStates = maxStates
            self.fromTimeline = fromTimeline
            self.messages = messages
            self.untilShown = untilShown
        }
    }

    /// One message's outcome under one platform, with the shortest sequence that reaches it.
    public struct Finding: Sendable {
        public var message: String
        public var profile: String
        /// `nil`: neither displayed nor handed to the app within the bound.
        public var outcome: Outcome?
        /// The start's moves: one list every finding of a search shares (a long timeline, with
        /// `--from-timeline`, is held once, not once per finding).
        public var start: [Move]
        /// The search's moves after the start.
        public var searched: [Move]
        /// Moves after the start.
        public var steps: Int { searched.count }
        /// The whole timeline that replays to it: the start's moves, then the search's (made
        /// when asked: one finding's at a time).
        public var moves: [Move] { start + searched }
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
        /// The start's moves, shared as a finding's are (`Finding.start`), and the search's.
        public var start: [Move]
        public var searched: [Move]
        public var steps: Int { searched.count }
        public var moves: [Move] { start + searched }
        /// The message's fate under each platform as `compare` judges it on the file that
        /// replays `moves` (no `until`: every pending deadline run), each platform's in order.
        public var fates: [String]
        /// The row that explains it, as `compare` names it for this sequence; `nil` when none does.
        public var row: String?
        /// Only the times part: how much later the second platform did what the first did
        /// (negative: earlier); `nil` when what happens to the message differs.
        public var lag: Double?
    }

    public struct Report: Sendable {
        public var findings: [Finding] = []
        public var partings: [Parting] = []
        /// States visited, over every search.
        public var states = 0
        /// The deepest level every search visited whole.
        public var depth = 0
        /// Every state within the depth was visited (no limit stopped a search), every event
        /// was tried (nothing `leftOut`) and every search begun (nothing `unfinished`).
        public var complete = true
        /// Pieces of work done (`Meter`): states expanded, moves applied, filter groups judged.
        public var work = 0
        /// The filters whose events of their own the search did not try (at most
        /// `Vocabulary.maxVariantsPerEvent` per event name), in words, one per trigger.
        public var leftOut: [String] = []
        /// What the time limit left: the searches (a platform, a pair of `--profiles`) not
        /// begun or stopped before their depth, in words.
        public var unfinished: [String] = []
    }

    public let scenario: Scenario
    public let options: Options
    /// The state to start from instead of a fresh install (the simulator's current state).
    public let from: Engine?

    public init(_ scenario: Scenario, options: Options = Options()) {
        self.scenario = scenario
        self.options = options
        from = nil
    }

    /// A search from `engine`'s state as it is (the simulator's "find a way"); its scenario's
    /// triggers and timeline give the vocabulary, and the moves found start at `engine`'s now.
    public init(_ scenario: Scenario, from engine: Engine, options: Options = Options()) {
        self.scenario = scenario
        self.options = options
        from = engine
    }

    /// The messages reported: `options.messages`, else every trigger.
    public var messages: [String] {
        options.messages.isEmpty ? scenario.triggers.map(\.id) : options.messages
    }

    /// Explores under each profile and (with several) each pair for partings, stopping when
    /// `shouldStop` answers true. It is asked at every piece of work (`Meter`): each search
    /// begun, each state expanded, each move applied, each filter group judged while the
    /// events are built, so a limit holds during set-up and whatever the input. The searches go
    /// one depth at a time side by side (every search's depth 1, then every search's depth 2,
    /// ...), so a time limit stops them all at about the same depth instead of leaving the last
    /// ones unsearched; a search is begun when its first pass comes (N platforms make N(N−1)/2
    /// pairs: none is built before the clock allows it). `progress(states, depth)` is called now
    /// and then.
    public func run(
        profiles: [Profile], shouldStop: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in }
    ) -> Report {
        withoutActuallyEscaping(shouldStop) { shouldStop in
            let meter = Meter(shouldStop)
            return run(profiles: profiles, meter: meter, progress: progress)
        }
    }

    private func run(profiles: [Profile], meter: Meter, progress: (Int, Int) -> Void) -> Report {
        var plans: [[Profile]] = profiles.map { [$0] }
        if profiles.count > 1 {
            for a in profiles.indices {
                for b in profiles.indices where b > a { plans.append([profiles[a], profiles[b]]) }
            }
        }
        let beyond = plans.count - min(plans.count, options.maxSearches)
        let overBound = plans.suffix(beyond).map { $0.map(\.name).joined(separator: " vs ") }
        plans.removeLast(beyond)
        let vocabulary = Vocabulary(scenario)
        let shared = SharedStart(explorer: self)
        var searches: [Search] = []
        var stopped = meter.spend()
        var states = 0
        passes: for limit in 1...max(1, options.depth) {
            for index in plans.indices {
                if index == searches.count {
                    // Begun at its first pass: set-up on the clock like the rest.
                    if stopped || meter.spend() {
                        stopped = true
                        break passes
                    }
                    var search = Search(explorer: self, profiles: plans[index], vocabulary: vocabulary, meter: meter)
                    search.begin(shared)
                    states += search.visitedCount
                    searches.append(search)
                }
                guard !searches[index].finished else { continue }
                let before = states - searches[index].visitedCount
                let passed = searches[index].pass(limit: limit, progress: { progress(before + $0, $1) })
                states = before + searches[index].visitedCount
                if !passed {
                    stopped = true
                    break passes
                }
            }
            if searches.allSatisfy(\.finished) { break }
            if options.untilShown, searches.allSatisfy(\.shownAll) { break }
        }
        var report = Report()
        var leftOut: [String: Int] = [:]
        /// The searches a limit stopped, by the depth each had visited whole.
        var stoppedAt: [Int: [String]] = [:]
        for search in searches {
            report.states += search.visitedCount
            let whole = search.complete && (search.finished || search.depthDone >= options.depth)
            report.complete = report.complete && whole
            if !whole {
                stoppedAt[search.depthDone, default: []].append(search.profiles.map(\.name).joined(separator: " vs "))
            }
            if search.profiles.count == 1 {
                report.findings += search.findings(profile: search.profiles[0])
            } else {
                report.partings += search.partings()
            }
            for (trigger, count) in search.leftOut where count > leftOut[trigger] ?? 0 { leftOut[trigger] = count }
        }
        func names(_ all: [String]) -> String {
            let more = all.count - Self.unfinishedNamed
            return all.prefix(Self.unfinishedNamed).joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
        }
        for (depth, stopped) in stoppedAt.sorted(by: { $0.key > $1.key }) {
            report.unfinished.append(names(stopped) + ": stopped after depth \(depth)")
        }
        let notBegun = plans[searches.count...]
        if !notBegun.isEmpty {
            report.complete = false
            report.unfinished.append("not begun: " + names(notBegun.map { $0.map(\.name).joined(separator: " vs ") }))
        }
        if !overBound.isEmpty {
            report.complete = false
            report.unfinished.append("not begun (at most \(options.maxSearches) searches): " + names(overBound))
        }
        if !leftOut.isEmpty {
            report.complete = false
            report.leftOut = leftOut.sorted { $0.key < $1.key }.map { trigger, count in
                TraceFormat.visible(trigger) + ": \(count) of its filters got no event that passes or fails it alone"
            }
        }
        // A search that ran out of new states has visited every depth whole; one never begun, none.
        report.depth =
            notBegun.isEmpty && overBound.isEmpty
            ? searches.map { $0.finished && $0.complete ? options.depth : $0.depthDone }.min() ?? 0 : 0
        report.work = meter.work
        return report
    }

    /// The searches (platforms, pairs) the report names one by one before "and N more".
    static let unfinishedNamed = 8

    /// The scenario that replays `moves`: the same settings and triggers, `moves` as its timeline
    /// (a fresh install unless the search started from the timeline's end).
    public func replayable(_ moves: [Move]) -> Scenario {
        var scenario = scenario
        if !options.fromTimeline { scenario.initial = nil }
        scenario.timeline = moves.map(\.step)
        return scenario
    }

    /// The search's `moves` (from `start`, the engine where the search began) with each wait
    /// that a boundary shared by several triggers put there told for `id`: a wait to the end of
    /// the minimum interval is "spring-menu can fire again" on the way to spring-menu, whichever
    /// trigger the search named it after. Only the reported sequences are replayed.
    public func worded(_ moves: [Move], from start: Engine, for id: String) -> [Move] {
        var engine = start
        var out = moves
        for index in moves.indices {
            let move = moves[index]
            if case .wait = move.action, let trigger = engine.state.delivered[id],
                let next = engine.state.nextAllowed(trigger, at: engine.state.now),
                Boundaries.canFireAt(next) == move.at
            {
                out[index].why = "wait to " + TraceFormat.number(move.at) + " s: " + Boundaries.canFireAgain(id, next)
            }
            _ = engine.apply(move.action, at: move.at)
        }
        return out
    }

    /// The start (explore.md): a fresh install launched with its first delivery done, or the
    /// end of the timeline; the moves that lead there (`shared.timeline` for the timeline's end:
    /// one list for every search) and the records each step wrote, handed to `step` one step at
    /// a time (a long timeline's records are never all held).
    func start(
        _ profile: Profile, shared: SharedStart, meter: Meter? = nil, step: (_ records: [TraceRecord]) -> Void
    ) -> (
        engine: Engine, moves: [Move]
    ) {
        if let from { return (from, []) }
        var scenario = scenario
        scenario.settings.profile = profile
        if options.fromTimeline {
            var engine = Engine(scenario: scenario)
            // The timeline's replay is on the clock too, a step a piece of work: a long one
            // stopped half-way leaves the search stopped at its start.
            for item in scenario.timeline {
                if let meter, meter.spend() { break }
                step(engine.apply(item.action, at: item.at))
            }
            return (engine, shared.timeline)
        }
        var moves: [Move] = []
        scenario.initial = nil
        scenario.timeline = []
        var engine = Engine(scenario: scenario)
        step(engine.apply(.launch, at: 0))
        moves.append(
            Move(at: 0, action: .launch, why: "a fresh install starts: its first session and trigger delivery"))
        if let delivery = engine.state.delivery {
            step(engine.advance(to: delivery.completesAt))
            moves.append(
                Move(at: delivery.completesAt, action: .wait, why: "the first trigger delivery has arrived (D1)"))
        }
        return (engine, moves)
    }
}

/// Where a move is looked up when two platforms' moves are merged: its instant, its action's
/// kind and the event or product it names.
struct MoveBucket: Hashable {
    var at: Double
    var kind: String
    var name: String?

    init(_ move: Move) {
        at = move.at
        kind = move.action.name
        switch move.action {
        case .customEvent(let name, _): self.name = name
        case .purchase(let product, _): name = product
        default: name = nil
        }
    }
}

/// What every search of one run shares of its start: the timeline's steps as moves, made once
/// (`--from-timeline`), which every finding refers to instead of copying.
struct SharedStart {
    let timeline: [Move]

    init(explorer: Explorer) {
        guard explorer.options.fromTimeline, explorer.from == nil else {
            timeline = []
            return
        }
        timeline = explorer.scenario.timeline.map {
            Move(at: $0.at, action: $0.action, why: $0.note ?? "a step of the scenario's timeline")
        }
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
    /// The first sequence reaching each outcome of each message (platform 0), after the start.
    private var found: [String: [Outcome: [Move]]] = [:]
    /// Counts the work and asks the clock (`Explorer.run`).
    let meter: Meter
    private var matched: Set<String> = []
    private var gates: [String: Set<String>] = [:]
    private var reasons: [String: Set<String>] = [:]
    /// Each message's partings: the first sequence for each different pair of fates, in the
    /// order found (the first is the shortest); each may be explained by another row.
    private var parted: [String: [Parted]] = [:]
    /// Further partings of a message whose pair of fates is kept above, where the platforms'
    /// traces first part elsewhere (a different `Parted.origin`): the same fates can come by
    /// another row (X30's session start behind a flush tick beside X29's continued launch).
    private var further: [String: [Parted]] = [:]
    /// Where the two traces first parted on the current sequence, one entry per move (the
    /// start's first); `nil` while they agree.
    private var origins: [String?] = []
    /// The comparison of each sequence a parting was found at (many messages part at the same
    /// one): the row is named as the parting is found, inside the time limit.
    private var compared: [(moves: [Move], comparison: Comparison)] = []
    /// The set the scenario's triggers index to, shared by every comparison's runs.
    private var deliverable: TriggerSet?
    /// The most different pairs of fates kept per message.
    static let partingsPerMessage = 16
    /// The most further partings kept per message (`further`).
    static let furtherPerMessage = 64

    /// A parting kept: its sequence, what the step did to the message on each side (`step`),
    /// where the traces first parted, and compare's judgement of the sequence.
    struct Parted {
        /// After the start.
        var moves: [Move]
        var step: [String]
        var origin: String?
        var judged: Judged
    }

    /// What compare says of a message on the file that replays a sequence, over every pending
    /// deadline: its row, each platform's fate, and the lag when only the times differ.
    struct Judged {
        var row: String?
        var fates: [String]
        var lag: Double?
    }
    /// The sequences judged and found to end alike, per message and pair of step fates: a pair
    /// seen this often without a difference is not judged again (the judging runs compare).
    private var alike: [String: Int] = [:]
    static let judgedAlikeAtMost = 4
    private(set) var depthDone = 0
    private(set) var complete = true
    /// Distinct states of the deepest pass (the start included).
    private(set) var visitedCount = 0
    private var expansions = 0
    /// Whether the current pass reached a new state at its last depth (else deeper passes
    /// would find nothing new: the search is complete).
    private var grew = false

    init(explorer: Explorer, profiles: [Profile], vocabulary: Vocabulary, meter: Meter) {
        self.explorer = explorer
        self.profiles = profiles
        self.meter = meter
        targets = Set(explorer.messages)
        var maker = MoveMaker(vocabulary: vocabulary)
        maker.meter = meter
        makers = Array(repeating: maker, count: profiles.count)
        for i in profiles.indices {
            makers[i].contrast = profiles.indices.filter { $0 != i }.map { profiles[$0].filterReading }
        }
    }

    /// The filters whose events the cap cut, by trigger (`MoveMaker.leftOut`).
    var leftOut: [String: Int] {
        var out: [String: Int] = [:]
        for maker in makers {
            for (trigger, count) in maker.leftOut where count > out[trigger] ?? 0 { out[trigger] = count }
        }
        return out
    }

    /// The start of each platform, its records read.
    private var startEngines: [Engine] = []
    private var startKey = 0
    /// No deeper pass can find anything new (the last reached no new state), or a limit stopped it.
    private(set) var finished = false

    mutating func begin(_ shared: SharedStart) {
        if profiles.count == 1 {
            // One platform: each step's records read as they come.
            let start = explorer.start(profiles[0], shared: shared, meter: meter) { observe([$0]) }
            startEngines = [start.engine]
            startMoves = start.moves
            origins = [nil]
        } else {
            // Two: where their traces first part is judged over the whole start, as before.
            var startRecords: [[TraceRecord]] = []
            for profile in profiles {
                var records: [TraceRecord] = []
                let start = explorer.start(profile, shared: shared, meter: meter) { records += $0 }
                startEngines.append(start.engine)
                startMoves = start.moves
                startRecords.append(records)
            }
            origins = [Self.origin(startRecords[0], startRecords[1])]
            observe(startRecords)
        }
        startKey = StateKey.of(startEngines)
        visitedCount = 1
        if meter.stopped {
            complete = false
            finished = true
        }
    }

    /// Every sequence of at most `limit` moves. False when a limit stopped it (then it is
    /// finished and not complete).
    mutating func pass(limit: Int, progress: (Int, Int) -> Void) -> Bool {
        seen = [startKey: 0]
        grew = false
        defer { seen = [:] } // only one search's keys are held at a time
        if !expand(startEngines, depth: 0, limit: limit, progress: progress) {
            complete = false
            finished = true
            return false
        }
        visitedCount = seen.count
        depthDone = limit
        if !grew { finished = true }
        return true
    }

    /// Every message reported has shown or gone to the app's code.
    var shownAll: Bool {
        targets.allSatisfy { found[$0]?[.displayed] != nil || found[$0]?[.handedToApp] != nil }
    }

    /// Tries every move from `engines` at `depth`, and deeper while under `limit`. False when a
    /// limit stopped the search.
    private mutating func expand(
        _ engines: [Engine], depth: Int, limit: Int, progress: (Int, Int) -> Void
    ) -> Bool {
        expansions += 1
        if expansions & 63 == 0 { progress(seen.count, limit) }
        if meter.spend() { return false }
        guard var moves = makers[0].moves(from: engines[0]) else { return false }
        if engines.count > 1 {
            guard let more = makers[1].moves(from: engines[1]) else { return false }
            // The second platform's moves that the first lacks: looked up among the first's of
            // the same kind, name and instant, not among all of them (thousands of event names).
            var known: [MoveBucket: [Int]] = [:]
            for index in moves.indices { known[MoveBucket(moves[index]), default: []].append(index) }
            for move in more {
                let same = known[MoveBucket(move)] ?? []
                guard !same.contains(where: { moves[$0].action == move.action && moves[$0].at == move.at }) else {
                    continue
                }
                moves.append(move)
            }
        }
        let next = UInt8(depth + 1)
        for move in moves {
            // Each move applied is work on the clock: one step can cost as much as a state.
            if meter.spend() { return false }
            var after = engines
            var records: [[TraceRecord]] = []
            for i in after.indices { records.append(after[i].apply(move.action, at: move.at)) }
            path.append(move)
            if records.count == 2 { origins.append(origins.last! ?? Self.origin(records[0], records[1])) }
            defer {
                path.removeLast()
                if records.count == 2 { origins.removeLast() }
            }
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
            if !expand(after, depth: depth + 1, limit: limit, progress: progress) {
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
                found[id, default: [:]][outcome] = path
            }
            switch record.kind {
            case .triggerMatched, .performed: matched.insert(id)
            default: break
            }
            if let gate = Self.gate(record) {
                gates[id, default: []].insert(gate)
                if record.reason != nil { reasons[id, default: []].insert(Self.words(record)) }
            }
        }
        // Two platforms that wrote the same records gave every message the same fate.
        guard records.count == 2, records[0] != records[1] else { return }
        let fates = records.map(Self.fates)
        for id in Set(fates[0].keys).union(fates[1].keys) where targets.contains(id) {
            let a = fates[0][id] ?? []
            let b = fates[1][id] ?? []
            guard a != b else { continue }
            let pair = [
                a.isEmpty ? "nothing" : a.joined(separator: ", "),
                b.isEmpty ? "nothing" : b.joined(separator: ", "),
            ]
            var kept = parted[id] ?? []
            let origin = origins.last ?? nil
            let tried = id + "\u{0}" + pair.joined(separator: "\u{0}")
            if alike[tried, default: 0] >= Self.judgedAlikeAtMost { continue }
            if kept.count < Self.partingsPerMessage, !kept.contains(where: { $0.step == pair }) {
                // A step that parts the traces may only move a fate in time, or the slower
                // platform may catch up after it: compare's judgement decides.
                guard let judged = judge(id, at: path) else {
                    alike[tried, default: 0] += 1
                    continue
                }
                kept.append(Parted(moves: path, step: pair, origin: origin, judged: judged))
                parted[id] = kept
                continue
            }
            // The same fates after the traces parted first on no message's fate (a session, a
            // sync, a launch) at another place: perhaps another row.
            var more = further[id] ?? []
            guard let origin, !origin.isEmpty, more.count < Self.furtherPerMessage,
                !kept.contains(where: { $0.step == pair && $0.origin == origin }),
                !more.contains(where: { $0.step == pair && $0.origin == origin })
            else { continue }
            guard let judged = judge(id, at: path) else {
                alike[tried, default: 0] += 1
                continue
            }
            more.append(Parted(moves: path, step: pair, origin: origin, judged: judged))
            further[id] = more
        }
    }

    /// Where two platforms' records of one step first differ, in words (`event | session_ended`);
    /// `nil` when they agree, empty when they differ in a message's fate.
    static func origin(_ a: [TraceRecord], _ b: [TraceRecord]) -> String? {
        guard a != b else { return nil }
        guard fates(a) == fates(b) else { return "" }
        let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func words(_ records: [TraceRecord]) -> String {
            guard index < records.count else { return "nothing" }
            let record = records[index]
            return record.kind.rawValue + (record.reason.map { " " + $0.rawValue } ?? "")
        }
        return words(a) + " | " + words(b)
    }

    /// What compare says of `id` on the file that replays the start then `moves` (`Explorer.replayable`, no
    /// `until`: every pending deadline runs): `nil` when its fate ends the same on both
    /// platforms; else the row that explains it (one source for every X-row's name), the
    /// fates, and whether only their times differ.
    private mutating func judge(_ id: String, at moves: [Move]) -> Judged? {
        let comparison: Comparison
        if let known = compared.first(where: { $0.moves == moves }) {
            comparison = known.comparison
        } else {
            if deliverable == nil { deliverable = Engine.deliverable(of: explorer.scenario) }
            comparison = Comparison(
                explorer.replayable(startMoves + moves), profiles: profiles, deliverable: deliverable,
                firstRowOnly: true)
            compared.append((moves, comparison))
        }
        guard let difference = comparison.difference(of: id) else { return nil }
        let rows = comparison.divergences.first { $0.message == id }?.rows ?? comparison.firstDivergence?.rows ?? []
        return Judged(
            row: rows.first?.id, fates: comparison.fates(of: id).map(\.description), lag: difference.lag)
    }

    /// A record as a fate tells it: the one wording of an outcome (`TraceRecord.outcomeWords`:
    /// `displayed`, `dropped min_interval`), else the record's own kind and reason words
    /// (`performed`, `trigger_skipped min_interval`).
    static func words(_ record: TraceRecord) -> String {
        record.outcomeWords ?? record.words().text { $0 == .kind || $0 == .reason }
    }

    /// What one step's records did to each message: its fate's words (`displayed`, `discarded timeout`).
    private static func fates(_ records: [TraceRecord]) -> [String: [String]] {
        var fates: [String: [String]] = [:]
        for record in records {
            switch record.kind {
            case .performed, .displayed, .discarded, .reenqueued, .returnedToStack, .parked, .handedToApp,
                .triggerDropped, .waitingForAsset, .testSend:
                guard let id = record.message ?? record.trigger else { continue }
                fates[id, default: []].append(words(record))
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
        // Each id's trigger, found once (a file of 80,000 never-matched triggers asks for each).
        var triggers: [String: Trigger] = [:]
        for trigger in explorer.scenario.triggers where triggers[trigger.id] == nil { triggers[trigger.id] = trigger }
        for id in explorer.messages {
            let reached = found[id] ?? [:]
            for (outcome, moves) in reached.sorted(by: { $0.key < $1.key }) {
                out.append(
                    Explorer.Finding(
                        message: id, profile: profile.name, outcome: outcome, start: startMoves,
                        searched: explorer.worded(moves, from: startEngines[0], for: id),
                        gates: [], reasons: [], detail: nil))
            }
            guard reached[.displayed] == nil, reached[.handedToApp] == nil else { continue }
            var gates = (gates[id] ?? []).sorted()
            var detail: String?
            if !matched.contains(id) {
                gates.insert("T1", at: 0)
                detail = neverMatched(triggers[id], profile: profile)
            } else if gates.isEmpty {
                // Performed, then neither shown nor refused within the bound: it waits (an
                // asset, a delay, the stack) past the last move the search made.
                gates = ["L3"]
                detail = "performed, and still waiting to show after \(explorer.options.depth) moves"
            }
            out.append(
                Explorer.Finding(
                    message: id, profile: profile.name, outcome: nil, start: [], searched: [], gates: gates,
                    reasons: (reasons[id] ?? []).sorted(), detail: detail))
        }
        return out
    }

    /// Why a trigger never matched: not on the device, a filter no value passes, or a
    /// condition no move raises.
    private func neverMatched(_ trigger: Trigger?, profile: Profile) -> String {
        guard let trigger else { return "not a trigger of the scenario" }
        let id = trigger.id
        if trigger.startsDisabled { return "its campaign is switched off on the server (D5)" }
        var settings = explorer.scenario.settings
        settings.profile = profile
        let values = FilterValues(timelineValues: [:], unixNow: settings.epoch, policy: settings.filterReading)
        for condition in trigger.conditions {
            switch condition {
            case .customEventProperty(_, let groups), .purchaseProperty(_, let groups):
                if values.passing(Vocabulary.FilterSet(trigger: id, groups: groups)) == nil {
                    let blocking = groups.first { group in
                        !group.contains { filter in
                            values.candidates(filter).contains { value in
                                filter.passes(
                                    value.map { [filter.key: $0] } ?? [:], unixNow: settings.epoch,
                                    policy: settings.filterReading)
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
        let needs = "its trigger never matched: needs " + trigger.conditions.map(\.briefWords).joined(separator: " or ")
        // X36: a click the search made matches as T1/T7 write it, not as this platform reads it.
        let clicked = trigger.conditions.contains { condition in
            switch condition {
            case .iamClick, .pushClick: true
            default: false
            }
        }
        guard clicked, settings.filterReading.readsClicksItsOwnWay else { return needs }
        return needs + "; " + profile.name + " reads a clicked id its own way, so a click on the id as written "
            + "may not match (X36: " + profile.answer(.x36).summary + ")"
    }

    /// Each message's shortest parting, then the shortest one of each other row that explains
    /// one of its partings, then of each row only its further partings name.
    func partings() -> [Explorer.Parting] {
        explorer.messages.flatMap { id in
            var out: [Explorer.Parting] = []
            var named: Set<String?> = []
            for kept in (parted[id] ?? []) + (further[id] ?? []) {
                let row = kept.judged.row
                guard out.isEmpty || (row != nil && named.insert(row).inserted) else { continue }
                named.insert(row)
                out.append(
                    Explorer.Parting(
                        message: id, profiles: profiles.map(\.name), start: startMoves,
                        searched: explorer.worded(kept.moves, from: startEngines[0], for: id),
                        fates: kept.judged.fates, row: row, lag: kept.judged.lag))
            }
            return out
        }
    }
}
