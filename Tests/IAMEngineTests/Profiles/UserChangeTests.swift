import IAMEngine
import Testing

@testable import IAMScenario

/// R11 and X40 (versions.md): `changeUser` under every platform and on both sides of every
/// version where the answer changes: the exact lines each writes.
@Suite("The user: changeUser (R11) and X40 per platform and version")
struct UserChangeTests {
    /// A message visible, another waiting behind it (web: discarded), a third delayed; then the
    /// user changes, the visible one is closed, the waiting one asked for, the delayed one falls due.
    static let script = Script(
        triggers: [
            trigger("a", .customEvent(name: "a"), reEligibility: 0),
            trigger("b", .customEvent(name: "b"), interval: 0, reEligibility: 0),
            trigger("d", .customEvent(name: "d"), delay: 10, interval: 0, reEligibility: 0),
        ],
        steps: [
            (1, event("a")), (2, event("b")), (3, event("d")), (4, .changeUser(id: "u2")), (5, .dismiss),
            (6, .displayNext), (7, .dismiss), (13, .wait), (14, .dismiss),
        ], until: 15)

    /// Each platform and version, with the lines it writes.
    static let expected: [(String, [String])] = [
        ("ios", kept), ("ios@2.19.0", kept), ("ios@4.7.0", kept),
        ("swift", cleared), ("swift@11.4.9", kept), ("swift@11.5.0", refused), ("swift@14.0.0", refused),
        ("swift@14.0.1", cleared), ("swift@15.0.0", cleared),
        ("android", refusedAndDismissed), ("android@34.9.9", kept), ("android@35.0.0", refused),
        ("android@35.9.9", refused), ("android@36.0.0", refusedAndDismissed), ("android@41.9.9", refusedAndDismissed),
        ("android@42.0.0", cleared), ("android@43.0.0", cleared),
        ("web", webKept), ("web@4.9.9", webKept), ("web@4.10.0", webKept), ("web@6.3.9", webKept),
        ("web@6.4.0", webRefused),
    ]

    @Test("R11, X40: changeUser's lines under every platform and both sides of each version boundary")
    func x40() throws {
        for (name, lines) in Self.expected {
            let profile = try Profile.resolve(name).get()
            #expect(Self.script.lines(under: profile) == lines, "\(name)")
        }
    }

