import IAMEngine

/// The scenarios of revision 3's whole-trigger rows (profiles.md X16–X20, X26–X28) and of
/// delivery-rules §12 R5 and R7. `Revision3RowTests` pins every platform's lines for each.
enum Revision3Scripts {
    static let epoch = Settings().epoch
    /// A slideup that dismisses itself after a second, so the next step finds the screen free.
    static let brief = message(.slideup, close: .autoDismiss, duration: 1000)

    /// A trigger with the given fields written as an explicit `-1` (X18).
    static func explicit(_ trigger: Trigger, _ fields: ExplicitMinusOne) -> Trigger {
        var trigger = trigger
        trigger.explicitMinusOne = fields
        return trigger
    }

    /// X16: three triggers on one event, priorities 2, 2, 1 in delivered order.
    static let x16 = Script(
        triggers: [
            trigger("p0", .customEvent(name: "a"), priority: 2, reEligibility: 0),
            trigger("p1", .customEvent(name: "a"), priority: 2, reEligibility: 0),
            trigger("p2", .customEvent(name: "a"), priority: 1, reEligibility: 0),
        ],
        steps: [(1, event("a"))])

    /// X17: a window from 10 s to 20 s (unix), events at its start, half a second later, and its end.
    static let x17 = Script(
        triggers: [
            trigger(
                "w", .customEvent(name: "a"), interval: 0, reEligibility: 0, start: epoch + 10, end: epoch + 20,
                message: brief)
        ],
        steps: [(10, event("a")), (10.5, event("a")), (20, event("a"))])

    /// X18: `end_time`, `min_seconds_since_last_trigger` and `timeout` written as `-1`.
    static let x18 = Script(
        triggers: [
            explicit(
                trigger("m", .customEvent(name: "m"), reEligibility: 0, message: brief), .minSecondsSinceLastTrigger),
            explicit(trigger("t", .customEvent(name: "t"), reEligibility: 0, message: brief), .timeout),
            explicit(trigger("e", .customEvent(name: "e"), reEligibility: 0, message: brief), [.startTime, .endTime]),
        ],
        steps: [(1, event("m")), (3, event("m")), (40, event("t")), (80, event("e"))])

    /// X19: a `purchase` condition with `product_id: ""`, a purchase of latte, then of "".
    static let x19 = Script(
        triggers: [trigger("buy", .purchase(productID: ""), reEligibility: 0, message: brief)],
        steps: [(1, .purchase(productID: "latte", properties: [:])), (40, .purchase(productID: "", properties: [:]))])

    /// X20: performed at 1 s, a launch at 10 s, the event again at 20 s (inside the 30 s interval).
    static let x20 = Script(
        triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0)],
        steps: [(1, event("a")), (10, .launch), (20, event("a"))])

    /// X26: a once-only trigger whose message the delegate discards, and the event again.
    static let x26 = Script(
        triggers: [trigger("a", .customEvent(name: "a"), reEligibility: -1)],
        steps: [(1, ProfileScripts.delegate(.discard)), (2, event("a")), (40, event("a"))])

    /// X27: a message whose body click is `URI` without a `uri`.
    static let x27: Script = {
        var defective = message()
        defective.defect = "click_action URI without a uri (triggers[0].data.click_action)"
        return Script(
            triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0, message: defective)],
            steps: [(1, event("a"))])
    }()

    /// X28: a message held back by the delegate waits on the stack; the delegate then answers
    /// `now`, and a new session starts (the app comes back after the session timeout).
    static let x28 = Script(
        triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0)],
        steps: [
            (1, ProfileScripts.delegate(.later)), (2, event("a")), (3, ProfileScripts.delegate(.now)),
            (4, .background), (40, .foreground),
        ], until: 41)

    /// R7: a session-start trigger whose message the delegate holds back (`later`): the stack is
    /// not offered a second time at that instant. The lines of the launch itself.
    static func r7(_ profile: Profile) -> [String] {
        var settings = Settings()
        settings.delegate = Delegate(implements: .controller, answer: .later)
        settings.profile = profile
        var h = Harness([trigger("s", .open, reEligibility: 0)], settings: settings)
        return h.launch()
    }

    /// R7 at a push open: a push-click trigger performed while a message waits on the stack.
    static let r7Push = Script(
        triggers: [
            trigger("a", .customEvent(name: "a"), reEligibility: 0),
            trigger("p", .pushClick(campaignID: nil), interval: 0, reEligibility: 0),
        ],
        steps: [(1, ProfileScripts.delegate(.later)), (2, event("a")), (3, .pushClick(campaignID: "c"))],
        // X53: android raises push_click when the push's sync completes, half a second later.
        until: 4)

    /// R5: a landscape message on a portrait phone, then on a tablet after `device`.
    static let r5 = Script(
        triggers: [
            trigger(
                "a", .customEvent(name: "a"), interval: 0, reEligibility: 0, message: message(orientation: .landscape))
        ],
        steps: [(1, event("a")), (2, .deviceKind(.tablet)), (3, event("a"))])
}
