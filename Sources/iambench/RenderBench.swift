import IAMEngine
import IAMRender
import IAMScenario
import IAMSimulator

/// Rendering: the demo at a moment with a message on screen, a stack, a cooldown running and a
/// long trace — the busiest frame the demo produces.
enum RenderBench {
    struct Moment {
        var engine: Engine
        var trace: [TraceRecord]
        var ui: UIState
    }

    /// The demo played to `until` seconds, plus one more custom event so a cooldown runs.
    static func moment(until: Double = 64.5) -> Moment {
        guard let loaded = try? ScenarioLoader.load(json: DemoScenario.json, file: DemoScenario.fileName) else {
            fatalError("the demo does not load")
        }
        var engine = Engine(scenario: loaded.scenario)
        var trace: [TraceRecord] = []
        for step in loaded.scenario.timeline where step.at <= until {
            trace += engine.apply(step.action, at: step.at)
        }
        trace += engine.advance(to: until)
        let ui = UIState(title: loaded.scenario.name)
        return Moment(engine: engine, trace: trace, ui: ui)
    }

    static func frameTime(width: Int, height: Int) -> Measurement {
        let m = moment()
        var checksum = 0
        let measurement = Measure.time("render \(width)x\(height)", warmup: 20, runs: 15) {
            for _ in 0..<100 {
                let frame = render(engine: m.engine.state, ui: m.ui, trace: m.trace, width: width, height: height)
                checksum &+= frame.grid.cells.count
            }
        }
        precondition(checksum > 0)
        // Each run renders 100 frames.
        return Measurement(name: measurement.name, samples: measurement.samples.map { $0 / 100 })
    }

    /// Two frames 0.1 s of simulated time apart while only the cooldown counts down.
    static func cooldownFrames(width: Int, height: Int) -> (Double) -> Grid {
        let m = moment(until: 36)
        return { elapsed in
            var engine = m.engine
            engine.advance(to: 36 + elapsed)
            return render(engine: engine.state, ui: m.ui, trace: m.trace, width: width, height: height).grid
        }
    }
}
