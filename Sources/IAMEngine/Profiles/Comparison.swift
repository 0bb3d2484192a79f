/// One scenario run under several platforms (profiles.md, "Compare"): each message's fate under
/// each, the first record where the traces part, and the rows (X-IDs) that explain each difference.
///
/// A row is found by trying it: the first platform is run again with that one row answered as
/// the other platform answers it; the rows that make it behave like the other explain the
/// difference. Nothing here knows a platform by name.
///
/// Nothing keeps a whole trace: the platforms' runs are taken side by side, a step at a time,
/// so only the records not yet compared are held; each run is folded into its fates as it
/// goes, and each row's run keeps only what it is compared with.
public struct Comparison: Sendable {
    /// One platform's run: each message's fate (its trace is not kept).
    public struct Run: Sendable {
        public var profile: Profile
        /// Each message's fate, folded from the records as they came.
        public var fates: [String: Fate]
        /// The same, step by step (what a row's run is held against while it runs).
        var steps: [String: [FateFold.Step]] = [:]

        /// `never performed` for a message the run never mentions.
        public func fate(of message: String) -> Fate { fates[message] ?? Fate() }
    }

    /// Where the traces first part: the record index (after the first `profile` record), each
    /// run's record there (`nil` when its trace has ended), and the rows that explain it.
    public struct Divergence: Sendable {
        public var index: Int
        public var records: [TraceRecord?]
        public var rows: [Difference]
        /// SV4: the per-platform settings that explain it (then no row is named for it).
        public var settings: [PlatformSetting] = []
        /// versions.md: the version boundaries that explain it, when two versions of one platform
        /// are compared (`TS2 changes at android 7.0.0 (...)`).
        public var versions: [String] = []
    }

    /// What explains a difference besides its rows, in words: each per-platform setting
    /// (`setting: web.allowUserSuppliedJavascript`), then each version boundary (`TS2 changes
    /// at android 7.0.0 (...)`). The one wording compare, the split view and explore share.
    public static func explanationWords(settings: [PlatformSetting], versions: [String]) -> [String] {
        settings.map { "setting: \($0.rawValue)" } + versions
    }

    /// A message whose fate is not the same under every platform, and the rows that explain it.
    public struct MessageDivergence: Sendable {
        public var message: String
        public var rows: [Difference]
        /// SV4: the per-platform settings that explain it (then no row is named for it).
        public var settings: [PlatformSetting] = []
        /// versions.md: the version boundaries that explain it, when two versions of one platform
        /// are compared (`TS2 changes at android 7.0.0 (...)`).
        public var versions: [String] = []
    }

    public let scenario: Scenario
    /// The horizon every run was judged over: no record at or past `until`; `nil`: every
    /// pending deadline ran (the runs ended by themselves).
    public let until: Double?
    public let runs: [Run]
    /// Trigger ids in the scenario's order, then local messages and test sends as they appear.
    public let messages: [String]
    public let firstDivergence: Divergence?
    public let divergences: [MessageDivergence]

    /// Whether every platform writes the same trace.
    public var agree: Bool { firstDivergence == nil }

    /// Runs `scenario` (its `profile` steps left out, so each run keeps its platform) under
    /// `profiles`; the first is the one the others are compared with.
    /// `fanout`: how the platforms' runs and the rows' runs are spread (issue 47); the result
    /// is the same whatever it is.
    public init(_ scenario: Scenario, profiles: [Profile], until: Double? = nil, fanout: Fanout = .sequential) {
        self.init(scenario, profiles: profiles, until: until, deliverable: nil, fanout: fanout)
    }

