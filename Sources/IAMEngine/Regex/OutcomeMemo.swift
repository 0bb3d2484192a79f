import Synchronization

/// The outcomes a backtracking pattern has already paid for, by text and flags: the same
/// evaluation answers the same, and one that spent up to 2^20 steps (`Pattern.backtrackingBudget`)
/// is not paid for again by the next run of the same scenario (compare's dozens of runs, its
/// platforms and each row's run, or the trace's second look at why a trigger failed).
///
/// A memo of a pure function, shared by every copy of the pattern (the scenario's triggers are
/// shared by the runs made from it): what the engine answers is the same with or without it.
/// Only evaluations of `minimumSteps` or more are kept, within `maxBytes` of text per pattern.
final class OutcomeMemo: Sendable {
    struct Key: Hashable, Sendable {
        var text: String
        var caseSensitive: Bool
        var unsetGroupMatchesEmpty: Bool
        var budget: Int
    }

    /// Evaluations cheaper than this are run again rather than kept.
    static let minimumSteps = 4_096
    /// Most text, in UTF-8 bytes, one pattern's memo keeps (then it stops growing).
    static let maxBytes = 1 << 20

    private let entries = Mutex<(outcomes: [Key: RegexOutcome], bytes: Int)>(([:], 0))

    init() {}

    /// How many outcomes are kept (for tests).
    var count: Int { entries.withLock { $0.outcomes.count } }

    func outcome(for key: Key) -> RegexOutcome? {
        entries.withLock { $0.outcomes[key] }
    }

    func remember(_ outcome: RegexOutcome, for key: Key) {
        let bytes = key.text.utf8.count
        entries.withLock { entries in
            guard entries.bytes + bytes <= Self.maxBytes, entries.outcomes[key] == nil else { return }
            entries.outcomes[key] = outcome
            entries.bytes += bytes
        }
    }
}
