import Testing

@testable import IAMEngine
@testable import IAMRender

/// The trace panel words a record's detail for people; the trace's own bytes stay as they are.
@Suite("Trace panel wording")
struct TraceWordingTests {
    @Test(
        "one trigger is singular on screen, any other count plural; the trace's words stay",
        arguments: [
            (TraceRecord.Fact.triggers(1), "1 triggers", "1 trigger"),
            (.triggers(2), "2 triggers", "2 triggers"), (.triggers(0), "0 triggers", "0 triggers"),
            (.triggers(11), "11 triggers", "11 triggers"),
            (
                .midSession(cachedTriggers: 1, lastTrigger: nil), "mid-session: 1 cached triggers",
                "mid-session: 1 cached trigger"
            ),
            (
                .midSession(cachedTriggers: 21, lastTrigger: 4.5),
                "mid-session: 21 cached triggers, last trigger at 4.500",
                "mid-session: 21 cached triggers, last trigger at 4.500"
            ),
            (.offlineKeeping(cachedTriggers: 1), "offline; 1 cached triggers stay", "offline; 1 cached trigger stays"),
            (.offlineKeeping(cachedTriggers: 3), "offline; 3 cached triggers stay", "offline; 3 cached triggers stay"),
            (.subscriber(position: 2, .show), "subscriber 2 show", "subscriber 2 show"),
        ])
    func wording(_ fact: TraceRecord.Fact, _ trace: String, _ shown: String) {
        #expect(fact.words() == trace)
        #expect(fact.words(grammatical: true) == shown)
        let record = TraceRecord(t: 0, kind: .deliveryCompleted, fact: fact)
        #expect(record.detail == trace)
        #expect(TraceView.shown(record) == shown)
    }

    @Test("a detail in words is shown as it stands")
    func words() {
        #expect(TraceView.shown(TraceRecord(t: 0, kind: .deliveryStarted, detail: "offline")) == "offline")
        #expect(TraceView.shown(TraceRecord(t: 0, kind: .deliveryStarted)) == nil)
    }

    @Test("the trace panel line says '1 trigger'; the record and its text form still say '1 triggers'")
    func panelLine() {
        let record = TraceRecord(t: 0, kind: .deliveryStarted, until: 0.5, fact: .triggers(1))
        let ctx = RenderContext(
            engine: Fixtures.base(), ui: Fixtures.ui(), trace: [record], glyphs: Glyphs.forMode(ascii: false))
        let line = TraceView.traceLine(record, ctx)
        #expect(line.hasSuffix("(until 0.5) 1 trigger"))
        #expect(TraceFormat.text(record).hasSuffix("1 triggers"))
        #expect(SplitColumn.compact(record, ctx) == "0.0 delivery_started (until 0.5) 1 trigger")
    }
}
