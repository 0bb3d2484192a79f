/// The delivery rules as a value: feed it actions with their times, read its trace and state.
///
/// The engine never reads a clock. `apply(_:at:)` first runs every deadline due up to `at`
/// (deliveries, downloads, delays, auto-dismisses, session ends), then the action.
public struct Engine: Sendable {
    public internal(set) var state: EngineState
    /// Records of the call in progress. The array API hands them back and keeps its own
    /// reference: when the caller has let go of them by the next call, their storage is used again.
    var records: [TraceRecord] = []
    /// X30: while a delayed trigger performs, when its timer was set (what it logs at a flush
    /// tick's own millisecond goes with that tick when its timer was set first).
    var timerSetAt: Double?

    public init(scenario: Scenario) {
        state = EngineState(scenario: scenario)
    }

    /// A run of `scenario` whose deliveries send `deliverable` until the server changes: the set
    /// another run of a scenario with the same triggers built (`deliverable(of:)`), so many short
    /// runs of one scenario (compare's probes, explore's partings) index its triggers once.
    package init(scenario: Scenario, deliverable: TriggerSet?) {
        state = EngineState(scenario: scenario)
        if let deliverable { state.deliverable = (state.serverGeneration, deliverable) }
    }

    /// The set a delivery of `scenario`'s triggers sends at the start of a run (the enabled
    /// triggers, indexed), for `init(scenario:deliverable:)`.
    package static func deliverable(of scenario: Scenario) -> TriggerSet {
        var state = EngineState(scenario: scenario)
        return state.deliverableSet()
    }

    /// Runs deadlines due up to `time`, then `action` at `time`. Earlier times are clamped to now.
    @discardableResult
    public mutating func apply(_ action: Action, at time: Double) -> [TraceRecord] {
        reclaimRecords()
        runDeadlines(through: time)
        handle(action)
        // Whatever the action started with no latency (a zero-second download) settles now.
        runDeadlines(through: state.now)
        return takeRecords()
    }

    /// Moves the clock to `time`, running every deadline due on the way.
    @discardableResult
    public mutating func advance(to time: Double) -> [TraceRecord] {
        reclaimRecords()
        runDeadlines(through: time)
        return takeRecords()
    }

    /// `apply`, handing each record to `body` instead of returning an array (the runner streams
    /// a whole timeline through this).
    @_specialize(exported:true,where E == Never)
    package mutating func apply<E: Error>(_ action: Action, at time: Double, each body: (TraceRecord) throws(E) -> Void)
        throws(E)
    {
        reclaimRecords()
        runDeadlines(through: time)
        handle(action)
        runDeadlines(through: state.now)
        try flushRecords(body)
    }

    /// `advance`, handing each record to `body` as `apply(_:at:each:)` does.
    mutating func advance<E: Error>(to time: Double, each body: (TraceRecord) throws(E) -> Void) throws(E) {
        reclaimRecords()
        runDeadlines(through: time)
        try flushRecords(body)
    }

    /// Hands the records of this call to `body` and empties the list, keeping its storage.
    private mutating func flushRecords<E: Error>(_ body: (TraceRecord) throws(E) -> Void) throws(E) {
        defer { records.removeAll(keepingCapacity: true) }
        for index in records.indices { try body(records[index]) }
    }

    /// The records of this call, shared with the caller (see `reclaimRecords`).
    func takeRecords() -> [TraceRecord] { records }

    /// Empties the list at the start of a call. Storage the caller no longer holds is emptied
    /// in place (no allocation per call); held storage is left to the caller and a new one made.
    /// A large one (a call that made many records) is let go rather than kept or remade.
    private mutating func reclaimRecords() {
        if records.capacity > 64 { records = [] } else { records.removeAll(keepingCapacity: true) }
    }

    /// Inlined, so that each new record moves into the list instead of being copied there.
    @inline(__always)
    mutating func emit(_ record: consuming TraceRecord) {
        // One allocation for the few records a call makes, not one per doubling from empty.
        if records.capacity == 0 { records.reserveCapacity(8) }
        records.append(record)
    }
}
