import Synchronization

/// R3 and T6: the backtracking steps one event may still spend, shared by every backtracking
/// regex filter the event reaches (its candidate triggers, the web throw walk, the look at why a
/// trigger failed, SV1's pending look), so that an event costs at most `Pattern.eventBacktrackingBudget`
/// steps of backtracking however many such filters it meets (issue 35: 125 filters of 2^20 steps
/// each on one 79-byte event took 2.6 s).
///
/// The event has `Pattern.eventBacktrackingBudget` (2^21) steps; each evaluation runs on what
/// the event has left, at most `Pattern.backtrackingBudget` (2^20) as before. One that runs out
/// is `.outOfBudget` (the filter does not pass, `regex_budget`); once the event's steps are
/// spent every later backtracking filter of the event runs out at once. An evaluation is answered once per event: asked again (the look at why a trigger
/// failed, a pattern shared by two triggers) it answers as it did, at no cost, so that look never
/// tells another story than the decision. What the event spends does not depend on the
/// `OutcomeMemo`, which replays the steps an outcome cost: a run answers the same with or without it.
///
/// One is made for each event (`Engine.match`) and carried by the event's `FilterPolicy`; a
/// policy without one gives every evaluation the whole budget (tests, why-not).
public final class EventRegexBudget: Sendable {
    struct Key: Hashable {
        /// The pattern (its memo, shared by every copy of it).
        var pattern: ObjectIdentifier
        var text: String
        var caseSensitive: Bool
        var unsetGroupMatchesEmpty: Bool
    }

    /// An outcome of this event, with the steps the event had left when it was evaluated.
    struct Answer {
        var outcome: RegexOutcome
        var left: Int
    }

    private let state: Mutex<(left: Int, answers: [Key: Answer])>

    public init(steps: Int = Pattern.eventBacktrackingBudget) {
        state = Mutex((steps, [:]))
    }

    /// Steps the event has left.
    public var left: Int { state.withLock { $0.left } }

    /// The outcome of `key` in this event: the one already found, else `run(left)`'s, which
    /// returns the outcome and the steps it spent.
    func answer(_ key: Key, run: (Int) -> (RegexOutcome, spent: Int)) -> Answer {
        if let known = state.withLock({ $0.answers[key] }) { return known }
        let left = self.left
        let (outcome, spent) = run(left)
        let answer = Answer(outcome: outcome, left: left)
        state.withLock {
            $0.left = max(0, $0.left - spent)
            $0.answers[key] = answer
        }
        return answer
    }

    /// The steps the event had left when it evaluated `key`; `nil` when it did not.
    func leftBefore(_ key: Key) -> Int? {
        state.withLock { $0.answers[key]?.left }
    }
}

extension EventRegexBudget: Equatable {
    /// The same event's budget (a policy carrying one is the platform's policy all the same).
    public static func == (a: EventRegexBudget, b: EventRegexBudget) -> Bool { a === b }
}
