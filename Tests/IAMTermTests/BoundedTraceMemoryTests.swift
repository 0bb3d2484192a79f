import IAMEngine
import Testing

@testable import IAMSimulator
@testable import IAMTerm

/// Spec §10 (revision 2): the interactive view's in-memory trace is bounded in records and in
/// bytes, while every record still goes out (to `--trace`) as an effect. Measured in counts
/// and bytes through the reducer, never in seconds.
@Suite("§10: the simulator's trace is bounded in bytes")
struct BoundedTraceMemoryTests {
    /// Plays `scenario`'s timeline to its end, one wall second per tick; returns every record
    /// the ticks handed out (what `--trace` receives).
    static func play(_ scenario: Scenario) -> (Simulator, emitted: Int, largestStack: Int) {
        var sim = Simulator(
            scenario: scenario, title: "bounded", options: InteractiveOptions(play: true), asciiOnly: false, mono: 0)
        var emitted = 0
        var largestStack = 0
        let end = (scenario.timeline.last?.at ?? 0) + 5
        var mono = 0.0
        while mono <= end {
            // A tick applies a slice of the due steps (`Simulator.stepsPerTick`): tick again
            // while steps are still due at this instant, as the main loop does.
            repeat {
                let records = sim.tick(mono: mono)
                emitted += records.count
                for record in records { largestStack = max(largestStack, record.stack?.count ?? 0) }
            } while sim.stepsDue(mono: mono)
            mono += 1
        }
        return (sim, emitted, largestStack)
    }

    @Test("§10: background + 30,000 performed messages: at most 10,000 records and 4 MiB kept, every record emitted")
    func deepStack() {
        let count = 30_000
        var timeline = [TimelineStep(at: 0, action: .launch), TimelineStep(at: 1, action: .background)]
        for i in 0..<count {
            timeline.append(TimelineStep(at: 2 + Double(i) / 1000, action: .customEvent(name: "e", properties: [:])))
        }
        let scenario = Scenario(
            settings: Settings(minimumTriggerInterval: 0),
            triggers: [
                Trigger(id: "t", conditions: [.customEvent(name: "e")], reEligibility: 0, message: Message(text: "x"))
            ],
            timeline: timeline)
        let (sim, emitted, largestStack) = Self.play(scenario)
        #expect(sim.engine.state.stack.count == count, "every message went back to the stack")
        // launch, session, delivery (3), open (3), then 6 records per event: a quadratic trace
        // would hold count²/2 stack ids; a bounded one at most 16 per record.
        #expect(emitted >= 6 * count)
        #expect(largestStack == TraceRecord.stackShown)
        #expect(sim.trace.count == TraceBuffer.maxRecords)
        #expect(sim.traceBuffer.bytes <= TraceBuffer.maxBytes)
        #expect(sim.traceBuffer.bytes == sim.trace.reduce(0) { $0 + TraceBuffer.footprint(of: $1) })
        #expect(sim.trace.last?.depth == count)
    }

    @Test("§10: events carrying 60 KB values: the kept trace stays within 4 MiB, dropping the oldest records")
    func largeRecords() {
        let value = String(repeating: "v", count: 60_000)
        var timeline = [TimelineStep(at: 0, action: .launch)]
        for i in 0..<200 {
            timeline.append(
                TimelineStep(
                    at: 1 + Double(i) / 100, action: .customEvent(name: "big", properties: ["k": .string(value)])))
        }
        let (sim, emitted, _) = Self.play(Scenario(triggers: [], timeline: timeline))
        #expect(emitted >= 2 * 200, "an event and a no_match each, all handed out")
        #expect(sim.traceBuffer.bytes <= TraceBuffer.maxBytes)
        #expect(sim.traceBuffer.bytes >= TraceBuffer.maxBytes / 2, "the budget is used, not the record count")
        let kept = sim.trace.filter { $0.kind == .event }.count
        #expect(kept < 200 && kept > 30, "kept \(kept) of 200 large events")
        #expect(sim.trace.last?.t == timeline.last?.at, "the newest records are the ones kept")
    }

    @Test("a single record larger than the budget is still kept (the newest is always shown)")
    func oversizedRecord() {
        var buffer = TraceBuffer()
        let huge = String(repeating: "x", count: TraceBuffer.maxBytes + 1)
        buffer.append(contentsOf: [TraceRecord(t: 0, kind: .app, detail: "small")])
        buffer.append(contentsOf: [TraceRecord(t: 1, kind: .app, detail: huge)])
        #expect(buffer.records.count == 1)
        #expect(buffer.records.first?.t == 1)
    }
}
