import IAMEngine
import Testing

@Suite("Profiles: the values, settings that win, and switching")
struct ProfileValueTests {
    @Test("X10: a scenario's own sessionTimeout wins over the platform's default")
    func sessionTimeoutWins() throws {
        // X30: web ends a session at the first event after the timeout without activity.
        var script = ProfileScripts.x10Script
        script.steps.append((17, event("x")))
        script.until = nil
        script.settings = Settings(sessionTimeout: 10)
        #expect(script.lines(under: .web).contains("17.000 session_ended session 1"))
        #expect(ProfileScripts.x10(.web) == ["1.000 app background", "16.000 app foreground"])
    }

    @Test("X11: a trigger's own timeout wins over the platform's default")
    func timeoutWins() {
        // A delay past web's default (delay + 30 s holds; X64: an image no longer shows the expiry on
        // web, whose page checks it once, at the hand-over).
        var script = ProfileScripts.x11Script
        script.triggers = [trigger("a", .customEvent(name: "a"), delay: 40, timeout: 50_000)]
        let own = script.lines(under: .web)
        #expect(own.contains { $0.hasSuffix("performed a") } && !own.contains { $0.contains("discarded a timeout") })
        script.triggers = [trigger("a", .customEvent(name: "a"), delay: 40, timeout: 20_000)]
        #expect(script.lines(under: .web).contains { $0.contains("discarded a timeout") })
    }

    @Test("X12, X13: each platform's setting and delegate names", arguments: Profile.all.map(\.name))
    func names(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let expected: [String: (String, String, String)] = [
            "ios": ("ABKMinimumTriggerTimeIntervalKey", "beforeInAppMessageDisplayed:", "ABKReenqueueInAppMessage"),
            "swift": ("triggerMinimumTimeInterval", "inAppMessage(_:displayChoiceForMessage:)", ".reenqueue"),
            "android": (
                "com_braze_trigger_action_minimum_time_interval_seconds", "beforeInAppMessageDisplayed", "REENQUEUE"
            ),
            "web": (
                "minimumIntervalBetweenTriggerActionsInSeconds", "subscribeToInAppMessage callback",
                "not shown (reenqueue)"
            ),
        ]
        let (interval, method, reenqueue) = try #require(expected[name])
        #expect(profile.intervalSettingName == interval)
        #expect(profile.delegateNames.method == method)
        #expect(profile.delegateNames.name(of: .reenqueue) == reenqueue)
        #expect(profile.answer(.x12).summary == interval)
    }

    @Test("confidence per row as profiles.md gives it; rows a platform leaves out are inherited from ios")
    func confidence() {
        #expect(Profile.swift.answer(.x2).confidence == .inferred)
        #expect(Profile.swift.answer(.x7) == Answer("never pass", .inherited))
        #expect(Profile.swift.answer(.x14).confidence == .inherited)
        #expect(Profile.android.answer(.x10).confidence == .docs)
        #expect(Profile.web.answer(.x3).confidence == .inferred)
        #expect(Profile.ios.answer(.x15).confidence == .inherited)
        // Every platform answers every row (explicitly or inherited), with a summary to show.
        for profile in Profile.all {
            for row in Difference.allCases { #expect(!profile.answer(row).summary.isEmpty) }
        }
    }

    @Test("the policies differ from ios exactly on the rows profiles.md, integration.md and versions.md (X40) change")
    func rows() {
        let ios = Profile.ios.policies
        #expect(
            Profile.swift.policies.differences(from: ios) == [
                .x3, .x4, .x5, .x6, .x15, .x26, .x27, .x28, .x40, .x66, .x67,
            ])
        // X8 carries the regex dialect (R3): Java reads a value's type before compiling a pattern.
        #expect(
            Profile.android.policies.differences(from: ios) == [
                .x2, .x3, .x4, .x8, .x17, .x21, .x22, .x23, .x24, .x25, .x28, .x32, .x36, .x40, .x50, .x51, .x52, .x53,
                .x54, .x55, .x57, .i2, .b3, .ts2, .sc2,
            ])
        #expect(
            Profile.web.policies.differences(from: ios) == [
                .x1, .x3, .x4, .x5, .x7, .x8, .x9, .x10, .x11, .x14, .x16, .x17, .x18, .x19, .x20, .x23, .x24,
                .x25, .x29, .x30, .x31, .x32, .x33, .x34, .x35, .x36, .x37, .x38, .x39, .x40, .x56, .x58, .x59, .x60,
                .x61,
                .x62, .x63, .x64, .x65, .i2, .i4, .b3, .b4, .ts2,
            ])
    }

    @Test("names are looked up case-insensitively; unknown names are nil")
    func lookup() {
        #expect(Profile.named("Android") == .android)
        #expect(Profile.named("windows") == nil)
        #expect(Profile.namesList == "ios, swift, android or web")
    }

    @Test("a fifth platform is one value: the engine runs it with no other change")
    func fifthProfile() {
        var policies = Policies()
        policies.stack = .none
        let tv = Profile(
            name: "tv", title: "a test platform", policies: policies, intervalSettingName: "interval",
            delegateNames: Profile.ios.delegateNames, answers: [.x1: Answer("no stack", .inferred)])
        #expect(tv.answer(.x2) == Answer(Profile.ios.answer(.x2).summary, .inherited))
        #expect(ProfileScripts.x1(tv).contains("40.000 discarded b message_visible"))
    }

    @Test("the runner's first record names the profile; a profile step switches and records it")
    func records() {
        let scenario = Scenario(
            settings: Settings(profile: .android),
            triggers: [trigger("a", .customEvent(name: "a"))],
            timeline: [TimelineStep(at: 0, action: .launch), TimelineStep(at: 5, action: .profile(.web))])
        let trace = ScenarioRunner.trace(scenario)
        #expect(TraceFormat.json(trace[0]) == #"{"t":0,"type":"app","reason":"profile","profile":"android"}"#)
        #expect(TraceFormat.text(trace[0]) == "   0.000  app                               profile  android")
        #expect(trace.filter { $0.reason == .profile }.map(\.profile) == ["android", "web"])
    }

    @Test("X1: switching to a platform without a stack discards what waits on it, top first")
    func switchToWeb() {
        let script = Script(
            triggers: [trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b"), interval: 0)],
            steps: [(1, ProfileScripts.delegate(.later)), (2, event("a")), (3, event("b"))])
        var lines = script.lines(under: .ios)
        #expect(lines.last == "3.000 returned_to_stack b delegate_later stack=[a b] depth=2")
        var h = Harness(
            [trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b"), interval: 0)])
        h.launch()
        _ = h.apply(ProfileScripts.delegate(.later), at: 1)
        _ = h.apply(event("a"), at: 2)
        _ = h.apply(event("b"), at: 3)
        lines = h.apply(.profile(.web), at: 4)
        #expect(
            lines == [
                "4.000 app profile web",
                "4.000 discarded b no_stack stack=[a] depth=1",
                "4.000 discarded a no_stack stack=[] depth=0",
            ])
        #expect(h.state.stack.isEmpty)
    }
}
