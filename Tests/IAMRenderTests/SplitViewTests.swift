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
        #expect(text.contains("PART at 40.0"))
        #expect(text.contains("X3 keyboard up when a message"))
        #expect(text.contains("returned_to_stack"))
        #expect(text.contains("displayed cart-reminder"))
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
        func text(_ ui: UIState) -> String {
            let frame = renderSplit(left: left, right: right, marker: marker, ui: ui, width: 80, height: 24)
            return (0..<frame.grid.height).map(frame.grid.rowText).joined(separator: "\n")
        }
        let short = text(ui)
        #expect(short.contains("NOTE step 3/8"))
        #expect(short.contains("search-tip is performed"))
        #expect(short.contains("PART at 40.0"), "the parting stays above the note")
        ui.noteExpanded = true
        #expect(text(ui).contains("(X3)"))
    }
}
