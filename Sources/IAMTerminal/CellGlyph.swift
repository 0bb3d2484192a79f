import CNcurses

/// What the blitter actually writes for one cell: safe code points and their width.
/// This is the last line of defence against terminal injection: no C0/C1 control character,
/// DEL or ESC from a cell ever reaches the terminal; they become visible placeholders.
struct CellGlyph: Equatable {
    /// A spacing character followed by at most `CCHARW_MAX - 1` combining marks.
    var scalars: [Unicode.Scalar]
    /// 1 or 2 columns.
    var width: Int

    /// - Parameters:
    ///   - utf8: whether the locale is UTF-8 (placeholders are control pictures, else `?`).
    ///   - roomForWide: whether the next cell is this one's continuation, so a wide character fits.
    init(_ character: Character, utf8: Bool, roomForWide: Bool) {
        let all = Array(character.unicodeScalars)
        if let control = all.first(where: CellGlyph.isControl) {
            self = .placeholder(for: control, utf8: utf8)
            return
        }
        guard let first = all.first else {
            self = .placeholder(for: nil, utf8: utf8)
            return
        }
        let width = Int(iam_wcwidth(wchar_t(bitPattern: first.value)))
        guard width == 1 || (width == 2 && roomForWide) else {
            self = .placeholder(for: nil, utf8: utf8)
            return
        }
        var kept = [first]
        for mark in all.dropFirst() where kept.count < Int(CCHARW_MAX) {
            // Only zero-width marks combine; anything else would spill into the next column.
            if iam_wcwidth(wchar_t(bitPattern: mark.value)) == 0 { kept.append(mark) }
        }
        scalars = kept
        self.width = width
    }

    private init(scalars: [Unicode.Scalar], width: Int) {
        self.scalars = scalars
        self.width = width
    }

    /// C0 controls (including ESC), DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// In UTF-8, C0 controls and DEL show as their Control Pictures (ESC as ␛), everything else
    /// unprintable as U+FFFD; without UTF-8, `?`.
    static func placeholder(for control: Unicode.Scalar?, utf8: Bool) -> CellGlyph {
        guard utf8 else { return CellGlyph(scalars: ["?"], width: 1) }
        let picture: Unicode.Scalar
        switch control?.value {
        case let value? where value < 0x20: picture = Unicode.Scalar(0x2400 + value)!
        case 0x7F: picture = "\u{2421}"
        default: picture = "\u{FFFD}"
        }
        return CellGlyph(scalars: [picture], width: 1)
    }
}
