/// What a cell is for; the terminal layer maps roles to colours (256, 8 or none).
package enum StyleRole: UInt8, Sendable, CaseIterable {
    case normal, muted, accent, title, frame, device, home, keyboard
    case message, messageHeader, button, close, image
    case warning, error, success, selected, keyBar, prompt
    // Trace kinds get their own roles so the trace reads at a glance.
    case traceShown, traceDropped, traceReturned, traceEvent, traceInfo
}

/// One screen cell. A wide character occupies its cell and a following `continuation` cell.
package struct Cell: Sendable, Equatable {
    package var character: Character
    package var role: StyleRole
    package var bold: Bool
    package var reverse: Bool
    /// The right half of a wide character: drawn by its left neighbour, skipped by the blitter.
    package var isContinuation: Bool
    /// A message's own colours over its role's (its ARGB `bg_color`, `text_color`, ...); a
    /// terminal of 256 colours or more draws them, others keep the role's look.
    package var tint: Tint?

    package init(
        _ character: Character = " ", role: StyleRole = .normal, bold: Bool = false,
        reverse: Bool = false, isContinuation: Bool = false, tint: Tint? = nil
    ) {
        self.character = character
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.isContinuation = isContinuation
        self.tint = tint
    }

    package static let blank = Cell()
}

/// Colours as 0xRRGGBB; nil keeps the role's.
package struct Tint: Sendable, Equatable {
    package var foreground: UInt32?
    package var background: UInt32?
    package init(foreground: UInt32? = nil, background: UInt32? = nil) {
        self.foreground = foreground
        self.background = background
    }

    /// The RGB of an ARGB colour, or nil when it is mostly transparent (the role shows through).
    package static func rgb(argb: UInt32?) -> UInt32? {
        guard let argb, argb >> 24 >= 0x80 else { return nil }
        return argb & 0xFF_FFFF
    }
}

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
