import Glibc
import IAMEngine
import IAMReport
import IAMTestSupport

/// `iambench svg [OUT.svg]`: the SVG timeline (`iamterm run --format svg`) over events doubling
/// five times, 31,250 to 1,000,000, in process (a scenario file of 1M events would pass the
/// loader's 64 MiB limit). Per size: the picture's bytes and elements, and the CPU time of the
/// run folded into the model and drawn, next to the plain run (records dropped). `OUT.svg`
/// receives the 1M picture, to render with `rsvg-convert`.
enum SVGBench {
    /// 100 triggers on 100 custom event names (no interval), `events` steps 10 ms apart on
    /// 120 names (some match nothing), a keyboard toggle every 1,000 steps.
    static func scenario(events: Int) -> Scenario {
        let triggers = (0..<100).map { k in
            Trigger(
                id: "campaign-\(k)", conditions: [.customEvent(name: "event-\(k)")], priority: k % 7,
                minSecondsSinceLastTrigger: 0, reEligibility: 0,
                message: Message(kind: k % 3 == 0 ? .modal : .slideup, text: "x", close: .autoDismiss, duration: 2000))
        }
        var rng = SeededGenerator(seed: 0x5EED)
        var timeline = [TimelineStep(at: 0, action: .launch)]
        timeline.reserveCapacity(events + 1)
        for i in 0..<events {
            let at = 1 + Double(i) / 100
            if i % 1000 == 500 {
                timeline.append(TimelineStep(at: at, action: .keyboard(shown: i % 2000 == 500)))
            } else {
                timeline.append(
                    TimelineStep(at: at, action: .customEvent(name: "event-\(rng.next() % 120)", properties: [:])))
            }
        }
        return Scenario(
            name: "svg bench", settings: Settings(minimumTriggerInterval: 0), triggers: triggers, timeline: timeline)
    }

    static func run(output: String?) {
        print("SVG timeline over events (100 triggers, 10 ms apart), CPU s median of 3")
        print("| events | records | SVG bytes | elements | run alone | run + model + SVG |")
        print("|---|---|---|---|---|---|")
        for events in [31_250, 62_500, 125_000, 250_000, 500_000, 1_000_000] {
            let scenario = scenario(events: events)
            var records = 0
            let plain = Measure.cpuTime("run", warmup: 0, runs: 3) {
                records = 0
                ScenarioRunner.run(scenario) { (_: TraceRecord) throws(Never) in records += 1 }
            }
            var svg = ""
            let drawn = Measure.cpuTime("svg", warmup: 0, runs: 3) {
                svg = TimelineSVG.render(TimelineModel.build(scenario))
            }
            var elements = 0
            var previous: UInt8 = 0
            for byte in svg.utf8 {
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                if previous == UInt8(ascii: "<"), letter { elements += 1 }
                previous = byte
            }
            print(
                "| \(grouped(Double(events))) | \(grouped(Double(records))) | \(grouped(Double(svg.utf8.count))) | \(grouped(Double(elements))) | \(fmt(plain.median, 2)) s | \(fmt(drawn.median, 2)) s |"
            )
            if events == 1_000_000, let output, let file = fopen(output, "w") {
                _ = Array(svg.utf8).withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
                fclose(file)
            }
        }
    }
}
