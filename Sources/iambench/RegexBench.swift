import IAMEngine

/// `iambench regex-curve`: the backtracking matcher (R3) along two axes, pattern length and
/// input length, each doubled 5 times, counting steps (not time), for two pattern families:
/// an ordinary backreference pattern (work grows with both axes, under the budget) and a
/// catastrophic one (exponential in a plain backtracking engine; here it stops at the budget).
/// Then the per-event bound of T6: the most backtracking filters one event may reach, each
/// spending its budget twice, stay within `EventWork`'s bound.
enum RegexBench {
    static let lengths = [64, 128, 256, 512, 1_024, 2_048]
    static let sizes = [1, 2, 4, 8, 16, 32]

    /// `(a|b)` + `(?:a|b)` × `k` + `\1x`: no `x` in the text, so every start is tried.
    static func ordinary(_ k: Int) -> String { "(a|b)" + String(repeating: "(?:a|b)", count: k) + "\\1x" }
    /// `(?:a|a)*` × `k` + `(a)\1b`: exponentially many ways to split a run of `a`.
    static func catastrophic(_ k: Int) -> String { String(repeating: "(?:a|a)*", count: k) + "(a)\\1b" }

    static func text(_ family: String, _ n: Int) -> String {
        if family == "catastrophic" { return String(repeating: "a", count: n) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return String(
            (0..<n).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return state >> 63 == 0 ? Character("a") : Character("b")
            })
    }

    static func run() {
        let budget = Pattern.backtrackingBudget
        print(
            "backtracking budget per evaluation: \(budget) steps (per event, shared: \(Pattern.eventBacktrackingBudget))"
        )
        for (family, make) in [("ordinary", ordinary), ("catastrophic", catastrophic)] {
            print("\n\(family): steps by input length (rows) and pattern length (columns); * = budget ran out")
            let patterns = sizes.map { try! Pattern(make($0)) }
            print(
                "| input \\ pattern | "
                    + patterns.map { "\($0.source.unicodeScalars.count) chars" }.joined(separator: " | ") + " |")
            print("|---|" + String(repeating: "---:|", count: sizes.count))
            var most = 0
            for n in lengths {
                let value = text(family, n)
                var cells: [String] = []
                for pattern in patterns {
                    let work = pattern.matchWork(value)
                    most = max(most, work.states)
                    cells.append(work.matched == nil ? "\(work.states)*" : "\(work.states)")
                }
                print("| \(n) | " + cells.joined(separator: " | ") + " |")
            }
            print("largest: \(most) steps (budget \(budget))")
        }
        let shared = Pattern.eventBudgetWork
        let event = Pattern.eventBacktrackingBudget
        let bound = EventWork.maxRegexInstructions * (Pattern.maxEvaluatedLength + 1)
        print(
            "\nper event (T6): every backtracking filter of an event draws on one budget of \(event) steps, "
                + "priced once at \(shared) instructions of \(EventWork.maxRegexInstructions); "
                + "\(event) <= \(shared) × \(Pattern.maxEvaluatedLength + 1) <= the bound \(bound): "
                + (event <= shared * (Pattern.maxEvaluatedLength + 1) ? "holds" : "EXCEEDED"))
    }
}
