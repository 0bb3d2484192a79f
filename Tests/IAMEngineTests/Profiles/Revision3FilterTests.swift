import Testing

@testable import IAMEngine

/// profiles.md X21–X25 (revision 3): what each platform makes of the values an app logs (nulls,
/// big integers, dates, date-looking strings) and of filters the dashboard does not send. Each
/// test runs one script under every platform and compares the matching records (`event`,
/// `trigger_matched`, `trigger_skipped`, `no_match`) line for line.
@Suite("Revision 3: property values and unsent filters under each platform")
struct Revision3FilterTests {
    static let names = Profile.all.map(\.name)
    static let epoch = 1_767_225_600.0

    /// The matching records of `steps` under `profile`, after a launch at 0.
    static func matching(_ triggers: [Trigger], _ steps: [(Double, Action)], under profile: Profile) -> [String] {
        var h = Harness(triggers, settings: Settings(profile: profile))
        h.launch()
        let kinds: Set<Substring> = ["event", "trigger_matched", "trigger_skipped", "no_match"]
        return steps.flatMap { at, action in
            h.apply(action, at: at).filter { line in
                let words = line.split(separator: " ")
                return words.count > 1 && kinds.contains(words[1])
            }
        }
    }

    static func filtered(_ name: String, _ filter: PropertyFilter) -> Trigger {
        trigger(name, .customEventProperty(name: name, filters: [[filter]]), reEligibility: 0)
    }

    static func unsent(
        _ key: String, _ type: PropertyFilter.ValueType, _ comparator: Comparator, _ value: PropertyValue,
        _ kind: UnsupportedFilter.Kind, _ reason: String
    ) -> PropertyFilter {
        PropertyFilter(
            key: key, type: type, comparator: comparator, value: value,
            unsupported: UnsupportedFilter(path: "triggers[0]", reason: reason, kind: kind))
    }

    // MARK: X21

    static let x21Triggers = [
        filtered("has", PropertyFilter(key: "k", type: .string, comparator: .exists, value: .null)),
        filtered("lacks", PropertyFilter(key: "k", type: .string, comparator: .notExists, value: .null)),
        filtered("is", PropertyFilter(key: "k", type: .string, comparator: .equals, value: .string("x"))),
    ]
    static let x21Steps: [(Double, Action)] = [
        (1, event("has", ["k": .null])), (40, event("lacks", ["k": .null])), (80, event("is", ["k": .null])),
    ]
    static let x21Missing = [
        "1.000 event custom_event:has {k=null}", "1.000 no_match custom_event:has {k=null}",
        "40.000 event custom_event:lacks {k=null}", "40.000 trigger_matched lacks",
        "80.000 event custom_event:is {k=null}", "80.000 no_match custom_event:is {k=null}",
    ]
    static let x21Present = [
        "1.000 event custom_event:has {k=null}", "1.000 trigger_matched has",
        "40.000 event custom_event:lacks {k=null}", "40.000 no_match custom_event:lacks {k=null}",
        "80.000 event custom_event:is {k=null}", "80.000 no_match custom_event:is {k=null}",
    ]

    @Test(
        "X21: a null property is missing (ios, swift, web) or a value of the wrong type that exists (android)",
        arguments: names)
    func x21(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let expected = name == "android" ? Self.x21Present : Self.x21Missing
        #expect(Self.matching(Self.x21Triggers, Self.x21Steps, under: profile) == expected)
    }

    // MARK: X22

    static let x22Triggers = [
        filtered("big", PropertyFilter(key: "n", type: .number, comparator: .greaterThan, value: .number(10))),
        filtered("other", PropertyFilter(key: "n", type: .number, comparator: .notEquals, value: .number(10))),
    ]
    static let x22Steps: [(Double, Action)] = [
        (1, event("big", ["n": .bigInteger(3_000_000_000)])), (40, event("other", ["n": .bigInteger(-3_000_000_000)])),
    ]

