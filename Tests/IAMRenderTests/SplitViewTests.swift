import IAMRender
import Testing

@testable import IAMEngine

/// The split view (`V`, profiles.md): two devices, two platforms, the parting record marked.
@Suite("Split view snapshots")
struct SplitViewTests {
    static func sides() -> (SplitSide, SplitSide, SplitMarker) {
        var left = Fixtures.base()
        left.keyboardUp = true
        left.stack = [Fixtures.pending("cart-reminder", at: 40)]
        var right = Fixtures.base()
        right.keyboardUp = true
        right.settings.profile = .android
        right.visible = Fixtures.visible("cart-reminder")
        let shared = Array(Fixtures.trace.prefix(4))
        let a = TraceRecord(
            t: 40, kind: .returnedToStack, message: "cart-reminder", reason: .keyboardUp, stack: ["cart-reminder"],
            depth: 1)
        let b = TraceRecord(t: 40, kind: .displayed, message: "cart-reminder", reason: .impression)
        return (
            SplitSide(engine: left, records: shared + [a]), SplitSide(engine: right, records: shared + [b]),
            SplitMarker(index: shared.count, rows: [.x3], left: a, right: b)
        )
    }

    @Test(
        "80×24: both devices, both platforms, the parting at 40.0 with X3 and both records, legible",
        arguments: [
            [80, 24], [120, 36],
        ])
    func split(_ size: [Int]) {
        let (left, right, marker) = Self.sides()
        let frame = renderSplit(
            left: left, right: right, marker: marker, ui: Fixtures.ui(), width: size[0], height: size[1])
        Snapshot.assertMatches(frame.grid, "split-\(size[0])x\(size[1])")
        let text = (0..<frame.grid.height).map(frame.grid.rowText).joined(separator: "\n")
        #expect(text.contains("A ios") && text.contains("B android"))
        #expect(text.contains("A and B part at 40.0"))
        #expect(text.contains("X3 keyboard up when a message"))
        #expect(text.contains("returned_to_stack"))
        #expect(text.contains("displayed cart-reminder"))
    }

    @Test("while the parting's rows are worked out, the marker says so where the X-ID goes, both records shown")
    func rowsPending() {
        let (left, right, known) = Self.sides()
        var marker = known
        marker.rows = nil
        func text(ascii: Bool) -> String {
            var ui = Fixtures.ui()
            ui.asciiOnly = ascii
            let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
            return (0..<frame.grid.height).map(frame.grid.rowText).joined(separator: "\n")
        }
        let unicode = text(ascii: false)
        #expect(unicode.contains("A and B part at 40.0"))
        #expect(unicode.contains("which row: working it out…"))
        #expect(!unicode.contains("X3") && !unicode.contains("several rows"))
        #expect(unicode.contains("returned_to_stack") && unicode.contains("displayed cart-reminder"))
        #expect(text(ascii: true).contains("which row: working it out..."))
    }

    @Test("80×24: the marker names an integration row (SC2) as it names an X-row")
    func integrationRow() {
        let (left, right, known) = Self.sides()
        var marker = known
        marker.rows = [.sc2]
        let frame = renderSplit(left: left, right: right, marker: marker, ui: Fixtures.ui(), width: 80, height: 24)
        let rows = (0..<frame.grid.height).map(frame.grid.rowText)
        let at = rows.firstIndex { $0.hasSuffix("│ → A and B part at 40.0            ") }
        #expect(at.map { rows[$0 + 1].hasSuffix("│   SC2 a screen that did not       ") } == true, "\(rows)")
        #expect(at.map { rows[$0 + 2].hasSuffix("│   register the SDK's UI           ") } == true)
        #expect(!rows.contains { $0.contains("X3") || $0.contains("several rows") })
    }

    /// Issue 44, finding 8: two versions of one platform part at a version boundary, not a row.
    @Test("80×24: the marker names the version boundary compare names, not 'several rows'")
    func versionBoundary() {
        let (left, right, known) = Self.sides()
        var marker = known
        marker.rows = []
        marker.also = ["TS2 changes at android 7.0.0 (before: shown)"]
        let frame = renderSplit(left: left, right: right, marker: marker, ui: Fixtures.ui(), width: 80, height: 24)
        let text = frame.grid.text
        #expect(text.contains("TS2 changes at"), "\(text)")
        #expect(!text.contains("several rows"))
    }

