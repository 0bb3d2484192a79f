import IAMEngine
import Testing

@testable import IAMSimulator
@testable import IAMTerm

#if canImport(Glibc)
    import Glibc
#endif

/// A measurement, not a test (docs/PERFORMANCE.md, "Memory over a long session"): a busy
/// session through the reducer and the renderer as the main loop drives them at ×16, with the
/// peak resident size printed as the session doubles. Off unless `IAMTERM_BENCH_MEMORY=1`:
///
///     IAMTERM_BENCH_MEMORY=1 swift test --filter SessionMemoryBench
@Suite("Memory over a long simulated session (a measurement)")
struct SessionMemoryBench {
    /// 16 events a simulated second for `seconds`, against triggers that show, auto-dismiss
    /// and stack (re-eligible at once), with a background and foreground every minute.
    static func busy(seconds: Int) -> Scenario {
        var timeline = [TimelineStep(at: 0, action: .launch)]
        for tick in 0..<(seconds * 16) {
            let at = 1 + Double(tick) / 16
            if tick % 960 == 480 { timeline.append(TimelineStep(at: at, action: .background)) }
            if tick % 960 == 500 { timeline.append(TimelineStep(at: at, action: .foreground)) }
            let event = Action.customEvent(name: "e\(tick % 4)", properties: ["n": .number(Double(tick))])
            timeline.append(TimelineStep(at: at, action: event))
        }
        let triggers = (0..<8).map { index in
            Trigger(
                id: "t\(index)", conditions: [.customEvent(name: "e\(index % 4)")], priority: index % 3,
                reEligibility: 0, message: Message(kind: .slideup, text: "message \(index)", duration: 3000))
        }
        return Scenario(settings: Settings(minimumTriggerInterval: 0), triggers: triggers, timeline: timeline)
    }

    static func peakMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    @Test(
        "×16, 16 events a second: peak RSS at 2.5, 5, 10, 20 and 40 simulated minutes",
        .enabled(if: getenv("IAMTERM_BENCH_MEMORY") != nil))
    func longSession() {
        let minutes = [2.5, 5, 10, 20, 40]
        let scenario = Self.busy(seconds: Int(minutes.last! * 60))
        var sim = Simulator(
            scenario: scenario, title: "memory", options: InteractiveOptions(play: true, speed: 16), asciiOnly: false,
            mono: 0)
        print("| simulated minutes | events | records | peak RSS |")
        print("|---|---|---|---|")
        var mono = 0.0
        var records = 0
        var checkpoint = 0
        // The main loop at ×16: at most 25 wake-ups a wall second, each a tick and a frame.
        while checkpoint < minutes.count {
            mono += 0.04
            for effect in sim.handle(.tick, mono: mono) {
                if case .records(let new) = effect { records += new.count }
            }
            let frame = sim.frame(width: 160, height: 48)
            precondition(frame.grid.width == 160)
            if mono * 16 >= minutes[checkpoint] * 60 {
                print(
                    "| \(minutes[checkpoint]) | \(Int(minutes[checkpoint] * 60 * 16)) | \(records) "
                        + "| \(Int(Self.peakMiB().rounded())) MiB |")
                checkpoint += 1
            }
        }
        #expect(checkpoint == minutes.count)
    }
}