    /// The same, every run's deliveries sending `deliverable` (the set the scenario's triggers
    /// index to, `Engine.deliverable(of:)`) until the server changes; `nil`: built once here.
    /// Every platform and every row's run shares it. `firstRowOnly`: each difference names only
    /// the first row (in the rows' order) that explains it, and the rows after it are not run
    /// (explore names one row per parting).
    package init(
        _ scenario: Scenario, profiles: [Profile], until: Double? = nil, deliverable: TriggerSet?,
        firstRowOnly: Bool = false, fanout: Fanout = .sequential
    ) {
        let scenario = Self.withoutProfileSteps(scenario)
        self.scenario = scenario
        self.until = until
        let deliverable = deliverable ?? Engine.deliverable(of: scenario)
        var trails = profiles.map {
            Trail(scenario, $0, until: until, fates: FateFold(), locals: true, deliverable: deliverable)
        }
        let parting = Self.part(&trails)
        // Past the parting, each platform's run is on its own.
        let parted = trails
        trails = fanout.map(parted.count) { index in
            var trail = parted[index]
            trail.finish()
            return trail
        }
        runs = trails.map {
            Run(
                profile: $0.profile, fates: $0.fold?.fates($0.stepper.engine.state) ?? [:],
                steps: $0.fold?.allSteps ?? [:])
        }

        var ids = scenario.triggers.map(\.id)
        var seen = Set(ids)
        for trail in trails {
            for id in trail.locals ?? [] where seen.insert(id).inserted { ids.append(id) }
        }
        messages = ids

        // What each other platform must be explained for: the first divergence (when it parts
        // there) and each message whose fate it changes.
        var questions = profiles.indices.map { _ in Questions() }
        for other in profiles.indices.dropFirst() {
            questions[other].divergence = parting.map { $0.records[other] != $0.records[0] } ?? false
        }
        var divergent: [String] = []
        for id in ids {
            let fates = runs.map { $0.fate(of: id) }
            guard fates.contains(where: { $0 != fates[0] }) else { continue }
            divergent.append(id)
            for other in fates.indices.dropFirst() where fates[other] != fates[0] {
                questions[other].messages.append(id)
            }
        }
        let answers = Explainer(
            scenario: scenario, until: until, runs: runs, parting: parting, deliverable: deliverable,
            firstRowOnly: firstRowOnly, fanout: fanout
        ).answer(questions)

        if let parting {
            var rows: Set<Difference> = []
            var settings: Set<PlatformSetting> = []
            var versions: Set<String> = []
            for answer in answers {
                rows.formUnion(answer.divergence)
                settings.formUnion(answer.settingDivergence)
                versions.formUnion(answer.versionDivergence)
            }
            firstDivergence = Divergence(
                index: parting.index, records: parting.records, rows: rows.sorted(), settings: settings.sorted(),
                versions: versions.sorted())
        } else {
            firstDivergence = nil
        }
        divergences = divergent.map { id in
            var rows: Set<Difference> = []
            var settings: Set<PlatformSetting> = []
            var versions: Set<String> = []
            for answer in answers {
                rows.formUnion(answer.messages[id] ?? [])
                settings.formUnion(answer.settingMessages[id] ?? [])
                versions.formUnion(answer.versionMessages[id] ?? [])
            }
            return MessageDivergence(
                message: id, rows: rows.sorted(), settings: settings.sorted(), versions: versions.sorted())
        }
    }

    /// Only where the traces of `scenario` under `profiles` first part, and the rows that explain
    /// it (the split view's marker): the runs stop there, and each row's run where it is decided.
    public static func firstDivergence(_ scenario: Scenario, profiles: [Profile], until: Double? = nil) -> Divergence? {
        let scenario = withoutProfileSteps(scenario)
        let deliverable = Engine.deliverable(of: scenario)
        var trails = profiles.map {
            Trail(scenario, $0, until: until, fates: nil, locals: false, deliverable: deliverable)
        }
        guard let parting = part(&trails) else { return nil }
        let runs = profiles.map { Run(profile: $0, fates: [:]) }
        var questions = profiles.indices.map { _ in Questions() }
        for other in profiles.indices.dropFirst() {
            questions[other].divergence = parting.records[other] != parting.records[0]
        }
        let answers = Explainer(
            scenario: scenario, until: until, runs: runs, parting: parting, deliverable: deliverable
        ).answer(questions)
        var rows: Set<Difference> = []
        var settings: Set<PlatformSetting> = []
        var versions: Set<String> = []
        for answer in answers {
            rows.formUnion(answer.divergence)
            settings.formUnion(answer.settingDivergence)
            versions.formUnion(answer.versionDivergence)
        }
        return Divergence(
            index: parting.index, records: parting.records, rows: rows.sorted(), settings: settings.sorted(),
            versions: versions.sorted())
    }

    /// The horizon in words: `until t=8`, or `to every pending deadline`.
    public var horizonWords: String {
        until.map { "until t=" + TraceFormat.number($0) } ?? "to every pending deadline"
    }

    /// The fate of `message` under each run, in the runs' order.
    public func fates(of message: String) -> [Fate] { runs.map { $0.fate(of: message) } }

    /// How `message`'s fate under the last run differs from its fate under the first, judged
    /// over this comparison's horizon: `nil` when it does not, else whether only the times
    /// differ (the same steps in the same order, left the same) and by how much.
    public func difference(of message: String) -> FateDifference? {
        guard let first = runs.first, let last = runs.last else { return nil }
        let a = first.fate(of: message)
        let b = last.fate(of: message)
        guard a != b else { return nil }
        let stepsA = first.steps[message] ?? []
        let stepsB = last.steps[message] ?? []
        let sameSteps =
            a.left == b.left && stepsA.count == stepsB.count
            && zip(stepsA, stepsB).allSatisfy {
                $0.what == $1.what && $0.times.count == $1.times.count && $0.impressions.count == $1.impressions.count
            }
        guard sameSteps else { return FateDifference(lag: nil) }
        let times = zip(stepsA, stepsB).flatMap { zip($0.times + $0.impressions, $1.times + $1.impressions) }
        let lag = times.first { $0.0 != $0.1 }.map { $0.1 - $0.0 } ?? 0
        return FateDifference(lag: lag)
    }

