import IAMTestSupport
import Testing

@testable import IAMEngine

/// R3: lookaround and backreferences run on the bounded backtracking matcher; every other
/// pattern stays on the linear one.
@Suite("Pattern: lookaround and backreferences on the backtracking matcher (R3)")
struct BacktrackingPatternTests {
    func outcome(_ pattern: String, _ text: String, caseSensitive: Bool = false, dialect: RegexDialect = .icu)
        throws -> RegexOutcome
    {
        try Pattern(pattern).evaluate(text, caseSensitive: caseSensitive, dialect: dialect)
    }

    @Test("R3: only lookaround and backreferences choose the backtracking matcher")
    func engineChoice() throws {
        for source in ["(?=g)go", "(?<=g)old", "^(?!s)", "(?<!b)old", "(g)\\1", "(?<x>o)\\k<x>"] {
            #expect(try Pattern(source).usesBacktracking, "\(source)")
        }
        for source in ["^go", "gold|silver", "(a+)+$", "(?i)GOLD", "(?m)^gold$", "(?<x>o)o", "o{2}"] {
            #expect(try !Pattern(source).usesBacktracking, "\(source)")
        }
    }

    @Test("R3: lookahead, lookbehind and backreferences against known answers")
    func knownAnswers() throws {
        let yes: [(String, String)] = [
            ("(?=g)go", "gold"), ("(?<=g)old", "gold"), ("^(?!s)", "gold"), ("(?<!b)old", "gold"),
            ("(o)\\1", "foo"), ("(g)\\1", "GG"), ("^(?=.*\\d)save", "SAVE10"), ("q(?!u)", "qatar"),
            ("(?<=\\$)\\d+", "cost $42"), ("(?<![a-z])cat", "a cat"), ("(a|b)\\1", "xbb"), ("(?<w>\\w)\\k<w>", "look"),
            ("^(\\w+) \\1$", "bye bye"), ("(?=(a+))a*b\\1", "aaabaaa"), ("(a)?b\\1", "aba"), ("x(?<=x)y", "xy"),
            ("(?<=^|,)b", "a,b"), ("(?<=ab{1,3})c", "abbbc"), ("(?!$)", "a"), ("(?=)", ""),
        ]
        for (pattern, text) in yes { #expect(try outcome(pattern, text) == .match, "\(pattern) ~ \(text)") }
        let no: [(String, String)] = [
            ("(?=g)go", "og"), ("(?<=g)old", "bold"), ("^(?!s)", "silver"), ("(?<!b)old", "bold"),
            ("(o)\\1", "silver"), ("(g)\\1", "gold"), ("^(?=.*\\d)save", "SAVE"), ("q(?!u)", "quit"),
            ("^(\\w+) \\1$", "bye hi"), ("(?<=ab{1,3})c", "ac"), ("(?!)", "anything"), ("(a)|b\\1", "b"),
        ]
        for (pattern, text) in no { #expect(try outcome(pattern, text) == .noMatch, "\(pattern) !~ \(text)") }
    }

    @Test("R3: a lookahead is atomic: the captures it keeps are the first it found")
    func atomicLookahead() throws {
        // Greedy: the lookahead captures "aaa", and "aaa" is not found again after it.
        #expect(try outcome("^(?=(a+))\\1b", "aaab") == .match)
        #expect(try outcome("^(?=(a+))a\\1$", "aaa") == .noMatch)
        // Lazy: it captures "a"; "a" + "a" + end does not fit "aaa", but fits "aa".
        #expect(try outcome("^(?=(a+?))a\\1$", "aa") == .match)
        #expect(try outcome("^(?=(a+?))a\\1$", "aaa") == .noMatch)
    }

    @Test("R3: case: X8's platform flag, inline flags, and backreferences compared in the same case")
    func caseModes() throws {
        #expect(try outcome("(g)\\1", "gG") == .match)
        #expect(try outcome("(g)\\1", "gG", caseSensitive: true) == .noMatch)
        #expect(try outcome("(?<=G)OLD", "gold", caseSensitive: true) == .noMatch)
        #expect(try outcome("(?i)(?<=G)OLD", "gold", caseSensitive: true) == .match)
        #expect(try outcome("(?-i)GOLD", "gold") == .noMatch)
        #expect(try outcome("(?-i:G)OLD", "Gold") == .match)
        #expect(try outcome("(?-i:G)OLD", "gold") == .noMatch)
        // A flag inside a group ends with the group.
        #expect(try outcome("(?:(?-i)g)OLD", "gold") == .match)
        #expect(try outcome("(?:(?-i)g)OLD", "Gold") == .noMatch)
    }

    @Test("R3: inline flags m and s")
    func multiLineAndDotAll() throws {
        #expect(try outcome("(?m)^gold$", "silver\ngold\nbronze") == .match)
        #expect(try outcome("^gold$", "silver\ngold\nbronze") == .noMatch)
        #expect(try outcome("(?s)a.b", "a\nb") == .match)
        #expect(try outcome("a.b", "a\nb") == .noMatch)
        #expect(try outcome("(?m)^b(?=$)", "a\r\nb") == .match)
    }

    @Test("R3: dialects: JavaScript refuses inline flags; an unset group's backreference")
    func dialects() throws {
        let flagged = try Pattern("(?i)GOLD")
        #expect(flagged.javaScriptError == "inline flags such as (?i) are a syntax error in JavaScript")
        #expect(flagged.evaluate("gold", caseSensitive: false, dialect: .javaScript) == .syntaxError)
        #expect(flagged.evaluate("gold", caseSensitive: false, dialect: .java) == .match)
        #expect(flagged.evaluate("gold", caseSensitive: false, dialect: .icu) == .match)
        #expect(try Pattern("(?<=g)old").javaScriptError == nil)
        // A group that did not take part: JavaScript matches the empty string, ICU and Java fail.
        #expect(try outcome("(a)?b\\1c", "bc", dialect: .javaScript) == .match)
        #expect(try outcome("(a)?b\\1c", "bc", dialect: .java) == .noMatch)
        #expect(try outcome("(a)?b\\1c", "bc", dialect: .icu) == .noMatch)
        let broken = Pattern.uncompilable("(", PatternError("missing ')'"))
        #expect(broken.evaluate("(", caseSensitive: false, dialect: .icu) == .syntaxError)
        #expect(broken.javaScriptError == "missing ')'")
        #expect(
            Pattern.uncompilable("\\q", PatternError("unknown escape", javaScriptRejects: false)).javaScriptError == nil
        )
    }

    @Test("R3: the same answers as Swift Regex on lookahead and backreference patterns")
    func agreesWithSwiftRegex() throws {
        let patterns = [
            "(a|b)\\1", "^(?=.*c)a", "a(?!b)", "(\\w)\\1+$", "^(a+)b\\1$", "(?=(ab|a))\\1c", "x(?!y|z)",
            "(a*)\\1b", "^(?:(a)|b)*\\1?$", "(?=a)(?!ab)a",
        ]
        var rng = SeededGenerator(seed: 19)
        let alphabet = Array("abcxyz ")
        for pattern in patterns {
            let reference = try Regex(pattern).ignoresCase()
            let ours = try Pattern(pattern)
            #expect(ours.usesBacktracking, "\(pattern)")
            for _ in 0..<300 {
                let text = String(
                    (0..<Int(rng.next() % 9)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
                let expected: RegexOutcome = (try? reference.firstMatch(in: text)) != nil ? .match : .noMatch
                #expect(
                    ours.evaluate(text, caseSensitive: false, dialect: .icu) == expected,
                    "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    @Test("R3: a search that needs more steps than its budget ends as outOfBudget, not as an answer")
    func budget() throws {
        let pattern = try Pattern("^(a|a)*\\1b")
        let text = String(repeating: "a", count: 40)
        #expect(pattern.evaluate(text, caseSensitive: false, dialect: .icu) == .outOfBudget)
        let work = pattern.matchWork(text)
        #expect(work.matched == nil)
        #expect(work.states == Pattern.backtrackingBudget, "every step of the budget is spent")
        // A short value fits in the budget and gets its exact answer.
        #expect(pattern.evaluate("aaab", caseSensitive: false, dialect: .icu) == .match)
        #expect(pattern.evaluate("aaac", caseSensitive: false, dialect: .icu) == .noMatch)
        // A smaller budget runs out sooner.
        #expect(pattern.evaluate("aaaaaaaaaaaac", caseSensitive: false, dialect: .icu, budget: 100) == .outOfBudget)
    }

    @Test("R3: a costly outcome is kept per text and flags with its steps, and answers every copy and every budget")
    func memo() throws {
        // The first alternative backtracks through 2^12 ways before the second is tried.
        let pattern = try Pattern("^(?:(a|a)*\\1c|.*B)")
        let text = String(repeating: "a", count: 12) + "b"
        let steps = pattern.matchWork(text).states
        #expect(steps > OutcomeMemo.minimumSteps)
        let copy = pattern
        #expect(pattern.evaluate(text, caseSensitive: false, dialect: .icu) == .match)
        #expect(pattern.rememberedOutcomes == 1)
        #expect(copy.evaluate(text, caseSensitive: false, dialect: .icu) == .match)
        #expect(copy.rememberedOutcomes == 1, "the copy was answered from the kept outcome")
        #expect(pattern.evaluate(text, caseSensitive: true, dialect: .icu) == .noMatch)
        // A smaller budget than the search took runs out; exactly enough answers: from the kept steps.
        #expect(pattern.evaluate(text, caseSensitive: false, dialect: .icu, budget: steps - 1) == .outOfBudget)
        #expect(pattern.evaluate(text, caseSensitive: false, dialect: .icu, budget: steps) == .match)
        #expect(pattern.evaluate(text, caseSensitive: false, dialect: .javaScript) == .match)
        #expect(pattern.rememberedOutcomes == 3)
        #expect(copy.evaluate(text, caseSensitive: false, dialect: .icu) == .match)
        #expect(copy.evaluate(text, caseSensitive: true, dialect: .icu) == .noMatch)
        #expect(
            copy.evaluate(text, caseSensitive: false, dialect: .icu, budget: OutcomeMemo.minimumSteps) == .outOfBudget)
        // A cheap evaluation is not kept.
        #expect(pattern.evaluate("aab", caseSensitive: false, dialect: .icu) == .match)
        #expect(pattern.rememberedOutcomes == 3)
        // A fresh pattern, without the memo, agrees at every budget around the steps.
        for budget in [steps - 1, steps, steps + 1] {
            #expect(
                try Pattern("^(?:(a|a)*\\1c|.*B)").evaluate(text, caseSensitive: false, dialect: .icu, budget: budget)
                    == pattern.evaluate(text, caseSensitive: false, dialect: .icu, budget: budget))
        }
    }

    @Test("R3: the outcome memo is bounded by entries as well as bytes; a run out budget is kept by its size")
    func memoBounds() {
        func key(_ n: Int) -> OutcomeMemo.Key {
            OutcomeMemo.Key(text: "v\(n)", caseSensitive: false, unsetGroupMatchesEmpty: false)
        }
        let memo = OutcomeMemo(maxEntries: 4)
        for n in 0..<10 { memo.remember(.noMatch, for: key(n), budget: 1 << 20, spent: 5_000) }
        #expect(memo.count == 4)
        #expect(memo.outcome(for: key(3), budget: 1 << 20)! == (.noMatch, 5_000))
        #expect(memo.outcome(for: key(3), budget: 4_999)! == (.outOfBudget, 4_999))
        #expect(memo.outcome(for: key(4), budget: 1 << 20) == nil, "the fifth was not kept")
        #expect(OutcomeMemo.maxEntries == 4_096)
        // Text bounds it too: two values of 600 KB do not both fit in 1 MiB.
        let bytes = OutcomeMemo()
        for n in 0..<2 {
            let big = OutcomeMemo.Key(
                text: String(repeating: "\(n)", count: 600_000), caseSensitive: false, unsetGroupMatchesEmpty: false)
            bytes.remember(.match, for: big, budget: 1 << 20, spent: 5_000)
        }
        #expect(bytes.count == 1)
        // A search that ran out within b steps answers budgets up to b; a larger one must run.
        let ranOut = OutcomeMemo()
        ranOut.remember(.outOfBudget, for: key(0), budget: 10_000, spent: 10_000)
        #expect(ranOut.outcome(for: key(0), budget: 10_000)! == (.outOfBudget, 10_000))
        #expect(ranOut.outcome(for: key(0), budget: 10_001) == nil)
        ranOut.remember(.match, for: key(0), budget: 20_000, spent: 15_000)
        #expect(ranOut.outcome(for: key(0), budget: 20_000)! == (.match, 15_000))
    }

    @Test(
        "R3 and T6: one event's backtracking searches share one budget of 2^21 steps, each at most 2^20; asked again, a filter answers as it did"
    )
    func eventBudget() throws {
        let slow = try Pattern("^(a|a)*\\1b")
        let quick = try Pattern("(a)\\1")
        let value = String(repeating: "a", count: 24)
        let event = EventRegexBudget()
        #expect(event.left == Pattern.eventBacktrackingBudget)
        #expect(quick.evaluate("aa", caseSensitive: false, dialect: .icu, event: event) == .match)
        let spent = quick.matchWork("aa").states
        #expect(event.left == Pattern.eventBacktrackingBudget - spent)
        // A whole evaluation's budget, as before; then less than that; then nothing.
        #expect(slow.evaluate(value, caseSensitive: false, dialect: .icu, event: event) == .outOfBudget)
        #expect(event.left == Pattern.backtrackingBudget - spent)
        #expect(slow.evaluate(value + "a", caseSensitive: false, dialect: .icu, event: event) == .outOfBudget)
        #expect(event.left == 0)
        #expect(
            slow.stepsLeft(before: value, caseSensitive: false, dialect: .icu, event: event)
                == Pattern.eventBacktrackingBudget - spent)
        #expect(
            slow.stepsLeft(before: value + "a", caseSensitive: false, dialect: .icu, event: event)
                == Pattern.backtrackingBudget - spent)
        // The earlier answer stands; a new search finds nothing left.
        #expect(quick.evaluate("aa", caseSensitive: false, dialect: .icu, event: event) == .match)
        #expect(quick.evaluate("xaax", caseSensitive: false, dialect: .icu, event: event) == .outOfBudget)
        #expect(quick.stepsLeft(before: "xaax", caseSensitive: false, dialect: .icu, event: event) == 0)
        // Linear patterns do not draw on it.
        #expect(try Pattern("a+").evaluate("aa", caseSensitive: false, dialect: .icu, event: event) == .match)
        // The memo (filled above by `slow`) charges what the searches cost: a second event
        // spends the same as the first, with or without it.
        let second = EventRegexBudget()
        #expect(quick.evaluate("aa", caseSensitive: false, dialect: .icu, event: second) == .match)
        #expect(slow.evaluate(value, caseSensitive: false, dialect: .icu, event: second) == .outOfBudget)
        #expect(second.left == Pattern.backtrackingBudget - spent)
    }

    @Test("R3: a loop whose body can match nothing ends (no endless backtracking)")
    func emptyLoops() throws {
        #expect(try outcome("(a*)*\\1b", "aab") == .match)
        #expect(try outcome("(?:(?=a))*\\Bb", "ab") == .match)
        // An iteration that matched nothing ends the loop with its capture (ICU, Java), or fails
        // and leaves the group unset, which a backreference then matches as empty (JavaScript).
        #expect(try outcome("^(a?)*\\1$", "") == .match)
        #expect(try outcome("^(a?)*\\1$", "", dialect: .javaScript) == .match)
        #expect(try outcome("^(a?)*b\\1$", "b", dialect: .java) == .match)
        let work = try Pattern("(a*)*(?!x)\\1c").matchWork(String(repeating: "a", count: 12))
        #expect(work.matched != nil, "\(work)")
    }

    @Test("R3: the curve: pattern and input length doubled 5 times stay under the budget, linear in the input (steps)")
    func curve() throws {
        // The family of `iambench regex-curve` ("ordinary"): a backreference pattern with k
        // alternations, on a text of a and b without the final x, so every start is tried.
        for k in [1, 2, 4, 8, 16, 32] {
            let pattern = try Pattern("(a|b)" + String(repeating: "(?:a|b)", count: k) + "\\1x")
            var previous: Int?
            for n in [64, 128, 256, 512, 1_024, 2_048] {
                let text = String((0..<n).map { $0 % 3 == 0 ? Character("b") : Character("a") })
                let work = pattern.matchWork(text)
                #expect(work.matched == false, "k=\(k) n=\(n)")
                #expect(work.states <= Pattern.backtrackingBudget, "k=\(k) n=\(n): \(work.states)")
                if let previous {
                    // Doubling the input about doubles the steps (end effects aside).
                    #expect(work.states >= previous * 18 / 10 && work.states <= previous * 25 / 10, "k=\(k) n=\(n)")
                }
                previous = work.states
            }
        }
        // The catastrophic family stops at exactly the budget, whatever the lengths.
        for (k, n) in [(1, 64), (32, 2_048)] {
            let pattern = try Pattern(String(repeating: "(?:a|a)*", count: k) + "(a)\\1b")
            let work = pattern.matchWork(String(repeating: "a", count: n))
            #expect(work.matched == nil)
            #expect(work.states == Pattern.backtrackingBudget)
        }
        // T6: every backtracking filter of an event draws on one budget of 2^21 steps, priced
        // ⌈2^21 / 65,537⌉ = 32 instructions once per event, within EventWork's bound.
        #expect(try Pattern("(a)\\1").eventWork == 32)
        #expect(Pattern.eventBudgetWork == 32)
        #expect(
            Pattern.eventBacktrackingBudget <= Pattern.eventBudgetWork * (Pattern.maxEvaluatedLength + 1))
    }
}
