import Testing

@testable import IAMEngine

@Suite("Matching (T1–T6)")
struct MatchingTests {
    let epoch = Settings().epoch

    func matches(_ condition: Condition, _ event: Event) -> Bool {
        condition.matches(event, unixNow: epoch, filters: Profile.ios.policies.filters)
    }

    @Test("T1: each condition's type name is its ConditionType's spelling; an unsupported one keeps its own")
    func typeNames() {
        let conditions: [Condition] = [
            .open, .purchase(productID: nil), .purchaseProperty(productID: "p", filters: []), .customEvent(name: "e"),
            .customEventProperty(name: "e", filters: []), .pushClick(campaignID: nil),
            .iamClick(messageID: "m", buttons: nil), .test,
        ]
        #expect(conditions.map(\.typeName) == ConditionType.allCases.map(\.rawValue))
        #expect(Condition.unsupported(type: "geofence").typeName == "geofence")
    }

    @Test("T1: each condition type matches its event and nothing else")
    func conditionTypes() {
        let purchase = Event(kind: .purchase, name: "latte")
        #expect(matches(.open, .open))
        #expect(!matches(.open, purchase))
        #expect(matches(.purchase(productID: nil), purchase))
        #expect(matches(.purchase(productID: "latte"), purchase))
        #expect(!matches(.purchase(productID: "mocha"), purchase))
        #expect(matches(.customEvent(name: "Cart"), Event(kind: .customEvent, name: "Cart")))
        #expect(!matches(.customEvent(name: "Cart"), Event(kind: .customEvent, name: "cart")))
        #expect(matches(.pushClick(campaignID: nil), Event(kind: .pushClick, name: "c9")))
        #expect(matches(.pushClick(campaignID: "c9"), Event(kind: .pushClick, name: "c9")))
        #expect(!matches(.pushClick(campaignID: "c1"), Event(kind: .pushClick, name: "c9")))
        #expect(matches(.iamClick(messageID: "m", buttons: nil), Event(kind: .iamClick, name: "m")))
        #expect(!matches(.iamClick(messageID: "m", buttons: nil), Event(kind: .iamClick, name: "m", button: "0")))
        #expect(matches(.iamClick(messageID: "m", buttons: ["1"]), Event(kind: .iamClick, name: "m", button: "1")))
        #expect(!matches(.iamClick(messageID: "m", buttons: ["1"]), Event(kind: .iamClick, name: "m")))
        #expect(!matches(.test, .open))
    }

