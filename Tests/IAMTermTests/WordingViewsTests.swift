import IAMEngine
import Testing

@testable import IAMRender
@testable import IAMReport
@testable import IAMSimulator

/// Issue 29: every view says a record in the same words (`RecordWords`); a view picks width and
/// emphasis only.
@Suite("One wording of a record, in every view")
struct WordingViewsTests {
    static let records: [TraceRecord] = [
        TraceRecord(t: 12.5, kind: .displayed, message: "promo", trigger: "promo", reason: .impression),
        TraceRecord(t: 40, kind: .returnedToStack, message: "b", reason: .messageVisible, depth: 2),
        TraceRecord(
            t: 3, kind: .triggerDelayed, message: "late", trigger: "late",
            event: Event(kind: .customEvent, name: "promo"), next: 8.25),
        TraceRecord(t: 0, kind: .deliveryCompleted, until: 0.5, fact: .triggers(1)),
        TraceRecord(t: 7, kind: .app, reason: .rotate, detail: "landscape"),
        TraceRecord(t: 9, kind: .clicked, message: "promo", reason: .clickURI, button: "b2"),
        TraceRecord(t: 1, kind: .event, event: Event(kind: .purchase, name: "latte")),
        TraceRecord(t: 0, kind: .app, reason: .launch, stack: ["a", "b"]),
    ]

    static let context = RenderContext(
        engine: EngineState(scenario: Scenario(name: "wording", triggers: [])),
        ui: UIState(title: "wording").view(keys: KeyBinding.legend),
        trace: [], glyphs: Glyphs.forMode(ascii: false))

    /// Runs of spaces as one: the trace panel pads its time and kind columns.
    static func squeezed(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test("the trace panel, the split view and the status line print the same words", arguments: records)
    func sameWords(_ record: TraceRecord) {
        let ctx = Self.context
        let words = record.words(time: formatTime, clean: ctx.clean).text()
        let time = formatTime(record.t)
        #expect(Self.squeezed(TraceView.traceLine(record, ctx)) == time + " " + words)
        // The split view leaves the stack's ids out (its header counts the stack).
        let unstacked = record.words(time: formatTime, clean: ctx.clean).text { $0 != .stack }
        #expect(SplitColumn.compact(record, ctx) == time + " " + unstacked)
        #expect(Simulator.summary(of: .wait, [record]).text == "wait: " + words)
    }

    @Test("exact lines: the status line after a step says what the trace panel says")
    func exactLines() {
        let ctx = Self.context
        let rotate = Self.records[4]
        #expect(TraceView.traceLine(rotate, ctx) == "   7.0 app                rotate landscape")
        #expect(Simulator.summary(of: .rotate(.landscape), [rotate]).text == "rotate: app rotate landscape")
        let delayed = Self.records[2]
        #expect(SplitColumn.compact(delayed, ctx) == "3.0 trigger_delayed late (next 8.3) on custom_event promo")
        #expect(
            Simulator.summary(of: .customEvent(name: "promo", properties: [:]), [delayed]).text
                == "customEvent: trigger_delayed late (next 8.3) on custom_event promo")
    }

    @Test("the SVG's integration lane labels a record in its words, without the app's kind")
    func svgLabels() {
        let screen = TraceRecord(t: 1, kind: .app, reason: .screen, detail: "splash")
        #expect(TimelineBuilder.integrationLabel(screen) == "screen splash")
        let test = TraceRecord(t: 1, kind: .testSend, message: "qa-check", reason: .waiting)
        #expect(TimelineBuilder.integrationLabel(test) == "test_send qa-check waiting")
        #expect(TimelineBuilder.integrationLabel(test) == test.words().text())
    }

    @Test(
        "the status after a real step is the trace panel's line for the record it picks (issue 31: not 'app (rotate)')")
    func statusAfterRotate() throws {
        var sim = try IntegrationSimulatorTests.launched()
        let records = sim.act(.rotate(.landscape), mono: 0)
        let rotate = try #require(records.last { $0.kind == .app && $0.reason == .rotate })
        let status = try #require(sim.ui.status?.text)
        #expect(status == "rotate: " + rotate.words(time: formatTime, clean: { $0 }).text())
        #expect(status.hasPrefix("rotate: app rotate"))
        #expect(!status.contains("(rotate)"))
        #expect(sim.session.steps.last?.note == "recorded: rotate landscape")
    }

    @Test("/ finds a record by the words the trace panel shows, as well as by the trace's line")
    func searchFindsShownWords() throws {
        var sim = try IntegrationSimulatorTests.launched()
        let records = sim.act(.customEvent(name: "add_to_cart", properties: [:]), mono: 0)
        let matched = try #require(records.last { $0.kind == .triggerMatched })
        let shown = try #require(matched.words(clean: { $0 })[.event])
        #expect(!TraceFormat.text(matched).contains(shown), "the line words the event otherwise")
        sim.search(shown)
        let index = sim.trace.count - 1 - sim.ui.traceCursor
        // The newest record said so on screen: the performed record after the match.
        #expect(sim.trace[index] == sim.trace.last { $0.words(clean: { $0 })[.event] == shown })
        #expect(sim.trace[index].kind == .performed)
        #expect(sim.ui.status?.text.hasPrefix("\"\(shown)\" at ") == true)
    }
}
