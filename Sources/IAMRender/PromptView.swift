/// The one-line form on the bottom row (and its hint row above), shown instead of the key bar.
/// What is typed always shows: the input field takes the room it needs, the label gives way
/// first (it is shortened with an ellipsis), then the key hint; a field longer than the whole
/// row shows its end, as an input field scrolls.
enum PromptView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, prompt: ViewState.PromptLine, layout: Layout) {
        let row = layout.keyBarRow
        let width = layout.width
        let g = ctx.glyphs
        grid.fill(Rect(x: 0, y: row, width: width, height: 1), role: .prompt)
        var label = ""
        if let step = prompt.step { label += step + " " }
        label += ctx.clean(prompt.label)
        if prompt.text.isEmpty, !prompt.defaultValue.isEmpty { label += " [" + ctx.clean(prompt.defaultValue) + "]" }
        let hint = "Enter ok \(g.dot) Esc cancel"
        let text = ctx.clean(prompt.text)
        let field = text.cellWidth + 1 // the text and the cursor
        let usable = width - 2 // a space at each end
        // The label keeps at least a few cells ("event 1…: ") while the field needs the rest.
        let minLabel = min(label.cellWidth, 8)
        let showHint = 2 + minLabel + 2 + field + 2 + hint.cellWidth <= usable + 2
        let hintRoom = showHint ? hint.cellWidth + 2 : 0
        let labelRoom = max(minLabel, min(label.cellWidth, usable - 2 - field - hintRoom))
        var x = grid.put(
            " " + label.clipped(to: labelRoom, ellipsis: g.ellipsis) + ": ", x: 0, y: row, role: .prompt, bold: true,
            limit: width)
        let fieldRoom = width - 1 - x - hintRoom
        x = grid.put(
            tail(of: text, fitting: fieldRoom - 1, ellipsis: g.ellipsis), x: x, y: row, role: .prompt, limit: width)
        grid.put(" ", x: x, y: row, role: .prompt, reverse: true) // the cursor
        if showHint { grid.put(hint, x: width - 1 - hint.cellWidth, y: row, role: .muted, limit: width) }
        // The hint row: an error, or the choices that Tab cycles through, or the status.
        let hintRow = layout.statusRow
        let p = layout.statusX
        grid.fill(Rect(x: p, y: hintRow, width: width - p, height: 1))
        let room = width - p - 1
        if let status = ctx.ui.status, status.kind == .error {
            // An error is read whole (a file that did not load says where and why): the rows
            // above take what does not fit, up to a third of the screen, the last row cut.
            let lines = wrap(ctx.clean(status.text), width: max(10, room))
            let rows = max(1, min(lines.count, layout.height / 3))
            for (index, line) in lines.prefix(rows).enumerated() {
                let y = hintRow - rows + 1 + index
                let cut = index == rows - 1 && lines.count > rows
                grid.fill(Rect(x: p, y: y, width: width - p, height: 1))
                grid.put(
                    (cut ? line + " " + g.ellipsis : line).clipped(to: room, ellipsis: g.ellipsis), x: p, y: y,
                    role: .error)
            }
        } else if !prompt.choices.isEmpty {
            let list = "Tab: " + prompt.choices.map { ctx.clean($0) }.joined(separator: ", ")
            grid.put(list.clipped(to: room, ellipsis: g.ellipsis), x: p, y: hintRow, role: .accent)
        } else if let status = ctx.ui.status {
            grid.put(ctx.clean(status.text).clipped(to: room, ellipsis: g.ellipsis), x: p, y: hintRow, role: .accent)
        }
    }

    /// The end of `text` that fits in `width` cells, marked with `ellipsis` when cut. One pass
    /// from the end: the cost is the width shown, not the length typed.
    static func tail(of text: String, fitting width: Int, ellipsis: String) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var start = text.endIndex
        let room = width - ellipsis.cellWidth
        while start > text.startIndex {
            let before = text.index(before: start)
            let w = TextWidth.of(text[before])
            if used + w > width { break }
            used += w
            start = before
        }
        if start == text.startIndex { return text }
        // Cut: make room for the ellipsis at the front.
        while used > room, start < text.endIndex {
            used -= TextWidth.of(text[start])
            start = text.index(after: start)
        }
        return ellipsis + String(text[start...])
    }
}