    public static func withoutProfileSteps(_ scenario: Scenario) -> Scenario {
        var scenario = scenario
        scenario.timeline.removeAll { if case .profile = $0.action { true } else { false } }
        return scenario
    }

    /// Takes the runs side by side, one record at a time, to the first index where a run's
    /// record differs from the first run's (a trace that has ended counts as `nil`); `nil` when
    /// every trace ends equal. Each run is stepped only until it has a record not yet compared.
    static func part(_ trails: inout [Trail]) -> Parting? {
        var index = 0
        while true {
            let first = trails[0].peek()
            var parts = false
            for other in trails.indices.dropFirst() where trails[other].peek() != first { parts = true }
            if parts { return Parting(index: index, records: trails.indices.map { trails[$0].peek() }) }
            if first == nil { return nil }
            for run in trails.indices { trails[run].pop() }
            index += 1
        }
    }
}

/// The index where traces part and each run's record there.
struct Parting: Sendable {
    var index: Int
    var records: [TraceRecord?]
}

/// One run of a scenario under a profile, stepped on demand: the records not yet compared, the
/// fates folded so far and the local messages in the order they were stacked.
struct Trail {
    let profile: Profile
    var stepper: ScenarioStepper
    var fold: FateFold?
    /// Local messages in the order they were first stacked, and test sends in the order they
    /// arrived (`nil`: not collected).
    var locals: [String]?
    private var seenLocals: Set<String> = []
    private var pending: [TraceRecord] = []
    private var head = 0

    init(
        _ scenario: Scenario, _ profile: Profile, until: Double?, fates: FateFold?, locals: Bool,
        deliverable: TriggerSet?
    ) {
        var scenario = scenario
        scenario.settings.profile = profile
        self.profile = profile
        stepper = ScenarioStepper(scenario, until: until, deliverable: deliverable)
        fold = fates
        self.locals = locals ? [] : nil
    }

    /// The next record not yet compared (stepping the run as far as needed), `nil` once its
    /// trace has ended.
    mutating func peek() -> TraceRecord? {
        while head == pending.count {
            pending.removeAll(keepingCapacity: pending.capacity <= 64)
            head = 0
            guard stepper.step(into: &pending) else { return nil }
            take(pending)
        }
        return pending[head]
    }

    /// Past the record `peek` gave.
    mutating func pop() { head += 1 }

    /// Runs to the end, folding what is left (nothing more is compared); `goOn`, after each
    /// step, hears the fold and the step's last record's time, and may stop the run there.
    /// Each record is folded as the engine decides it (none is copied into a list).
    mutating func finish(_ goOn: ((inout FateFold, Double?) -> Bool)? = nil) {
        pending = []
        head = 0
        guard fold != nil || locals != nil else { return }
        // Held outside `self` while the stepper runs (then put back), each the only reference.
        var fold = self.fold
        var locals = self.locals
        var seen = seenLocals
        (self.fold, self.locals, seenLocals) = (nil, nil, [])
        defer { (self.fold, self.locals, seenLocals) = (fold, locals, seen) }
        var latest: Double?
        while stepper.step(each: { (record: TraceRecord) throws(Never) in
            latest = record.t
            Self.take(record, &fold, &locals, &seen)
        }) {
            if let goOn, fold != nil, !goOn(&fold!, latest) { return }
            latest = nil
        }
    }

    private mutating func take(_ records: [TraceRecord]) {
        for record in records { Self.take(record, &fold, &locals, &seenLocals) }
    }

    private static func take(
        _ record: TraceRecord, _ fold: inout FateFold?, _ locals: inout [String]?, _ seen: inout Set<String>
    ) {
        fold?.add(record)
        // Local messages as they are stacked, and test sends (TS1) as they arrive.
        guard locals != nil else { return }
        let arrives = (record.kind == .stacked && record.reason == .local) || record.kind == .testSend
        if arrives, let id = record.message, seen.insert(id).inserted {
            locals!.append(id)
        }
    }
}

/// What must be explained for one other platform: the first divergence (when that platform
/// parts there) and the messages whose fate differs under it.
struct Questions {
    var divergence = false
    var messages: [String] = []

    var isEmpty: Bool { !divergence && messages.isEmpty }
}

