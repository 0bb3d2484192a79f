/// Text from a scenario never reaches the terminal raw. Every control character, escape,
/// bidirectional override and invisible character becomes a visible placeholder, so a
/// message text cannot move the cursor, change colours, retitle the window or hide text.
public enum Sanitize {
    /// The placeholder for ESC (the start of CSI/OSC sequences).
    public static let escape: Character = "\u{241B}" // ␛
    /// C1 controls (U+0080–U+009F, including the 8-bit CSI and OSC).
    public static let c1: Character = "\u{FFFD}" // �
    /// Bidi overrides and isolates, zero-width and other invisible characters.
    public static let invisible: Character = "\u{2370}" // ⍰
    /// How many combining marks one base character may carry.
    public static let maxCombiningMarks = 2

    /// `text` made safe to draw. In ASCII mode every non-ASCII scalar becomes `?` as well.
    /// Line breaks are placeholders too; split text into lines before sanitizing it.
    public static func clean(_ text: String, ascii: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        var marks = 0
        var baseIsSafe = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if let placeholder = placeholder(for: v) {
                append(placeholder, to: &out, ascii: ascii)
                marks = 0
                baseIsSafe = false
                continue
            }
            if isCombining(v) {
                // A mark must sit on an ordinary base and may not pile up (no "Zalgo" towers).
                if baseIsSafe && marks < maxCombiningMarks && !ascii {
                    out.append(scalar)
                    marks += 1
                } else if !baseIsSafe || ascii {
                    append(invisible, to: &out, ascii: ascii)
                    baseIsSafe = false
                }
                continue
            }
            if ascii && v > 0x7E {
                out.append("?")
                marks = 0
                baseIsSafe = true
                continue
            }
            out.append(scalar)
            marks = 0
            baseIsSafe = true
        }
        return String(out)
    }

    private static func append(_ placeholder: Character, to out: inout String.UnicodeScalarView, ascii: Bool) {
        if ascii { out.append("?") } else { out.append(contentsOf: placeholder.unicodeScalars) }
    }

    /// The visible stand-in for a character that must not be drawn as it is, or `nil`.
    static func placeholder(for v: UInt32) -> Character? {
        switch v {
        case 0x1B: return escape
        case 0x00...0x1F:
            // Control pictures: ␀ ␁ … ␟ (tab and newline included; callers split lines first).
            return Character(Unicode.Scalar(0x2400 + v)!)
        case 0x7F: return "\u{2421}" // ␡
        case 0x80...0x9F: return c1
        case 0x00AD, // soft hyphen
            0x061C, // Arabic letter mark
            0x115F, 0x1160, 0x3164, 0xFFA0, // Hangul fillers (render as nothing)
            0x180E, // Mongolian vowel separator
            0x200B...0x200F, // zero-width space/non-joiner/joiner, LRM, RLM
            0x2028, 0x2029, // line and paragraph separators
            0x202A...0x202E, // bidi embeddings and overrides
            0x2060...0x2064, // word joiner, invisible operators
            0x2066...0x2069, // bidi isolates
            0x206A...0x206F, // deprecated format characters
            0xFEFF, // byte-order mark
            0xFFF9...0xFFFB, // interlinear annotation
            0xE0000...0xE007F: // tag characters
            return invisible
        case 0xD800...0xDFFF, 0xFFFE, 0xFFFF:
            return c1
        default:
            return nil
        }
    }

    /// Marks that draw on the previous character: combining diacritics and variation selectors.
    static func isCombining(_ v: UInt32) -> Bool {
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2,
            0x05C4...0x05C5, 0x05C7, 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06DC,
            0x06DF...0x06E4, 0x06E7...0x06E8, 0x06EA...0x06ED, 0x0900...0x0903, 0x093A...0x094F,
            0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E,
            0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
            0x1F3FB...0x1F3FF, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}
