import IAMEngine

/// The scenario of each X-row (profiles.md), run under a profile: the exact lines after launch.
/// Each row's test pins every platform's answer to these.
enum ProfileScripts {
    typealias Step = (at: Double, action: Action)

    static func lines(
        _ profile: Profile, _ triggers: [Trigger], _ steps: [Step], until: Double? = nil,
        settings: Settings = Settings(), assets: [String: AssetSpec] = [:]
    ) -> [String] {
        var settings = settings
        settings.profile = profile
        var h = Harness(triggers, settings: settings, assets: assets)
        h.launch()
        var lines: [String] = []
        for step in steps { lines += h.apply(step.action, at: step.at) }
        if let until { lines += h.advance(to: until) }
        return lines
    }

    static let controller = Delegate(implements: .controller, answer: .now)

    static func delegate(_ answer: DisplayChoice) -> Action {
        .delegate(Delegate(implements: .controller, answer: answer))
    }

    /// X1: a message performed while another is visible.
    static func x1(_ p: Profile) -> [String] {
        lines(
            p, [trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b"))],
            [
                (1, event("a")), (40, event("b")), (41, .dismiss), (42, .displayNext),
            ])
    }

    /// X2: two delayed messages performed in the background, then `foreground` within the session.
    static func x2(_ p: Profile) -> [String] {
        lines(
            p,
            [
                trigger("a", .customEvent(name: "a"), delay: 5),
                trigger("b", .customEvent(name: "b"), delay: 5, interval: 0),
            ],
            [(1, event("a")), (1.5, event("b")), (2, .background), (8, .foreground)], until: 9)
    }

    /// X3: the keyboard is up when the message is offered, no delegate.
    static func x3(_ p: Profile) -> [String] {
        lines(p, [trigger("a", .customEvent(name: "a"))], [(1, .keyboard(shown: true)), (2, event("a"))])
    }

    /// X4: the keyboard comes up over a visible modal.
    static func x4(_ p: Profile) -> [String] {
        lines(p, [trigger("a", .customEvent(name: "a"))], [(1, event("a")), (2, .keyboard(shown: true))])
    }

    /// X5: the delegate answers `reenqueue`; a second trigger at once shows whether P2 was rolled back.
    static func x5(_ p: Profile) -> [String] {
        lines(
            p, [trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b"))],
            [(1, delegate(.reenqueue)), (2, event("a")), (3, delegate(.now)), (4, event("b"))])
    }

    /// X6: `displayNext` with a delegate that answers `later`.
    static func x6(_ p: Profile) -> [String] {
        lines(
            p, [trigger("a", .customEvent(name: "a"))],
            [(1, delegate(.later)), (2, event("a")), (3, .displayNext)])
    }

    static func filtered(_ filter: PropertyFilter) -> [Trigger] {
        [trigger("a", .customEventProperty(name: "a", filters: [[filter]]))]
    }

    /// X7: comparator 4 on a number filter, against an equal and a greater value.
    static func x7(_ p: Profile) -> [String] {
        let filter = PropertyFilter(key: "n", type: .number, comparator: .lessThanSecondsAgo, value: .number(5))
        return lines(
            p, filtered(filter),
            [(1, event("a", ["n": .number(5)])), (40, event("a", ["n": .number(4)]))])
    }

    /// X8: a regex `Latte` against `latte` and `Latte`.
    static func x8(_ p: Profile) -> [String] {
        let filter = PropertyFilter(
            key: "s", type: .string, comparator: .matchesRegex, value: .string("Latte"),
            pattern: try? Pattern("Latte"))
        return lines(
            p, filtered(filter),
            [(1, event("a", ["s": .string("iced latte")])), (40, event("a", ["s": .string("iced Latte")]))])
    }

    /// X9: an empty `property_filters` array.
    static func x9(_ p: Profile) -> [String] {
        lines(p, [trigger("a", .customEventProperty(name: "a", filters: []))], [(1, event("a"))])
    }

    /// X10: no `sessionTimeout` in the scenario: 15 s in the background.
    static func x10(_ p: Profile, settings: Settings = Settings()) -> [String] {
        lines(p, [trigger("a", .open)], [(1, .background), (16, .foreground)], until: 17, settings: settings)
    }

    /// X11: a trigger without `timeout` whose image takes 100 s.
    static func x11(_ p: Profile) -> [String] {
        lines(
            p, [trigger("a", .customEvent(name: "a"), delay: 2, message: message(image: "slow.png"))],
            [(1, event("a"))], until: 200, assets: ["slow.png": AssetSpec(download: 100)])
    }

    /// X14: a delayed message offered exactly at its expiry (delay 5 s, timeout 5 s).
    static func x14(_ p: Profile) -> [String] {
        lines(p, [trigger("a", .customEvent(name: "a"), delay: 5, timeout: 5000)], [(1, event("a"))], until: 7)
    }

    /// X14: a message whose image arrives exactly at its expiry (timeout 5.5 s, download 5.5 s).
    static func x14Asset(_ p: Profile) -> [String] {
        lines(
            p, [trigger("a", .customEvent(name: "a"), timeout: 5000, message: message(image: "img.png"))],
            [(0.5, event("a"))], until: 7, assets: ["img.png": AssetSpec(download: 5)])
    }

    /// X15: the same message performed again while its first copy waits on the stack.
    static func x15(_ p: Profile) -> [String] {
        lines(
            p, [trigger("a", .customEvent(name: "a"))],
            [(1, delegate(.later)), (2, event("a")), (40, event("a"))])
    }
}