/// The rows that explain each question (empty: no single row does).
struct Answers {
    var divergence: [Difference] = []
    var messages: [String: [Difference]] = [:]
    /// SV4: the settings that explain each question; a question a setting explains names no row.
    var settingDivergence: [PlatformSetting] = []
    var settingMessages: [String: [PlatformSetting]] = [:]
    /// versions.md: the version boundaries that explain each question, two versions of one platform.
    var versionDivergence: [String] = []
    var versionMessages: [String: [String]] = [:]
}

/// Finds the rows: for each other platform, the first one is run again with one row answered
/// as that platform answers it, once per row, and every question about that platform is
/// answered from that one run; questions no row answers are tried the other way (that platform
/// with the first one's answer). A row's run keeps only what it is compared with: its records
/// up to the first divergence (beside a run of the platform it should agree with), and the
/// fates of the messages asked about.
private struct Explainer {
    let scenario: Scenario
    let until: Double?
    let runs: [Comparison.Run]
    let parting: Parting?
    let traits: ScenarioTraits
    /// The set every run's deliveries send (the scenario's triggers, indexed once).
    let deliverable: TriggerSet
    /// Each question gets only the first row (in the rows' order) that explains it.
    let firstRowOnly: Bool
    /// How the rows' runs are spread (`Fanout`).
    let fanout: Fanout

    init(
        scenario: Scenario, until: Double?, runs: [Comparison.Run], parting: Parting?, deliverable: TriggerSet,
        firstRowOnly: Bool = false, fanout: Fanout = .sequential
    ) {
        self.fanout = fanout
        self.scenario = scenario
        self.until = until
        self.runs = runs
        self.parting = parting
        self.deliverable = deliverable
        self.firstRowOnly = firstRowOnly
        traits = ScenarioTraits(scenario)
    }

    /// One `Answers` per run, in the runs' order (the first one's stays empty). The rows' runs
    /// of every platform are independent: they go to the fan-out together, forward (the first
    /// platform with another's answer), then backward for the questions left open.
    func answer(_ questions: [Questions]) -> [Answers] {
        var answers = questions.map { _ in Answers() }
        var asked = questions.map { _ in Questions() }
        var candidates: [[Difference]] = questions.map { _ in [] }
        for other in questions.indices.dropFirst() where !questions[other].isEmpty {
            (answers[other], asked[other]) = settled(questions[other], toward: other)
            guard !asked[other].isEmpty else { continue }
            // A row the scenario cannot exercise is not run (ScenarioTraits).
            candidates[other] = runs[0].profile.policies.differences(from: runs[other].profile.policies)
                .filter(traits.mayMatter)
        }
        let forward = rowsOfEach(candidates, asked, backward: false)
        var open = questions.map { _ in Questions() }
        for other in questions.indices.dropFirst() {
            open[other].divergence = asked[other].divergence && forward[other].divergence.isEmpty
            open[other].messages = asked[other].messages.filter { forward[other].messages[$0] == nil }
        }
        let backward = rowsOfEach(candidates, open, backward: true)
        for other in questions.indices.dropFirst() where !asked[other].isEmpty {
            answers[other].divergence =
                forward[other].divergence.isEmpty ? backward[other].divergence : forward[other].divergence
            answers[other].messages = forward[other].messages.merging(backward[other].messages) { a, _ in a }
        }
        return answers
    }

    /// SV4's settings, then versions.md's ranges, for platform `other`: what they explain, and
    /// the questions left for the rows.
    private func settled(_ questions: Questions, toward other: Int) -> (Answers, Questions) {
        var answers = Answers()
        var asked = questions
        // SV4: a per-platform setting comes first: it is the app's choice, not the SDK's rule.
        let settings = settingAnswers(asked, from: 0, toward: other)
        answers.settingDivergence = settings.divergence
        answers.settingMessages = settings.messages
        if !settings.divergence.isEmpty { asked.divergence = false }
        asked.messages.removeAll { settings.messages[$0] != nil }
        guard !asked.isEmpty else { return (answers, asked) }
        // versions.md: two versions of one platform part where a version range's answer does.
        let versions = versionAnswers(asked, from: 0, toward: other)
        answers.versionDivergence = versions.divergence
        answers.versionMessages = versions.messages
        if !versions.divergence.isEmpty { asked.divergence = false }
        asked.messages.removeAll { versions.messages[$0] != nil }
        return (answers, asked)
    }

