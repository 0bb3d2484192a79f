/// The key bar on the bottom row; each entry is clickable.
enum KeyBar {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, row: Int, width: Int, hotspots: inout [Hotspot]) {
        grid.fill(Rect(x: 0, y: row, width: width, height: 1), role: .keyBar)
        var x = 1
        let byKey = Dictionary(KeyHelp.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let entries = KeyHelp.keyBarOrder.compactMap { byKey[$0] }
        // Keep "? help" and "q quit" whatever the width: lay out the others in the room left.
        let tail = entries.filter { $0.key == "?" || $0.key == "q" }
        let tailWidth = tail.reduce(0) { $0 + label($1, ctx).cellWidth + 2 + ($1.short ?? "").count + 1 }
        for entry in entries where entry.key != "?" && entry.key != "q" {
            let w = label(entry, ctx).cellWidth + 1 + (entry.short ?? "").count + 2
            if x + w > width - tailWidth { break }
            x = drawEntry(&grid, ctx, entry, x: x, row: row, hotspots: &hotspots)
        }
        x = max(x, width - tailWidth)
        for entry in tail { x = drawEntry(&grid, ctx, entry, x: x, row: row, hotspots: &hotspots) }
    }

    static func label(_ e: KeyHelp.Entry, _ ctx: RenderContext) -> String {
        e.key == "space" ? (ctx.ascii ? "spc" : "␣") : e.label
    }

    static func drawEntry(
        _ grid: inout Grid, _ ctx: RenderContext, _ e: KeyHelp.Entry, x: Int, row: Int,
        hotspots: inout [Hotspot]
    ) -> Int {
        var end = grid.put(label(e, ctx), x: x, y: row, role: .accent, bold: true)
        end = grid.put(" " + (e.short ?? ""), x: end, y: row, role: .keyBar)
        hotspots.append(Hotspot(Rect(x: x, y: row, width: end - x, height: 1), .key(e.key)))
        return end + 2
    }
}

/// The one-line form on the bottom row (and its hint above), shown instead of the key bar.
enum PromptView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, prompt: UIState.Prompt, layout: Layout) {
        let row = layout.keyBarRow
        grid.fill(Rect(x: 0, y: row, width: layout.width, height: 1), role: .prompt)
        var label = " "
        if let step = prompt.step { label += step + " " }
        label += ctx.clean(prompt.label)
        if !prompt.defaultValue.isEmpty { label += " [" + ctx.clean(prompt.defaultValue) + "]" }
        label += ": "
        let hint = "  Enter ok \(ctx.glyphs.dot) Esc cancel"
        var x = grid.put(label, x: 0, y: row, role: .prompt, bold: true, limit: layout.width)
        let room = layout.width - x - hint.count - 1
        // Show the end of a long input, as an input field scrolls.
        var text = ctx.clean(prompt.text)
        while text.cellWidth > room - 1, !text.isEmpty { text.removeFirst() }
        x = grid.put(text, x: x, y: row, role: .prompt, limit: layout.width)
        grid.put(" ", x: x, y: row, role: .prompt, reverse: true) // the cursor
        grid.put(hint, x: layout.width - hint.cellWidth, y: row, role: .muted, limit: layout.width)
        // The hint row: choices that Tab cycles through.
        let hintRow = layout.statusRow
        let p = layout.statusX
        grid.fill(Rect(x: p, y: hintRow, width: layout.width - p, height: 1))
        if let status = ctx.ui.status, status.kind == .error {
            grid.put(
                ctx.clean(status.text).clipped(to: layout.width - p - 1, ellipsis: ctx.glyphs.ellipsis), x: p,
                y: hintRow, role: .error)
        } else if !prompt.choices.isEmpty {
            let list = "Tab: " + prompt.choices.map { ctx.clean($0) }.joined(separator: ", ")
            grid.put(
                list.clipped(to: layout.width - p - 1, ellipsis: ctx.glyphs.ellipsis), x: p, y: hintRow, role: .accent)
        } else if let status = ctx.ui.status {
            grid.put(
                ctx.clean(status.text).clipped(to: layout.width - p - 1, ellipsis: ctx.glyphs.ellipsis), x: p,
                y: hintRow, role: .accent)
        }
    }
}
