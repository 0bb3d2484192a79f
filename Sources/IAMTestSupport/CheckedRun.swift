import IAMEngine

/// A scenario replayed step by step with the invariants checked after every step: the shared
/// core of the fuzz target (`Fuzz/`) and of the fuzz regression tests.
///
/// It runs the scenario through the one runner, `ScenarioStepper`, feeds every record to an
/// `InvariantChecker`, and compares the records with the engine's state after each step.
///
/// It also checks the limits of issue 9 on every record: `t` finite and below
/// `TimeLimit.seconds`, `until`/`next` finite, `stack` at most `TraceRecord.stackShown` ids
/// with a `depth` at least as large (spec §9, §10); and that the trigger set keeps one event's
/// work within `EventWork`'s limits (T6).
///
/// The work is bounded: after the timeline, at most `deadlineBudget` deadlines are run. A
/// scenario of `n` steps and `m` triggers can only start a bounded number of timers (each step
/// or message starts a handful), so running out of budget means the engine keeps scheduling
/// deadlines on its own: that is reported as a failure, not silently cut short.
public struct CheckedRun: Sendable {
    /// Invariant violations and runaway deadlines, as readable lines. Empty when all is well.
    public private(set) var failures: [String] = []
    /// How many trace records the run produced.
    public private(set) var recordCount = 0

    /// The scenario under each platform in turn (profiles.md); the failures of the first that
    /// fails, named.
    public static func underEveryProfile(_ scenario: Scenario, until: Double? = nil) -> [String] {
        for profile in Profile.all {
            var copy = scenario
            copy.settings.profile = profile
            let run = CheckedRun(copy, until: until)
            if !run.failures.isEmpty { return ["profile \(profile.name):"] + run.failures }
        }
        return []
    }

    /// Deadlines allowed after the timeline: generous for any real scenario.
    public static func deadlineBudget(for scenario: Scenario) -> Int {
        10_000 + 50 * (scenario.timeline.count + scenario.triggers.count)
    }

    public init(_ scenario: Scenario, until: Double? = nil) {
        // Every trigger source (the list and campaign steps) under the one price list.
        if let (excess, source) = EventWork.firstExcess(in: scenario) {
            failures.append("T6: trigger \(source) takes one event's work over the limits: \(excess.cost)")
            return
        }
        var run = ScenarioStepper(scenario, until: until)
        var checker = InvariantChecker(scenario: scenario)
        take(run.engine.openingRecords, &checker, run.engine.state)
        var budget = Self.deadlineBudget(for: scenario)
        var records: [TraceRecord] = []
        while let next = run.nextTime {
            // Deadlines after the timeline are counted: the engine must not keep scheduling them
            // on its own.
            if run.pastTimeline {
                guard budget > 0 else {
                    failures.append(
                        "runaway: more than \(Self.deadlineBudget(for: scenario)) deadlines after the timeline "
                            + "(next at \(TraceFormat.fixed3(next)))")
                    return
                }
                budget -= 1
            }
            records.removeAll(keepingCapacity: true)
            _ = run.step(into: &records)
            take(records, &checker, run.engine.state)
            if !failures.isEmpty { return }
        }
    }

    private mutating func take(_ records: [TraceRecord], _ checker: inout InvariantChecker, _ state: EngineState) {
        recordCount += records.count
        for record in records {
            checker.check(record)
            if let problem = Self.limitProblem(record) { failures.append("\(TraceFormat.text(record)): \(problem)") }
            // The text and JSON forms must be computable for every record (no trap in formatting).
            _ = TraceFormat.text(record)
            _ = TraceFormat.json(record)
        }
        checker.check(against: state)
        failures += checker.failures
    }

    /// What breaks a record-level limit of spec §9/§10, if anything.
    static func limitProblem(_ record: TraceRecord) -> String? {
        if !(record.t.isFinite && record.t >= 0 && record.t < TimeLimit.seconds) { return "t outside [0, 1e9)" }
        if let until = record.until, !until.isFinite { return "until not finite" }
        if let next = record.next, !next.isFinite { return "next not finite" }
        if let stack = record.stack {
            if stack.count > TraceRecord.stackShown { return "stack lists \(stack.count) ids" }
            guard let depth = record.depth, depth >= stack.count else { return "stack without a depth to match" }
        } else if record.depth != nil {
            return "depth without a stack"
        }
        return nil
    }
}