    /// For each other platform with questions, the rows that explain them (`rows`), every
    /// platform's rows' runs in one fan-out; `backward`: run that platform with the first one's
    /// answer instead.
    private func rowsOfEach(_ candidates: [[Difference]], _ asked: [Questions], backward: Bool) -> [Answers] {
        func ends(_ other: Int) -> (from: Int, toward: Int) { backward ? (other, 0) : (0, other) }
        let platforms = asked.indices.dropFirst().filter { !asked[$0].isEmpty }
        let pieces = platforms.flatMap { other in candidates[other].map { (other: other, row: $0) } }
        // Every row's run at once, unless the first row that explains each question is enough.
        let probes: [(Bool, Set<String>)]? =
            firstRowOnly
            ? nil
            : fanout.map(pieces.count) { index in
                let (other, row) = pieces[index]
                let (from, toward) = backward ? (other, 0) : (0, other)
                return probe(adopting(row, from: from, toward: toward), asked[other], like: toward)
            }
        var answers = asked.map { _ in Answers() }
        var start = 0
        for other in platforms {
            let count = candidates[other].count
            let (from, toward) = ends(other)
            answers[other] = rows(
                candidates[other], asked[other], from: from, toward: toward, probes: probes?[start..<start + count])
            start += count
        }
        return answers
    }

    /// `from`'s profile with `row` answered as `toward`'s platform answers it.
    private func adopting(_ row: Difference, from: Int, toward: Int) -> Profile {
        var profile = runs[from].profile
        profile.policies = profile.policies.adopting(row, from: runs[toward].profile.policies)
        return profile
    }

    /// versions.md: for two versions of one platform, each version range that holds for one and
    /// not the other, tried on `from` with `toward`'s answer; the ones that make it behave as
    /// `toward` are named with their boundary.
    private func versionAnswers(_ questions: Questions, from: Int, toward: Int) -> (
        divergence: [String], messages: [String: [String]]
    ) {
        let a = runs[from].profile
        let b = runs[toward].profile
        guard a.platform == b.platform, a.version != b.version, let axis = VersionAxis.of(a.platform) else {
            return ([], [:])
        }
        var divergence: [String] = []
        var messages: [String: [String]] = [:]
        for range in axis.ranges where a.holds(range) != b.holds(range) {
            let (agrees, explained) = probe(a.flipping(range, axis), questions, like: toward)
            // The edge between the two versions; with a bare name on one side (no version: the
            // range does not hold there), the range's own first edge.
            let edges = [range.from, range.until].compactMap { $0 }
            let boundary =
                edges.first { edge in
                    guard let x = a.version, let y = b.version else { return false }
                    return (x >= edge) != (y >= edge)
                } ?? edges.first
            let words =
                "\(range.row) changes at \(a.platform) \(boundary?.description ?? "") "
                + "(\(range.words): \(range.answer.summary))"
            if agrees { divergence.append(words) }
            for id in questions.messages where explained.contains(id) {
                messages[id, default: []].append(words)
            }
        }
        return (divergence, messages)
    }

    /// SV4: the settings whose value under `from`'s platform, replaced by `toward`'s, make
    /// `from` behave as `toward` for each question.
    private func settingAnswers(_ questions: Questions, from: Int, toward: Int) -> (
        divergence: [PlatformSetting], messages: [String: [PlatformSetting]]
    ) {
        var fromSettings = scenario.settings
        fromSettings.profile = runs[from].profile
        var towardSettings = scenario.settings
        towardSettings.profile = runs[toward].profile
        var divergence: [PlatformSetting] = []
        var messages: [String: [PlatformSetting]] = [:]
        for setting in PlatformSetting.allCases {
            let wanted = setting.value(in: towardSettings)
            guard setting.value(in: fromSettings) != wanted else { continue }
            var probed = scenario
            let name = runs[from].profile.platform
            probed.settings.platforms[name] = setting.setting(
                wanted, on: probed.settings.platforms[name] ?? PlatformSettings())
            let (agrees, explained) = probe(runs[from].profile, questions, like: toward, scenario: probed)
            if agrees { divergence.append(setting) }
            for id in questions.messages where explained.contains(id) {
                messages[id, default: []].append(setting)
            }
        }
        return (divergence, messages)
    }

    /// The candidates that, given to `from`, make it behave as `toward` for each question.
    /// `probes`: the candidates' runs, made already (`rowsOfEach`); `nil`: each is run here, in
    /// turn, until the first row that explains each question (`firstRowOnly`).
    private func rows(
        _ candidates: [Difference], _ questions: Questions, from: Int, toward: Int,
        probes: ArraySlice<(Bool, Set<String>)>?
    ) -> Answers {
        var answers = Answers()
        // The candidates come in the rows' order, so the first row found for a question is the
        // first of all that explain it.
        for (index, row) in candidates.enumerated() {
            let (agrees, explained) =
                probes.map { $0[$0.startIndex + index] }
                ?? probe(adopting(row, from: from, toward: toward), questions, like: toward)
            if agrees { answers.divergence.append(row) }
            for id in questions.messages where explained.contains(id) {
                answers.messages[id, default: []].append(row)
            }
            if firstRowOnly, !questions.divergence || !answers.divergence.isEmpty,
                questions.messages.allSatisfy({ answers.messages[$0] != nil })
            {
                break
            }
        }
        return answers
    }

