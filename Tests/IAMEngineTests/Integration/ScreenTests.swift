import IAMEngine
import Testing

/// integration.md: screens, under every platform.
@Suite("Integration: screens")
struct ScreenTests {
    static let names = Profile.all.map(\.name)

    @Test(
        "SC1: a splash screen whose delegate answers later holds the message back on every platform; SC3: the next screen is not an eligible moment",
        arguments: names)
    func sc1(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(IntegrationScripts.sc1.lines(under: profile) == Self.sc1Lines[name])
    }

    @Test(
        "SC2: an Activity that did not register holds the message back on android and the next registered screen offers it; other platforms ignore registered",
        arguments: names)
    func sc2(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        #expect(IntegrationScripts.sc2.lines(under: profile) == Self.sc2Lines[name])
    }

    @Test("SC1: why-not names the screen whose delegate answer holds the message back")
    func sc1WhyNot() throws {
        var h = Harness(IntegrationScripts.events, settings: IntegrationScripts.sc1.settings)
        h.launch()
        _ = h.apply(.screen(name: "splash"), at: 1)
        let gate = try #require(h.engine.whyNot("a").last)
        #expect(!gate.passes)
        #expect(gate.detail == "delegate_later: it would return to the stack · the screen splash answers later (SC1)")
    }

    @Test("SC2: why-not names the Activity that did not register on android; ios ignores registered")
    func sc2WhyNot() throws {
        for (profile, passes, detail) in [
            (
                Profile.android, false,
                "no_activity: the screen splash did not register; it would return to the stack (SC2)"
            ),
            (Profile.ios, true, "yes"),
        ] {
            var settings = IntegrationScripts.sc2.settings
            settings.profile = profile
            var h = Harness(IntegrationScripts.events, settings: settings)
            h.launch()
            _ = h.apply(.screen(name: "splash"), at: 1)
            let gate = try #require(h.engine.whyNot("a").last)
            #expect(gate.passes == passes, "\(profile.name)")
            #expect(gate.detail == detail, "\(profile.name)")
        }
    }

    // MARK: - Each platform's exact lines

    static let sc1Lines: [String: [String]] = [
        "ios": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 app screen home",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[a b] depth=2",
            "40.000 offered b eligible_moment",
            "40.000 displayed b impression",
        ],
        "swift": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 app screen home",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[a b] depth=2",
            "40.000 offered b eligible_moment",
            "40.000 displayed b impression",
        ],
        "android": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a delegate_later stack=[a] depth=1",
            "3.000 app screen home",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[a b] depth=2",
            "40.000 offered b eligible_moment",
            "40.000 displayed b impression",
        ],
        "web": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 discarded a delegate_later",
            "3.000 app screen home",
            "40.000 event custom_event:b",
            "40.000 trigger_matched b",
            "40.000 performed b",
            "40.000 stacked b new stack=[b] depth=1",
            "40.000 offered b eligible_moment",
            "40.000 displayed b impression",
        ],
    ]

    static let sc2Lines: [String: [String]] = [
        "ios": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 displayed a impression",
            "3.000 app screen home",
        ],
        "swift": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 displayed a impression",
            "3.000 app screen home",
        ],
        "android": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 returned_to_stack a no_activity stack=[a] depth=1",
            "3.000 app screen home",
            "3.000 offered a screen",
            "3.000 displayed a impression",
        ],
        "web": [
            "1.000 app screen splash",
            "2.000 event custom_event:a",
            "2.000 trigger_matched a",
            "2.000 performed a",
            "2.000 stacked a new stack=[a] depth=1",
            "2.000 offered a eligible_moment",
            "2.000 displayed a impression",
            "3.000 app screen home",
        ],
    ]
}
