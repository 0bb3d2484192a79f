// The syntax tree `PatternParser` builds, compiled by `PatternProgram` (linear) or, when it
// needs lookaround or a backreference, by `BacktrackProgram` (see `Pattern`).

/// A pattern's syntax tree.
indirect enum PatternNode: Sendable {
    case empty
    case scalar(Unicode.Scalar, CaseMode)
    /// `.`; `dotAll` (the `s` flag): line breaks too.
    case any(dotAll: Bool)
    case set(ScalarSet, CaseMode)
    case assertion(PatternAssertion)
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// `max == nil`: unbounded. `lazy`: fewest repetitions first (the same yes/no answer on the
    /// linear matcher; on the backtracking one it decides what a capture holds).
    case repetition(PatternNode, min: Int, max: Int?, lazy: Bool)
    /// A capturing group, numbered from 1 in the order of its `(`.
    case group(PatternNode, index: Int)
    /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`: needs the backtracking matcher.
    case look(PatternNode, behind: Bool, negated: Bool)
    /// `\1`, `\k<name>`: needs the backtracking matcher.
    case backreference(Int, CaseMode)

    /// Whether the linear matcher cannot answer this tree (lookaround, backreferences).
    var needsBacktracking: Bool {
        switch self {
        case .empty, .scalar, .any, .set, .assertion: false
        case .look, .backreference: true
        case .sequence(let items), .alternation(let items): items.contains { $0.needsBacktracking }
        case .repetition(let inner, _, _, _), .group(let inner, _): inner.needsBacktracking
        }
    }

    /// The fewest and most scalars the tree can match (`nil`: unbounded); a backreference is
    /// unbounded. Lookbehind needs a bounded maximum (as in ICU and Java).
    var lengthRange: (min: Int, max: Int?) {
        switch self {
        case .empty, .assertion, .look: return (0, 0)
        case .scalar, .any, .set: return (1, 1)
        case .backreference: return (0, nil)
        case .group(let inner, _): return inner.lengthRange
        case .sequence(let items):
            var low = 0
            var high: Int? = 0
            for item in items {
                let range = item.lengthRange
                low = min(Self.cap, low + range.min)
                high = high.flatMap { h in range.max.map { min(Self.cap, h + $0) } }
            }
            return (low, high)
        case .alternation(let branches):
            let ranges = branches.map(\.lengthRange)
            let high = ranges.contains { $0.max == nil } ? nil : ranges.compactMap(\.max).max()
            return (ranges.map(\.min).min() ?? 0, high)
        case .repetition(let inner, let low, let high, _):
            let range = inner.lengthRange
            let most: Int? =
                if high == 0 || range.max == 0 { 0 } else {
                    high.flatMap { h in range.max.map { min(Self.cap, h * $0) } }
                }
            return (min(Self.cap, low * range.min), most)
        }
    }

    private static let cap = 1 << 30
}

enum PatternAssertion: Sendable {
    case lineStart, lineEnd, textStart, textEnd, textEndBeforeNewline, wordBoundary, notWordBoundary
    /// `^` and `$` under the `m` flag: at any line's start or end.
    case multiLineStart, multiLineEnd
}

/// Whether a scalar, class or backreference compares case-insensitively: as the platform's
/// flags say (X8), or as an inline flag (`(?i)`, `(?-i)`) sets it for its group.
enum CaseMode: Sendable, Equatable {
    case platform, sensitive, insensitive

    @inline(__always)
    func isSensitive(platform caseSensitive: Bool) -> Bool {
        switch self {
        case .platform: caseSensitive
        case .sensitive: true
        case .insensitive: false
        }
    }
}
