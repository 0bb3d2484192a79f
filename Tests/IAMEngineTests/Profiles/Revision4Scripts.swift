import IAMEngine

/// The scenarios of revision 4's whole-session rows (profiles.md X29–X39; delivery-rules §13
/// R9, R12). `Revision4RowTests` pins every platform's lines for each.
enum Revision4Scripts {
    static let brief = Revision3Scripts.brief

    /// Settings with a 10 s session timeout for every platform (the scenario's own wins, X10).
    static var shortSessions: Settings {
        var settings = Settings()
        settings.sessionTimeout = 10
        return settings
    }

    /// X29: a session-start trigger; a launch 10 s later, inside web's 30-minute session.
    static let x29 = Script(
        triggers: [trigger("o", .open, reEligibility: 0, message: brief)], steps: [(10, .launch)], until: 11)

    /// X30: an event, then the same event 1,900 s later with nothing in between (no background).
    static let x30 = Script(
        triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0, message: brief)],
        steps: [(1, event("a")), (1901, event("a"))], until: 1903)

    /// X31: a trigger delayed 20 s, and a launch while it waits, after the 10 s session (so that
    /// every platform starts a new session, X29).
    static let x31 = Script(
        triggers: [trigger("d", .customEvent(name: "d"), delay: 20, reEligibility: 0, message: brief)],
        steps: [(1, event("d")), (15, .launch)], until: 25, settings: shortSessions)

    /// X32: a once-only trigger performed, switched off for one session's sync, then on again.
    static let x32 = Script(
        triggers: [trigger("a", .customEvent(name: "a"), reEligibility: -1, message: brief)],
        steps: [
            (1, event("a")), (2, .campaign(id: "a", enabled: false)), (20, .launch),
            (21, .campaign(id: "a", enabled: true)), (40, .launch), (41, event("a")),
        ], until: 43, settings: shortSessions)

    /// X33: an event queued behind a 2 s sync, its trigger's timeout 500 ms.
    static let x33: Script = {
        var settings = Settings()
        settings.network.syncLatency = 2
        return Script(
            triggers: [trigger("q", .customEvent(name: "q"), timeout: 500, reEligibility: 0, message: brief)],
            steps: [(1, event("q"))], until: 4, settings: settings)
    }()

    /// X34: `re_eligibility: null`, the event twice, a minute apart.
    static let x34: Script = {
        var trigger = trigger("n", .customEvent(name: "n"), reEligibility: -1, message: brief)
        trigger.reEligibilityIsNull = true
        return Script(triggers: [trigger], steps: [(1, event("n")), (60, event("n"))], until: 62)
    }()

    /// X35: a message that expires during its 5 s delay, then the event again at once.
    static let x35Expired = Script(
        triggers: [trigger("e", .customEvent(name: "e"), delay: 5, timeout: 2000, reEligibility: 0, message: brief)],
        steps: [(1, event("e")), (7, event("e"))], until: 13)

    /// X35: web's manual display with no subscriber; the event twice.
    static let x35NoSubscriber: Script = {
        var settings = Settings()
        settings.integration.web.automaticallyShow = false
        return Script(
            triggers: [trigger("s", .customEvent(name: "s"), reEligibility: 0, message: brief)],
            steps: [(1, event("s")), (5, event("s"))], until: 7, settings: settings)
    }()

    /// X37: a custom event named with a quote, a purchase of a product with a control character,
    /// an event with a quoted property key, then a clean event.
    static let x37 = Script(
        triggers: [
            trigger("q", .customEvent(name: "say \"hi\""), interval: 0, reEligibility: 0, message: brief),
            trigger("p", .purchase(productID: nil), interval: 0, reEligibility: 0, message: brief),
            trigger("k", .customEvent(name: "k"), interval: 0, reEligibility: 0, message: brief),
        ],
        steps: [
            (1, event("say \"hi\"")), (3, .purchase(productID: "tab\tbed", properties: [:])),
            (5, event("k", ["a\"b": .number(1)])), (7, event("k", ["": .number(1)])),
        ], until: 9)

    /// X38: a `BANNER` trigger of the highest priority and a modal on the same event, and an
    /// untyped message on another.
    static let x38: Script = {
        var banner = brief
        banner.unsupportedType = "BANNER"
        var untyped = brief
        untyped.unsupportedType = "none"
        return Script(
            triggers: [
                trigger("banner", .customEvent(name: "b"), priority: 2, interval: 0, reEligibility: 0, message: banner),
                trigger("modal", .customEvent(name: "b"), priority: 1, interval: 0, reEligibility: 0, message: brief),
                trigger("plain", .customEvent(name: "u"), interval: 0, reEligibility: 0, message: untyped),
            ],
            steps: [(1, event("b")), (3, event("u"))], until: 5)
    }()
}

extension Revision4Scripts {
    /// X36: a message whose id is base64 of `camp_1` (campaign `camp`) with a button `ok` and a
    /// button without an id, and one of `camp_2` without buttons (X56: a body tap on a message
    /// with buttons does nothing on every platform); clicks on the second's body, on
    /// `ok`, and on the button without an id.
    static let x36: Script = {
        var noID = Button(id: "1", text: "later")
        noID.hasID = false
        let shown = message(.modal, buttons: [Button(id: "ok", text: "ok"), noID])
        let plain = message(.modal)
        let clickSteps: [Script.Step] = [
            (1, event("plain")), (2, .click(button: nil)), (10, event("show")), (11, .click(button: 0)),
            (20, event("show")), (21, .click(button: 1)),
        ]
        return Script(
            triggers: [
                trigger("Y2FtcF8x", .customEvent(name: "show"), interval: 0, reEligibility: 0, message: shown),
                trigger("Y2FtcF8y", .customEvent(name: "plain"), interval: 0, reEligibility: 0, message: plain),
                trigger(
                    "full", .iamClick(messageID: "Y2FtcF8y", buttons: nil), priority: 4, interval: 0, reEligibility: 0,
                    message: brief),
                trigger(
                    "num", .iamClick(messageID: "camp", buttons: [Condition.numericButtonMark + "1"]), priority: 3,
                    interval: 0, reEligibility: 0, message: brief),
                trigger(
                    "okbtn", .iamClick(messageID: "camp", buttons: ["ok"]), priority: 2, interval: 0, reEligibility: 0,
                    message: brief),
                trigger(
                    "body", .iamClick(messageID: "camp", buttons: nil), priority: 1, interval: 0, reEligibility: 0,
                    message: brief),
            ],
            steps: clickSteps, until: 25)
    }()
}

extension Revision4Scripts {
    /// X39: the highest-priority candidate's message is refused by the Web SDK (the loader notes
    /// an unknown `brazeActions://` action); the next one by priority waits out its own 3 s delay.
    static let x39: Script = {
        var refused = brief
        refused.clickAction = .uri("brazeActions://v1/ewAiAHQAeQBwAGUAIgA6ACIAbABhAHUAbgBjAGgAUgBvAGMAawBlAHQAIgB9AA")
        refused.refusal = "an unknown brazeActions:// action (click_action)"
        return Script(
            triggers: [
                trigger("low", .customEvent(name: "a"), priority: 1, interval: 0, reEligibility: 0, message: brief),
                trigger(
                    "refused", .customEvent(name: "a"), priority: 3, interval: 0, reEligibility: 0, message: refused),
                trigger(
                    "next", .customEvent(name: "a"), priority: 2, delay: 3, interval: 0, reEligibility: 0,
                    message: brief),
            ],
            steps: [(1, event("a"))], until: 6)
    }()
}
