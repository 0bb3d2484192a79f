/// Replays a scenario's timeline on the simulated clock (no real waiting): each step at its
/// time, then every pending deadline, or up to `until`. Every way of running a scenario (`run`,
/// compare, the SVG model, the checked run of the fuzz target) goes through `ScenarioStepper`:
/// this is the whole run at once.
public enum ScenarioRunner {
    /// Hands each record to `record` as it is decided, so a caller can stream them. The first
    /// names the profile (profiles.md); with `initial`, the second says so (SV3).
    public static func run<E: Error>(
        _ scenario: Scenario, until: Double? = nil,
        record: (TraceRecord) throws(E) -> Void
    ) throws(E) {
        var stepper = ScenarioStepper(scenario, until: until)
        for opening in stepper.engine.openingRecords { try record(opening) }
        while try stepper.step(each: record) {}
    }

    /// The whole trace as an array.
    public static func trace(_ scenario: Scenario, until: Double? = nil) -> [TraceRecord] {
        var records: [TraceRecord] = []
        run(scenario, until: until) { (item: TraceRecord) throws(Never) in records.append(item) }
        return records
    }
}

/// The one runner of a scenario, a step at a time: each timeline step at its time, then every
/// pending deadline, never a record at or past the time limit (spec §9). A caller takes as many
/// steps as it wants records (compare), or looks at the engine's state after each (the SVG
/// model, the checked run).
public struct ScenarioStepper: Sendable {
    /// How finely the run is cut into steps.
    public enum Grain: Sendable {
        /// A timeline step runs the deadlines before it as part of the step.
        case steps
        /// The deadlines before a timeline step are steps of their own, so the state after each
        /// step is the state at its records' time.
        case deadlines
    }

    /// The engine, in the state the steps so far left it.
    public private(set) var engine: Engine
    private let timeline: [TimelineStep]
    private let end: Double
    private let grain: Grain
    /// The next timeline step; `timeline.count` once the timeline is done (deadlines remain).
    private var next = 0
    /// Whether every step and every deadline up to the end has run.
    public private(set) var finished = false

    /// A run of `scenario` (under its settings' profile) up to `until`.
    public init(_ scenario: Scenario, until: Double? = nil, grain: Grain = .steps) {
        engine = Engine(scenario: scenario)
        timeline = scenario.timeline
        end = TimeLimit.end(until: until)
        self.grain = grain
    }

    /// Lets the engine take `set` as its delivered set, built by another run of the same
    /// scenario (compare), when it holds the same triggers (`EngineState.reuseDeliverable`).
    mutating func reuse(_ set: TriggerSet) { engine.state.reuseDeliverable(set) }

    /// Whether the timeline is done and only deadlines are left to run.
    public var pastTimeline: Bool { next >= timeline.count || timeline[next].at > end }

    /// The time of what the next step runs (a timeline step or a deadline); `nil` once the run
    /// is done.
    public var nextTime: Double? {
        if finished { return nil }
        let deadline = engine.nextDeadline
        if next < timeline.count, timeline[next].at <= end {
            let at = timeline[next].at
            if grain == .deadlines, let deadline, deadline < at { return deadline }
            return at
        }
        if let deadline, deadline <= end { return deadline }
        return nil
    }

    /// Runs the next timeline step, or once they are done the next deadline, handing its records
    /// to `each` (without the opening records). `false` when nothing was left to run.
    public mutating func step<E: Error>(each: (TraceRecord) throws(E) -> Void) throws(E) -> Bool {
        if finished { return false }
        if next < timeline.count, timeline[next].at <= end {
            let at = timeline[next].at
            if grain == .deadlines, let deadline = engine.nextDeadline, deadline < at {
                try engine.advance(to: deadline, each: each)
                return true
            }
            // Read in place: iterating the array would copy the step (its action's strings and
            // properties) only to pass it on.
            let timeline = timeline
            let index = next
            next += 1
            try timeline.withUnsafeBufferPointer { (steps) throws(E) in
                try engine.apply(steps[index].action, at: at, each: each)
            }
            return true
        }
        next = timeline.count
        if let deadline = engine.nextDeadline, deadline <= end {
            try engine.advance(to: deadline, each: each)
            return true
        }
        finished = true
        return false
    }

    /// `step(each:)`, its records appended to `records`.
    public mutating func step(into records: inout [TraceRecord]) -> Bool {
        step { (record: TraceRecord) throws(Never) in records.append(record) }
    }
}
