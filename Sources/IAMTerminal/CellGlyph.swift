import CNcurses

/// What the blitter actually writes for one cell: safe code points and their width.
/// This is the last line of defence against terminal injection: no C0/C1 control character,
/// DEL or ESC from a cell ever reaches the terminal; they become visible placeholders.
///
/// Curses stores a cell as one spacing character and a few zero-width ones (`CCHARW_MAX`), and
/// counts the cell's columns by the first (`wcwidth`). A cluster it cannot hold that way is not
/// cut into a different character: a flag (two regional indicators) is written as its two
/// halves in the two columns it covers, the bytes reaching the terminal unchanged; any other
/// cluster curses would truncate (an emoji with a skin tone, a zero-width-joiner family, a
/// Devanagari or Thai syllable of several spacing letters) is `direct`: curses gets blanks for
/// its cells and the blitter writes the whole cluster there itself after curses' update. Only
/// where that cannot be done (no UTF-8, no room) does it become one placeholder.
struct CellGlyph: Equatable {
    /// A spacing character followed by at most `CCHARW_MAX - 1` combining marks.
    var scalars: [Unicode.Scalar]
    /// 1 or 2 columns (as curses counts them).
    var width: Int
    /// The second half of a flag, written in the cell to the right (the grid's continuation).
    var trailing: Unicode.Scalar? = nil
    /// A cluster written around curses (then `scalars` is a blank for each of its `width` cells).
    var direct: [Unicode.Scalar]? = nil
    /// For a `direct` cluster: the columns a terminal that counts each scalar apart (`wcwidth`
    /// of each, as tmux and most emulators do for these) moves the cursor over; the cells past
    /// `width` that it overprints are written again after it.
    var reach: Int = 0

    /// - Parameters:
    ///   - utf8: whether the locale is UTF-8 (placeholders are control pictures, else `?`).
    ///   - roomForWide: whether the next cell is this one's continuation, so a wide character fits.
    ///   - room: the columns from this cell to the right edge when clusters can be written
    ///     around curses (nil: they cannot); a `direct` cluster must reach no further (a
    ///     terminal that counted it wider would wrap it onto the next line).
    init(_ character: Character, utf8: Bool, roomForWide: Bool, room: Int? = nil) {
        let all = Array(character.unicodeScalars)
        if let control = all.first(where: CellGlyph.isControl) {
            self = .placeholder(for: control, utf8: utf8)
            return
        }
        guard let first = all.first else {
            self = .placeholder(for: nil, utf8: utf8)
            return
        }
        let reach = all.reduce(0) { $0 + CellGlyph.reach(of: $1) }
        if all.count == 2, CellGlyph.isRegionalIndicator(first), CellGlyph.isRegionalIndicator(all[1]) {
            guard roomForWide, utf8 else {
                self = .placeholder(for: nil, utf8: utf8)
                return
            }
            // Written around curses, so a terminal that gives each half two columns cannot
            // push the rest of the line; without that, as its two halves in its two cells.
            guard let room else {
                self.init(scalars: [first], width: 1, trailing: all[1])
                return
            }
            guard reach <= room else {
                self = .placeholder(for: nil, utf8: utf8)
                return
            }
            self.init(scalars: [" "], width: 2)
            direct = all
            self.reach = reach
            return
        }
        let width = Int(iam_wcwidth(wchar_t(bitPattern: first.value)))
        let marks = all.dropFirst()
        // Curses keeps only zero-width scalars after the first; anything else would be lost.
        let fitsCurses =
            (width == 1 || (width == 2 && roomForWide)) && marks.count < Int(CCHARW_MAX)
            && marks.allSatisfy({ iam_wcwidth(wchar_t(bitPattern: $0.value)) == 0 })
        if fitsCurses {
            self.init(scalars: all, width: width)
            return
        }
        let cells = roomForWide ? 2 : 1
        guard utf8, let room, all.count > 1, width >= 1, max(cells, reach) <= room else {
            self = .placeholder(for: nil, utf8: utf8)
            return
        }
        self.init(scalars: Array(repeating: " ", count: 1), width: cells)
        direct = all
        self.reach = max(cells, reach)
    }

    /// The columns a terminal counting scalars apart may give one: `wcwidth`, but two for a
    /// regional indicator (the C library says one, emulators such as pyte say two).
    static func reach(of scalar: Unicode.Scalar) -> Int {
        isRegionalIndicator(scalar) ? 2 : max(0, Int(iam_wcwidth(wchar_t(bitPattern: scalar.value))))
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }

    private init(scalars: [Unicode.Scalar], width: Int, trailing: Unicode.Scalar? = nil) {
        self.scalars = scalars
        self.width = width
        self.trailing = trailing
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
