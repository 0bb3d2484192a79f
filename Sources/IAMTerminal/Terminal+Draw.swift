import CNcurses
import IAMRender

extension Terminal {
    /// Blits `grid` to the screen. Only cells that differ from the previous grid are written
    /// (plus the other half of any wide character they touch), then one `doupdate` sends the
    /// difference, so a changed digit costs a cursor move, maybe an attribute, and the digit.
    /// A grid of another size than the last one (or after `.resize`) is drawn in full; cells
    /// beyond the screen are clipped. Clusters curses cannot hold are then written around it
    /// (`writeAround`).
    package func draw(_ grid: Grid) {
        guard isActive else { return }
        set_term(screen)
        let (width, height) = size
        let columns = min(width, grid.width)
        let rows = min(height, grid.height)
        let old = previous.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
        var written = Set<Int>()
        if old == nil {
            werase(window)
            // Rows that showed clusters curses does not know of are sent again in full.
            for y in around.rows where y < height { _ = wredrawln(window, Int32(y), 1) }
            around.reset()
        }
        for y in 0..<rows {
            for x in 0..<columns where old.map({ needsWrite(x, y, grid, $0) }) ?? true {
                put(x, y, in: grid, columns: columns)
                written.insert(y)
            }
        }
        // A row where a cluster written around curses was replaced: curses believes blanks are
        // there, so it is told the row is unknown and sends all of it again.
        for y in around.takeStale() {
            _ = wredrawln(window, Int32(y), 1)
            written.insert(y)
        }
        previous = grid
        wnoutrefresh(window)
        doupdate()
        writeAround(rows: written, in: grid, columns: columns)
        tee?.drain()
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
        around.forget(x, y)
        guard let shape = shape(x, y, in: grid, columns: columns) else { return }
        let (attributes, pair) = look(grid[x, y])
        if let cluster = shape.direct {
            around.keep(
                AroundCluster(
                    scalars: cluster, width: shape.width, reach: shape.reach, attributes: attributes, pair: pair),
                x, y)
        }
        // A cluster written around curses leaves blanks in all its cells.
        for offset in 0..<(shape.direct == nil ? 1 : shape.width) {
            for (i, scalar) in shape.scalars.enumerated() { glyphBuffer[i] = wchar_t(bitPattern: scalar.value) }
            glyphBuffer[shape.scalars.count] = 0
            var complex = cchar_t()
            _ = glyphBuffer.withUnsafeBufferPointer { chars in
                iam_setcchar(&complex, chars.baseAddress, attributes, pair)
            }
            // The bottom-right cell returns ERR (the cursor cannot advance) but is still written.
            _ = mvwadd_wch(window, Int32(y), Int32(x + offset), &complex)
        }
    }

    /// What cell (x, y) shows, or nil when its left neighbour draws it (a wide character's
    /// right half).
    func shape(_ x: Int, _ y: Int, in grid: Grid, columns: Int) -> CellGlyph? {
        guard grid[x, y].isContinuation else { return glyph(x, y, in: grid, columns: columns) }
        // Drawn by its left neighbour when that really is a wide character (or holds the
        // second half of its flag); an orphan continuation is shown as a blank so nothing
        // stale stays behind.
        let left = x > 0 ? glyph(x - 1, y, in: grid, columns: columns) : nil
        if left?.width == 2 { return nil }
        if let trailing = left?.trailing {
            return CellGlyph(Character(trailing), utf8: supportsUTF8, roomForWide: false)
        }
        return CellGlyph(" ", utf8: supportsUTF8, roomForWide: false)
    }

    /// The attributes and colour pair of a cell.
    func look(_ cell: Cell) -> (attr_t, Int16) {
        let look = roleLooks[Int(cell.role.rawValue)]
        let pair = cell.tint.flatMap { tintedPair(cell.role, $0) } ?? look.pair
        var attributes = look.attributes
        if cell.bold { attributes |= iam_a_bold() }
        // Reverse toggles, so a reversed cell stays distinguishable even on a reversed role.
        if cell.reverse { attributes ^= iam_a_reverse() }
        return (attributes, pair)
    }

    /// The colour pair for a message's own colours over `role`'s, made on first use; nil (the
    /// role's pair) below 256 colours or when the terminal has no pairs left.
    private func tintedPair(_ role: StyleRole, _ tint: Tint) -> Int16? {
        guard colorSupport == .colors256 else { return nil }
        let style = Palette.style(for: role, .colors256)
        let fg = tint.foreground.map(NearestColor.xterm256) ?? style.foreground
        let bg = tint.background.map(NearestColor.xterm256) ?? style.background
        let key = Int32(fg + 1) << 16 | Int32(bg + 1)
        if let pair = tintPairs[key] { return pair }
        let next = Int(StyleRole.allCases.count) + 1 + tintPairs.count
        guard next < min(Int(iam_color_pairs()), Int(Int16.max)) else { return nil }
        init_pair(Int16(next), fg, bg)
        tintPairs[key] = Int16(next)
        return Int16(next)
    }

    func glyph(_ x: Int, _ y: Int, in grid: Grid, columns: Int) -> CellGlyph {
        let roomForWide = x + 1 < columns && grid[x + 1, y].isContinuation
        return CellGlyph(
            grid[x, y].character, utf8: supportsUTF8, roomForWide: roomForWide,
            room: canWriteAround ? columns - x : nil)
    }
}