    @Test("before the traces part, the column says so and marks nothing")
    func same() {
        let (left, _, _) = Self.sides()
        var right = left
        right.engine.settings.profile = .swift
        let frame = renderSplit(left: left, right: right, marker: nil, ui: Fixtures.ui(), width: 80, height: 24)
        let text = (0..<frame.grid.height).map(frame.grid.rowText).joined(separator: "\n")
        #expect(text.contains("same trace so far"))
        #expect(!text.contains("PART"))
    }

    @Test("a step's note (a lesson's explanation) stays readable in the split view at 80×24; N shows more")
    func note() {
        let (left, right, marker) = Self.sides()
        var ui = Fixtures.ui()
        ui.timeline = .init(count: 8, index: 3, playing: false)
        ui.note = .init(
            step: 3,
            text: "search-tip is performed while the keyboard is up. ios holds it back (L4); the others show it (X3).")
        func text(_ ui: ViewState) -> String {
            let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
            return (0..<frame.grid.height).map(frame.grid.rowText).joined(separator: "\n")
        }
        let short = text(ui)
        #expect(short.contains("NOTE step 3/8"))
        #expect(short.contains("search-tip is performed"))
        #expect(short.contains("A and B part at 40.0"), "the parting stays above the note")
        ui.noteExpanded = true
        #expect(text(ui).contains("(X3)"))
    }

    @Test("80×24: a note of four lines is whole in the split's column, each trace keeping its header and two records")
    func noteWhole() {
        let (left, right, marker) = Self.sides()
        var ui = Fixtures.ui()
        ui.focus = .trace
        ui.timeline = .init(count: 8, index: 3, playing: false)
        ui.note = .init(
            step: 3,
            text:
                "search-tip is performed while the keyboard is up. ios holds it back (L4); the others show it at once, whatever the keyboard does (X3)."
        )
        let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
        let rows = (0..<frame.grid.height).map { Self.trimmed(String(frame.grid.rowText($0).dropFirst(46))) }
        let note = rows.firstIndex { $0.hasPrefix("NOTE step 3/8") }
        #expect(note.map { rows[$0 + 4] } == " whatever the keyboard does (X3).", "\(rows)")
        #expect(!rows.contains { $0.hasSuffix("more") }, "\(rows)")
        let b = rows.firstIndex { $0.hasPrefix("TRACE B android") }
        #expect(b.map { rows[$0 + 2].isEmpty == false } == true, "\(rows)")
    }

    @Test("a record's detail and why-not are the chosen device's (B here, A by default), named on the column")
    func perSide() {
        let (left, right, marker) = Self.sides()
        func text(_ ui: ViewState) -> String {
            let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
            return (0..<frame.grid.height).map(frame.grid.rowText).joined(separator: "\n")
        }
        var ui = Fixtures.ui()
        ui.focus = .trace
        ui.side = .right
        let b = right.records[4]
        ui.recordDetail = .init(index: 4, json: TraceFormat.json(b))
        let onB = text(ui)
        #expect(onB.contains("B android  record · Esc closes"))
        #expect(onB.contains("#5 of 5"))
        #expect(onB.contains("\"type\":\"displayed\""))
        ui.side = .left
        ui.recordDetail = .init(index: 4, json: TraceFormat.json(left.records[4]))
        let onA = text(ui)
        #expect(onA.contains("A ios  record · Esc closes"))
        #expect(onA.contains("\"type\":\"returned_to_stack\""))
        ui.recordDetail = nil
        ui.side = .right
        ui.whyNot = .init(triggerID: "cart-reminder", gates: [])
        #expect(text(ui).contains("B android  why not · Esc closes"))
    }

    static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    @Test("80×24: why-not in the column puts each gate's detail under it, whole words, not 8 columns beside it")
    func whyNotNarrow() {
        let (left, right, marker) = Self.sides()
        var ui = Fixtures.ui()
        ui.whyNot = .init(
            triggerID: "cart-reminder",
            gates: [
                .init(rule: .d1, name: "on the device", passes: true, detail: "delivered"),
                .init(rule: .t1, name: "last event", passes: true, detail: "custom_event:add_to_cart"),
                .init(rule: .p3, name: "re-eligibility", passes: false, detail: "once only; performed at 7.256"),
            ])
        let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
        let rows = (0..<frame.grid.height).map { Self.trimmed(String(frame.grid.rowText($0).dropFirst(46))) }
        let d1 = rows.firstIndex { $0.hasPrefix(" ✓  D1   on the device") }
        #expect(d1.map { rows[$0 + 1] } == "    delivered", "\(rows)")
        #expect(d1.map { rows[$0 + 3] } == "    custom_event:add_to_cart", "\(rows)")
        #expect(d1.map { rows[$0 + 5] } == "    once only; performed at 7.256", "\(rows)")
    }

