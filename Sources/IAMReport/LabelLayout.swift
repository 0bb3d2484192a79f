/// How wide a line of text is drawn, without a font at hand: per character, a width in ems
/// at least that of DejaVu Sans (the sans-serif `rsvg-convert` falls back to, wider than
/// Helvetica and Arial), so a box made from it holds the drawn text.
package enum TextWidth {
    package static func of(_ text: String, size: Double) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            ems += em(scalar)
        }
        return ems * size
    }

    static func em(_ s: Unicode.Scalar) -> Double {
        switch s {
        case "i", "l", "j", "'", "|", "!", ".", ",", ":", ";", "·": return 0.32
        case " ", "f", "t", "r", "(", ")", "[", "]", "-", "/", "\\": return 0.45
        case "m", "w", "M", "W", "@", "%", "…": return 1.0
        case "A"..."Z", "#", "&", "~", "_", "<", ">", "=", "+": return 0.8
        case "0"..."9", "a"..."z", "$", "?", "*", "\"", "^", "{", "}": return 0.66
        default:
            if s.value < 0x20 || (0x300..<0x370).contains(s.value) || s.properties.isDefaultIgnorableCodePoint {
                return 0
            }
            // East Asian wide, emoji and the like: a full em; other letters a generous 0.8.
            return s.value >= 0x1100 ? 1.05 : 0.8
        }
    }
}

/// Labels laid out on a few rows across one lane, left to right: each goes on the first row
/// where it clears the label before it; when no row has room it is left out (its mark keeps
/// the text in its hover title). Labels are offered in time order.
struct LabelRows {
    /// Where each row's last label ends.
    private var ends: [Double]
    /// The right edge labels may reach (a label that would pass it ends at its mark instead).
    let right: Double
    static let gap = 6.0

    init(rows: Int, right: Double) {
        ends = Array(repeating: -Double.infinity, count: rows)
        self.right = right
    }

    /// The row, the x and the anchor for a label of `width` px beside a mark at `x`; nil: no room.
    mutating func place(at x: Double, width: Double) -> (row: Int, x: Double, anchor: String)? {
        let (start, textX, anchor) = x + 6 + width <= right ? (x + 6, x + 6, "start") : (x - 6 - width, x - 6, "end")
        guard let row = ends.firstIndex(where: { start >= $0 + Self.gap }) else { return nil }
        ends[row] = start + width
        return (row, textX, anchor)
    }
}

extension String {
    /// At most `count` characters, the last one `…` when cut.
    func abbreviated(to count: Int) -> String {
        self.count > count ? String(prefix(count - 1)) + "…" : self
    }
}

/// The base-2 logarithm, to within 0.09 (its exponent plus a straight line across the
/// significand): enough to size density bands, with no C library.
func log2(_ x: Double) -> Double { Double(x.exponent) + (x.significand - 1) }

extension Int {
    /// `1,234,567`.
    var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (self < 0 ? "-" : "") + out
    }
}
