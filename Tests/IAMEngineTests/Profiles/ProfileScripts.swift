import IAMEngine

/// The scenario of each X-row (profiles.md): triggers, steps after launch, and how long to run.
/// `lines(under:)` gives the exact lines after launch; each row's test pins every platform's
/// answer to these, and the comparison tests check that compare names the row.
struct Script: Sendable {
    typealias Step = (at: Double, action: Action)

    var triggers: [Trigger]
    var steps: [Step]
    var until: Double?
    var settings = Settings()
    var assets: [String: AssetSpec] = [:]

    func lines(under profile: Profile) -> [String] {
        var settings = settings
        settings.profile = profile
        var h = Harness(triggers, settings: settings, assets: assets)
        h.launch()
        var lines: [String] = []
        for step in steps { lines += h.apply(step.action, at: step.at) }
        if let until { lines += h.advance(to: until) }
        return lines
    }

    /// The same as a scenario: launch at 0, then the steps.
    var scenario: Scenario {
        Scenario(
            settings: settings, assets: assets, triggers: triggers,
            timeline: [TimelineStep(at: 0, action: .launch)] + steps.map { TimelineStep(at: $0.at, action: $0.action) })
    }
}

enum ProfileScripts {
    static func delegate(_ answer: DisplayChoice) -> Action {
        .delegate(Delegate(implements: .controller, answer: answer))
    }

    static func filtered(_ filter: PropertyFilter) -> [Trigger] {
        [trigger("a", .customEventProperty(name: "a", filters: [[filter]]), reEligibility: 0)]
    }

    /// Every row with a script, for the comparison tests.
    static let all: [(Difference, Script)] = [
        (.x1, x1Script), (.x2, x2Script), (.x3, x3Script), (.x4, x4Script), (.x5, x5Script), (.x6, x6Script),
        (.x7, x7Script), (.x8, x8Script), (.x9, x9Script), (.x10, x10Script), (.x11, x11Script),
        (.x14, x14Script), (.x14, x14AssetScript), (.x15, x15Script),
    ]

    /// X1: a message performed while another is visible.
    static let x1Script = Script(
        triggers: [trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b"))],
        steps: [(1, event("a")), (40, event("b")), (41, .dismiss), (42, .displayNext)])

    /// X2: two delayed messages performed in the background, then `foreground` within the session.
    static let x2Script = Script(
        triggers: [
            trigger("a", .customEvent(name: "a"), delay: 5),
            trigger("b", .customEvent(name: "b"), delay: 5, interval: 0),
        ],
        steps: [(1, event("a")), (1.5, event("b")), (2, .background), (8, .foreground)], until: 9)

    /// X3: the keyboard is up when the message is offered, no delegate.
    static let x3Script = Script(
        triggers: [trigger("a", .customEvent(name: "a"))], steps: [(1, .keyboard(shown: true)), (2, event("a"))])

    /// X4: the keyboard comes up over a visible modal.
    static let x4Script = Script(
        triggers: [trigger("a", .customEvent(name: "a"))], steps: [(1, event("a")), (2, .keyboard(shown: true))])

    /// X5: the delegate answers `reenqueue`; a second trigger at once shows whether P2 was rolled back.
    static let x5Script = Script(
        triggers: [trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b"))],
        steps: [(1, delegate(.reenqueue)), (2, event("a")), (3, delegate(.now)), (4, event("b"))])

    /// X6: `displayNext` with a delegate that answers `later`.
    static let x6Script = Script(
        triggers: [trigger("a", .customEvent(name: "a"))],
        steps: [(1, delegate(.later)), (2, event("a")), (3, .displayNext)])

    /// X7: comparator 4 on a number filter, against an equal and a smaller value.
    static let x7Script = Script(
        triggers: filtered(
            PropertyFilter(key: "n", type: .number, comparator: .lessThanSecondsAgo, value: .number(5))),
        steps: [(1, event("a", ["n": .number(5)])), (40, event("a", ["n": .number(4)]))])

    /// X8: a regex `Latte` against `latte` and `Latte`.
    static let x8Script = Script(
        triggers: filtered(
            PropertyFilter(
                key: "s", type: .string, comparator: .matchesRegex, value: .string("Latte"),
                pattern: try? Pattern("Latte"))),
        steps: [(1, event("a", ["s": .string("iced latte")])), (40, event("a", ["s": .string("iced Latte")]))])

    /// X9: an empty `property_filters` array.
    static let x9Script = Script(
        triggers: [trigger("a", .customEventProperty(name: "a", filters: []))], steps: [(1, event("a"))])

    /// X10: no `sessionTimeout` in the scenario: 15 s in the background.
    static let x10Script = Script(
        triggers: [trigger("a", .open, reEligibility: 0)], steps: [(1, .background), (16, .foreground)], until: 17)

    /// X11: a trigger without `timeout` whose image takes 100 s.
    static let x11Script = Script(
        triggers: [trigger("a", .customEvent(name: "a"), delay: 2, message: message(image: "slow.png"))],
        steps: [(1, event("a"))], until: 200, assets: ["slow.png": AssetSpec(download: 100)])

    /// X14: a delayed message offered exactly at its expiry (delay 5 s, timeout 5 s).
    static let x14Script = Script(
        triggers: [trigger("a", .customEvent(name: "a"), delay: 5, timeout: 5000)], steps: [(1, event("a"))],
        until: 7)

    /// X14: a message whose image arrives exactly at its expiry (timeout 5 s, download 5 s).
    static let x14AssetScript = Script(
        triggers: [trigger("a", .customEvent(name: "a"), timeout: 5000, message: message(image: "img.png"))],
        steps: [(0.5, event("a"))], until: 7, assets: ["img.png": AssetSpec(download: 5)])

    /// X15: the same message performed again while its first copy waits on the stack.
    static let x15Script = Script(
        triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0)],
        steps: [(1, delegate(.later)), (2, event("a")), (40, event("a"))])

    static func x1(_ p: Profile) -> [String] { x1Script.lines(under: p) }
    static func x2(_ p: Profile) -> [String] { x2Script.lines(under: p) }
    static func x3(_ p: Profile) -> [String] { x3Script.lines(under: p) }
    static func x4(_ p: Profile) -> [String] { x4Script.lines(under: p) }
    static func x5(_ p: Profile) -> [String] { x5Script.lines(under: p) }
    static func x6(_ p: Profile) -> [String] { x6Script.lines(under: p) }
    static func x7(_ p: Profile) -> [String] { x7Script.lines(under: p) }
    static func x8(_ p: Profile) -> [String] { x8Script.lines(under: p) }
    static func x9(_ p: Profile) -> [String] { x9Script.lines(under: p) }
    static func x10(_ p: Profile, settings: Settings = Settings()) -> [String] {
        var script = x10Script
        script.settings = settings
        return script.lines(under: p)
    }
    static func x11(_ p: Profile) -> [String] { x11Script.lines(under: p) }
    static func x14(_ p: Profile) -> [String] { x14Script.lines(under: p) }
    static func x14Asset(_ p: Profile) -> [String] { x14AssetScript.lines(under: p) }
    static func x15(_ p: Profile) -> [String] { x15Script.lines(under: p) }
}
