/// A compiled property-filter regex (comparators 10 and 17): a partial match, case-insensitive
/// unless the platform says otherwise (X8), in the platform's dialect (R3).
///
/// **Two matchers, each bounded.** A backtracking matcher (ICU, Java, JavaScript, PCRE) can take
/// exponential time on patterns such as `(a+)+$`: one event could hang the simulator. So:
///
/// - a pattern without lookaround or backreferences (nearly all) is compiled into a small
///   automaton and run by a simulation that follows every possible path at once (Thompson's
///   construction), never backtracking: each Unicode scalar of the text is read once, at most
///   `program size × (text length + 1)` steps, and the answer is always exact;
/// - a pattern with lookaround (`(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`) or a backreference
///   (`\1`, `\k<name>`), which no automaton can answer, runs on a backtracking machine
///   (`BacktrackProgram`) with a budget of `backtrackingBudget` steps per evaluation (one per
///   instruction executed, plus one per scalar a backreference compares). When the budget runs
///   out the answer is `.outOfBudget`: the filter does not pass and the trace says
///   `regex_budget`. (As in Rust's fancy-regex, the backtracking machine is only for the
///   patterns that need it.) An evaluation that cost many steps is remembered (`OutcomeMemo`):
///   the same text under the same flags is answered from it, so the runs `compare` makes of one
///   scenario pay for it once.
///
/// Limits, for both: the program size is capped at `maxProgramSize` instructions (counted
/// repetition such as `(a{100}){100}` expands), the pattern at `maxSourceLength` scalars and
/// `maxNesting` levels of groups; beyond them `init` throws, and the loader reports the JSON
/// path. The loader caps event property strings at `maxEvaluatedLength` (UTF-8 bytes). What one
/// event may cost in all is `EventWork`'s (T6).
///
/// Syntax (the common subset of ICU, which the iOS SDK uses, Java and JavaScript): literals; `.`
/// (any scalar but a line break); classes `[a-z]`, `[^…]` with `\d \w \s \D \W \S` inside;
/// escapes `\d \w \s \D \W \S \t \n \r \f \v \e \a \xHH \x{H…} \uHHHH` and any escaped
/// punctuation; anchors `^ $ \A \z \Z \b \B`; groups `(…)`, `(?:…)`, `(?<name>…)`; lookaround;
/// backreferences `\1`… and `\k<name>`; alternation `|`; quantifiers `* + ? {n} {n,} {n,m}` and
/// their lazy forms; inline flags `(?i)`, `(?m)`, `(?s)`, `(?-i)`, `(?i:…)` (ICU and Java honour
/// them; JavaScript refuses them: `javaScriptError`). Refused with a clear message: atomic groups,
/// possessive quantifiers, Unicode property classes, POSIX classes, set operations, the `x` flag,
/// and a lookbehind of unbounded length (ICU and Java refuse it too).
///
/// Semantics: text is matched scalar by scalar (like ICU's code points, not Swift's grapheme
/// clusters); case-insensitivity compares simple lowercase mappings (and, in classes, the
/// uppercase mapping too); `$` and `\Z` match at the end or before a final `\n`.
public struct Pattern: Sendable {
    public let source: String
    let engine: Engine
    /// Why JavaScript cannot compile this pattern (an inline flag, or a syntax error), or `nil`.
    /// Under the `web` profile evaluating it throws out of the SDK's event logging (R3).
    public let javaScriptError: String?
    /// A backtracking pattern's costly outcomes, shared by every copy of this pattern.
    private let memo: OutcomeMemo?

    enum Engine: Sendable {
        case linear(PatternProgram)
        case backtracking(BacktrackProgram)
        /// No engine compiles it: it never matches (and under `web` it throws).
        case uncompilable
    }

