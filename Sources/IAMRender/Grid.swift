/// What a cell is for; the terminal layer maps roles to colours (256, 8 or none).
public enum StyleRole: UInt8, Sendable, CaseIterable {
    case normal, muted, accent, title, frame, device, home, keyboard
    case message, messageHeader, button, close, image
    case warning, error, success, selected, keyBar, prompt
    // Trace kinds get their own roles so the trace reads at a glance.
    case traceShown, traceDropped, traceReturned, traceEvent, traceInfo
}

/// One screen cell. A wide character occupies its cell and a following `continuation` cell.
public struct Cell: Sendable, Equatable {
    public var character: Character
    public var role: StyleRole
    public var bold: Bool
    public var reverse: Bool
    /// The right half of a wide character: drawn by its left neighbour, skipped by the blitter.
    public var isContinuation: Bool

    public init(
        _ character: Character = " ", role: StyleRole = .normal, bold: Bool = false,
        reverse: Bool = false, isContinuation: Bool = false
    ) {
        self.character = character
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}

/// The whole screen as a value: rows of cells. The renderer fills it; tests compare it.
public struct Grid: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    /// The text of row `y`, continuation cells left out (what a terminal would show).
    public func rowText(_ y: Int) -> String {
        var line = ""
        for x in 0..<width where !self[x, y].isContinuation { line.append(self[x, y].character) }
        return line
    }

    /// Every row's text, trailing blanks trimmed: the form snapshot files store.
    public var text: String {
        (0..<height).map { y in
            var row = rowText(y)
            while row.last == " " { row.removeLast() }
            return row
        }.joined(separator: "\n")
    }
}
