/// `?`: every key, grouped, in a centred box. Any key closes it.
enum HelpOverlay {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, width: Int, height: Int) {
        let entries = KeyHelp.entries
        let perColumn = (entries.count + 1) / 2
        let boxWidth = min(width - 2, 78)
        let g = ctx.glyphs
        // What the screen shows, for a first-time reader; left out when the terminal is short.
        let legend = [
            "triggers: \(g.bullet) eligible  \(g.half) cooling down (P2, P3)  \(g.hollow) not now",
            "stack: \(g.play) on screen, then waiting messages, top first (L1)",
            "trace: every decision, newest first; Enter on a trigger: why not?",
        ]
        let showLegend = height - 2 >= perColumn + 5 + legend.count
        let boxHeight = min(height - 2, perColumn + 4 + (showLegend ? legend.count + 1 : 0))
        let rect = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        // Nothing of the screen below shows around the box: half-covered frames and words read
        // as stray characters.
        grid.fill(Rect(x: 0, y: 1, width: width, height: height - 2))
        grid.box(
            rect, glyphs: ctx.glyphs, role: .accent, title: [Span("KEYS", .title, bold: true)],
            fillInside: true, insideRole: .normal)
        let columnWidth = (boxWidth - 4) / 2
        let rows = boxHeight - 4 - (showLegend ? legend.count + 1 : 0)
        for (i, e) in entries.enumerated() {
            let column = i / max(1, rows)
            let row = i % max(1, rows)
            guard column < 2 else { break }
            let x = rect.x + 2 + column * (columnWidth + 1)
            let y = rect.y + 1 + row
            let end = grid.put(
                e.label.asciiSafe(ctx.ascii).padded(to: 9), x: x, y: y, role: .accent, bold: true,
                limit: x + columnWidth)
            grid.put(e.action.asciiSafe(ctx.ascii), x: end, y: y, role: .normal, limit: x + columnWidth)
        }
        if showLegend {
            for (i, line) in legend.enumerated() {
                grid.put(
                    line.asciiSafe(ctx.ascii), x: rect.x + 2, y: rect.y + 2 + rows + i, role: .muted,
                    limit: rect.maxX - 2)
            }
        }
        grid.putCentered(
            "mouse: click message buttons and body, the key bar, trigger rows", in: rect.inset(2, 0),
            y: rect.maxY - 3, role: .muted)
        grid.putCentered("any key closes this help", in: rect.inset(2, 0), y: rect.maxY - 2, role: .muted)
    }
}

extension String {
    /// Our own text with its few symbols spelt in ASCII.
    func asciiSafe(_ ascii: Bool) -> String {
        guard ascii else { return self }
        return replacing("×", with: "x").replacing("↑", with: "^").replacing("↓", with: "v")
            .replacing("→", with: "->").replacing("⏎", with: "Enter").replacing("…", with: "...").replacing(
                "·", with: "-")
    }
}
