/// `?`: every command, in a centred box that takes the width it has. Any key closes it.
package enum HelpOverlay {
    /// Columns and their width: the fewest columns (two at least, when there is room) in which
    /// every row fits whole in `rows` lines, else the layout that wraps least.
    static func columns(
        for rows: [(label: String, action: String)], inner: Int, lines: Int
    ) -> (count: Int, width: Int, wrap: Bool) {
        let widest = rows.map { 9 + $0.action.cellWidth }.max() ?? 0
        var fallback = (count: 1, width: inner, wrap: true)
        let most = min(4, max(1, inner / 30))
        for count in most >= 2 ? Array(2...most) + [1] : [1] {
            let width = (inner - (count - 1) * 2) / count
            guard width >= 20 else { continue }
            let perColumn = (rows.count + count - 1) / count
            if widest <= width, perColumn <= lines { return (count, widest, false) }
            let wrapped = rows.map { max(1, wrap($0.action, width: width - 9).count) }.reduce(0, +)
            if (wrapped + count - 1) / count + 1 <= lines { return (count, width, true) }
            fallback = (count, width, true)
        }
        return fallback
    }

    /// The legend under the keys, when there is room for it.
    static func legend(_ g: Glyphs) -> [String] {
        [
            "triggers: \(g.bullet) eligible  \(g.half) cooling down (P2, P3)  \(g.hollow) not now",
            "stack: \(g.play) on screen, then waiting messages, top first (L1)",
            "trace: every decision, newest first; Enter on a trigger: why not?",
        ]
    }

    /// The help's pages at `width` × `height`: one when every row fits (wrapped if it must);
    /// else the rows in as many pages as they need, each with the pinned rows (`? this help`,
    /// `q quit`) at its end, so no key is ever left out and those two always show.
    package static func pages(_ rows: [HelpRow], width: Int, height: Int, ascii: Bool) -> [[HelpRow]] {
        let inner = width - 2 - 4
        let available = height - 2 - 3
        let layout = columns(for: rows.map { ($0.label, $0.action) }, inner: inner, lines: available)
        let blocks = rows.map { layout.wrap ? wrap($0.action.asciiSafe(ascii), width: layout.width - 9).count : 1 }
        if place(blocks, columns: layout.count).lines <= available { return [rows] }
        // One line per row, clipped, in as many columns as fit: a page holds `capacity` of the
        // other rows, then the pinned ones.
        let count = paged(inner: inner).count
        let pinned = rows.filter(\.pinned)
        let others = rows.filter { !$0.pinned }
        // The last line of the box says which page this is.
        let capacity = max(1, count * (available - 1) - pinned.count)
        return stride(from: 0, to: others.count, by: capacity).map {
            Array(others[$0..<min(others.count, $0 + capacity)]) + pinned
        }
    }

    /// The columns of a page of the paged help: as many as are 30 cells wide (four at most).
    static func paged(inner: Int) -> (count: Int, width: Int) {
        let count = min(4, max(1, inner / 30))
        return (count, (inner - (count - 1) * 2) / count)
    }

    /// Where each block of lines goes: its column and first line, filling the columns evenly in
    /// order; and the lines the fullest column takes.
    static func place(_ blocks: [Int], columns: Int) -> (placed: [(column: Int, line: Int)], lines: Int) {
        var perColumn = 0
        var placed: [(column: Int, line: Int)] = []
        let target = (blocks.reduce(0, +) + columns - 1) / columns
        var column = 0
        var line = 0
        for block in blocks {
            if line > 0, line + block > target, column < columns - 1 {
                column += 1
                line = 0
            }
            placed.append((column, line))
            line += block
            perColumn = max(perColumn, line)
        }
        return (placed, perColumn)
    }

    static func draw(_ grid: inout Grid, _ ctx: RenderContext, width: Int, height: Int) {
        let pages = Self.pages(ctx.ui.keys.help, width: width, height: height, ascii: ctx.ascii)
        let page = min(max(0, ctx.ui.helpPage), pages.count - 1)
        let rows = pages[page].map { (label: $0.label, action: $0.action) }
        let g = ctx.glyphs
        let legend = pages.count == 1 ? Self.legend(g) : []
        let inner = width - 2 - 4
        let available = height - 2 - 3
        let layout =
            pages.count == 1
            ? columns(for: rows, inner: inner, lines: available)
            : {
                let paged = paged(inner: inner)
                return (paged.count, paged.width, false)
            }()
        // Each row's lines: the action wraps inside its column when it must.
        let blocks = rows.map { row in
            layout.wrap
                ? wrap(row.action.asciiSafe(ctx.ascii), width: layout.width - 9) : [row.action.asciiSafe(ctx.ascii)]
        }
        let (placed, perColumn) = place(blocks.map(\.count), columns: layout.count)
        let showLegend = !legend.isEmpty && available >= perColumn + legend.count + 1
        let pageLine = pages.count > 1 ? 1 : 0
        let used = layout.count * layout.width + (layout.count - 1) * 2
        let boxWidth = min(width - 2, max(used, showLegend ? legend.map(\.cellWidth).max() ?? 0 : 0) + 4)
        let boxHeight = min(height - 2, perColumn + 3 + pageLine + (showLegend ? legend.count + 1 : 0))
        let rect = Rect(x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
        // Nothing of the screen below shows around the box: half-covered frames and words read
        // as stray characters.
        grid.fill(Rect(x: 0, y: 1, width: width, height: height - 2))
        grid.box(
            rect, glyphs: ctx.glyphs, role: .accent, title: [Span("KEYS", .title, bold: true)],
            fillInside: true, insideRole: .normal)
        let visibleLines = boxHeight - 3 - pageLine - (showLegend ? legend.count + 1 : 0)
        for (i, row) in rows.enumerated() {
            let (column, first) = placed[i]
            let x = rect.x + 2 + column * (layout.width + 2)
            for (n, text) in blocks[i].enumerated() where first + n < visibleLines {
                let y = rect.y + 1 + first + n
                if n == 0 {
                    grid.put(
                        row.label.asciiSafe(ctx.ascii).padded(to: 9), x: x, y: y, role: .accent, bold: true,
                        limit: x + layout.width)
                }
                grid.put(
                    text.clipped(to: layout.width - 9, ellipsis: g.ellipsis), x: x + 9, y: y, role: .normal,
                    limit: x + layout.width)
            }
        }
        if showLegend {
            for (i, line) in legend.enumerated() {
                grid.put(
                    line.asciiSafe(ctx.ascii), x: rect.x + 2, y: rect.y + 2 + visibleLines + i, role: .muted,
                    limit: rect.maxX - 2)
            }
        }
        if pages.count > 1 {
            grid.putCentered(
                "page \(page + 1)/\(pages.count) \(g.dot) PgDn/PgUp: next/previous page".asciiSafe(ctx.ascii),
                in: rect.inset(2, 0), y: rect.maxY - 3, role: .accent)
            grid.putCentered(
                "any other key closes this help".asciiSafe(ctx.ascii), in: rect.inset(2, 0), y: rect.maxY - 2,
                role: .muted)
        } else {
            grid.putCentered(
                "mouse: buttons, message, key bar, trigger rows \(g.dot) any key closes this help".asciiSafe(ctx.ascii),
                in: rect.inset(2, 0), y: rect.maxY - 2, role: .muted)
        }
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
