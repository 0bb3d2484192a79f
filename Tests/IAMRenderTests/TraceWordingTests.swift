import Testing

@testable import IAMEngine
@testable import IAMRender

/// The trace panel words a record's detail for people; the trace's own bytes stay as they are.
@Suite("Trace panel wording")
struct TraceWordingTests {
    @Test(
        "one trigger is singular on screen, any other count plural",
        arguments: [
            ("1 triggers", "1 trigger"), ("2 triggers", "2 triggers"), ("0 triggers", "0 triggers"),
            ("11 triggers", "11 triggers"), ("mid-session: 1 cached triggers", "mid-session: 1 cached trigger"),
            ("mid-session: 21 cached triggers", "mid-session: 21 cached triggers"), ("offline", "offline"),
        ])
    func wording(_ detail: String, _ shown: String) {
        #expect(TraceView.shown(detail) == shown)
    }

    @Test("the trace panel line says '1 trigger'; the record and its text form still say '1 triggers'")
    func panelLine() {
        let record = TraceRecord(t: 0, kind: .deliveryStarted, until: 0.5, detail: "1 triggers")
        let ctx = RenderContext(
            engine: Fixtures.base(), ui: Fixtures.ui(), trace: [record], glyphs: Glyphs.forMode(ascii: false))
        let line = TraceView.traceLine(record, ctx)
        #expect(line.hasSuffix("(until 0.5) 1 trigger"))
        #expect(TraceFormat.text(record).hasSuffix("1 triggers"))
        #expect(SplitColumn.compact(record, ctx) == "0.0 delivery_started 1 trigger")
    }
}
