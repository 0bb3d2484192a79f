import IAMEngine
import Testing

@testable import IAMSimulator

/// Issue 35: however many timeline steps are due, one tick applies at most
/// `Simulator.stepsPerTick`, so the main loop reads `q` between slices.
@Suite("Due steps run in slices")
struct TickSliceTests {
    static let steps = 20

    static func simulator() -> Simulator {
        let timeline = (0..<steps).map {
            TimelineStep(at: Double($0) * 0.01, action: .customEvent(name: "e\($0)", properties: [:]))
        }
        return Simulator(
            scenario: Scenario(name: "many", timeline: timeline), title: "t", options: InteractiveOptions(play: true),
            asciiOnly: false, mono: 0)
    }

    @Test("a tick far past every step applies a slice; time stops at the next step left due")
    func slices() {
        var sim = Self.simulator()
        let first = sim.tick(mono: 100)
        #expect(sim.ui.timeline.index == Simulator.stepsPerTick)
        #expect(first.filter { $0.kind == .event }.count == Simulator.stepsPerTick)
        #expect(sim.now == Double(Simulator.stepsPerTick) * 0.01)
        #expect(sim.wakeDelay(mono: 100) == 0)
        _ = sim.tick(mono: 100)
        #expect(sim.ui.timeline.index == 2 * Simulator.stepsPerTick)
        _ = sim.tick(mono: 100)
        #expect(sim.ui.timeline.index == Self.steps)
        #expect(sim.now == 100)
    }

    @Test("q between two slices quits with steps still due")
    func quitBetweenSlices() {
        var sim = Self.simulator()
        _ = sim.tick(mono: 100)
        sim.send(.key(.character("q")), mono: 100, expecting: ["quit"])
        #expect(sim.ui.timeline.index == Simulator.stepsPerTick)
    }

    @Test("the same records as one pass: slicing changes when, never what")
    func sameRecords() {
        var sliced = Self.simulator()
        var records: [TraceRecord] = []
        while sliced.ui.timeline.index < Self.steps { records += sliced.tick(mono: 100) }
        let timeline = Self.simulator().scenario.timeline
        var engine = Engine(scenario: Scenario(name: "many", timeline: timeline))
        var whole: [TraceRecord] = []
        for step in timeline { whole += engine.apply(step.action, at: step.at) }
        whole += engine.advance(to: 100)
        #expect(records.map(TraceFormat.text) == whole.map(TraceFormat.text))
    }
}
