/// The whole screen as a value: rows of cells. The renderer fills it; tests compare it.
package struct Grid: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package private(set) var cells: [Cell]

    package init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    package subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    /// Gives the cells of `rect` that have one of `roles` a message's colours.
    package mutating func tint(_ rect: Rect, roles: Set<StyleRole>, foreground: UInt32?, background: UInt32?) {
        guard foreground != nil || background != nil else { return }
        for y in max(0, rect.y)..<max(max(0, rect.y), min(height, rect.maxY)) {
            for x in max(0, rect.x)..<max(max(0, rect.x), min(width, rect.maxX)) where roles.contains(self[x, y].role) {
                var tint = self[x, y].tint ?? Tint()
                if let foreground { tint.foreground = foreground }
                if let background { tint.background = background }
                cells[y * width + x].tint = tint
            }
        }
    }

    /// The text of row `y`, continuation cells left out (what a terminal would show).
    package func rowText(_ y: Int) -> String {
        var line = ""
        for x in 0..<width where !self[x, y].isContinuation { line.append(self[x, y].character) }
        return line
    }

    /// Every row's text, trailing blanks trimmed: the form snapshot files store.
    package var text: String {
        (0..<height).map { y in
            var row = rowText(y)
            while row.last == " " { row.removeLast() }
            return row
        }.joined(separator: "\n")
    }
}
