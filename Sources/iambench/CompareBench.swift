import IAMEngine

/// `compare` (profiles.md): one scenario run under the four platforms, plus the runs that find
/// which row explains each difference. The timeline raises the keyboard and sends the app to
/// the background now and then, so the platforms part (X2, X3) and rows must be found.
enum CompareBench {
    static func scenario(triggers: Int, events: Int) -> Scenario {
        var timeline = [TimelineStep(at: 0, action: .launch)]
        var t = 1.0
        for (i, action) in EngineBench.events(events, triggerCount: triggers).enumerated() {
            t += 0.01
            timeline.append(TimelineStep(at: t, action: action))
            if i % 500 == 100 { timeline.append(TimelineStep(at: t, action: .keyboard(shown: true))) }
            if i % 500 == 300 { timeline.append(TimelineStep(at: t, action: .keyboard(shown: false))) }
            if i % 2000 == 1500 { timeline.append(TimelineStep(at: t, action: .background)) }
            if i % 2000 == 1600 { timeline.append(TimelineStep(at: t, action: .foreground)) }
        }
        return Scenario(triggers: EngineBench.triggers(triggers), timeline: timeline)
    }

    /// Median seconds for one comparison, and how many engine runs it made.
    static func time(triggers: Int, events: Int) -> (Measurement, runs: Int, differences: Int) {
        let scenario = scenario(triggers: triggers, events: events)
        var differences = 0
        let measurement = Measure.time("compare \(events)", warmup: 1, runs: 5) {
            let comparison = Comparison(scenario, profiles: Profile.all)
            differences = comparison.divergences.count
        }
        // The four platforms, then per other platform at most one run per row that differs.
        let ios = Profile.ios.policies
        let variants = Profile.all.dropFirst().map { $0.policies.differences(from: ios).count }.reduce(0, +)
        return (measurement, 4 + 2 * variants, differences)
    }

    static func printTable() {
        print("| triggers | events | median | engine runs (at most) | messages that differ |")
        print("|---|---|---|---|---|")
        for (triggers, events) in [(100, 1_000), (1_000, 10_000), (1_000, 50_000)] {
            let (m, runs, differences) = time(triggers: triggers, events: events)
            print(
                "| \(grouped(Double(triggers))) | \(grouped(Double(events))) | \(fmt(m.median * 1000, 1)) ms | \(runs) | \(differences) |"
            )
        }
    }
}