    @Test("80×24: 0's and R's (y/n) question is drawn on the split view's bottom row")
    func question() {
        let (left, right, marker) = Self.sides()
        var ui = Fixtures.ui()
        ui.confirm = "reset the app (fresh install): the device forgets everything? (y/n)"
        let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
        #expect(
            Self.trimmed(frame.grid.rowText(23))
                == " reset the app (fresh install): the device forgets everything? (y/n)")
    }

    @Test("80×24: with the triggers focused, the column names the selected trigger of the chosen device and its state")
    func selectedTrigger() {
        let (left, right, marker) = Self.sides()
        let triggers = left.engine.serverTriggers
        var ui = Fixtures.ui()
        ui.focus = .triggers
        ui.side = .right
        ui.selectedTrigger = 1
        let status = TriggerStatus.of(triggers[1], in: right.engine).text
        let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
        let rows = (0..<frame.grid.height).map { String(frame.grid.rowText($0).dropFirst(46)) }
        let expected = "B › \(triggers[1].id) 2/\(triggers.count) \(status)"
        #expect(rows[3].hasPrefix(String(expected.prefix(34))), "\(rows)")
        ui.focus = .trace
        let trace = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
        #expect(!(0..<trace.grid.height).map(trace.grid.rowText).contains { $0.contains(" › \(triggers[1].id)") })
    }

    @Test("Tab on a device's trace: its header says so and its newest record has the cursor")
    func traceCursor() {
        let (left, right, marker) = Self.sides()
        var ui = Fixtures.ui()
        ui.focus = .trace
        ui.side = .right
        let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
        let rows = (0..<frame.grid.height).map(frame.grid.rowText)
        let header = rows.firstIndex { $0.contains("TRACE B android") }
        #expect(header.map { rows[$0].contains("↑↓ Enter: record") } == true)
        #expect(rows.contains { $0.contains("TRACE A ios") && $0.contains("newest first") })
        let cursorRow = (header ?? 0) + 1
        #expect(rows[cursorRow].contains("displayed cart-reminder"))
        let reversed = (0..<frame.grid.width).filter { frame.grid[$0, cursorRow].reverse }
        // The record, as far as the column shows it, is reversed; nothing else on the row.
        let shown = String(reversed.map { frame.grid[$0, cursorRow].character })
        #expect(reversed.count > 20)
        #expect("40.0 displayed cart-reminder impression".hasPrefix(shown))
        #expect(reversed.last == frame.grid.width - 1)
    }

    @Test("two versions of one platform: the badge and both devices carry the version; the parting names TS2")
    func versions() throws {
        var left = Fixtures.base()
        left.settings.profile = try Profile.resolve("android@6.0.0").get()
        var right = Fixtures.base()
        right.settings.profile = try Profile.resolve("android@37.0.0").get()
        let shared = Array(Fixtures.trace.prefix(4))
        let a = TraceRecord(t: 40, kind: .testSend, message: "qa", reason: .waiting)
        let b = TraceRecord(t: 40, kind: .testSend, message: "qa", reason: .received)
        let frame = renderSplit(
            left: SplitSide(engine: left, records: shared + [a]),
            right: SplitSide(engine: right, records: shared + [b]),
            marker: SplitMarker(index: shared.count, rows: [.ts2], left: a, right: b), ui: Fixtures.ui(), width: 80,
            height: 24)
        Snapshot.assertMatches(frame.grid, "split-versions-80x24")
        let text = (0..<frame.grid.height).map { row in
            String(frame.grid.rowText(row).reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
        #expect(text.contains("[android@6.0.0]"))
        #expect(text.contains(" A android@6.0.0 ") && text.contains(" B android@37.0.0 "))
        // The names leave the summary no room at 80 columns: it goes on the next line, whole.
        #expect(text.contains("┐ A android@6.0.0\n") && text.contains("│ B android@37.0.0\n"))
        #expect(text.components(separatedBy: "│   stack 0  next 17.5s\n").count == 3)
        #expect(text.contains("TRACE B android@37.0.0\n"))
        #expect(text.contains("TS2 when a test send"))
    }
}
