/// T6: a bound on the work one event can cause, whatever the scenario holds.
///
/// An event is compared only with the triggers filed under its kind and name (`TriggerSet`),
/// plus "any purchase" / "any push" ones. For those candidates, the work is counted in two
/// currencies, each capped per event at load time:
/// - **checks**: one per candidate trigger, per condition and per property filter. Each is a
///   constant-time test or a comparison of two strings (at most `Pattern.maxEvaluatedLength`
///   bytes of the event's value);
/// - **regex instructions**: the automaton size of every regex filter (comparators 10 and 17).
///   One evaluation visits at most `size × (scalars + 1)` automaton states, so an event costs
///   at most `maxRegexInstructions × (Pattern.maxEvaluatedLength + 1)` ≈ 2.6·10^8 states.
///   A pattern on the backtracking matcher (lookaround, backreferences; R3) is priced by its
///   worst case, which is the event's: every backtracking search of one event (its candidates,
///   the look at why one failed, the web throw walk, SV1's pending look) is paid out of one
///   shared budget of 2^21 steps (`EventRegexBudget`; each search at most 2^20), so the event
///   pays `Pattern.eventBudgetWork` = ⌈2^21 / 65,537⌉ = 32 instructions once, however many
///   backtracking filters it reaches (issue 35: priced 32 each, 125 of them spent 2^20 steps
///   apiece, twice).
///
/// The scenario loader refuses, with the JSON path of the trigger that crosses a limit, a
/// trigger set in which some event would exceed one (`firstExcess`).
public enum EventWork {
    /// Conditions, filters and candidate triggers one event may reach.
    public static let maxChecks = 250_000
    /// Regex automaton instructions one event may run (two patterns at `Pattern.maxProgramSize`,
    /// or hundreds of ordinary ones).
    public static let maxRegexInstructions = 4_000

    /// The work of one event reaching a trigger: every condition and filter it has (a
    /// condition of another key is dismissed in constant time but still counted).
    public struct Cost: Sendable, Equatable {
        public var checks = 0
        /// Linear patterns' instructions, summed.
        public var regexInstructions = 0
        /// The event's shared backtracking budget (`Pattern.eventBudgetWork`) when it reaches a
        /// backtracking filter, else 0: counted once, not per filter.
        public var backtrackingInstructions = 0

        /// All the regex work of the event, in instructions.
        public var totalRegexInstructions: Int { regexInstructions + backtrackingInstructions }

        /// Adds `other`; the sum (one look-up when the cost is a dictionary's value).
        mutating func add(_ other: Cost) -> Cost {
            self = self + other
            return self
        }

        static func + (a: Cost, b: Cost) -> Cost {
            Cost(
                checks: a.checks + b.checks, regexInstructions: a.regexInstructions + b.regexInstructions,
                backtrackingInstructions: max(a.backtrackingInstructions, b.backtrackingInstructions))
        }

        var exceedsLimits: Bool {
            checks > EventWork.maxChecks || totalRegexInstructions > EventWork.maxRegexInstructions
        }
    }

    public static func cost(of trigger: Trigger) -> Cost {
        var cost = Cost(checks: 1)
        for condition in trigger.conditions {
            cost.checks += 1
            switch condition {
            case .purchaseProperty(_, let groups), .customEventProperty(_, let groups):
                for group in groups {
                    cost.checks += group.count
                    for filter in group {
                        guard let pattern = filter.pattern else { continue }
                        if pattern.usesBacktracking {
                            cost.backtrackingInstructions = pattern.eventWork
                        } else {
                            cost.regexInstructions += pattern.eventWork
                        }
                    }
                }
            default: break
            }
        }
        return cost
    }

    /// Where an event's work first crosses a limit: the trigger (its position) that takes it
    /// over, the event kind and name, and the work.
    public struct Excess: Sendable, Equatable {
        public var position: Int
        public var kind: Event.Kind
        /// `nil`: every event of the kind ("any purchase", "any push" triggers).
        public var name: String?
        public var cost: Cost
    }

    /// Adds the triggers in order and returns the first at which some event (a kind and name)
    /// would cost more than the limits; `nil` when every event stays within them.
    public static func firstExcess(in triggers: [Trigger]) -> Excess? {
        var byKey: [TriggerSet.Key: Cost] = [:]
        // Per kind (by `slot`): the work of "any" triggers, and the largest named key's work.
        var everyName = [Cost](repeating: Cost(), count: Event.Kind.allCases.count)
        var largestNamed = everyName
        var keys: [TriggerSet.Key] = []
        for position in triggers.indices {
            let trigger = triggers[position]
            let cost = cost(of: trigger)
            TriggerSet.keys(of: trigger, into: &keys)
            for key in keys {
                let total = byKey[key, default: Cost()].add(cost)
                let kind = slot(key.kind)
                let event: Cost
                if key.matchesEveryName {
                    everyName[kind] = total
                    event = total + largestNamed[kind]
                } else {
                    // Each limit separately: the largest named key for either currency.
                    largestNamed[kind].checks = max(largestNamed[kind].checks, total.checks)
                    largestNamed[kind].regexInstructions = max(
                        largestNamed[kind].regexInstructions, total.regexInstructions)
                    largestNamed[kind].backtrackingInstructions = max(
                        largestNamed[kind].backtrackingInstructions, total.backtrackingInstructions)
                    event = total + everyName[kind]
                }
                if event.exceedsLimits {
                    return Excess(position: position, kind: key.kind, name: key.name, cost: event)
                }
            }
        }
        return nil
    }

    /// Every trigger an event of `scenario` may ever reach, whatever its source: the `triggers`
    /// list, then each `campaign` step's trigger (SV2) in timeline order, each with where it came
    /// from. A source added later joins here, so `firstExcess` prices it with the rest (test
    /// sends carry a message, no trigger: nothing to price). Issue 35: a campaign step's trigger
    /// used to escape T6 (26,440 instructions where `triggers` refuses 4,000).
    public static func reachableTriggers(of scenario: Scenario) -> [(trigger: Trigger, source: TriggerSource)] {
        var all = scenario.triggers.indices.map { (trigger: scenario.triggers[$0], source: TriggerSource.list($0)) }
        for index in scenario.timeline.indices {
            if case .addCampaign(let trigger, _, _) = scenario.timeline[index].action {
                all.append((trigger, .campaignStep(index)))
            }
        }
        return all
    }

    /// Where a trigger comes from: `triggers[i]`, or the trigger of the campaign step `timeline[i]`.
    public enum TriggerSource: Sendable, Equatable {
        case list(Int)
        case campaignStep(Int)
    }

    /// T6 over every source of `scenario` (`reachableTriggers`): the first trigger, by source,
    /// at which some event would cost more than the limits.
    public static func firstExcess(in scenario: Scenario) -> (excess: Excess, source: TriggerSource)? {
        let all = reachableTriggers(of: scenario)
        guard let excess = firstExcess(in: all.map(\.trigger)) else { return nil }
        return (excess, all[excess.position].source)
    }

    /// `kind`'s place in the per-kind tallies of `firstExcess`.
    private static func slot(_ kind: Event.Kind) -> Int {
        switch kind {
        case .open: 0
        case .purchase: 1
        case .customEvent: 2
        case .pushClick: 3
        case .iamClick: 4
        }
    }
}