    /// A run under `profile`: whether its trace agrees with run `toward`'s through the first
    /// divergence (asked only when `questions.divergence`), and which of the messages asked about
    /// end with `toward`'s fate. The run stops as soon as both are known: at the divergence when
    /// no message is asked about, and once every message asked about has visibly parted from
    /// `toward`'s fate (`FateWatch`); a row that changes nothing is seen to in the first steps
    /// where the platforms part, not after the whole session again.
    private func probe(
        _ profile: Profile, _ questions: Questions, like toward: Int, scenario probed: Scenario? = nil
    )
        -> (Bool, Set<String>)
    {
        let fates = questions.messages.isEmpty ? nil : FateFold(only: questions.messages)
        var trail = Trail(
            probed ?? scenario, profile, until: until, fates: fates, locals: false, deliverable: deliverable)
        var agrees = false
        if questions.divergence, let parting {
            var reference = Trail(
                scenario, runs[toward].profile, until: until, fates: nil, locals: false, deliverable: deliverable)
            agrees = true
            for _ in 0...parting.index {
                let record = trail.peek()
                guard record == reference.peek() else {
                    agrees = false
                    break
                }
                if record == nil { break }
                trail.pop()
                reference.pop()
            }
        }
        guard !questions.messages.isEmpty else { return (agrees, []) }
        var watch = FateWatch(questions.messages, target: runs[toward].steps)
        trail.finish { fold, latest in watch.open(&fold, latest: latest) }
        guard watch.anyOpen else { return (agrees, []) }
        let final = trail.fold?.fates(trail.stepper.engine.state) ?? [:]
        let explained = questions.messages.filter {
            watch.isOpen($0) && (final[$0] ?? Fate()) == runs[toward].fate(of: $0)
        }
        return (agrees, Set(explained))
    }
}

/// The messages a row's run is asked about, held against the fates they must end with: a message
/// is closed once its fate so far cannot grow into the target's (a step the target does not
/// have, or a time the target's next step needed gone by), and the run may stop when all are.
/// Times are compared as the trace prints them (milliseconds), as the fates' words are.
///
/// A look reads only what the run added since the last one: the steps of the messages its records
/// touched (each message keeps how far its steps are known to agree with the target's), and the
/// messages whose next target time has gone by (a queue of those times).
struct FateWatch {
    /// One message asked about: its target in milliseconds, how far its steps agree, and the time
    /// of the target's next entry it has not had.
    private struct Entry {
        let goal: [Goal]
        var cursor = Cursor()
        var due: Int64?
        var open = true
        /// The look that last read its steps.
        var seen = 0
    }

    private var entries: [Entry] = []
    private var index: [String: Int] = [:]
    private var openCount = 0
    private var dues = DueQueue()
    private var checks = 0
    private var looks = 0

    init(_ messages: [String], target: [String: [FateFold.Step]]) {
        for id in messages where index[id] == nil {
            let goal = (target[id] ?? []).map(Goal.init)
            let due = goal.first?.times.first
            index[id] = entries.count
            if let due { dues.push(due, entries.count) }
            entries.append(Entry(goal: goal, due: due))
        }
        openCount = entries.count
    }

    var anyOpen: Bool { openCount > 0 }

    func isOpen(_ id: String) -> Bool { index[id].map { entries[$0].open } ?? false }

    /// Looks again (every few steps, so the look costs a constant per step however many messages
    /// are asked about); `false` once every message is closed: the run may stop. Takes the
    /// messages `fold` touched since the last look.
    mutating func open(_ fold: inout FateFold, latest: Double?) -> Bool {
        checks += 1
        guard checks >= max(1, openCount / 8) else { return true }
        checks = 0
        looks += 1
        let now = latest.map(Self.millis)
        for id in fold.touched {
            guard let i = index[id], entries[i].open, entries[i].seen != looks else { continue }
            entries[i].seen = looks
            switch entries[i].cursor.advance(fold.steps(of: id), entries[i].goal) {
            case .parted: close(i)
            case .open(let due):
                if let due, let now, now > due {
                    close(i)
                } else if due != entries[i].due {
                    entries[i].due = due
                    if let due { dues.push(due, i) }
                }
            }
        }
        fold.touched.removeAll(keepingCapacity: true)
        // The others' steps are as they were: only the time can part them.
        if let now {
            while let top = dues.popBefore(now) {
                if entries[top.entry].open, entries[top.entry].due == top.due { close(top.entry) }
            }
        }
        return openCount > 0
    }

