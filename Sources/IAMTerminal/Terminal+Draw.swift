import CNcurses
import IAMRender

extension Terminal {
    /// Blits `grid` to the screen. Only cells that differ from the previous grid are written
    /// (plus the other half of any wide character they touch), then one `doupdate` sends the
    /// difference, so a changed digit costs a cursor move, maybe an attribute, and the digit.
    /// A grid of another size than the last one (or after `.resize`) is drawn in full; cells
    /// beyond the screen are clipped.
    public func draw(_ grid: Grid) {
        guard isActive else { return }
        set_term(screen)
        let (width, height) = size
        let columns = min(width, grid.width)
        let rows = min(height, grid.height)
        let old = previous.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
        if old == nil { werase(window) }
        for y in 0..<rows {
            for x in 0..<columns where old.map({ needsWrite(x, y, grid, $0) }) ?? true {
                put(x, y, in: grid, columns: columns)
            }
        }
        previous = grid
        wnoutrefresh(window)
        doupdate()
    }

    /// A cell is written when it changed, or when a neighbour it shares a wide character with
    /// (in the old or the new grid) changed.
    private func needsWrite(_ x: Int, _ y: Int, _ new: Grid, _ old: Grid) -> Bool {
        if new[x, y] != old[x, y] { return true }
        if x > 0, new[x, y].isContinuation || old[x, y].isContinuation,
            new[x - 1, y] != old[x - 1, y]
        {
            return true
        }
        if x + 1 < new.width, new[x + 1, y].isContinuation || old[x + 1, y].isContinuation,
            new[x + 1, y] != old[x + 1, y]
        {
            return true
        }
        return false
    }

    /// Writes cell (x, y); `columns` is the drawable width (grid and screen clipped).
    private func put(_ x: Int, _ y: Int, in grid: Grid, columns: Int) {
        let cell = grid[x, y]
        let shape: CellGlyph
        if cell.isContinuation {
            // Drawn by its left neighbour when that really is a wide character; an orphan
            // continuation is shown as a blank so nothing stale stays behind.
            if x > 0, glyph(x - 1, y, in: grid, columns: columns).width == 2 { return }
            shape = CellGlyph(" ", utf8: supportsUTF8, roomForWide: false)
        } else {
            shape = glyph(x, y, in: grid, columns: columns)
        }
        let look = roleLooks[Int(cell.role.rawValue)]
        var attributes = look.attributes
        if cell.bold { attributes |= iam_a_bold() }
        // Reverse toggles, so a reversed cell stays distinguishable even on a reversed role.
        if cell.reverse { attributes ^= iam_a_reverse() }
        for (i, scalar) in shape.scalars.enumerated() { glyphBuffer[i] = wchar_t(bitPattern: scalar.value) }
        glyphBuffer[shape.scalars.count] = 0
        var complex = cchar_t()
        _ = glyphBuffer.withUnsafeBufferPointer { chars in
            iam_setcchar(&complex, chars.baseAddress, attributes, look.pair)
        }
        // The bottom-right cell returns ERR (the cursor cannot advance) but is still written.
        _ = mvwadd_wch(window, Int32(y), Int32(x), &complex)
    }

    private func glyph(_ x: Int, _ y: Int, in grid: Grid, columns: Int) -> CellGlyph {
        let roomForWide = x + 1 < columns && grid[x + 1, y].isContinuation
        return CellGlyph(grid[x, y].character, utf8: supportsUTF8, roomForWide: roomForWide)
    }
}
