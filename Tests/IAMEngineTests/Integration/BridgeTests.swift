import IAMEngine
import Testing

/// B1–B4 (integration.md): a bridge hands each message to the app's JavaScript, Dart or C#
/// side, under every platform where the answer differs (web runs no bridge).
@Suite("Integration: cross-platform bridges")
struct BridgeTests {
    static let names = Profile.all.map(\.name)

    static func settings(_ bridge: Bridge) -> Settings {
        IntegrationScripts.settings(Integration(bridge: bridge), interval: 0)
    }

    static let opening = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
    ]

    @Test("B1: without a listener the bridge is not in the way; a bridge step on an app without one is ignored")
    func b1() {
        let script = Script(
            triggers: IntegrationScripts.events, steps: [(1, event("a"))],
            settings: Self.settings(Bridge(kind: .flutter, nativeUI: false, listener: false)))
        for profile in Profile.all {
            #expect(script.lines(under: profile) == Self.opening + ["1.000 displayed a impression"], "\(profile.name)")
        }
        var h = Harness([])
        h.launch()
        #expect(
            h.apply(.bridge(BridgeChange(ready: true)), at: 1) == [
                "1.000 ignored no_bridge action=bridge settings.integration.bridge is null"
            ])
    }

    @Test("B1: a bridge step changes ready and listener from then on, with an app integration record")
    func b1Step() {
        var h = Harness([], settings: Self.settings(Bridge(kind: .unity, ready: false)))
        h.launch()
        #expect(
            h.apply(.bridge(BridgeChange(ready: true, listener: true)), at: 2) == [
                "2.000 app integration ui=default impressions=sdk bridge=unity nativeUI=true listener=true ready=true"
            ])
        #expect(h.state.integration.bridge == Bridge(kind: .unity, listener: true))
    }

    @Test(
        "B2: listener and native UI: displayed, then handed to the app (the double display); web runs no bridge",
        arguments: names)
    func b2(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        for kind in Bridge.Kind.allCases {
            let script = Script(
                triggers: IntegrationScripts.events, steps: [(1, event("a"))],
                settings: Self.settings(Bridge(kind: kind, nativeUI: true, listener: true)))
            let handed = name == "web" ? [] : ["1.000 handed_to_app a bridge \(kind.rawValue)"]
            #expect(
                script.lines(under: profile) == Self.opening + ["1.000 displayed a impression"] + handed,
                "\(kind.rawValue)")
        }
    }

    /// B3: the native UI off; the app shows the message itself a second later.
    static func b3(_ bridge: Bridge) -> Script {
        Script(
            triggers: IntegrationScripts.events, steps: [(1, event("a")), (2, .showInAppMessage(message: "a"))],
            settings: settings(bridge))
    }

    @Test("B3: native UI off: handed to the app, then the bridge's own native answer per platform", arguments: names)
    func b3(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        for kind in Bridge.Kind.allCases {
            let lines = Self.b3(Bridge(kind: kind, nativeUI: false, listener: true)).lines(under: profile)
            let answer: [String] =
                switch (name, kind) {
                case ("web", _): ["1.000 displayed a impression"]
                case ("android", .reactNative): ["1.000 returned_to_stack a delegate_later stack=[a] depth=1"]
                default: ["1.000 discarded a delegate_discard"]
                }
            let handed = name == "web" ? [] : ["1.000 handed_to_app a bridge \(kind.rawValue)"]
            let shown =
                name == "web"
                ? ["2.000 ignored a not_handed_to_app action=showInAppMessage"]
                : ["2.000 offered a manual", "2.000 displayed a impression"]
            #expect(lines == Self.opening + handed + answer + shown, "\(kind.rawValue)")
        }
    }

    @Test("B3: bridge.answer overrides the bridge's own answer")
    func b3Answer() {
        let lines = Self.b3(Bridge(kind: .flutter, nativeUI: false, listener: true, answer: .later))
            .lines(under: .ios)
        #expect(
            lines == Self.opening + [
                "1.000 handed_to_app a bridge flutter",
                "1.000 returned_to_stack a delegate_later stack=[a] depth=1",
                "2.000 offered a manual",
                "2.000 displayed a impression",
            ])
    }

    /// B4: the app's side is not running at the first message, starts at 2, and a second message follows.
    static func b4(_ bridge: Bridge) -> Script {
        Script(
            triggers: IntegrationScripts.events,
            steps: [(1, event("a")), (2, .bridge(BridgeChange(ready: true))), (3, .dismiss), (4, event("b"))],
            settings: settings(bridge))
    }

    @Test("B4: listener set, app side not ready: per bridge, the native UI shows it or it is lost", arguments: names)
    func b4(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        for kind in Bridge.Kind.allCases {
            let bridge = Bridge(kind: kind, nativeUI: false, listener: true, ready: false)
            let lines = Self.b4(bridge).lines(under: profile)
            let ready =
                "2.000 app integration ui=default impressions=sdk "
                + Bridge(
                    kind: kind, nativeUI: false, listener: true, ready: true
                ).summary
            let first: [String]
            switch (name, kind) {
            case ("web", _):
                first = ["1.000 displayed a impression", ready, "3.000 dismissed a user"]
            case (_, .reactNative), (_, .cordova):
                first = [
                    "1.000 displayed a impression",
                    "1.000 app a bridge_not_ready lost: the native UI showed it before the app subscribed",
                    ready, "3.000 dismissed a user",
                ]
            default:
                first = ["1.000 discarded a bridge_not_ready", ready, "3.000 ignored nothing_visible action=dismiss"]
            }
            let second: [String] = [
                "4.000 event custom_event:b",
                "4.000 trigger_matched b",
                "4.000 performed b",
                "4.000 stacked b new stack=[b] depth=1",
                "4.000 offered b eligible_moment",
            ]
            let answer: [String] =
                switch (name, kind) {
                case ("web", _): ["4.000 displayed b impression"]
                case ("android", .reactNative):
                    [
                        "4.000 handed_to_app b bridge react-native",
                        "4.000 returned_to_stack b delegate_later stack=[b] depth=1",
                    ]
                default: ["4.000 handed_to_app b bridge \(kind.rawValue)", "4.000 discarded b delegate_discard"]
                }
            #expect(lines == Self.opening + first + second + answer, "\(kind.rawValue)")
        }
    }

    @Test("B4: whenNotReady queue holds the message and hands it over when the app's side is ready")
    func b4Queue() {
        let bridge = Bridge(kind: .flutter, nativeUI: false, listener: true, ready: false, whenNotReady: .queue)
        let lines = Self.b4(bridge).lines(under: .android)
        #expect(
            Array(lines.prefix(9)) == Self.opening + [
                "1.000 app a bridge_not_ready queued",
                "1.000 discarded a delegate_discard",
                "2.000 app integration ui=default impressions=sdk bridge=flutter nativeUI=false listener=true ready=true whenNotReady=queue",
                "2.000 handed_to_app a bridge flutter queued",
            ])
        #expect(
            Array(lines.dropFirst(9)) == [
                "3.000 ignored nothing_visible action=dismiss",
                "4.000 event custom_event:b",
                "4.000 trigger_matched b",
                "4.000 performed b",
                "4.000 stacked b new stack=[b] depth=1",
                "4.000 offered b eligible_moment",
                "4.000 handed_to_app b bridge flutter",
                "4.000 discarded b delegate_discard",
            ])
    }

    @Test("B4: whenNotReady default loses the message where the bridge would show it natively")
    func b4Default() {
        let bridge = Bridge(kind: .reactNative, nativeUI: false, listener: true, ready: false, whenNotReady: .default)
        #expect(
            Array(Self.b4(bridge).lines(under: .swift).prefix(6)) == Self.opening + [
                "1.000 discarded a bridge_not_ready"
            ])
    }

    @Test("B4: why-not names the bridge, whether its side is ready, and the platform's answer")
    func whyNot() throws {
        var settings = Self.settings(Bridge(kind: .reactNative, nativeUI: false, listener: true, ready: false))
        settings.profile = .android
        var h = Harness(IntegrationScripts.events, settings: settings)
        h.launch()
        let gate = try #require(h.engine.whyNot("a").last)
        #expect(gate.rule == .l3)
        #expect(
            gate.detail
                == "yes, through the react-native bridge (its side is not ready) · android (source): UI off: "
                + "DISPLAY_LATER (stays on the stack); not ready: the native UI shows it, JavaScript misses it")
    }

    @Test("B3, B4: each bridge's answer names its confidence per platform")
    func answers() {
        #expect(Bridge.Kind.reactNative.answer(on: "android").confidence == .source)
        #expect(Bridge.Kind.reactNative.answer(on: "android").summary.hasPrefix("UI off: DISPLAY_LATER"))
        #expect(Bridge.Kind.unity.answer(on: "android").confidence == .inferred)
        #expect(Bridge.Kind.unity.answer(on: "ios").confidence == .source)
    }
}