    @Test("T1: an iam_click trigger fires from a button click on another message")
    func iamClickChain() {
        var h = Harness([
            trigger("m", .customEvent(name: "go"), message: message(buttons: [Button(id: "7", text: "More")])),
            trigger("follow", .iamClick(messageID: "m", buttons: ["7"]), interval: 0),
        ])
        h.launch()
        _ = h.apply(event("go"), at: 1)
        #expect(
            h.apply(.click(button: 0), at: 2) == [
                "2.000 clicked m NONE button=7",
                "2.000 dismissed m user",
                "2.000 event iam_click:m/7",
                "2.000 trigger_matched follow",
                "2.000 performed follow",
                "2.000 stacked follow new stack=[follow] depth=1",
                "2.000 offered follow eligible_moment",
                "2.000 displayed follow impression",
            ])
    }

    @Test("T2: a trigger matches only inside its time window")
    func timeWindow() {
        let start = epoch + 10
        let end = epoch + 20
        var h = Harness([trigger("w", .customEvent(name: "go"), start: start, end: end)])
        h.launch()
        #expect(
            h.apply(event("go"), at: 10) == [
                "10.000 event custom_event:go",
                "10.000 trigger_skipped w outside_time_window",
                "10.000 no_match custom_event:go",
            ])
        #expect(h.apply(event("go"), at: 15).contains("15.000 performed w"))
        let t = trigger("x", .open, start: start, end: end)
        #expect(!t.isInTimeWindow(unixNow: end, under: .ios))
        #expect(t.isInTimeWindow(unixNow: end - 0.001, under: .ios))
        #expect(trigger("y", .open).isInTimeWindow(unixNow: 0, under: .ios))
    }

    func filter(_ key: String, _ type: PropertyFilter.ValueType, _ comparator: Comparator, _ value: PropertyValue)
        -> PropertyFilter
    {
        var pattern: Pattern?
        if comparator == .matchesRegex || comparator == .doesNotMatchRegex, case .string(let source) = value {
            pattern = try? Pattern(source)
        }
        return PropertyFilter(key: key, type: type, comparator: comparator, value: value, pattern: pattern)
    }

    @Test("T3: groups are ANDed, filters in a group ORed; an empty array never matches")
    func groups() {
        let big = filter("n", .number, .greaterThan, .number(10))
        let red = filter("c", .string, .equals, .string("red"))
        let blue = filter("c", .string, .equals, .string("blue"))
        let props: [String: PropertyValue] = ["n": .number(11), "c": .string("blue")]
        #expect([[big], [red, blue]].pass(props, unixNow: epoch, policy: Profile.ios.policies.filters))
        #expect(![[big], [red]].pass(props, unixNow: epoch, policy: Profile.ios.policies.filters))
        #expect(!FilterGroups().pass(props, unixNow: epoch, policy: Profile.ios.policies.filters))
    }

    @Test("T4: every comparator code on its types")
    func comparators() {
        let now = epoch + 1000
        let p: [String: PropertyValue] = [
            "s": .string("Cold Brew"), "n": .number(5), "b": .bool(true),
            "d": .string("2026-01-01T00:16:40Z"), // epoch + 1000
        ]
        func ok(_ f: PropertyFilter) -> Bool { f.passes(p, unixNow: now, policy: Profile.ios.policies.filters) }
        #expect(ok(filter("s", .string, .equals, .string("Cold Brew"))))
        #expect(!ok(filter("s", .string, .equals, .string("cold brew"))))
        #expect(ok(filter("s", .string, .notEquals, .string("x"))))
        #expect(ok(filter("s", .string, .matchesRegex, .string("BREW"))))
        #expect(!ok(filter("s", .string, .doesNotMatchRegex, .string("^cold"))))
        #expect(ok(filter("n", .number, .greaterThan, .number(4))))
        #expect(!ok(filter("n", .number, .greaterThan, .number(5))))
        #expect(ok(filter("n", .number, .lessThan, .number(6))))
        #expect(ok(filter("n", .number, .equals, .number(5))))
        #expect(!ok(filter("n", .number, .lessThanSecondsAgo, .number(100))))
        #expect(!ok(filter("n", .number, .moreThanSecondsAgo, .number(100))))
        #expect(ok(filter("b", .boolean, .equals, .bool(true))))
        #expect(ok(filter("b", .boolean, .notEquals, .bool(false))))
        #expect(ok(filter("d", .date, .greaterThan, .number(epoch + 999))))
        #expect(ok(filter("d", .date, .lessThan, .number(epoch + 1001))))
        #expect(ok(filter("d", .date, .equals, .number(epoch + 1000))))
        #expect(ok(filter("d", .date, .lessThanSecondsAgo, .number(10))))
        #expect(!ok(filter("d", .date, .moreThanSecondsAgo, .number(10))))
        #expect(ok(filter("d", .date, .moreThanSecondsAgo, .number(0))))
        #expect(ok(filter("d", .date, .inLessThanSeconds, .number(10))))
        #expect(!ok(filter("d", .date, .inMoreThanSeconds, .number(10))))
        #expect(ok(filter("s", .string, .exists, .null)))
        #expect(ok(filter("b", .number, .exists, .null)))
        #expect(!ok(filter("s", .string, .notExists, .null)))
        for code in [7, 8, 9, 13, 14, 18, 19] {
            #expect(!ok(filter("s", .string, Comparator(rawValue: code)!, .string("Cold Brew"))), "code \(code)")
        }
    }

    @Test("T5: missing properties and wrong types pass only the negative comparators")
    func missingAndWrongType() {
        let p: [String: PropertyValue] = ["n": .string("five"), "z": .null, "d": .string("not a date")]
        func ok(_ f: PropertyFilter) -> Bool { f.passes(p, unixNow: epoch, policy: Profile.ios.policies.filters) }
        for (comparator, expected) in [
            (Comparator.notEquals, true), (.notExists, true), (.doesNotMatchRegex, true),
            (.equals, false), (.exists, false), (.greaterThan, false),
        ] {
            #expect(ok(filter("missing", .string, comparator, .string("x"))) == expected, "missing \(comparator)")
            #expect(ok(filter("z", .string, comparator, .string("x"))) == expected, "null \(comparator)")
        }
        #expect(ok(filter("n", .number, .notEquals, .number(5))))
        #expect(!ok(filter("n", .number, .equals, .number(5))))
        #expect(!ok(filter("n", .number, .lessThan, .number(5))))
        #expect(ok(filter("n", .number, .exists, .null)))
        let numeric: [String: PropertyValue] = ["s": .number(3)]
        #expect(
            PropertyFilter(
                key: "s", type: .string, comparator: .doesNotMatchRegex, value: .string("a"),
                pattern: try? Pattern("a")
            ).passes(numeric, unixNow: epoch, policy: Profile.ios.policies.filters))
        #expect(!ok(filter("d", .date, .lessThan, .number(epoch + 10))))
        #expect(ok(filter("d", .date, .notEquals, .number(epoch))))
    }

    @Test("T5: for relative dates, now is the event's time")
    func relativeDateUsesEventTime() {
        let f = filter("at", .date, .lessThanSecondsAgo, .number(60))
        var h = Harness([trigger("r", .customEventProperty(name: "seen", filters: [[f]]))])
        _ = h.apply(.launch, at: 0)
        // Queued at 0.1, matched at 0.5: the date is 0.1 s old at the event and passes.
        _ = h.apply(event("seen", ["at": .string("2026-01-01T00:00:00Z")]), at: 0.1)
        #expect(h.advance(to: 0.5).contains("0.500 performed r"))
    }

    @Test("T6: an event is compared only with the triggers filed under its kind and name")
    func index() {
        var triggers = (0..<1000).map { trigger("e\($0)", .customEvent(name: "event-\($0)")) }
        triggers.append(trigger("any", .purchase(productID: nil)))
        triggers.append(trigger("latte", .purchaseProperty(productID: "latte", filters: [])))
        triggers.append(trigger("both", .customEvent(name: "event-5"), .open))
        let set = TriggerSet(triggers)
        #expect(set.candidates(for: Event(kind: .customEvent, name: "event-5"), clickIDs: .asWritten) == [5, 1002])
        #expect(set.candidates(for: Event(kind: .purchase, name: "latte"), clickIDs: .asWritten) == [1000, 1001])
        #expect(set.candidates(for: Event(kind: .purchase, name: "mocha"), clickIDs: .asWritten) == [1000])
        #expect(set.candidates(for: .open, clickIDs: .asWritten) == [1002])
        #expect(set.candidates(for: Event(kind: .customEvent, name: "nope"), clickIDs: .asWritten).isEmpty)
    }

    @Test("ISO-8601 dates in event properties")
    func iso() {
        #expect(ISO8601.parse("1970-01-01") == 0)
        #expect(ISO8601.parse("2026-01-01T00:00:00Z") == 1_767_225_600)
        #expect(ISO8601.parse("2026-01-01T01:00:00+01:00") == 1_767_225_600)
        #expect(ISO8601.parse("2026-01-01T00:00:00.5Z") == 1_767_225_600.5)
        #expect(ISO8601.parse("2026-02-30") == nil)
        #expect(ISO8601.parse("yesterday") == nil)
        #expect(ISO8601.parse("2026-01-01T00:00:00Zjunk") == nil)
    }
}
