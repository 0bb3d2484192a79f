import IAMEngine

/// The scenarios of integration.md's rules (I, TS, SC, SV), each run after a launch at 0 under
/// a platform; the tests pin every platform's exact lines.
enum IntegrationScripts {
    static let events = [
        trigger("a", .customEvent(name: "a"), reEligibility: 0),
        trigger("b", .customEvent(name: "b"), reEligibility: 0),
    ]

    static func settings(_ integration: Integration, interval: Double = 30) -> Settings {
        var settings = Settings()
        settings.integration = integration
        settings.minimumTriggerInterval = interval
        return settings
    }

    /// I2: with nothing presenting, an event's message, then a second one, then the app
    /// attaches a presenter again.
    static let i2 = Script(
        triggers: events,
        steps: [
            (1, event("a")),
            (40, event("b")),
            (41, .integration(IntegrationChange(ui: .default))),
            (50, event("a")),
        ],
        settings: settings(Integration(ui: .none)))

    /// I3: the app's own UI receives the message; a second message while it shows waits (M1).
    static func i3(_ impressions: Integration.Impressions) -> Script {
        Script(
            triggers: events,
            steps: [
                (1, event("a")),
                (2, event("b")),
                (3, .appImpression(message: "a")),
                (4, .appImpression(message: "a")),
                (5, .dismiss),
            ],
            until: 10,
            settings: settings(Integration(ui: .custom, impressions: impressions), interval: 0))
    }
}

extension IntegrationScripts {
    static let testMessage = message(.modal, "test")

    /// TS2: two test sends, then a push naming the first, a dismiss, and a push naming none;
    /// then a new session on every platform.
    static let ts2 = Script(
        triggers: [],
        steps: [
            (5, .testSend(id: "qa", message: testMessage)),
            (6, .testSend(id: nil, message: testMessage)),
            (10, .pushClick(campaignID: "qa")),
            (11, .dismiss),
            (12, .pushClick(campaignID: nil)),
            (13, .dismiss),
            (30, .background),
            (1900, .foreground),
            // X30: on web the session ends only at the next event after the timeout.
            (1901, event("later")),
        ])

    /// TS2: one test send waits; the push of another campaign is opened, then the push that
    /// names it.
    static let ts2OtherPush = Script(
        triggers: [],
        steps: [
            (5, .testSend(id: "qa", message: testMessage)),
            (10, .pushClick(campaignID: "spring-sale")),
            (20, .pushClick(campaignID: "qa")),
        ])

    /// TS2: a test send that arrives in the background and whose push is never opened.
    static let ts2NeverOpened = Script(
        triggers: [],
        steps: [
            (4, .background),
            (5, .testSend(id: "qa", message: testMessage)),
            (100, .foreground),
        ])

    /// TS2: with nothing presenting, a test send is dropped on every platform.
    static let ts2NoPresenter = Script(
        triggers: [],
        steps: [
            (5, .testSend(id: "qa", message: testMessage)),
            (10, .pushClick(campaignID: "qa")),
        ],
        settings: settings(Integration(ui: .none)))

    /// TS3: a test send the delegate discards is not shown again.
    static let ts3 = Script(
        triggers: [],
        steps: [
            (1, .delegate(Delegate(implements: .controller, answer: .discard))),
            (5, .testSend(id: "qa", message: testMessage)),
            (10, .pushClick(campaignID: "qa")),
            (11, .delegate(Delegate(implements: .controller, answer: .now))),
            (12, .pushClick(campaignID: "qa")),
            (30, .background),
            (1900, .foreground),
            // X30: on web the session ends only at the next event after the timeout.
            (1901, event("later")),
        ])

    /// TS4: the app keeps a push open from the SDK, then passes the next one.
    static let ts4 = Script(
        triggers: [trigger("p", .pushClick(campaignID: nil), reEligibility: 0)],
        steps: [
            (5, .testSend(id: "qa", message: testMessage)),
            (8, .background),
            (10, .unforwardedPushClick(campaignID: "qa")),
            (20, .pushClick(campaignID: "qa")),
        ])

    static func screens(_ screens: [String: Screen]) -> Settings {
        var settings = Settings()
        settings.screens = screens
        return settings
    }

    /// SC1: a splash screen whose delegate answers `later`, then the home screen, then a new message.
    static let sc1 = Script(
        triggers: events,
        steps: [
            (1, .screen(name: "splash")),
            (2, event("a")),
            (3, .screen(name: "home")),
            (40, event("b")),
        ],
        settings: screens(["splash": Screen(delegate: .later)]))

    /// SC2: a splash Activity that did not register, then the home screen.
    static let sc2 = Script(
        triggers: events,
        steps: [
            (1, .screen(name: "splash")),
            (2, event("a")),
            (3, .screen(name: "home")),
        ],
        settings: screens(["splash": Screen(registered: false)]))
}

extension IntegrationScripts {
    /// SV3: the device found mid-session: `b` fired 12 s ago, `a` 30 s ago (re-eligible after
    /// 60 s), both cached; then a cold start.
    static var sv3: Scenario {
        Scenario(
            triggers: [
                trigger("a", .customEvent(name: "a"), reEligibility: 60),
                trigger("b", .customEvent(name: "b"), reEligibility: 0),
            ],
            timeline: [
                TimelineStep(at: 1, action: event("b")),
                TimelineStep(at: 20, action: event("a")),
                TimelineStep(at: 20, action: event("b")),
                TimelineStep(at: 40, action: .launch),
                TimelineStep(at: 41, action: event("b")),
            ],
            initial: InitialState(lastTriggerAt: -12, performed: ["a": -30, "b": -12], cachedTriggers: ["a", "b"]))
    }
}

extension IntegrationScripts {
    /// SV4: a 1 s interval on ios only, 30 s elsewhere; two events 2 s apart.
    static var sv4: Script {
        var settings = Settings()
        settings.platforms = ["ios": PlatformSettings(minimumTriggerInterval: 1)]
        return Script(triggers: events, steps: [(1, event("a")), (3, event("b"))], settings: settings)
    }
}
