/// Display width of text in terminal cells: East-Asian wide and emoji scalars take two cells,
/// combining marks and joiners none. Covers the common ranges; no Foundation, no tables.
package enum TextWidth {
    /// Cells taken by one scalar: 0, 1 or 2.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 1 } // sanitized away before drawing
        if isZeroWidth(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// Cells taken by one grapheme cluster: the width of its first scalar; two for an emoji
    /// presentation sequence (VS16) and for a flag (a pair of regional indicators); never more
    /// than two. The only width function: the layout, wrapping and the blitter all use it.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var width = of(first)
        if width == 1, scalars.count > 1 {
            let second = scalars[scalars.index(after: scalars.startIndex)]
            if isRegionalIndicator(first.value) && isRegionalIndicator(second.value) { width = 2 }
            if scalars.contains(where: { $0.value == 0xFE0F }) { width = 2 }
        }
        return min(2, width)
    }

    static func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(v) }

    /// Cells taken by a whole string.
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
            0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E,
            0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069,
            0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF, 0xE0000...0xE007F,
            0xE0100...0xE01EF:
            return true
        case 0x1160...0x11FF: // Hangul medial vowels and final consonants join the syllable
            return true
        default:
            return false
        }
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, // Hangul Jamo initials
            0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1,
            0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA,
            0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
            0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C,
            0x2B50, 0x2B55,
            0x2E80...0x303E, // CJK radicals, punctuation
            0x3041...0x33FF, // Hiragana, Katakana, Bopomofo, CJK compatibility
            0x3400...0x4DBF, // CJK extension A
            0x4E00...0x9FFF, // CJK unified ideographs
            0xA000...0xA4CF, // Yi
            0xA960...0xA97F, // Hangul Jamo extended A
            0xAC00...0xD7A3, // Hangul syllables
            0xF900...0xFAFF, // CJK compatibility ideographs
            0xFE10...0xFE19, 0xFE30...0xFE6F, // vertical forms, small forms
            0xFF00...0xFF60, 0xFFE0...0xFFE6, // fullwidth forms
            0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B16F,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A,
            0x1F200...0x1F251,
            0x1F300...0x1F64F, // pictographs, emoticons
            0x1F680...0x1F6FF, // transport and map
            0x1F7E0...0x1F7EB,
            0x1F900...0x1F9FF, // supplemental symbols and pictographs
            0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// Cells this string takes on a terminal.
    package var cellWidth: Int { TextWidth.of(self) }

    /// The longest prefix that fits in `width` cells; with `ellipsis`, a cut is marked.
    package func clipped(to width: Int, ellipsis: String = "") -> String {
        guard width > 0 else { return "" }
        if cellWidth <= width { return self }
        let room = width - ellipsis.cellWidth
        guard room >= 0 else { return "" }
        var out = ""
        var used = 0
        for ch in self {
            let w = TextWidth.of(ch)
            if used + w > room { break }
            out.append(ch)
            used += w
        }
        return out + ellipsis
    }

    /// Pads with spaces on the right to `width` cells (clipping first when longer).
    func padded(to width: Int) -> String {
        let s = clipped(to: width)
        return s + String(repeating: " ", count: max(0, width - s.cellWidth))
    }
}