    /// Longest pattern accepted, in Unicode scalars.
    public static let maxSourceLength = 4_096
    /// Most automaton instructions a pattern may compile to.
    public static let maxProgramSize = 2_000
    /// Deepest nesting of groups.
    public static let maxNesting = 32
    /// Longest event property string a scenario may carry, in UTF-8 bytes (enforced by the
    /// loader; see the type's documentation for why).
    public static let maxEvaluatedLength = 65_536
    /// Steps one evaluation of a backtracking pattern may take (2^20): a few milliseconds.
    public static let backtrackingBudget = 1 << 20
    /// Steps the backtracking searches of one event may take together (2^21, two whole
    /// evaluations; `EventRegexBudget`), whatever the number of filters.
    public static let eventBacktrackingBudget = 1 << 21

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
        if tree.needsBacktracking {
            engine = .backtracking(try BacktrackProgram(compiling: tree, groups: parser.groupCount))
            memo = OutcomeMemo()
        } else {
            engine = .linear(try PatternProgram(compiling: tree))
            memo = nil
        }
        javaScriptError = parser.usesInlineFlags ? "inline flags such as (?i) are a syntax error in JavaScript" : nil
    }

    private init(uncompilable source: String, _ error: PatternError) {
        self.source = source
        engine = .uncompilable
        memo = nil
        javaScriptError = error.javaScriptRejects ? error.message : nil
    }

    /// A pattern `init` refused (not for a size limit): it never matches, and evaluating it under
    /// a dialect that throws on syntax errors throws (R3) when JavaScript refuses it too.
    public static func uncompilable(_ source: String, _ error: PatternError) -> Pattern {
        Pattern(uncompilable: source, error)
    }

    /// Whether this pattern runs on the backtracking matcher (lookaround, backreferences).
    public var usesBacktracking: Bool {
        if case .backtracking = engine { return true }
        return false
    }

    /// How many costly outcomes this pattern keeps (`OutcomeMemo`; for tests).
    var rememberedOutcomes: Int { memo?.count ?? 0 }

    /// Whether some engine compiled it (`uncompilable` did not).
    public var isCompiled: Bool {
        if case .uncompilable = engine { return false }
        return true
    }

    /// Instructions: a linear evaluation visits at most `size × (scalars + 1)` states (T6).
    public var size: Int {
        switch engine {
        case .linear(let program): program.instructions.count
        case .backtracking(let program): program.instructions.count
        case .uncompilable: 0
        }
    }

    /// What one evaluation may cost, in `EventWork`'s currency (automaton instructions, each
    /// worth `maxEvaluatedLength + 1` states): its size for a linear pattern; for a backtracking
    /// one the event's shared budget (`EventRegexBudget`), ⌈2^21 / 65,537⌉ = 32, which every
    /// backtracking filter of an event draws on together, so an event pays it once (T6).
    public var eventWork: Int {
        switch engine {
        case .linear(let program): return program.instructions.count
        case .backtracking: return Self.eventBudgetWork
        case .uncompilable: return 0
        }
    }

    /// `eventBacktrackingBudget` in `EventWork`'s currency: ⌈2^21 / 65,537⌉ = 32 instructions.
    public static let eventBudgetWork = (eventBacktrackingBudget + maxEvaluatedLength) / (maxEvaluatedLength + 1)

    /// A partial match anywhere in `text`, in the platform's dialect. Case-insensitive unless
    /// `caseSensitive` (a platform's regex flags, X8). `.outOfBudget` only for a backtracking
    /// pattern whose search took more than `budget` steps; `.syntaxError` for a pattern the
    /// dialect cannot compile. The flags and the dialect are the platform's (`FilterPolicy`), never
    /// defaulted.
    public func evaluate(
        _ text: String, caseSensitive: Bool, dialect: RegexDialect,
        budget: Int = Pattern.backtrackingBudget
    ) -> RegexOutcome {
        evaluate(text, caseSensitive: caseSensitive, dialect: dialect, event: nil, budget: budget)
    }

    /// `evaluate`, a backtracking search paid out of `event`'s shared budget (R3, T6) when there
    /// is one (the whole `budget` otherwise).
    func evaluate(
        _ text: String, caseSensitive: Bool, dialect: RegexDialect, event: EventRegexBudget?,
        budget: Int = Pattern.backtrackingBudget
    ) -> RegexOutcome {
        if dialect == .javaScript, javaScriptError != nil { return .syntaxError }
        switch engine {
        case .linear(let program):
            return program.run(Array(text.unicodeScalars), caseSensitive: caseSensitive) ? .match : .noMatch
        case .backtracking(let program):
            let key = OutcomeMemo.Key(
                text: text, caseSensitive: caseSensitive, unsetGroupMatchesEmpty: dialect == .javaScript)
            guard let event, let memo else { return search(program, key, budget: budget).0 }
            let eventKey = EventRegexBudget.Key(
                pattern: ObjectIdentifier(memo), text: text, caseSensitive: caseSensitive,
                unsetGroupMatchesEmpty: key.unsetGroupMatchesEmpty)
            return event.answer(eventKey) { left in search(program, key, budget: min(left, budget)) }.outcome
        case .uncompilable:
            return .syntaxError
        }
    }

    /// The steps `event` had left when it evaluated this pattern on `text` (`nil`: it did not).
    func stepsLeft(before text: String, caseSensitive: Bool, dialect: RegexDialect, event: EventRegexBudget)
        -> Int?
    {
        guard let memo else { return nil }
        return event.leftBefore(
            EventRegexBudget.Key(
                pattern: ObjectIdentifier(memo), text: text, caseSensitive: caseSensitive,
                unsetGroupMatchesEmpty: dialect == .javaScript))
    }

    /// A backtracking search within `budget` steps, answered by the memo when it can: the outcome
    /// and the steps it spent (all of `budget` when it ran out).
    private func search(_ program: BacktrackProgram, _ key: OutcomeMemo.Key, budget: Int) -> (RegexOutcome, Int) {
        // Nothing left (an event that spent its budget): out at once, without reading the text.
        guard budget > 0 else { return (.outOfBudget, 0) }
        if let known = memo?.outcome(for: key, budget: budget) { return known }
        var remaining = budget
        let outcome: RegexOutcome =
            switch program.run(
                Array(key.text.unicodeScalars), caseSensitive: key.caseSensitive,
                unsetGroupMatchesEmpty: key.unsetGroupMatchesEmpty, budget: &remaining)
            {
            case true?: .match
            case false?: .noMatch
            case nil: .outOfBudget
            }
        let spent = outcome == .outOfBudget ? budget : budget - remaining
        if spent >= OutcomeMemo.minimumSteps { memo?.remember(outcome, for: key, budget: budget, spent: spent) }
        return (outcome, spent)
    }

    /// `evaluate` is `.match`.
    public func matches(_ text: String, caseSensitive: Bool, dialect: RegexDialect) -> Bool {
        evaluate(text, caseSensitive: caseSensitive, dialect: dialect) == .match
    }

    /// `matches`, with the work done: for a linear pattern the automaton states visited (at most
    /// program size × (scalars + 1)); for a backtracking one the steps taken out of `budget`
    /// (`matched` is `nil` when it ran out). For tests and `iambench regex-curve`: work counted
    /// in steps, not time.
    public func matchWork(_ text: String, budget: Int = Pattern.backtrackingBudget) -> (
        matched: Bool?, states: Int, programSize: Int
    ) {
        switch engine {
        case .linear(let program):
            var states = 0
            let matched = program.run(Array(text.unicodeScalars), caseSensitive: false, steps: &states)
            return (matched, states, program.instructions.count)
        case .backtracking(let program):
            var remaining = budget
            let matched = program.run(
                Array(text.unicodeScalars), caseSensitive: false, unsetGroupMatchesEmpty: false, budget: &remaining)
            return (matched, budget - remaining, program.instructions.count)
        case .uncompilable:
            return (false, 0, 0)
        }
    }
}

/// What one regex evaluation found (R3).
public enum RegexOutcome: Sendable, Equatable {
    case match, noMatch
    /// The backtracking matcher's step budget ran out: the filter does not pass (`regex_budget`).
    case outOfBudget
    /// The platform's engine cannot compile the pattern (under `web` the SDK throws: `sdk_error`).
    case syntaxError
}

/// Why a pattern was refused: `message` reads after `invalid regular expression "…": `.
public struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// A size limit (length, nesting, program size) rather than a construct: the loader refuses
    /// these (T6), while a construct the matcher does not support loads as an unsupported filter (T4).
    public var isLimit: Bool
    /// Whether JavaScript refuses the pattern too (a genuine syntax error there), rather than
    /// only this matcher (a construct it does not support, which JavaScript reads some way).
    public var javaScriptRejects: Bool
    init(_ message: String, isLimit: Bool = false, javaScriptRejects: Bool = true) {
        self.message = message
        self.isLimit = isLimit
        self.javaScriptRejects = javaScriptRejects && !isLimit
    }
    public var description: String { message }
}
