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
