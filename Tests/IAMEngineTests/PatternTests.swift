import IAMTestSupport
import Testing

@testable import IAMEngine

/// Comparators 10 and 17 run a non-backtracking matcher for every pattern without lookaround
/// or backreferences (see `Pattern`; those are `BacktrackingPatternTests`): bounded time on any
/// pattern, the same answers as a backtracking engine on the supported syntax.
@Suite("Pattern: bounded regex evaluation (T4 comparators 10 and 17)")
struct PatternTests {
    func matches(_ pattern: String, _ text: String) throws -> Bool {
        try Pattern(pattern).matches(text, caseSensitive: false, dialect: .icu)
    }

    @Test("T4: partial, case-insensitive matches; anchors, classes, groups, quantifiers")
    func syntax() throws {
        let yes: [(String, String)] = [
            ("BREW", "Cold Brew"), ("^cold", "COLD brew"), ("brew$", "cold brew"), ("brew$", "cold brew\n"),
            ("^$", ""), ("a|b", "xbx"), ("(ab)+c", "ababc"), ("a{2,3}", "caab"), ("a{2}", "aa"), ("a{2,}", "aaaa"),
            ("[a-c]x", "Bx"), ("[^a-c]x", "dx"), ("\\d+\\.\\d{2}", "3.50"), ("\\w+@\\w+\\.com$", "me@ex.com"),
            ("\\bcat\\b", "a cat!"), ("a\\b", "a.b"), ("^$", "\n"), ("\\Bat", "cat"), ("colou?r", "color"),
            ("(?:x|y)z", "yz"), ("(?<n>ab)", "xab"),
            ("\\x41\\u0042\\x{43}", "abc"), ("[\\d\\s]", " "), ("a.c", "abc"), ("\\Aab", "abc"), ("bc\\z", "abc"),
            ("(?i)abc", "ABC"), ("a*?b", "aab"), ("[]a]", "]"), ("[a-]", "-"), ("x{", "x{"), ("\\.", "."),
            ("é", "É"), ("[à-ÿ]", "Ü"), ("", "anything"), ("(a|)b", "b"), ("()*x", "x"), ("\\D\\W\\S", "a!b"),
        ]
        for (pattern, text) in yes { #expect(try matches(pattern, text), "\(pattern) ~ \(text)") }
        let no: [(String, String)] = [
            ("^cold", "iced cold"), ("brew$", "brew!"), ("a{3}", "aa"), ("[^a-c]x", "Ax"), ("\\bcat\\b", "cats"),
            ("a.c", "a\nc"), ("\\Aab", "cab"), ("bc\\z", "bc\n"), ("x^", "x"), ("^\\d+$", "12a"), ("(ab)+c", "abac"),
            ("b\\B", "b.a"),
        ]
        for (pattern, text) in no { #expect(try !matches(pattern, text), "\(pattern) !~ \(text)") }
    }

    /// Swift `Regex` differs from ICU (the iOS SDK's engine) in two places left out here: its `$`
    /// does not match before a final newline, and its `\b` follows Unicode word rules ("a.b" is
    /// one word). `Pattern` follows ICU there (see `syntax`).
    @Test("T4: the same answers as Swift Regex on ASCII patterns and texts")
    func agreesWithBacktracking() throws {
        let patterns = [
            "a+b", "^(ab|a)c", "(a|b)*c$", "x?y{1,2}z", "[b-d]+$", "^\\w+\\s\\d", "(ba|a)+\\b",
            "c.t", "^$", "a{0,2}b", "(?:ab)*$", "b\\B", "[^ab]{2}", "\\d*\\.?\\d+",
        ]
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("abc xyz1-")
        for pattern in patterns {
            let reference = try Regex(pattern).ignoresCase()
            let ours = try Pattern(pattern)
            for _ in 0..<300 {
                let text = String(
                    (0..<Int(rng.next() % 9)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
                let expected = (try? reference.firstMatch(in: text)) != nil
                let actual = ours.matches(text, caseSensitive: false, dialect: .icu)
                #expect(actual == expected, "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    @Test("T4: catastrophic patterns do linear work on the longest value a scenario may carry")
    func bounded() throws {
        let long = String(repeating: "a", count: Pattern.maxEvaluatedLength - 1) + "b"
        for source in ["(a+)+$", "(a|aa)*c", "^(a*)*$", "a*a*a*a*a*c", "(.*a){12}x", "^(\\w+\\s?)*$!"] {
            let pattern = try Pattern(source)
            let work = pattern.matchWork(long)
            #expect(work.matched == false, "\(source)")
            // A backtracking matcher visits exponentially many states here; this one at most
            // each instruction once per position.
            #expect(work.states <= work.programSize * (long.unicodeScalars.count + 1), "\(source): \(work)")
        }
    }

    @Test("T4: constructs the matchers do not support, and oversized patterns, are refused")
    func refused() {
        let cases: [(String, String)] = [
            ("(?<=a+)b", "bounded length"), ("(?<=(a)\\1)b", "bounded length"), ("(?x)a", "x (comments)"),
            ("\\2(a)", "names no group"), ("(?>a)", "atomic"),
            ("a*+", "possessive"), ("\\p{L}", "Unicode property"), ("[[:alpha:]]", "POSIX"), ("[a&&b]", "&&"),
            ("(latte", "missing ')'"), ("a)", "unmatched ')'"), ("*a", "nothing to repeat"), ("[z-a]", "out of order"),
            ("a{3,1}", "below the minimum"), ("\\", "lone backslash"), ("[abc", "missing ']'"),
            ("\\q", "unknown escape"),
            ("((a{100}){100}){100}", "too complex"),
            (String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40), "nested deeper"),
            (String(repeating: "a", count: Pattern.maxSourceLength + 1), "the limit is"),
            ("\\x{110000}", "not a Unicode scalar"),
        ]
        for (source, words) in cases {
            do {
                _ = try Pattern(source)
                Issue.record("\(source.prefix(40)) was accepted")
            } catch {
                #expect(error.message.contains(words), "\(source.prefix(40)): \(error.message)")
            }
        }
    }
}
