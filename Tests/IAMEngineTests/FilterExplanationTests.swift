import Testing

@testable import IAMEngine

/// Why-not down to the filter (terminal-ui.md, Revision 2): the group, the property, the
/// comparator in words, the expected value and the event's value.
@Suite("Filter explanation (T3–T5 in words)")
struct FilterExplanationTests {
    static let trigger = Trigger(
        id: "latte",
        conditions: [
            .purchaseProperty(
                productID: "latte",
                filters: [
                    [PropertyFilter(key: "size", type: .string, comparator: .equals, value: .string("grande"))],
                    [
                        PropertyFilter(key: "points", type: .number, comparator: .greaterThan, value: .number(100)),
                        PropertyFilter(key: "vip", type: .boolean, comparator: .exists, value: .null),
                    ],
                ])
        ],
        message: Message(text: "x"))

    func explain(_ properties: [String: PropertyValue], product: String = "latte") -> [FilterExplanation] {
        Self.trigger.explainFilters(
            Event(kind: .purchase, name: product, properties: properties), unixNow: 1_700_000_000,
            filters: Profile.ios.policies.filters)
    }

    @Test("T3: the first group in which no filter passes, each of its filters with both values")
    func firstFailingGroup() {
        let first = explain(["size": .string("small")])
        #expect(first.count == 1)
        #expect(first[0].group == 1 && first[0].groupCount == 2)
        #expect(first[0].lines[1] == "size equals \"grande\", but the event has \"small\"")

        let second = explain(["size": .string("grande"), "points": .number(20)])
        #expect(second[0].group == 2)
        #expect(second[0].lines[0].contains("(any one would do)"))
        #expect(second[0].lines[1] == "points is greater than 100, but the event has 20")
        #expect(second[0].lines[2] == "vip exists, but the event has no vip")
    }

    @Test("T5: a number filter failed by a string value says so: the value's kind beside the filter's (issue 31)")
    func wrongKind() {
        let quoted = explain(["size": .string("grande"), "points": .string("150")])
        #expect(
            quoted[0].lines[1]
                == "points is greater than 100, but the event has \"150\": a string, not a number "
                + "(a value of the wrong type passes only \"does not equal\", T5)")
        let number = explain(["size": .number(3)])
        #expect(
            number[0].lines[1]
                == "size equals \"grande\", but the event has 3: a number, not a string "
                + "(a value of the wrong type passes only \"does not equal\" or \"does not match\", T5)")
        // A value of the right kind that fails says nothing of kinds.
        #expect(
            explain(["size": .string("small")])[0].lines[1] == "size equals \"grande\", but the event has \"small\"")
    }

    @Test("T5: a missing property is said to be missing; passing filters explain nothing")
    func missingAndPassing() {
        #expect(explain([:])[0].filters[0].actual == "missing")
        #expect(explain(["size": .string("grande"), "points": .number(101)]).isEmpty)
        #expect(explain(["size": .string("small")], product: "mocha").isEmpty, "another product fails before filters")
    }

    @Test("The explanation agrees with matching for every combination tried")
    func agreesWithMatching() {
        let sizes: [PropertyValue?] = [nil, .string("grande"), .string("small"), .number(1)]
        let points: [PropertyValue?] = [nil, .number(50), .number(150), .string("x")]
        for size in sizes {
            for point in points {
                var properties: [String: PropertyValue] = [:]
                properties["size"] = size
                properties["points"] = point
                let event = Event(kind: .purchase, name: "latte", properties: properties)
                for policy in [
                    FilterPolicy(),
                    {
                        var p = FilterPolicy()
                        p.regexCaseSensitive = true
                        return p
                    }(),
                ] {
                    let matches = Self.trigger.matches(event, unixNow: 1_700_000_000, filters: policy)
                    let explained = Self.trigger.explainFilters(event, unixNow: 1_700_000_000, filters: policy)
                    #expect(matches == explained.isEmpty, "\(properties)")
                }
            }
        }
    }
}
