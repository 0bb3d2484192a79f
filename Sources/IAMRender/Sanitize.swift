import IAMEngine

/// Text from a scenario never reaches the terminal raw. Every control character, escape,
/// bidirectional override and invisible character becomes a visible placeholder, so a
/// message text cannot move the cursor, change colours, retitle the window or hide text.
/// What is unsafe is decided once, by the engine's `UnsafeText` (the trace escapes the same
/// scalars); this type decides how the screen shows it. Text is taken a grapheme cluster at a
/// time, so a flag, a skin tone or a family joined by zero-width joiners stays one character.
package enum Sanitize {
    /// The placeholder for ESC (the start of CSI/OSC sequences).
    package static let escape: Character = "\u{241B}" // ␛
    /// C1 controls (U+0080–U+009F, including the 8-bit CSI and OSC) and noncharacters.
    package static let c1: Character = "\u{FFFD}" // �
    /// Bidi overrides and isolates, zero-width and other invisible characters, stray marks,
    /// and an emoji sequence too long for any terminal to draw as one character.
    package static let invisible: Character = "\u{2370}" // ⍰
    /// The most scalars an emoji sequence may have and still be drawn whole (a family of four
    /// with skin tones has 11).
    static let maxEmojiScalars = 12

    /// `text` made safe to draw. In ASCII mode every cluster that is not plain ASCII becomes one
    /// `?`. Line breaks are placeholders too; split text into lines before sanitizing it.
    package static func clean(_ text: String, ascii: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        var scanner = UnsafeText.Scanner()
        var afterKept = false
        for cluster in text {
            if ascii {
                let first = cluster.unicodeScalars.first!
                let plain = cluster.unicodeScalars.count == 1 && first.isASCII && !UnsafeText.isUnsafe(first)
                out.append(plain ? first : "?")
                continue
            }
            if isEmojiSequence(cluster) {
                if cluster.unicodeScalars.count <= maxEmojiScalars {
                    append(cluster, to: &out)
                } else {
                    append(invisible, to: &out)
                }
                scanner.resetAfterSafeBase()
                afterKept = true
                continue
            }
            for scalar in cluster.unicodeScalars {
                let unsafe = scanner.isUnsafe(scalar)
                if !unsafe {
                    out.append(scalar)
                    afterKept = true
                } else if let placeholder = placeholder(for: scalar.value) {
                    append(placeholder, to: &out)
                    afterKept = false
                } else if !afterKept {
                    // A combining mark with nothing safe to sit on.
                    append(invisible, to: &out)
                }
                // else: a mark past the limit on a kept base is left out (no "Zalgo" towers).
            }
        }
        return String(out)
    }

    /// Scalar by scalar: `UnicodeScalarView.append(contentsOf:)` copies the whole view each
    /// time (measured: quadratic in the text's length), one `append` at a time does not.
    private static func append(_ cluster: Character, to out: inout String.UnicodeScalarView) {
        for scalar in cluster.unicodeScalars { out.append(scalar) }
    }

    /// An emoji presentation sequence that terminals draw as one picture: regional-indicator
    /// flags, skin tones, keycaps, tag flags and zero-width-joiner sequences of emoji.
    static func isEmojiSequence(_ cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first, scalars.count > 1, first.properties.isEmoji else { return false }
        var afterJoiner = false
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0x200D:
                if afterJoiner { return false }
                afterJoiner = true
                continue
            case 0xFE0E, 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x1F1E6...0x1F1FF:
                if afterJoiner { return false }
            default:
                guard afterJoiner, scalar.properties.isEmoji else { return false }
            }
            afterJoiner = false
        }
        return !afterJoiner
    }

    /// The visible stand-in for an unsafe scalar, or `nil` for a combining mark (judged by
    /// where it stands, not what it is).
    static func placeholder(for v: UInt32) -> Character? {
        switch v {
        case 0x1B: return escape
        case 0x00...0x1F:
            // Control pictures: ␀ ␁ … ␟ (tab and newline included; callers split lines first).
            return Character(Unicode.Scalar(0x2400 + v)!)
        case 0x7F: return "\u{2421}" // ␡
        case 0x80...0x9F: return c1
        default:
            guard let scalar = Unicode.Scalar(v) else { return c1 }
            if UnsafeText.isNoncharacter(v) { return c1 }
            return UnsafeText.isUnsafe(scalar) ? invisible : nil
        }
    }
}
