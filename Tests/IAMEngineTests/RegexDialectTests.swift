import Testing

@testable import IAMEngine

/// R3 (delivery-rules §12): regex filters in each platform's dialect, within the T6 bound.
/// Every test pins the exact matching lines (`event`, `trigger_matched`, `trigger_skipped`,
/// `no_match`) under every profile.
@Suite("R3: regex dialects, the backtracking budget and web's thrown syntax errors")
struct RegexDialectTests {
    static let names = Profile.all.map(\.name)

    /// A `string` regex filter on `p`, compiled as the loader compiles it (an uncompilable
    /// pattern loads unsupported, with its refusal kept for the platforms that read it).
    static func regex(_ source: String, _ comparator: Comparator = .matchesRegex) -> PropertyFilter {
        var filter = PropertyFilter(key: "p", type: .string, comparator: comparator, value: .string(source))
        do {
            filter.pattern = try Pattern(source)
        } catch {
            filter.pattern = Pattern.uncompilable(source, error)
            filter.unsupported = UnsupportedFilter(
                path: "triggers[0].trigger_condition[0].data.property_filters[0][0]",
                reason: "regular expression \"\(source)\": \(error.message)")
        }
        return filter
    }

    static func regexTrigger(
        _ id: String, _ source: String, _ comparator: Comparator = .matchesRegex, event name: String = "x",
        start: Double? = nil
    ) -> Trigger {
        trigger(id, .customEventProperty(name: name, filters: [[regex(source, comparator)]]), start: start)
    }

    static let plain = trigger("plain", .customEvent(name: "x"), reEligibility: 0)

    /// The matching lines of one event `x` at t = 1 under `profile`.
    static func lines(_ triggers: [Trigger], _ properties: [String: PropertyValue], under profile: String) -> [String] {
        var settings = Settings()
        settings.profile = Profile.named(profile)!
        var h = Harness(triggers, settings: settings)
        h.launch()
        return h.apply(event("x", properties), at: 1).filter { line in
            let type = line.split(separator: " ")[1]
            return ["event", "trigger_matched", "trigger_skipped", "no_match"].contains(type)
        }
    }

    @Test("R3: lookahead, lookbehind and backreferences are evaluated under every profile", arguments: names)
    func lookaroundEvaluated(_ name: String) {
        for (source, comparator, value, passes) in [
            ("(?=g)go", Comparator.matchesRegex, "gold", true), ("(?<=g)old", .matchesRegex, "gold", true),
            ("(?<=g)old", .matchesRegex, "bold", false), ("^(?!s)", .matchesRegex, "silver", false),
            ("(?<!b)old", .matchesRegex, "gold", true), ("(o)\\1", .doesNotMatchRegex, "silver", true),
            ("(o)\\1", .doesNotMatchRegex, "good", false), ("(g)\\1", .matchesRegex, "egg", true),
        ] {
            let expected =
                passes
                ? [#"1.000 event custom_event:x {p="\#(value)"}"#, "1.000 trigger_matched r"]
                : [#"1.000 event custom_event:x {p="\#(value)"}"#, #"1.000 no_match custom_event:x {p="\#(value)"}"#]
            #expect(
                Self.lines([Self.regexTrigger("r", source, comparator)], ["p": .string(value)], under: name)
                    == expected, "\(source) \(comparator) \(value)")
        }
    }

    @Test("R3 and X8: lookbehind keeps each platform's case rule (web case-sensitive)", arguments: names)
    func lookbehindCase(_ name: String) {
        let lines = Self.lines([Self.regexTrigger("r", "(?<=G)OLD")], ["p": .string("gold")], under: name)
        let matched = [#"1.000 event custom_event:x {p="gold"}"#, "1.000 trigger_matched r"]
        let failed = [#"1.000 event custom_event:x {p="gold"}"#, #"1.000 no_match custom_event:x {p="gold"}"#]
        #expect(lines == (name == "web" ? failed : matched))
    }

    @Test("R3: a regex that runs out of its step budget does not pass: trigger_skipped regex_budget", arguments: names)
    func budgetExhausted(_ name: String) {
        let value = String(repeating: "a", count: 40)
        for comparator in [Comparator.matchesRegex, .doesNotMatchRegex] {
            #expect(
                Self.lines(
                    [Self.regexTrigger("slow", "^(a|a)*\\1b", comparator), Self.plain], ["p": .string(value)],
                    under: name)
                    == [
                        "1.000 event custom_event:x {p=\"\(value)\"}",
                        "1.000 trigger_matched plain",
                        #"1.000 trigger_skipped slow regex_budget p: regular expression "^(a|a)*\\\\1b" ran out of its budget of 1048576 steps"#,
                    ])
        }
        // A short value is answered within the budget: no regex_budget.
        #expect(
            Self.lines([Self.regexTrigger("slow", "^(a|a)*\\1b")], ["p": .string("aab")], under: name) == [
                #"1.000 event custom_event:x {p="aab"}"#, "1.000 trigger_matched slow",
            ])
    }

    @Test("R3: a filter that passes in the same group leaves no regex_budget record", arguments: names)
    func budgetOutweighed(_ name: String) {
        let value = String(repeating: "a", count: 40)
        let either = trigger(
            "either",
            .customEventProperty(
                name: "x",
                filters: [
                    [
                        Self.regex("^(a|a)*\\1b"),
                        PropertyFilter(key: "p", type: .string, comparator: .exists, value: .null),
                    ]
                ]), reEligibility: 0)
        #expect(
            Self.lines([either], ["p": .string(value)], under: name) == [
                "1.000 event custom_event:x {p=\"\(value)\"}", "1.000 trigger_matched either",
            ])
    }

