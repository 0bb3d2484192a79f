// SV3 (integration.md): starting from the device as a QA engineer found it.
extension EngineState {
    /// The app in the foreground in session 1, no delivery in flight, with the given P2 stamp,
    /// P3 records and cached triggers (in the server's order).
    mutating func start(midLife initial: InitialState) {
        startedMidLife = true
        app = .foreground
        session = Session(number: 1)
        lastActivity = now
        lastTriggerTime = initial.lastTriggerAt
        lastPerformed = initial.performed
        let cached = Set(initial.cachedTriggers)
        delivered = TriggerSet(serverTriggers.filter { cached.contains($0.id) })
    }
}

extension Engine {
    /// The records every run starts with: the profile, then `app initial` when the scenario
    /// starts mid-life (SV3). The runner, the simulator, the SVG timeline and the checker use it.
    public var openingRecords: [TraceRecord] {
        [profileRecord] + (initialRecord.map { [$0] } ?? [])
    }

    /// `app initial`, right after the profile record, when the run starts mid-life (SV3).
    public var initialRecord: TraceRecord? {
        guard state.startedMidLife else { return nil }
        let fact = TraceRecord.Fact.midSession(
            cachedTriggers: state.delivered.triggers.count, lastTrigger: state.lastTriggerTime)
        return TraceRecord(t: 0, kind: .app, reason: .initial, fact: fact)
    }
}
