import Testing

@testable import IAMEngine

/// T6: the work one event can cause is bounded by documented constants (`EventWork`), proven
/// by counting automaton states and checks, never by timing.
@Suite("T6: bounded work per event")
struct EventWorkTests {
    /// `([ab]*a){330}x`: close to the 2,000-instruction limit, and a value of `a`s keeps every
    /// copy of the loop alive at every position: the most states a pattern can visit.
    static let heavy = "([ab]*a){330}x"

    static func regexTrigger(_ id: String, event: String = "e", patterns: [String]) throws -> Trigger {
        let groups: FilterGroups = try patterns.map { source in
            [
                PropertyFilter(
                    key: "k", type: .string, comparator: .matchesRegex, value: .string(source),
                    pattern: try Pattern(source))
            ]
        }
        return Trigger(
            id: id, conditions: [.customEventProperty(name: event, filters: groups)], message: Message(text: "m"))
    }

    @Test("T6: at the limit, one event's regex work, counted in automaton states, stays within the documented bound")
    func regexWorkAtTheLimit() throws {
        let size = try Pattern(Self.heavy).size
        let fit = EventWork.maxRegexInstructions / size
        #expect(fit >= 2)
        let triggers = try (0..<fit).map { try Self.regexTrigger("t\($0)", patterns: [Self.heavy]) }
        #expect(EventWork.firstExcess(in: triggers) == nil)

        // Every filter the event reaches, run on a value of `length` scalars: the states visited
        // are at most instructions × (length + 1), so at most the documented bound at the
        // longest value a scenario may carry (`Pattern.maxEvaluatedLength`; a shorter value
        // keeps this debug-build test quick, the count per scalar is the same).
        let length = 2_048
        let value = String(repeating: "a", count: length)
        var states = 0
        for trigger in triggers {
            guard case .customEventProperty(_, let groups) = trigger.conditions[0] else { continue }
            for filter in groups.joined() {
                let work = try #require(filter.pattern).matchWork(value)
                #expect(work.matched == false)
                states += work.states
            }
        }
        let bound = EventWork.maxRegexInstructions * (length + 1)
        #expect(states <= bound, "\(states) states > \(bound)")
        #expect(states > bound / 4, "the bound is within a small factor of the real work: \(states) of \(bound)")

        // One more heavy pattern on the same event crosses the limit, named at that trigger.
        let over = triggers + [try Self.regexTrigger("over", patterns: [Self.heavy])]
        let excess = try #require(EventWork.firstExcess(in: over))
        #expect(excess.position == fit)
        #expect(excess.name == "e")
        #expect(excess.cost.regexInstructions == (fit + 1) * size)
    }

    @Test("T6: the issue's case (2,000 AND groups of a heavy pattern on one event) is refused at that trigger")
    func issueCase() throws {
        let pattern = try Pattern(Self.heavy)
        let group = [
            PropertyFilter(
                key: "k", type: .string, comparator: .matchesRegex, value: .string(Self.heavy), pattern: pattern)
        ]
        let groups = FilterGroups(repeating: group, count: 2000)
        let trigger = Trigger(
            id: "bomb", conditions: [.customEventProperty(name: "e", filters: groups)], message: Message(text: "m"))
        let excess = try #require(
            EventWork.firstExcess(in: [Trigger(id: "ok", conditions: [.open], message: Message()), trigger]))
        #expect(excess.position == 1)
        #expect(excess.cost.regexInstructions == 2000 * pattern.size)
    }

    @Test("T6: triggers on other events do not add up; \"any purchase\" triggers add to every purchase")
    func keysAreSeparate() throws {
        let size = try Pattern(Self.heavy).size
        let fit = EventWork.maxRegexInstructions / size
        // The same work on many different events is fine: each event reaches only its own.
        let spread = try (0..<50).map { try Self.regexTrigger("t\($0)", event: "e\($0)", patterns: [Self.heavy]) }
        #expect(EventWork.firstExcess(in: spread) == nil)

        func purchase(_ id: String, product: String?) throws -> Trigger {
            let filter = PropertyFilter(
                key: "k", type: .string, comparator: .matchesRegex, value: .string(Self.heavy),
                pattern: try Pattern(Self.heavy))
            let condition: Condition =
                if let product { .purchaseProperty(productID: product, filters: [[filter]]) } else {
                    .purchase(productID: nil)
                }
            return Trigger(id: id, conditions: [condition], message: Message())
        }
        let named = try (0..<fit).map { try purchase("p\($0)", product: "latte") }
        #expect(EventWork.firstExcess(in: named) == nil)
        // An "any purchase" trigger with no filters only adds checks; with one heavy filter more
        // on a named product, a latte purchase crosses the regex limit.
        var any = Trigger(id: "any", conditions: [.purchase(productID: nil)], message: Message())
        #expect(EventWork.firstExcess(in: named + [any]) == nil)
        any.conditions.append(
            .purchaseProperty(
                productID: "latte",
                filters: [
                    [
                        PropertyFilter(
                            key: "k", type: .string, comparator: .matchesRegex, value: .string(Self.heavy),
                            pattern: try Pattern(Self.heavy))
                    ]
                ]))
        #expect(EventWork.firstExcess(in: named + [any])?.position == fit)
    }

    @Test("T6: the checks limit: candidate triggers, conditions and filters one event reaches")
    func checksLimit() {
        let filters: FilterGroups = [
            (0..<8).map { PropertyFilter(key: "k\($0)", type: .number, comparator: .greaterThan, value: .number(1)) }
        ]
        let trigger = Trigger(
            id: "t", conditions: [.customEventProperty(name: "e", filters: filters)], message: Message())
        let each = EventWork.cost(of: trigger).checks
        #expect(each == 10, "the trigger, its condition and 8 filters")
        let fit = EventWork.maxChecks / each
        let triggers = Array(repeating: trigger, count: fit + 1)
        let excess = EventWork.firstExcess(in: triggers)
        #expect(excess?.position == fit)
        #expect(excess?.cost.checks == (fit + 1) * each)
        #expect(EventWork.firstExcess(in: Array(triggers.prefix(fit))) == nil)
    }
}
