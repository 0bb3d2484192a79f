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
        // Spec §9: no record at or past the time limit (no infinite `t`).
        let end = TimeLimit.end(until: until)
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

/// `ScenarioRunner.drive`, one step at a time: several runs of a scenario can be taken side by
/// side (compare), each only as far as its records are wanted.
public struct ScenarioStepper: Sendable {
    /// The engine, in the state the steps so far left it.
    public private(set) var engine: Engine
    private let timeline: [TimelineStep]
    private let end: Double
    /// The next timeline step; `timeline.count` once the timeline is done (deadlines remain).
    private var next = 0
    /// Whether every step and every deadline up to the end has run.
    public private(set) var finished = false

    /// A run of `scenario` (under its settings' profile) up to `until`, as `ScenarioRunner.drive`.
    public init(_ scenario: Scenario, until: Double? = nil) {
        engine = Engine(scenario: scenario)
        timeline = scenario.timeline
        end = TimeLimit.end(until: until)
    }

    /// Runs the next timeline step, or once they are done the next deadline, appending its
    /// records to `records` (without the first `profile` record). `false` when nothing was
    /// left to run.
    public mutating func step(into records: inout [TraceRecord]) -> Bool {
        if finished { return false }
        if next < timeline.count, timeline[next].at <= end {
            let timeline = timeline // read in place, as `drive` does: no copy of the step
            let index = next
            next += 1
            timeline.withUnsafeBufferPointer { steps in
                engine.apply(steps[index].action, at: steps[index].at) { (record: TraceRecord) throws(Never) in
                    records.append(record)
                }
            }
            return true
        }
        next = timeline.count
        if let deadline = engine.nextDeadline, deadline <= end {
            engine.advance(to: deadline) { (record: TraceRecord) throws(Never) in records.append(record) }
            return true
        }
        finished = true
        return false
    }
}