    @Test("X40 android: from 42.0.0 the parked message is cleared at the change; before, it is offered to the new user")
    func x40Parked() throws {
        let script = Script(
            triggers: [trigger("p", .customEvent(name: "p"), reEligibility: 0)],
            steps: [(1, .background), (2, event("p")), (3, .changeUser(id: "u2")), (4, .foreground)], until: 5)
        let common = [
            "1.000 app background",
            "2.000 event custom_event:p",
            "2.000 trigger_matched p",
            "2.000 performed p",
            "2.000 stacked p new stack=[p] depth=1",
            "2.000 offered p eligible_moment",
            "2.000 returned_to_stack p app_in_background stack=[p] depth=1",
            "2.000 parked p app_in_background stack=[] depth=0",
            "3.000 user_changed u2",
        ]
        #expect(
            script.lines(under: try Profile.resolve("android@42.0.0").get())
                == common + ["3.000 discarded p user_changed", "4.000 app foreground"])
        #expect(
            script.lines(under: try Profile.resolve("android@34.0.0").get())
                == common + ["4.000 app foreground", "4.000 offered p foreground", "4.000 displayed p impression"])
        #expect(
            script.lines(under: .android)
                == common + ["4.000 app foreground", "4.000 offered p foreground", "4.000 discarded p user_changed"])
    }

    @Test("R11: changeUser to the current user changes nothing; re-eligibility stays with the device")
    func sameUser() throws {
        let script = Script(
            triggers: [trigger("a", .customEvent(name: "a"), reEligibility: -1)],
            steps: [
                (1, .changeUser(id: "u1")), (2, .changeUser(id: "u1")), (3, event("a")), (4, .dismiss),
                (5, .changeUser(id: "u2")), (6, event("a")),
            ], until: 7)
        for profile in Profile.all {
            let lines = script.lines(under: profile)
            #expect(
                lines.prefix(2) == [
                    "1.000 user_changed u1", "2.000 ignored user_changed action=changeUser already the user",
                ], "\(profile.name)")
            #expect(
                lines.filter { $0.hasPrefix("5.") || $0.hasPrefix("6.") } == [
                    "5.000 user_changed u2", "6.000 event custom_event:a", "6.000 trigger_skipped a re_eligibility",
                    "6.000 no_match custom_event:a",
                ], "\(profile.name)")
        }
    }

    @Test("R11: the changeUser step loads from a file, is saved back, and an id is required")
    func decoding() throws {
        let json = #"{"triggers": [], "timeline": [{"at": 1, "do": "changeUser", "id": "user-2"}]}"#
        let scenario = try ScenarioLoader.load(json: json, file: "u.json").scenario
        #expect(scenario.timeline.map(\.action) == [.changeUser(id: "user-2")])
        #expect(
            JSONText.compact(StepEncoding.step(scenario.timeline[0])) == #"{"at":1,"do":"changeUser","id":"user-2"}"#)
        #expect(throws: (any Error).self) {
            try ScenarioLoader.load(
                json: #"{"triggers": [], "timeline": [{"at": 1, "do": "changeUser"}]}"#, file: "u.json")
        }
    }

    /// Nothing cleared, nothing refused: ios at every version, swift before 11.5.0, android before 35.0.0.
    static let kept: [String] = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
        "1.000 displayed a impression",
        "2.000 event custom_event:b",
        "2.000 trigger_matched b",
        "2.000 performed b",
        "2.000 stacked b new stack=[b] depth=1",
        "2.000 offered b eligible_moment",
        "2.000 returned_to_stack b message_visible stack=[b] depth=1",
        "3.000 event custom_event:d",
        "3.000 trigger_matched d",
        "3.000 trigger_delayed d until=13.000",
        "4.000 user_changed u2",
        "5.000 dismissed a user",
        "6.000 offered b display_next",
        "6.000 displayed b impression",
        "7.000 dismissed b user",
        "13.000 performed d",
        "13.000 stacked d new stack=[d] depth=1",
        "13.000 offered d eligible_moment",
        "13.000 displayed d impression",
        "14.000 dismissed d user",
    ]
    /// The visible message dismissed, the previous user's messages refused when offered: android 36.0.0 up to 42.0.0 (bare).
    static let refusedAndDismissed: [String] = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
        "1.000 displayed a impression",
        "2.000 event custom_event:b",
        "2.000 trigger_matched b",
        "2.000 performed b",
        "2.000 stacked b new stack=[b] depth=1",
        "2.000 offered b eligible_moment",
        "2.000 returned_to_stack b message_visible stack=[b] depth=1",
        "3.000 event custom_event:d",
        "3.000 trigger_matched d",
        "3.000 trigger_delayed d until=13.000",
        "4.000 user_changed u2",
        "4.000 dismissed a user_changed",
        "5.000 ignored nothing_visible action=dismiss",
        "6.000 offered b display_next",
        "6.000 discarded b user_changed",
        "7.000 ignored nothing_visible action=dismiss",
        "13.000 performed d",
        "13.000 stacked d new stack=[d] depth=1",
        "13.000 offered d eligible_moment",
        "13.000 discarded d user_changed",
        "14.000 ignored nothing_visible action=dismiss",
    ]
    /// web before 6.4.0 (bare 5.0.1): no stack, nothing refused (the deferred slot: `webDeferred`).
    static let webKept: [String] = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
        "1.000 displayed a impression",
        "2.000 event custom_event:b",
        "2.000 trigger_matched b",
        "2.000 performed b",
        "2.000 stacked b new stack=[b] depth=1",
        "2.000 offered b eligible_moment",
        "2.000 discarded b message_visible",
        "3.000 event custom_event:d",
        "3.000 trigger_matched d",
        "3.000 trigger_delayed d until=13.000",
        "4.000 user_changed u2",
        "5.000 dismissed a user",
        "6.000 ignored stack_empty action=displayNext",
        "7.000 ignored nothing_visible action=dismiss",
        "13.000 performed d",
        "13.000 stacked d new stack=[d] depth=1",
        "13.000 offered d eligible_moment",
        "13.000 displayed d impression",
        "14.000 dismissed d user",
    ]
    /// The previous user's messages refused, the visible one stays: swift 11.5.0 up to 14.0.1, android 35.0.0 up to 36.0.0.
    static let refused: [String] = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
        "1.000 displayed a impression",
        "2.000 event custom_event:b",
        "2.000 trigger_matched b",
        "2.000 performed b",
        "2.000 stacked b new stack=[b] depth=1",
        "2.000 offered b eligible_moment",
        "2.000 returned_to_stack b message_visible stack=[b] depth=1",
        "3.000 event custom_event:d",
        "3.000 trigger_matched d",
        "3.000 trigger_delayed d until=13.000",
        "4.000 user_changed u2",
        "5.000 dismissed a user",
        "6.000 offered b display_next",
        "6.000 discarded b user_changed",
        "7.000 ignored nothing_visible action=dismiss",
        "13.000 performed d",
        "13.000 stacked d new stack=[d] depth=1",
        "13.000 offered d eligible_moment",
        "13.000 discarded d user_changed",
        "14.000 ignored nothing_visible action=dismiss",
    ]
    /// android from 42.0.0, swift from 14.0.1 (bare): the visible message removed and the stack cleared at the change.
    static let cleared: [String] = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
        "1.000 displayed a impression",
        "2.000 event custom_event:b",
        "2.000 trigger_matched b",
        "2.000 performed b",
        "2.000 stacked b new stack=[b] depth=1",
        "2.000 offered b eligible_moment",
        "2.000 returned_to_stack b message_visible stack=[b] depth=1",
        "3.000 event custom_event:d",
        "3.000 trigger_matched d",
        "3.000 trigger_delayed d until=13.000",
        "4.000 user_changed u2",
        "4.000 dismissed a user_changed",
        "4.000 discarded b user_changed",
        "5.000 ignored nothing_visible action=dismiss",
        "6.000 ignored stack_empty action=displayNext",
        "7.000 ignored nothing_visible action=dismiss",
        "13.000 performed d",
        "13.000 stacked d new stack=[d] depth=1",
        "13.000 offered d eligible_moment",
        "13.000 discarded d user_changed",
        "14.000 ignored nothing_visible action=dismiss",
    ]
    /// web from 6.4.0: the previous user's messages refused.
    static let webRefused: [String] = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
        "1.000 displayed a impression",
        "2.000 event custom_event:b",
        "2.000 trigger_matched b",
        "2.000 performed b",
        "2.000 stacked b new stack=[b] depth=1",
        "2.000 offered b eligible_moment",
        "2.000 discarded b message_visible",
        "3.000 event custom_event:d",
        "3.000 trigger_matched d",
        "3.000 trigger_delayed d until=13.000",
        "4.000 user_changed u2",
        "5.000 dismissed a user",
        "6.000 ignored stack_empty action=displayNext",
        "7.000 ignored nothing_visible action=dismiss",
        "13.000 performed d",
        "13.000 stacked d new stack=[d] depth=1",
        "13.000 offered d eligible_moment",
        "13.000 discarded d user_changed",
        "14.000 ignored nothing_visible action=dismiss",
    ]
}

/// versions.md: compare across two versions of one platform names X40 and the version.
@Suite("X40 in compare across versions")
struct UserChangeCompareTests {
    @Test("compare android@41.0.0 and android@42.0.0 on changeUser names X40 and 42.0.0")
    func compare() throws {
        let scenario = UserChangeTests.script.scenario
        let comparison = Comparison(
            scenario,
            profiles: [try Profile.resolve("android@41.0.0").get(), try Profile.resolve("android@42.0.0").get()])
        let divergence = try #require(comparison.firstDivergence)
        #expect(divergence.rows.isEmpty)
        #expect(divergence.versions.count == 1)
        #expect(divergence.versions.first?.hasPrefix("X40 changes at android 42.0.0") == true)
    }
}
