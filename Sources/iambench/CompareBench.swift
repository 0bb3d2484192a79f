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

    /// Median CPU seconds for one comparison and for the four platforms' plain runs (what
    /// compare is held to: at most twice those), and how many messages differ.
    static func time(triggers: Int, events: Int) -> (Measurement, fourRuns: Measurement, differences: Int) {
        let scenario = scenario(triggers: triggers, events: events)
        var differences = 0
        let measurement = Measure.cpuTime("compare \(events)", warmup: 1, runs: 5) {
            let comparison = Comparison(scenario, profiles: Profile.all)
            differences = comparison.divergences.count
        }
        var records = 0
        let fourRuns = Measure.cpuTime("four runs \(events)", warmup: 1, runs: 5) {
            for profile in Profile.all {
                var run = scenario
                run.settings.profile = profile
                ScenarioRunner.run(run) { (_: TraceRecord) throws(Never) in records &+= 1 }
            }
        }
        return (measurement, fourRuns, differences)
    }

    static func printTable() {
        print("| triggers | events | compare (CPU, median) | four runs | ratio | messages that differ |")
        print("|---|---|---|---|---|---|")
        for (triggers, events) in [(100, 1_000), (1_000, 10_000), (1_000, 50_000), (1_000, 100_000)] {
            let (m, four, differences) = time(triggers: triggers, events: events)
            print(
                "| \(grouped(Double(triggers))) | \(grouped(Double(events))) | \(fmt(m.median * 1000, 1)) ms"
                    + " | \(fmt(four.median * 1000, 1)) ms | \(fmt(m.median / four.median, 2))× | \(differences) |"
            )
        }
    }
}