    static let flagLines = [
        #"1.000 event custom_event:x {p="gold"}"#,
        #"1.000 trigger_skipped flag sdk_error p: regular expression "(?i)GOLD" throws: inline flags such as (?i) are a syntax error in JavaScript"#,
        #"1.000 no_match custom_event:x {p="gold"}"#,
    ]

    @Test(
        "R3: an inline flag is honoured by ios, swift and android; under web it throws (sdk_error, no_match)",
        arguments: names)
    func inlineFlagFirst(_ name: String) {
        let lines = Self.lines(
            [Self.regexTrigger("flag", "(?i)GOLD"), Self.plain], ["p": .string("gold")], under: name)
        let honoured = [
            #"1.000 event custom_event:x {p="gold"}"#, "1.000 trigger_matched flag",
            "1.000 trigger_skipped plain lower_priority",
        ]
        #expect(lines == (name == "web" ? Self.flagLines : honoured))
    }

    @Test("R3, web: the trigger evaluated before the one that throws does not fire either", arguments: names)
    func inlineFlagLast(_ name: String) {
        let lines = Self.lines(
            [Self.plain, Self.regexTrigger("flag", "(?i)GOLD", .doesNotMatchRegex)], ["p": .string("gold")], under: name
        )
        let honoured = [#"1.000 event custom_event:x {p="gold"}"#, "1.000 trigger_matched plain"]
        #expect(lines == (name == "web" ? Self.flagLines : honoured))
    }

    @Test(
        "R3, web: nothing throws when the pattern is not compiled (missing or non-string value, another event, outside the window)",
        arguments: names)
    func notCompiled(_ name: String) {
        let flag17 = Self.regexTrigger("flag", "(?i)GOLD", .doesNotMatchRegex)
        // Both pass; on a tie of priorities web takes the last delivered (X16), the others the first.
        let tie =
            name == "web"
            ? ["1.000 trigger_matched flag", "1.000 trigger_skipped plain lower_priority"]
            : ["1.000 trigger_matched plain", "1.000 trigger_skipped flag lower_priority"]
        #expect(Self.lines([Self.plain, flag17], [:], under: name) == ["1.000 event custom_event:x"] + tie)
        #expect(
            Self.lines([Self.plain, Self.regexTrigger("flag", "(?i)GOLD")], ["p": .number(10)], under: name) == [
                "1.000 event custom_event:x {p=10}", "1.000 trigger_matched plain",
            ])
        #expect(
            Self.lines(
                [Self.plain, Self.regexTrigger("flag", "(?i)GOLD", event: "y")], ["p": .string("gold")], under: name)
                == [#"1.000 event custom_event:x {p="gold"}"#, "1.000 trigger_matched plain"])
        // Outside its time window the SDK does not read the trigger's conditions: nothing throws
        // (and the filter, which web cannot compile, does not pass).
        let later = Self.regexTrigger("flag", "(?i)GOLD", start: Settings().epoch + 100)
        #expect(
            Self.lines([later, Self.plain], ["p": .string("gold")], under: name)
                == [#"1.000 event custom_event:x {p="gold"}"#, "1.000 trigger_matched plain"]
                + (name == "web" ? [] : ["1.000 trigger_skipped flag outside_time_window"]))
    }

    @Test(
        "R3: a pattern no engine compiles: web throws on a string; android fails it only on a string; ios never passes it",
        arguments: names)
    func uncompilable(_ name: String) {
        let bad = Self.regexTrigger("bad", "(", .doesNotMatchRegex)
        let onString = Self.lines([Self.plain, bad], ["p": .string("gold")], under: name)
        let unsupported =
            #"1.000 trigger_skipped bad unsupported_filter p: regular expression "(": missing ')' for the group at character 1"#
        switch name {
        case "web":
            #expect(
                onString == [
                    #"1.000 event custom_event:x {p="gold"}"#,
                    #"1.000 trigger_skipped bad sdk_error p: regular expression "(" throws: missing ')' for the group at character 1"#,
                    #"1.000 no_match custom_event:x {p="gold"}"#,
                ])
        default:
            #expect(
                onString == [#"1.000 event custom_event:x {p="gold"}"#, "1.000 trigger_matched plain", unsupported])
        }
        // A number: the pattern is never compiled on android and web, and 17 passes (T5).
        let onNumber = Self.lines([Self.plain, bad], ["p": .number(10)], under: name)
        // Both pass; on a tie of priorities web takes the last delivered (X16).
        let evaluated =
            name == "web"
            ? [
                "1.000 event custom_event:x {p=10}", "1.000 trigger_matched bad",
                "1.000 trigger_skipped plain lower_priority",
            ]
            : [
                "1.000 event custom_event:x {p=10}", "1.000 trigger_matched plain",
                "1.000 trigger_skipped bad lower_priority",
            ]
        let neverPasses = ["1.000 event custom_event:x {p=10}", "1.000 trigger_matched plain", unsupported]
        #expect(onNumber == (name == "web" || name == "android" ? evaluated : neverPasses))
    }

    /// The regex row why-not adds to a filter's gate.
    static let x8Note = [
        "ios": " · ios X8 (source): partial match, case-insensitive",
        "swift": " · swift X8 (inherited): partial match, case-insensitive",
        "android": " · android X8 (source): partial match, case-insensitive",
        "web": " · web X8 (source): partial match, case-sensitive",
    ]

    @Test(
        "R3: why-not names the filter whose budget ran out, and the budget; under web, the filter that throws",
        arguments: names)
    func whyNot(_ name: String) {
        var settings = Settings()
        settings.profile = Profile.named(name)!
        let value = String(repeating: "a", count: 40)
        var h = Harness(
            [Self.regexTrigger("slow", "^(a|a)*\\1b"), Self.regexTrigger("flag", "(?i)GOLD")], settings: settings)
        h.launch()
        _ = h.apply(event("x", ["p": .string(value)]), at: 1)
        let slow = h.engine.whyNot("slow").first { $0.rule == .t1 }
        #expect(slow?.passes == false)
        #expect(
            slow?.detail
                == "custom_event:x {p=\"\(value)\"} does not match event x with properties; "
                + #"p: regular expression "^(a|a)*\\1b" ran out of its budget of 1048576 steps; the filter does not pass (R3)"#
                + Self.x8Note[name]!)
        _ = h.apply(event("x", ["p": .string("GOLD")]), at: 2)
        let flag = h.engine.whyNot("flag").first { $0.rule == .t1 }
        #expect(flag?.passes == (name != "web"))
        if name == "web" {
            #expect(
                flag?.detail
                    == #"custom_event:x {p="GOLD"} does not match event x with properties; p: regular expression "(?i)GOLD" throws: inline flags such as (?i) are a syntax error in JavaScript; the SDK's event logging stops there: no trigger matches (R3)"#
                    + Self.x8Note[name]!)
        }
    }

    @Test("R3 and T6: an event's backtracking filters share one budget, priced once; linear work still refuses")
    func eventBound() throws {
        // ⌈2^21 / 65,537⌉ = 32 instructions for the event's shared budget, however many filters.
        #expect(try Pattern("(?<=g)old").eventWork == 32)
        let many = (0..<1_000).map { Self.regexTrigger("t\($0)", "(?<=g)old") }
        #expect(EventWork.firstExcess(in: many) == nil)
        #expect(EventWork.cost(of: many[0]).backtrackingInstructions == 32)
        // Linear patterns are summed on top of it: 3,968 more instructions fit, one more does not.
        let one = try Pattern("a").size
        let room = EventWork.maxRegexInstructions - 32
        let fit = (0..<room / one).map { Self.regexTrigger("l\($0)", "a") }
        #expect(EventWork.firstExcess(in: many + fit) == nil)
        let over = (0...room / one).map { Self.regexTrigger("l\($0)", "a") }
        let excess = try #require(EventWork.firstExcess(in: many + over))
        #expect(excess.position == 1_000 + room / one)
        #expect(excess.cost.totalRegexInstructions == 32 + (room / one + 1) * one)
    }

    @Test(
        "R3 and T6: filters that each spend a whole budget: two run out of their own, the third finds the event's spent",
        arguments: names)
    func sharedBudget(_ name: String) {
        let value = String(repeating: "a", count: 24)
        let triggers = [
            Self.regexTrigger("a", "^(a|a)*\\1b"), Self.regexTrigger("b", "^(a|a)*\\1c"),
            Self.regexTrigger("c", "^(a|a)*\\1d"), Self.plain,
        ]
        #expect(
            Self.lines(triggers, ["p": .string(value)], under: name) == [
                "1.000 event custom_event:x {p=\"\(value)\"}",
                "1.000 trigger_matched plain",
                #"1.000 trigger_skipped a regex_budget p: regular expression "^(a|a)*\\\\1b" ran out of its budget of 1048576 steps"#,
                #"1.000 trigger_skipped b regex_budget p: regular expression "^(a|a)*\\\\1c" ran out of its budget of 1048576 steps"#,
                #"1.000 trigger_skipped c regex_budget p: regular expression "^(a|a)*\\\\1d" ran out of the event's budget of 2097152 steps, shared by its regex filters (0 left for it)"#,
            ])
    }
}
