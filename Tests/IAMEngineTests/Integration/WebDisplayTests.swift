import IAMEngine
import Testing

/// I4 (integration.md): the Web SDK's automatic display, subscribers, `showInAppMessage` and
/// the deferred slot. Only web displays through subscribers; the other platforms ignore them.
@Suite("Integration: the Web SDK's display")
struct WebDisplayTests {
    static func script(_ web: WebDisplay, _ steps: [Script.Step] = []) -> Script {
        Script(
            triggers: IntegrationScripts.events, steps: [(1, event("a"))] + steps,
            settings: IntegrationScripts.settings(Integration(web: web), interval: 0))
    }

    static let opening = BridgeTests.opening

    @Test("I4: no automatic display and no subscriber is I2 on web (no_subscriber); the others ignore the setting")
    func noSubscriber() {
        let script = Self.script(WebDisplay(automaticallyShow: false))
        // X35: refused at the hand-over, before it is stacked or stamped.
        #expect(
            script.lines(under: .web) == [
                "1.000 event custom_event:a", "1.000 trigger_matched a", "1.000 performed a",
                "1.000 discarded a no_subscriber",
            ])
        for profile in [Profile.ios, .swift, .android] {
            #expect(script.lines(under: profile) == Self.opening + ["1.000 displayed a impression"], "\(profile.name)")
        }
    }

    @Test("I4: automatic display and a show subscriber offer the message twice; the second is refused")
    func shownAgain() {
        let script = Self.script(WebDisplay(automaticallyShow: true, subscribers: [.show]))
        #expect(
            script.lines(under: .web) == Self.opening + [
                "1.000 displayed a impression",
                "1.000 handed_to_app a custom_ui subscriber 1 show",
                "1.000 offered a shown_again",
                "1.000 discarded a message_visible",
            ])
    }

    @Test("I4: one record per subscriber; a show subscriber shows it (offered manual)")
    func subscribers() {
        let script = Self.script(WebDisplay(automaticallyShow: false, subscribers: [.consume, .show]))
        #expect(
            script.lines(under: .web) == Self.opening + [
                "1.000 handed_to_app a custom_ui subscriber 1 consume",
                "1.000 handed_to_app a custom_ui subscriber 2 show",
                "1.000 offered a manual",
                "1.000 displayed a impression",
            ])
    }

    @Test("I4: the deferred slot: deferInAppMessage keeps the newest, showDeferred offers it once")
    func deferred() {
        let script = Self.script(
            WebDisplay(automaticallyShow: false, subscribers: [.consume]),
            [
                (2, event("b")),
                (3, .deferInAppMessage(message: "a")),
                (4, .deferInAppMessage(message: "b")),
                (5, .showDeferred),
                (6, .showDeferred),
                (7, .showInAppMessage(message: "zz")),
            ])
        #expect(
            script.lines(under: .web) == Self.opening + [
                "1.000 handed_to_app a custom_ui subscriber 1 consume",
                "2.000 event custom_event:b",
                "2.000 trigger_matched b",
                "2.000 performed b",
                "2.000 stacked b new stack=[b] depth=1",
                "2.000 offered b eligible_moment",
                "2.000 handed_to_app b custom_ui subscriber 1 consume",
                "3.000 parked a deferred",
                "4.000 discarded a deferred replaced in the deferred slot",
                "4.000 parked b deferred",
                "5.000 offered b deferred",
                "5.000 displayed b impression",
                "6.000 ignored stack_empty action=showDeferred the deferred slot is empty",
                "7.000 ignored zz not_handed_to_app action=showInAppMessage",
            ])
    }
}
