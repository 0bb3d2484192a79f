import Synchronization

/// The outcomes a backtracking pattern has already paid for, by text and flags: the same
/// evaluation answers the same, and one that spent up to 2^20 steps (`Pattern.backtrackingBudget`)
/// is not paid for again by the next run of the same scenario (compare's dozens of runs, its
/// platforms and each row's run).
///
/// A memo of a pure function, shared by every copy of the pattern (the scenario's triggers are
/// shared by the runs made from it): what the engine answers, and what an event's shared budget
/// (`EventRegexBudget`) is charged, are the same with or without it. It keeps the steps a search
/// took, so it answers any budget: a search that ended in `s` steps ends the same within any
/// budget of `s` or more and runs out within a smaller one (spending all of it); one that ran
/// out within `b` steps runs out within any budget up to `b`.
///
/// Only evaluations of `minimumSteps` or more are kept, at most `maxEntries` outcomes and
/// `maxBytes` of text per pattern (then it stops growing).
final class OutcomeMemo: Sendable {
    struct Key: Hashable, Sendable {
        var text: String
        var caseSensitive: Bool
        var unsetGroupMatchesEmpty: Bool
    }

    /// What one search found: an answer and the steps it took, or the budget it ran out of.
    enum Kept: Sendable, Equatable {
        case decided(RegexOutcome, steps: Int)
        case ranOut(budget: Int)
    }

    /// Evaluations cheaper than this are run again rather than kept.
    static let minimumSteps = 4_096
    /// Most text, in UTF-8 bytes, one pattern's memo keeps.
    static let maxBytes = 1 << 20
    /// Most outcomes one pattern's memo keeps (issue 35: bounded in text only, 160k short values
    /// took 9.6 MB). Each is worth at least `minimumSteps` of search.
    static let maxEntries = 4_096

    private let entries = Mutex<(outcomes: [Key: Kept], bytes: Int)>(([:], 0))
    private let entryLimit: Int
    private let byteLimit: Int

    init(maxEntries: Int = OutcomeMemo.maxEntries, maxBytes: Int = OutcomeMemo.maxBytes) {
        entryLimit = maxEntries
        byteLimit = maxBytes
    }

    /// How many outcomes are kept (for tests).
    var count: Int { entries.withLock { $0.outcomes.count } }

    /// The outcome of a search of `key` within `budget` steps and the steps it spends, when what
    /// is kept tells it; `nil` when it must be run.
    func outcome(for key: Key, budget: Int) -> (RegexOutcome, spent: Int)? {
        guard let kept = entries.withLock({ $0.outcomes[key] }) else { return nil }
        switch kept {
        case .decided(let outcome, let steps):
            return steps <= budget ? (outcome, steps) : (.outOfBudget, budget)
        case .ranOut(let limit):
            return budget <= limit ? (.outOfBudget, budget) : nil
        }
    }

    /// Keeps what a search of `key` within `budget` found after `spent` steps.
    func remember(_ outcome: RegexOutcome, for key: Key, budget: Int, spent: Int) {
        let kept: Kept = outcome == .outOfBudget ? .ranOut(budget: budget) : .decided(outcome, steps: spent)
        let bytes = key.text.utf8.count
        entries.withLock { entries in
            if let old = entries.outcomes[key] {
                // Only a larger budget that ran out, or an answer, tells more than what is kept.
                if case .ranOut = old { entries.outcomes[key] = kept }
                return
            }
            guard entries.outcomes.count < entryLimit, entries.bytes + bytes <= byteLimit else { return }
            entries.outcomes[key] = kept
            entries.bytes += bytes
        }
    }
}
