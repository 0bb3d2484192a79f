/// The one classification of text that must not reach a terminal as it is: the screen
/// (IAMRender's `Sanitize`) and the trace (`TraceFormat.quoted`/`visible`) both ask it, and
/// each decides only how to show what it flags (a placeholder on screen, an escape in the trace).
package enum UnsafeText {
    /// How many combining marks in a row one base character may carry. More would stack over
    /// the lines above and below; three is enough for real text (Vietnamese needs two, pointed
    /// Hebrew with a cantillation mark three).
    package static let maxCombiningMarks = 3

    /// Hands each scalar of `scalars` to `body` with whether it is unsafe: C0 and C1 controls and
    /// DEL; format characters (bidi overrides, embeddings and isolates, zero-width spaces and
    /// joiners, the byte-order mark, soft hyphen, tags); line and paragraph separators; fillers
    /// that draw as nothing; and a combining mark that does not follow a safe scalar (it would
    /// combine with whatever is drawn before it) or that is past `maxCombiningMarks` in a row.
    package static func forEachScalar(
        of scalars: some Sequence<Unicode.Scalar>, _ body: (Unicode.Scalar, Bool) -> Void
    ) {
        var scanner = Scanner()
        for scalar in scalars { body(scalar, scanner.isUnsafe(scalar)) }
    }

    /// The classification as a running state, for callers that take text in pieces (the screen
    /// takes it a grapheme cluster at a time; a spacing mark may be a cluster of its own).
    package struct Scanner {
        private var marks = 0
        private var afterSafe = false

        package init() {}

        /// Whether `scalar`, following the scalars already scanned, is unsafe.
        package mutating func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
            var unsafe = UnsafeText.isUnsafe(scalar)
            if !unsafe, UnsafeText.isCombiningMark(scalar) {
                marks += 1
                unsafe = !afterSafe || marks > UnsafeText.maxCombiningMarks
            } else {
                marks = 0
            }
            afterSafe = !unsafe
            return unsafe
        }

        /// After text drawn whole without scanning (an emoji sequence): a safe base, no marks yet.
        package mutating func resetAfterSafeBase() {
            marks = 0
            afterSafe = true
        }
    }

    /// Unsafe wherever it stands (see `forEachScalar(of:_:)`); combining marks are judged there.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        if scalar.isASCII { return false }
        if isNoncharacter(v) { return true }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return isInvisible(v)
        }
    }

    /// Combining marks: they draw on the character before them.
    package static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Characters that hide or reorder text without being format characters in every Unicode
    /// version: bidi controls and zero-width characters (listed for readers and older tables),
    /// and the Hangul and Mongolian fillers, which draw as nothing.
    static func isInvisible(_ v: UInt32) -> Bool {
        switch v {
        case 0x061C, 0x115F, 0x1160, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0x3164, 0xFEFF,
            0xFFA0:
            true
        default: false
        }
    }

    package static func isNoncharacter(_ v: UInt32) -> Bool { v & 0xFFFE == 0xFFFE || (0xFDD0...0xFDEF).contains(v) }
}