    @Test("X22: an integer beyond 32 bits is a number, except on android (the wrong type)", arguments: names)
    func x22(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let big =
            name == "android"
            ? "1.000 no_match custom_event:big {n=3000000000}" : "1.000 trigger_matched big"
        #expect(
            Self.matching(Self.x22Triggers, Self.x22Steps, under: profile) == [
                "1.000 event custom_event:big {n=3000000000}", big,
                // The wrong type passes "does not equal" (T5): every platform matches.
                "40.000 event custom_event:other {n=-3000000000}", "40.000 trigger_matched other",
            ])
    }

    // MARK: X23

    static let x23Triggers = [
        filtered("on", PropertyFilter(key: "d", type: .date, comparator: .equals, value: .number(epoch + 1))),
        filtered("after", PropertyFilter(key: "d", type: .date, comparator: .greaterThan, value: .number(epoch + 1))),
        filtered("recent", PropertyFilter(key: "d", type: .date, comparator: .lessThanSecondsAgo, value: .number(1))),
    ]
    /// Half a second into a second: equal on the second, after it only to the millisecond. The
    /// last event is at 42.4 s with a date of 41.5 s: 0.9 s ago, or 1 s ago counted in whole seconds.
    static let x23Steps: [(Double, Action)] = [
        (1, event("on", ["d": .date(epoch + 1.5)])), (40, event("after", ["d": .date(epoch + 1.5)])),
        (82.4, event("recent", ["d": .date(epoch + 81.5)])),
    ]

    @Test(
        "X23: date comparisons on whole seconds for equality (ios, swift), all in whole seconds (android), to the millisecond (web)",
        arguments: names)
    func x23(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let on = #"1.000 event custom_event:on {d={"$date":"2026-01-01T00:00:01.500Z"}}"#
        let after = #"40.000 event custom_event:after {d={"$date":"2026-01-01T00:00:01.500Z"}}"#
        let recent = #"82.400 event custom_event:recent {d={"$date":"2026-01-01T00:01:21.500Z"}}"#
        let expected: [String] =
            switch name {
            case "android":
                [
                    on, "1.000 trigger_matched on", after,
                    #"40.000 no_match custom_event:after {d={"$date":"2026-01-01T00:00:01.500Z"}}"#,
                    recent, "82.400 trigger_matched recent",
                ]
            case "web":
                [
                    on, #"1.000 no_match custom_event:on {d={"$date":"2026-01-01T00:00:01.500Z"}}"#,
                    after, "40.000 trigger_matched after",
                    recent, "82.400 trigger_matched recent",
                ]
            default:
                [
                    on, "1.000 trigger_matched on", after,
                    "40.000 trigger_matched after",
                    recent, "82.400 trigger_matched recent",
                ]
            }
        #expect(Self.matching(Self.x23Triggers, Self.x23Steps, under: profile) == expected)
    }

    // MARK: X24

    static let x24Triggers = [
        filtered("iso", PropertyFilter(key: "d", type: .date, comparator: .lessThan, value: .number(epoch + 100))),
        filtered("stored", PropertyFilter(key: "d", type: .date, comparator: .lessThan, value: .number(epoch + 100))),
        filtered(
            "text", PropertyFilter(key: "d", type: .string, comparator: .equals, value: .string("2026-01-01 24:00:10"))),
        filtered("value", PropertyFilter(key: "d", type: .date, comparator: .lessThan, value: .number(epoch + 100))),
    ]
    static let x24Steps: [(Double, Action)] = [
        (1, event("iso", ["d": .string("2026-01-01T00:00:10Z")])),
        (40, event("stored", ["d": .string("2026-01-01 00:00:10")])),
        (80, event("text", ["d": .date(epoch + 10)])),
        (120, event("value", ["d": .date(epoch + 10)])),
    ]

    @Test(
        "X24: ISO strings are dates (ios, swift), only the stored form is (android, where a date value is that text), never (web)",
        arguments: names)
    func x24(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let (iso, stored, text) =
            switch name {
            case "android": (false, true, true)
            case "web": (false, false, false)
            default: (true, true, false)
            }
        func outcome(_ at: String, _ event: String, _ properties: String, _ matched: Bool) -> [String] {
            [
                "\(at) event custom_event:\(event) {\(properties)}",
                matched
                    ? "\(at) trigger_matched \(event)"
                    : "\(at) no_match custom_event:\(event) {\(properties)}",
            ]
        }
        let date = #"d={"$date":"2026-01-01T00:00:10Z"}"#
        #expect(
            Self.matching(Self.x24Triggers, Self.x24Steps, under: profile)
                == outcome("1.000", "iso", #"d="2026-01-01T00:00:10Z""#, iso)
                + outcome("40.000", "stored", #"d="2026-01-01 00:00:10""#, stored)
                + outcome("80.000", "text", date, text)
                // A date value is a date for every platform (R2).
                + outcome("120.000", "value", date, true))
    }

    // MARK: X25

    static let x25Triggers = [
        filtered(
            "above",
            unsent(
                "s", .string, .greaterThan, .string("b"), .comparatorNotForType,
                "comparator 3 does not apply to string properties")),
        filtered(
            "nomatch",
            unsent(
                "n", .number, .doesNotMatchRegex, .string("x"), .comparatorNotForType,
                "comparator 17 does not apply to number properties")),
        filtered(
            "colour", unsent("p", .string, .exists, .string("red"), .unknownType, "unknown property_type \"colour\"")),
        filtered(
            "soon", PropertyFilter(key: "d", type: .number, comparator: .inLessThanSeconds, value: .number(0))),
    ]
    static let x25Steps: [(Double, Action)] = [
        (1, event("above", ["s": .string("c")])), (40, event("nomatch")), (80, event("nomatch", ["n": .number(5)])),
        (120, event("colour", ["p": .string("red")])), (160, event("soon", ["d": .date(epoch + 150)])),
    ]

    @Test(
        "X25: unsent filters never pass (ios, swift), pass on presence (android), are evaluated as JavaScript (web)",
        arguments: names)
    func x25(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let skip = { (at: String, trigger: String, reason: String) in
            "\(at) trigger_skipped \(trigger) unsupported_filter \(reason)"
        }
        let above = ["1.000 event custom_event:above {s=\"c\"}"]
        let missing = ["40.000 event custom_event:nomatch"]
        let number = ["80.000 event custom_event:nomatch {n=5}"]
        let colour = ["120.000 event custom_event:colour {p=\"red\"}"]
        let soon = [#"160.000 event custom_event:soon {d={"$date":"2026-01-01T00:02:30Z"}}"#]
        let expected: [String] =
            switch name {
            case "android":
                above + [
                    skip("1.000", "above", "s: comparator 3 does not apply to string properties"),
                    "1.000 no_match custom_event:above {s=\"c\"}",
                ] + missing + ["40.000 trigger_matched nomatch"] + number + [
                    skip("80.000", "nomatch", "n: comparator 17 does not apply to number properties"),
                    "80.000 no_match custom_event:nomatch {n=5}",
                ] + colour + ["120.000 trigger_matched colour"] + soon + [
                    #"160.000 no_match custom_event:soon {d={"$date":"2026-01-01T00:02:30Z"}}"#
                ]
            case "web":
                above + ["1.000 trigger_matched above"] + missing
                    + ["40.000 trigger_matched nomatch"] + number
                    + ["80.000 trigger_matched nomatch"] + colour
                    + ["120.000 trigger_matched colour"] + soon
                    + ["160.000 trigger_matched soon"]
            default:
                above + [
                    skip("1.000", "above", "s: comparator 3 does not apply to string properties"),
                    "1.000 no_match custom_event:above {s=\"c\"}",
                ] + missing + [
                    skip("40.000", "nomatch", "n: comparator 17 does not apply to number properties"),
                    "40.000 no_match custom_event:nomatch",
                ] + number + [
                    skip("80.000", "nomatch", "n: comparator 17 does not apply to number properties"),
                    "80.000 no_match custom_event:nomatch {n=5}",
                ] + colour + [
                    skip("120.000", "colour", "p: unknown property_type \"colour\""),
                    "120.000 no_match custom_event:colour {p=\"red\"}",
                ] + soon + [#"160.000 no_match custom_event:soon {d={"$date":"2026-01-01T00:02:30Z"}}"#]
            }
        #expect(Self.matching(Self.x25Triggers, Self.x25Steps, under: profile) == expected)
    }

    @Test("X25: why-not says whether the platform evaluates an unsent filter", arguments: names)
    func x25WhyNot(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        var h = Harness([Self.x25Triggers[0]], settings: Settings(profile: profile))
        h.launch()
        _ = h.apply(event("above", ["s": .string("a")]), at: 1)
        let detail = h.engine.whyNot("above").first { $0.rule == .t1 }?.detail
        let outcome =
            name == "ios" || name == "swift"
            ? "it never passes (T4)" : "this platform evaluates it, and it fails for this event (X25)"
        #expect(
            detail
                == #"custom_event:above {s="a"} does not match event above with properties; unsupported filter on s at triggers[0]: comparator 3 does not apply to string properties; "#
                + outcome)
    }

    @Test("R1: arrays and objects are the wrong type for every filter, under every platform", arguments: names)
    func structuredValues(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let policy = profile.policies.filters
        for value in [PropertyValue.structured(#"["gold"]"#), .structured(#"{"v":"gold"}"#)] {
            for (type, target) in [
                (PropertyFilter.ValueType.string, PropertyValue.string("gold")), (.number, .number(10)),
                (.boolean, .bool(true)), (.date, .number(Self.epoch)),
            ] {
                for comparator in [Comparator.equals, .notEquals, .greaterThan, .exists, .notExists] {
                    let filter = PropertyFilter(key: "p", type: type, comparator: comparator, value: target)
                    let expected = comparator == .notEquals || comparator == .exists
                    #expect(
                        filter.passes(["p": value], unixNow: Self.epoch, policy: policy) == expected,
                        "\(name) \(type) \(comparator) \(value)")
                }
            }
        }
    }
}
