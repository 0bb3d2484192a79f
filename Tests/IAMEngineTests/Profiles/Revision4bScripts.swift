import IAMEngine

/// The scenarios of revision 4b's Android whole-session rows (profiles.md X50–X53, the X32 and
/// X36 android cells) and of delivery-rules §13 R8. `Revision4bRowTests` pins every platform's
/// lines for each.
enum Revision4bScripts {
    /// A slideup that dismisses itself after a second, so the next step finds the screen free.
    static let brief = Revision3Scripts.brief

    /// A trigger id as Braze sends it: base64 of `<campaign>_$_mv=1` (T7, X36).
    static func brazeID(_ campaign: String) -> String {
        let ids = ["c0": "YzBfJF9tdj0x", "c1": "YzFfJF9tdj0x", "c2": "YzJfJF9tdj0x", "cp1": "Y3AxXyRfbXY9MQ=="]
        return ids[campaign]!
    }

    /// X50: `a` (delay 20) on an event at 1 s, `b` on an event at 5 s (global interval 30 s).
    static let x50 = Script(
        triggers: [
            trigger("a", .customEvent(name: "a"), delay: 20, reEligibility: 0, message: brief),
            trigger("b", .customEvent(name: "b"), reEligibility: 0, message: brief),
        ],
        steps: [(1, event("a")), (5, event("b"))], until: 25)

    /// X51: `r` (delay 5, re-eligible after 3 s, no interval of its own) on events at 1 s and 2 s:
    /// two copies wait; the second is handed over 1 s after the first stamped its record.
    static let x51 = Script(
        triggers: [trigger("r", .customEvent(name: "r"), delay: 5, interval: 0, reEligibility: 3, message: brief)],
        steps: [(1, event("r")), (2, event("r"))], until: 10)

    /// X52: a display at 0.5 s, the event again at 30.2 s (global interval 30 s).
    static let x52 = Script(
        triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0, message: brief)],
        steps: [(0.5, event("a")), (30.2, event("a"))])

    /// X53: a `test` trigger and a trigger on any push click (no interval of its own); a push
    /// opened at 5 s.
    static let x53 = Script(
        triggers: [
            trigger("t", .test, reEligibility: 0, message: brief),
            trigger("p", .pushClick(campaignID: nil), interval: 0, reEligibility: 0, message: brief),
        ],
        steps: [(5, .pushClick(campaignID: "cp1"))], until: 8)

    /// X32: a once-only trigger fires, a sync (a new session) no longer holds it, it comes back,
    /// and after a cold start its event comes again.
    static let x32 = Script(
        triggers: [trigger("a", .customEvent(name: "a"), interval: 0, reEligibility: -1, message: brief)],
        steps: [
            (1, event("a")), (2, .campaign(id: "a", enabled: false)), (3, .background), (20, .foreground),
            (21, .campaign(id: "a", enabled: true)), (22, event("a")), (30, .launch), (31, event("a")),
        ])

    /// X36: Braze-style ids; a click on `c0`'s message (conditions naming its campaign and its
    /// whole id), then pushes with a plain and a base64 campaign id.
    /// A message whose payload carries its trigger's id, as Braze sends one (X57).
    static func identified(_ id: String) -> Message {
        var shown = message()
        shown.payloadTriggerID = brazeID(id)
        return shown
    }

    static let x36 = Script(
        triggers: [
            // X57: Braze's payload names its trigger, so android logs the click and raises `iam_click`.
            trigger(brazeID("c0"), .customEvent(name: "a"), interval: 0, reEligibility: 0, message: identified("c0")),
            trigger(
                brazeID("c1"), .iamClick(messageID: "c0", buttons: nil), priority: 1, interval: 0, reEligibility: 0,
                message: brief),
            trigger(brazeID("c2"), .iamClick(messageID: brazeID("c0"), buttons: nil), interval: 0, reEligibility: 0),
            trigger("push", .pushClick(campaignID: "cp1"), interval: 0, reEligibility: 0, message: brief),
        ],
        steps: [
            (1, event("a")), (2, .click(button: nil)), (10, .pushClick(campaignID: "cp1")),
            (20, .pushClick(campaignID: brazeID("cp1"))),
        ], until: 25)

    /// R8 with P3: a once-only `test` trigger wins the first delivery; at the next session's
    /// delivery it is `trigger_skipped re_eligibility` and the other one wins.
    static let r8ReEligibility = Script(
        triggers: [
            trigger("once", .test, priority: 2, reEligibility: -1, message: brief),
            trigger("again", .test, priority: 1, reEligibility: 0, message: brief),
        ],
        steps: [(2, .background), (20, .foreground)], until: 22)

    /// R8: three `test` triggers, priorities 1, 2 (delay 3 s) and 2: one `test` event per
    /// delivery. The lines of the launch itself, through 5 s.
    static func r8(_ profile: Profile) -> [String] {
        var settings = Settings()
        settings.profile = profile
        var h = Harness(
            [
                trigger("t1", .test, priority: 1, reEligibility: 0, message: brief),
                trigger("t2", .test, priority: 2, delay: 3, reEligibility: 0, message: brief),
                trigger("t3", .test, priority: 2, reEligibility: 0, message: brief),
            ], settings: settings)
        return h.launch() + h.advance(to: 5)
    }
}
