import IAMEngine
import Testing

/// Issue 35: a record that lists a collection prints at most a fixed number of its items and
/// counts the rest, so the trace stays linear in the input (SV1's `pending` named every live
/// campaign trigger: 1.18 MB in, 826 MB of text out).
@Suite("Printed lists are capped")
struct PrintedListCapTests {
    @Test("SV1: no_match prints 16 pending triggers and +N more (text) / pending_more (JSON)")
    func pendingCapped() {
        var record = TraceRecord(t: 40, kind: .noMatch, event: Event(kind: .customEvent, name: "browse"))
        record.pending = (0..<40).map { PendingTrigger(trigger: "t\($0)", enabledAt: Double($0)) }
        let shown = (0..<16)
        #expect(
            TraceFormat.json(record)
                == #"{"t":40,"type":"no_match","event":{"type":"custom_event","name":"browse"},"pending":["#
                + shown.map { #"{"trigger":"t\#($0)","enabled_at":\#($0)}"# }.joined(separator: ",")
                + #"],"pending_more":24}"#)
        #expect(
            TraceFormat.text(record)
                == "  40.000  no_match                          custom_event:browse  pending=["
                + shown.map { "t\($0)@\($0).000" }.joined(separator: " ") + " +24 more]")
        #expect(TraceFormat.json(record) == ReferenceTraceFormat.json(record))
        #expect(TraceFormat.text(record) == ReferenceTraceFormat.text(record))
        // 16 exactly: no count.
        record.pending = Array(record.pending!.prefix(16))
        #expect(!TraceFormat.json(record).contains("pending_more"))
        #expect(!TraceFormat.text(record).contains("more"))
    }

    @Test("SV1 end to end: 2,000 campaigns live, one no_match line stays under 1 KB")
    func pendingLinear() {
        let count = 2_000
        let triggers = (0..<count).map { index -> Trigger in
            var live = trigger("c\(index)", .customEvent(name: "browse"), reEligibility: 0)
            live.startsDisabled = true
            return live
        }
        let steps: [Script.Step] =
            (0..<count).map { (at: 1 + Double($0) / 1000, action: .campaign(id: "c\($0)", enabled: true)) }
            + [(at: 10, action: event("browse"))]
        let script = Script(triggers: triggers, steps: steps)
        let line = script.lines(under: .ios).first { $0.hasPrefix("10.000 no_match") }
        #expect(line?.hasSuffix("c15@1.015 +1984 more]") == true, "\(line ?? "none")")
        var lines = TraceWriter(format: .jsonl)
        for record in ScenarioRunner.trace(script.scenario) where record.kind == .noMatch { lines.append(record) }
        #expect(lines.count < 1_024 * 2, "\(lines.count) bytes for the no_match records")
    }
}
