extension Grid {
    /// Writes `text` (already safe: sanitized or our own) from (x, y), clipped at `limit`
    /// (exclusive column). A wide character that does not fit is drawn as a space.
    /// Returns the column after the last cell written.
    @discardableResult
    package mutating func put(
        _ text: String, x: Int, y: Int, role: StyleRole = .normal,
        bold: Bool = false, reverse: Bool = false, limit: Int? = nil
    ) -> Int {
        let end = min(limit ?? width, width)
        guard y >= 0, y < height else { return x }
        var col = x
        for ch in text {
            if col >= end { break }
            var glyph = ch
            var w = TextWidth.of(ch)
            if w == 0 {
                glyph = Sanitize.invisible
                w = 1
            } // never a cell without a glyph
            if col < 0 {
                col += w
                continue
            }
            if w == 2 && col + 1 >= end {
                self[col, y] = Cell(" ", role: role, bold: bold, reverse: reverse)
                col += 1
                break
            }
            clearWideNeighbour(x: col, y: y)
            self[col, y] = Cell(glyph, role: role, bold: bold, reverse: reverse)
            if w == 2 {
                clearWideNeighbour(x: col + 1, y: y)
                self[col + 1, y] = Cell(" ", role: role, bold: bold, reverse: reverse, isContinuation: true)
            }
            col += w
        }
        return col
    }

    /// Before overwriting a cell, breaks a wide character that it is half of.
    private mutating func clearWideNeighbour(x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let cell = self[x, y]
        if cell.isContinuation, x > 0 {
            self[x - 1, y] = Cell(" ", role: self[x - 1, y].role)
        } else if x + 1 < width, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(" ", role: cell.role)
        }
    }

    /// Writes a line of spans; returns the column after it.
    @discardableResult
    package mutating func put(_ line: Line, x: Int, y: Int, limit: Int? = nil) -> Int {
        var col = x
        for span in line {
            col = put(span.text, x: col, y: y, role: span.role, bold: span.bold, reverse: span.reverse, limit: limit)
        }
        return col
    }

    /// Fills a rectangle with one character.
    package mutating func fill(_ rect: Rect, _ ch: Character = " ", role: StyleRole = .normal, reverse: Bool = false) {
        for yy in max(0, rect.y)..<max(max(0, rect.y), min(height, rect.maxY)) {
            for xx in max(0, rect.x)..<max(max(0, rect.x), min(width, rect.maxX)) {
                clearWideNeighbour(x: xx, y: yy)
                self[xx, yy] = Cell(ch, role: role, reverse: reverse)
            }
        }
    }

    /// Draws a frame around `rect` (the frame is its outermost cells), with an optional title.
    package mutating func box(
        _ rect: Rect, glyphs g: Glyphs, role: StyleRole, title: Line = [],
        fillInside: Bool = false, insideRole: StyleRole = .normal
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        if fillInside { fill(rect.inset(1, 1), role: insideRole) }
        let h = String(repeating: g.horizontal, count: rect.width - 2)
        put(String(g.topLeft) + h + String(g.topRight), x: rect.x, y: rect.y, role: role)
        put(String(g.bottomLeft) + h + String(g.bottomRight), x: rect.x, y: rect.maxY - 1, role: role)
        for yy in rect.y + 1..<rect.maxY - 1 {
            put(String(g.vertical), x: rect.x, y: yy, role: role)
            put(String(g.vertical), x: rect.maxX - 1, y: yy, role: role)
        }
        if !title.isEmpty {
            var col = put(String(g.horizontal) + " ", x: rect.x + 1, y: rect.y, role: role, limit: rect.maxX - 1)
            col = put(title, x: col, y: rect.y, limit: rect.maxX - 2)
            put(" ", x: col, y: rect.y, role: role, limit: rect.maxX - 1)
        }
    }

    /// Centres `text` in the row `y` of `rect`.
    mutating func putCentered(
        _ text: String, in rect: Rect, y: Int, role: StyleRole = .normal, bold: Bool = false
    ) {
        let s = text.clipped(to: rect.width)
        put(s, x: rect.x + max(0, (rect.width - s.cellWidth) / 2), y: y, role: role, bold: bold, limit: rect.maxX)
    }
}
