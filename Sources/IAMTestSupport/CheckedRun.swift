import IAMEngine

/// A scenario replayed step by step with the invariants checked after every step: the shared
/// core of the fuzz target (`Fuzz/`) and of the fuzz regression tests.
///
/// It drives `Engine` the way `ScenarioRunner.run` does (each timeline step at its time, then
/// every pending deadline), feeds every record to an `InvariantChecker`, and compares the
/// records with the engine's state after each step.
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
        var engine = Engine(scenario: scenario)
        var checker = InvariantChecker(scenario: scenario)
        let end = until ?? .infinity
        take([engine.profileRecord], &checker, engine.state)
        for step in scenario.timeline {
            guard step.at <= end else { break }
            take(engine.apply(step.action, at: step.at), &checker, engine.state)
            if !failures.isEmpty { return }
        }
        var budget = Self.deadlineBudget(for: scenario)
        while let deadline = engine.nextDeadline, deadline <= end {
            guard budget > 0 else {
                failures.append(
                    "runaway: more than \(Self.deadlineBudget(for: scenario)) deadlines after the timeline "
                        + "(next at \(TraceFormat.fixed3(deadline)))")
                return
            }
            budget -= 1
            take(engine.advance(to: deadline), &checker, engine.state)
            if !failures.isEmpty { return }
        }
    }

    private mutating func take(_ records: [TraceRecord], _ checker: inout InvariantChecker, _ state: EngineState) {
        recordCount += records.count
        for record in records {
            checker.check(record)
            // The text and JSON forms must be computable for every record (no trap in formatting).
            _ = TraceFormat.text(record)
            _ = TraceFormat.json(record)
        }
        checker.check(against: state)
        failures += checker.failures
    }
}
