import IAMEngine

/// The note of the timeline step last applied: it stays until the next step, and says when the
/// person has acted since (the screen may no longer be what the note describes).
enum NoteView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, note: ViewState.StepNote, rect: Rect) {
        guard rect.height >= 1, rect.width >= 10 else { return }
        let step = note.step == 0 ? "introduction" : "step \(note.step)/\(ctx.ui.timeline.count)"
        let key = ctx.ui.noteExpanded ? ", N closes" : ", N: whole"
        let n = note.manualActionsSince
        let title = Span("NOTE ", .title, bold: true)
        let header: Line
        if n == 0 {
            header = SidePanel.fitting(
                [[title, Span(step + key, .muted)], [title, Span(step, .muted)]], width: rect.width)
        } else {
            let actions = "\(n) manual action\(n == 1 ? "" : "s")"
            header = SidePanel.fitting(
                [
                    [
                        title, Span(step + key, .muted),
                        Span(" \(ctx.glyphs.dot) may be stale: \(actions) since", .warning),
                    ],
                    [title, Span(step, .muted), Span(" \(ctx.glyphs.dot) may be stale: \(actions) since", .warning)],
                    [title, Span(step, .muted), Span(" \(ctx.glyphs.dot) may be stale", .warning)],
                ], width: rect.width)
        }
        grid.put(header, x: rect.x, y: rect.y, limit: rect.maxX)
        SidePanel.drawLines(
            &grid, body(note, width: rect.width, ctx),
            in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1))
    }

    /// The note's lines below its header: first, when this run differs from the note's clock,
    /// the line that says so (it is never the one cut), then the note's text.
    static func body(_ note: ViewState.StepNote, width: Int, _ ctx: RenderContext) -> [Line] {
        let ascii = ctx.ascii
        var lines: [Line] = []
        if let differs = note.runDiffers(profile: ctx.engine.settings.profile.name) {
            lines += wrapScenarioText(differs, width: width - 1, ascii: ascii).map { [Span(" " + $0, .warning)] }
        }
        lines += wrapScenarioText(note.text, width: width - 1, ascii: ascii).map {
            [Span(" " + $0, note.manualActionsSince > 0 ? .muted : .normal)]
        }
        return lines
    }
}
