import IAMEngine

/// The note of the timeline step last applied: it stays until the next step, and says when the
/// person has acted since (the screen may no longer be what the note describes).
enum NoteView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, note: UIState.StepNote, rect: Rect) {
        guard rect.height >= 1, rect.width >= 10 else { return }
        var header = SidePanel.header("NOTE", "step \(note.step)/\(ctx.ui.timeline.count)")
        if note.manualActionsSince > 0 {
            let n = note.manualActionsSince
            header.append(
                Span(" \(ctx.glyphs.dot) \(n) manual action\(n == 1 ? "" : "s") since: may be stale", .warning))
        }
        grid.put(header, x: rect.x, y: rect.y, limit: rect.maxX)
        let lines = wrapScenarioText(note.text, width: rect.width - 1, ascii: ctx.ascii).map {
            [Span(" " + $0, note.manualActionsSince > 0 ? .muted : .normal)]
        }
        SidePanel.drawLines(
            &grid, lines, in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1))
    }
}