    private mutating func close(_ i: Int) {
        entries[i].open = false
        openCount -= 1
    }

    static func millis(_ t: Double) -> Int64 {
        guard t.isFinite, abs(t) < 1e15 else { return t.isFinite ? (t < 0 ? .min : .max) : .max }
        return Int64((t * 1000).rounded())
    }

    /// Whether `steps` so far can no longer end as `target`: every step but the last must be the
    /// target's, the last the start of the target's; and when records have reached past the time
    /// of the next entry the target has and the run has not, that entry cannot come.
    static func parted(_ steps: [FateFold.Step], _ target: [FateFold.Step], now: Int64?) -> Bool {
        var cursor = Cursor()
        switch cursor.advance(steps, target.map(Goal.init)) {
        case .parted: return true
        case .open(let next):
            if let next, let now, now > next { return true }
            return false
        }
    }

    /// A target's step, its times as printed (milliseconds).
    struct Goal {
        var what: String
        var times: [Int64]
        var impressions: [Int64]

        init(_ step: FateFold.Step) {
            what = step.what
            times = step.times.map(FateWatch.millis)
            impressions = step.impressions.map(FateWatch.millis)
        }
    }

    /// How far a message's steps are known to agree with its target's: the steps before `steps`
    /// whole, and of step `steps` its first `times` times and `impressions` impressions. Steps
    /// only grow (a new step, or a time or an impression added to the last), so each look reads
    /// only what came since.
    struct Cursor {
        var steps = 0
        var times = 0
        var impressions = 0

        enum Look: Equatable {
            case parted
            /// Not parted; the time of the next entry the target has and the run has not yet.
            case open(due: Int64?)
        }

        mutating func advance(_ run: [FateFold.Step], _ goal: [Goal]) -> Look {
            guard run.count <= goal.count else { return .parted }
            guard let last = run.indices.last else { return .open(due: goal.first?.times.first) }
            // Every step but the last: the target's, whole.
            while steps < last {
                let step = run[steps]
                let want = goal[steps]
                guard step.what == want.what, step.times.count == want.times.count,
                    step.impressions.count == want.impressions.count,
                    Self.agree(step.times, want.times, from: times),
                    Self.agree(step.impressions, want.impressions, from: impressions)
                else { return .parted }
                steps += 1
                times = 0
                impressions = 0
            }
            // The last: the start of the target's.
            let step = run[last]
            let want = goal[last]
            guard step.what == want.what, step.times.count <= want.times.count,
                step.impressions.count <= want.impressions.count,
                Self.agree(step.times, want.times, from: times),
                Self.agree(step.impressions, want.impressions, from: impressions)
            else { return .parted }
            times = step.times.count
            impressions = step.impressions.count
            // Once an impression is kept, the step takes no more times.
            if impressions > 0, times < want.times.count { return .parted }
            if times < want.times.count { return .open(due: want.times[times]) }
            if impressions < want.impressions.count { return .open(due: want.impressions[impressions]) }
            if run.count < goal.count { return .open(due: goal[run.count].times.first) }
            return .open(due: nil)
        }

        /// Whether `times` from `start` on are `goal`'s, as printed (`times.count <= goal.count`).
        private static func agree(_ times: [Double], _ goal: [Int64], from start: Int) -> Bool {
            var i = start
            while i < times.count {
                if FateWatch.millis(times[i]) != goal[i] { return false }
                i += 1
            }
            return true
        }
    }

    /// The messages' next target times, soonest first (a binary heap; an entry whose message has
    /// since closed or moved on to another time is skipped when it comes out).
    private struct DueQueue {
        private var heap: [(due: Int64, entry: Int)] = []

        mutating func push(_ due: Int64, _ entry: Int) {
            heap.append((due, entry))
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].due < heap[parent].due else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        /// The soonest entry when its time is before `now`, taken out.
        mutating func popBefore(_ now: Int64) -> (due: Int64, entry: Int)? {
            guard let top = heap.first, top.due < now else { return nil }
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    guard left < heap.count else { break }
                    let right = left + 1
                    let child = right < heap.count && heap[right].due < heap[left].due ? right : left
                    guard heap[child].due < heap[parent].due else { break }
                    heap.swapAt(child, parent)
                    parent = child
                }
            }
            return top
        }
    }
}

/// How one message's fate under one platform differs from its fate under another.
public struct FateDifference: Sendable, Equatable {
    /// Only the times differ: how much later (negative: earlier) the second platform did the
    /// first thing they did at different times. `nil`: what happened differs.
    public var lag: Double?

    /// Whether the same things happened to the message, only at other times.
    public var timingOnly: Bool { lag != nil }
}

