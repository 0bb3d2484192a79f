import IAMEngine
import IAMRender
import IAMScenario
import IAMSimulator

/// `iambench idle`: what the simulator does at rest with a deep stack. The clock runs and
/// nothing happens: each wake-up (ten a second at ×1, the next tenth of a countdown) advances
/// the engine by 0.1 s and renders one frame. CPU time per wake-up along the stack depth (N
/// messages on the stack and N delayed triggers waiting) must stay flat.
enum IdleBench {
    /// The app in the background; N messages returned to the stack, N triggers waiting out a
    /// long delay.
    static func scenario(_ count: Int) -> [UInt8] {
        var out = #"{"settings":{"minimumTriggerInterval":0},"triggers":["#
        out += #"{"id":"t","re_eligibility":0,"trigger_condition":[{"type":"custom_event","data":{"event_name":"e"}}],"#
        out += #""data":{"type":"SLIDEUP","message":"x"}},"#
        out += #"{"id":"d","re_eligibility":0,"delay":100000,"#
        out += #""trigger_condition":[{"type":"custom_event","data":{"event_name":"f"}}],"#
        out += #""data":{"type":"SLIDEUP","message":"y"}}],"#
        out += #""timeline":[{"at":0,"do":"launch"},{"at":1,"do":"background"}"#
        for i in 0..<count {
            let at = fmt(2 + Double(i) / 1000, 3)
            out += #",{"at":\#(at),"do":"customEvent","name":"e"},{"at":\#(at),"do":"customEvent","name":"f"}"#
        }
        return Array((out + "]}").utf8)
    }

    /// The engine after the timeline, and the time it ended at.
    static func settled(_ count: Int) -> (Engine, Double) {
        guard let scenario = try? ScenarioLoader.load(bytes: scenario(count), file: "idle.json").scenario else {
            fatalError("the idle scenario does not load")
        }
        var engine = Engine(scenario: scenario)
        var end = 0.0
        for step in scenario.timeline {
            _ = engine.apply(step.action, at: step.at)
            end = step.at
        }
        return (engine, end + 1)
    }

    static func run() {
        let frames = 100
        print("Idle wake-ups: engine.advance(+0.1 s) + one 160x48 frame, N on the stack and N delayed (CPU)")
        print("| N | stack | delayed | per wake-up | CPU at 10 wake-ups/s |")
        print("|---|---|---|---|---|")
        for count in [1_000, 2_000, 4_000, 8_000, 16_000, 32_000] {
            let (settled, start) = settled(count)
            let ui = UIState(title: "idle")
            var checksum = 0
            let m = Measure.cpuTime("idle", warmup: 1, runs: 5) {
                var engine = settled
                for frame in 0..<frames {
                    _ = engine.advance(to: start + Double(frame) / 10)
                    let grid = render(engine: engine.state, ui: ui, trace: [], width: 160, height: 48).grid
                    checksum &+= grid.cells.count
                }
            }
            precondition(checksum > 0 && settled.state.stack.count == count && settled.state.delayed.count == count)
            let perFrame = m.median / Double(frames)
            print(
                "| \(grouped(Double(count))) | \(settled.state.stack.count) | \(settled.state.delayed.count) "
                    + "| \(fmt(perFrame * 1e6, 1)) µs | \(fmt(perFrame * 10 * 100, 3)) % |")
        }
    }
}
