/// Replays a scenario's timeline on the simulated clock (no real waiting): each step at its
/// time, then every pending deadline, or up to `until`.
public enum ScenarioRunner {
    /// Hands each record to `record` as it is decided, so a caller can stream them. The first
    /// names the profile (profiles.md); with `initial`, the second says so (SV3).
    public static func run<E: Error>(
        _ scenario: Scenario, until: Double? = nil,
        record: (TraceRecord) throws(E) -> Void
    ) throws(E) {
        var engine = Engine(scenario: scenario)
        for opening in engine.openingRecords { try record(opening) }
        try drive(&engine, scenario, until: until, record: record)
    }

    /// The timeline and the deadlines after it on `engine`, without the first profile record;
    /// `engine` is left in its final state.
    public static func drive<E: Error>(
        _ engine: inout Engine, _ scenario: Scenario, until: Double? = nil,
        record: (TraceRecord) throws(E) -> Void
    ) throws(E) {
        // The loader keeps every time below `TimeLimit.seconds`; a scenario built in code that
        // does not still never gets a record at or past it (spec §9: no infinite `t`).
        let end = min(until ?? .infinity, TimeLimit.seconds.nextDown)
        // Steps read in place: iterating the array would copy each step (its action's strings
        // and properties) only to pass it on.
        try scenario.timeline.withUnsafeBufferPointer { (steps) throws(E) in
            for index in steps.indices {
                guard steps[index].at <= end else { break }
                try engine.apply(steps[index].action, at: steps[index].at, each: record)
            }
        }
        while let deadline = engine.nextDeadline, deadline <= end {
            try engine.advance(to: deadline, each: record)
        }
    }

    /// The whole trace as an array.
    public static func trace(_ scenario: Scenario, until: Double? = nil) -> [TraceRecord] {
        var records: [TraceRecord] = []
        run(scenario, until: until) { (item: TraceRecord) throws(Never) in records.append(item) }
        return records
    }
}