/// What became of one message in one run: what happened to it, in order, and where it was left.
public struct Fate: Sendable, Equatable, CustomStringConvertible {
    /// `displayed at 12.5`, `discarded timeout at 40`, ... in trace order, repeats merged.
    public var outcomes: [String] = []
    /// `left on the stack`, `left parked`, `waiting for its asset`, `test send left waiting`, or `nil`.
    public var left: String?

    /// A message the run never mentions.
    public init() {}

    /// `displayed at 12.5; left on the stack`, or `never performed`.
    public var description: String {
        let parts = outcomes + (left.map { [$0] } ?? [])
        return parts.isEmpty ? "never performed" : parts.joined(separator: "; ")
    }
}

/// Every message's fate, folded from a run's records one at a time (linear in the trace,
/// nothing of the trace kept), and where the run's final state leaves each.
struct FateFold: Sendable {
    /// One step of a fate: what happened, each time it did in a row, and (for a hand-off to the
    /// app, I3) when the impression was logged.
    struct Step: Sendable, Equatable {
        var what: String
        var times: [Double]
        var impressions: [Double] = []

        var words: String {
            what + " at " + times.map(TraceFormat.number).joined(separator: ", ")
                + (impressions.isEmpty
                    ? "" : " (impression at " + impressions.map(TraceFormat.number).joined(separator: ", ") + ")")
        }
    }

    /// Only these messages' fates are kept (`nil`: every message's).
    private let only: Set<String>?
    private var steps: [String: [Step]] = [:]
    /// With `only`: the messages whose steps changed since `FateWatch` last took them (a message
    /// once per change).
    var touched: [String] = []

    init(only: [String]? = nil) {
        self.only = only.map(Set.init)
    }

    /// Every message's steps so far.
    var allSteps: [String: [Step]] { steps }

    /// One message's steps so far.
    func steps(of id: String) -> [Step] { steps[id] ?? [] }

    /// A record's step of its message's fate, in the record's outcome words (`TraceRecord.outcomeWords`).
    mutating func add(_ record: TraceRecord) {
        if let cleared = record.clearedWords {
            for id in record.stack ?? [] { add(id, cleared, record.t) }
        }
        guard let id = record.message else { return }
        switch record.kind {
        case .displayed, .discarded, .reenqueued, .triggerDropped, .handedToApp, .app: break
        // Most records are no step of a fate (an event, a match, a skipped trigger, ...).
        default: return
        }
        // Nor are the words of a message not asked about needed.
        if let only, !only.contains(id) { return }
        switch record.kind {
        case .displayed, .discarded, .reenqueued, .triggerDropped, .handedToApp:
            add(id, record.outcomeWords!, record.t)
            // I3, B1, I4: with `impressions sdk` the SDK logs the impression at the hand-off.
            if record.kind == .handedToApp, record.reason == .customUI,
                record.detail == "impressions " + Integration.Impressions.sdk.rawValue
            {
                impression(id, record.t)
            }
        // I3: the app logged the impression of a message it was handed.
        case .app where record.reason == .impression: impression(id, record.t)
        // B4: the app's side never got it.
        case .app where record.reason == .bridgeNotReady: add(id, record.outcomeWords!, record.t)
        default: break
        }
    }

    private mutating func add(_ id: String, _ what: String, _ t: Double) {
        if let only {
            guard only.contains(id) else { return }
            touched.append(id)
        }
        Self.append(&steps[id, default: []], what, t)
    }

    private mutating func impression(_ id: String, _ t: Double) {
        if let only {
            guard only.contains(id) else { return }
            touched.append(id)
        }
        guard let last = steps[id]?.indices.last else { return add(id, "impression", t) }
        steps[id]![last].impressions.append(t)
    }

    private static func append(_ outcomes: inout [Step], _ what: String, _ t: Double) {
        if outcomes.last?.what == what, outcomes.last?.impressions.isEmpty == true {
            outcomes[outcomes.count - 1].times.append(t)
        } else {
            outcomes.append(Step(what: what, times: [t]))
        }
    }

    /// The fates, with where `final` leaves each message.
    func fates(_ final: EngineState) -> [String: Fate] {
        var fates: [String: Fate] = [:]
        for (id, outcomes) in steps {
            fates[id, default: Fate()].outcomes = outcomes.map(\.words)
        }
        func leave(_ id: String, _ how: String) {
            if let only, !only.contains(id) { return }
            fates[id, default: Fate()].left = how
        }
        for pending in final.stack { leave(pending.id, "left on the stack") }
        for pending in final.waiting { leave(pending.id, "waiting for its asset") }
        if let parked = final.parked { leave(parked.id, "left parked") }
        // TS2: a test send still waiting for its push or the next session start.
        for waiting in final.waitingTestSends { leave(waiting.pending.id, "test send left waiting") }
        return fates
    }
}
