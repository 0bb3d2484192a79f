/// A compiled property-filter regex (comparators 10 and 17): case-insensitive, partial match.
///
/// **Bounded evaluation.** A backtracking matcher (Swift `Regex`, ICU, PCRE) can take
/// exponential time on patterns such as `(a+)+$` and polynomial time on `a*a*c` or even a
/// partial `a*b` search over a long value: one event could hang the simulator. So a pattern is
/// compiled into a small automaton and run by a simulation that follows every possible path at
/// once (Thompson's construction), never backtracking:
///
/// - `matches` reads each Unicode scalar of the text once and costs at most
///   `program size × text length` steps, whatever the pattern; nothing is ever cut short, so
///   the result is always exact and there is nothing to report in the trace;
/// - the program size is capped at `maxProgramSize` instructions (counted repetition such as
///   `(a{100}){100}` expands), and the pattern at `maxSourceLength` scalars and
///   `maxNesting` levels of groups; beyond them `init` throws, and the loader reports the JSON
///   path;
/// - the loader caps event property strings at `maxEvaluatedLength` (UTF-8 bytes), so one
///   evaluation is at most about 2,000 × 65,536 ≈ 1.3e8 simple steps, typically far fewer
///   (only the live states are visited).
///
/// Syntax (the common subset of ICU, which the iOS SDK uses, and Java): literals; `.` (any
/// scalar but a line break); classes `[a-z]`, `[^…]` with `\d \w \s \D \W \S` inside; escapes
/// `\d \w \s \D \W \S \t \n \r \f \v \e \a \xHH \x{H…} \uHHHH` and any escaped punctuation;
/// anchors `^ $ \A \z \Z \b \B`; groups `(…)`, `(?:…)`, `(?<name>…)`; alternation `|`;
/// quantifiers `* + ? {n} {n,} {n,m}` and their lazy forms (`*?`; the same answer for a yes/no
/// match). `(?i)` is accepted (matching is always case-insensitive). Constructs that a
/// non-backtracking matcher cannot answer, or that change what a match means, are rejected
/// with a clear message: backreferences, lookaround, atomic groups, possessive quantifiers,
/// Unicode property classes, POSIX classes and set operations.
///
/// Semantics: text is matched scalar by scalar (like ICU's code points, not Swift's grapheme
/// clusters); case-insensitivity compares simple lowercase mappings (and, in classes, the
/// uppercase mapping too); `$` and `\Z` match at the end or before a final `\n`.
public struct Pattern: Sendable {
    public let source: String
    let program: PatternProgram

    /// Longest pattern accepted, in Unicode scalars.
    public static let maxSourceLength = 4_096
    /// Most automaton instructions a pattern may compile to.
    public static let maxProgramSize = 2_000
    /// Deepest nesting of groups.
    public static let maxNesting = 32
    /// Longest event property string a scenario may carry, in UTF-8 bytes (enforced by the
    /// loader; see the type's documentation for why).
    public static let maxEvaluatedLength = 65_536

    /// Throws a `PatternError` when `source` is not a valid regular expression, uses a construct
    /// outside the supported syntax, or is too large.
    public init(_ source: String) throws(PatternError) {
        self.source = source
        let scalars = Array(source.unicodeScalars)
        if scalars.count > Self.maxSourceLength {
            throw PatternError(
                "the pattern is \(scalars.count) characters long; the limit is \(Self.maxSourceLength)", isLimit: true)
        }
        var parser = PatternParser(scalars)
        let tree = try parser.parse()
        program = try PatternProgram(compiling: tree)
    }

    /// Automaton instructions: one evaluation visits at most `size × (scalars + 1)` states (T6).
    public var size: Int { program.instructions.count }

    /// A partial match anywhere in `text`, in at most `program size × text length` steps.
    /// Case-insensitive unless `caseSensitive` (a platform's regex flags, X8).
    public func matches(_ text: String, caseSensitive: Bool = false) -> Bool {
        var steps = 0
        return program.run(Array(text.unicodeScalars), caseSensitive: caseSensitive, steps: &steps)
    }

    /// `matches`, with the number of automaton states visited and the program size: what
    /// bounds the work (states ≤ program size × (scalars + 1)) whatever the pattern.
    func matchWork(_ text: String) -> (matched: Bool, states: Int, programSize: Int) {
        var states = 0
        let matched = program.run(Array(text.unicodeScalars), steps: &states)
        return (matched, states, program.instructions.count)
    }
}

/// Why a pattern was refused: `message` reads after `invalid regular expression "…": `.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// A size limit (length, nesting, program size) rather than a construct: the loader refuses
    /// these (T6), while a construct the matcher does not support loads as an unsupported filter (T4).
    public var isLimit: Bool
    init(_ message: String, isLimit: Bool = false) {
        self.message = message
        self.isLimit = isLimit
    }
    public var description: String { message }
}
