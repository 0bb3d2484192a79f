/// versions.md: a row whose version range the evidence names but the engine does not compute
/// (yet): the versions it covers, and what in a run exercises it. A run under such a version
/// gives the newer SDK's answer; `NotModelledWatch` says so instead of staying silent.
public struct NotModelled: Sendable, Equatable {
    public var row: String
    public var evidence: String
    /// The versions it covers: from `from` (inclusive, `nil`: the first) until `until`
    /// (exclusive, `nil`: the newest).
    public var from: SDKVersion?
    public var until: SDKVersion?
    public var signal: Signal

    /// What in a run exercises the row.
    public enum Signal: Sendable, Equatable {
        /// D3: an event raised while the trigger sync is in flight (`event_queued`).
        case eventDuringSync
        /// X8: a trigger with a regex filter.
        case regexFilter
        /// X5/L5: a delegate's `reenqueue` answer.
        case reenqueueAnswer
        /// P2: a trigger skipped for the minimum interval.
        case intervalSkip
        /// D4: a message waiting for its image.
        case imageWait
        /// X2: a message held back by the background.
        case backgroundHold
        /// TS3: a test send.
        case testSend
        /// X40: a user change.
        case userChange
        /// X56: a click on a message's body.
        case bodyClick
    }

    public init(
        _ row: String, _ evidence: String, from: SDKVersion? = nil, until: SDKVersion? = nil, signal: Signal
    ) {
        self.row = row
        self.evidence = evidence
        self.from = from
        self.until = until
        self.signal = signal
    }

    /// Whether `version` is one it covers.
    public func covers(_ version: SDKVersion) -> Bool {
        (from.map { version >= $0 } ?? true) && (until.map { version < $0 } ?? true)
    }

    /// Whether `record` exercises the row (the scenario-wide signals are judged at the start).
    func exercised(by record: TraceRecord) -> Bool {
        switch signal {
        case .eventDuringSync: record.kind == .eventQueued
        case .regexFilter: false
        case .reenqueueAnswer: record.kind == .reenqueued || record.reason == .delegateReenqueue
        case .intervalSkip: record.kind == .triggerSkipped && record.reason == .minInterval
        case .imageWait: record.kind == .waitingForAsset
        case .backgroundHold: record.reason == .appInBackground
        case .testSend: record.kind == .testSend
        case .userChange: record.kind == .userChanged
        case .bodyClick: (record.kind == .clicked && record.button == nil) || record.reason == .hasButtons
        }
    }
}

/// Watches one run for the not-modelled rows of its profile's version that it exercises
/// (issue 45: no silent answer). Fed every record, in order; the rows come out once each.
public struct NotModelledWatch: Sendable {
    public let profile: Profile
    private var waiting: [NotModelled]
    /// The rows exercised so far, in the order first exercised.
    public private(set) var exercised: [NotModelled] = []

    public init(scenario: Scenario, profile: Profile) {
        self.profile = profile
        guard let version = profile.version, let axis = VersionAxis.of(profile.platform) else {
            waiting = []
            return
        }
        waiting = axis.notModelled.filter { $0.covers(version) }
        if scenario.triggers.contains(where: \.hasRegexFilter) {
            exercised = waiting.filter { $0.signal == .regexFilter }
            waiting.removeAll { $0.signal == .regexFilter }
        }
    }

    /// `scenario` run under `profile` up to `until` for its not-modelled rows (no run at all when
    /// there is nothing to watch).
    public static func of(_ scenario: Scenario, profile: Profile, until: Double?) -> NotModelledWatch {
        var watch = NotModelledWatch(scenario: scenario, profile: profile)
        guard !watch.idle else { return watch }
        var scenario = scenario
        scenario.settings.profile = profile
        ScenarioRunner.run(scenario, until: until) { (record: TraceRecord) throws(Never) in watch.take(record) }
        return watch
    }

    /// Nothing to watch: a bare name, or a version no not-modelled row covers.
    public var idle: Bool { waiting.isEmpty }

    public mutating func take(_ record: TraceRecord) {
        guard !waiting.isEmpty else { return }
        for index in waiting.indices.reversed() where waiting[index].exercised(by: record) {
            exercised.append(waiting.remove(at: index))
        }
    }

    /// One line per row exercised: `android@6.0.0: X8 not modelled (before 8.1.0 a regex filter
    /// matches the whole value, case-sensitive (8.1.0)); this run gives the newer SDK's answer`.
    public var warnings: [String] {
        exercised.map {
            "\(profile.name): \($0.row) not modelled (\($0.evidence)); this run gives the newer SDK's answer there"
        }
    }
}
