import IAMRender
import IAMSimulator

@testable import IAMEngine

/// Small engine states built by hand (the engine's own behaviour is tested elsewhere).
enum Fixtures {
    static let scenario = Scenario(
        name: "Coffee Shop demo",
        triggers: [
            Trigger(
                id: "welcome", conditions: [.open],
                message: Message(
                    kind: .slideup, text: "Welcome back! Tap to see today's specials.",
                    clickAction: .uri("app://specials"), slideFrom: .top)),
            Trigger(
                id: "promo-summer", conditions: [.customEvent(name: "cart_add")], priority: 2,
                message: Message(
                    kind: .modal, text: "20% off cold brew", header: "Summer is here!",
                    imageURL: "https://cdn.example.com/img/hero.png",
                    buttons: [Button(id: "shop", text: "Shop"), Button(id: "later", text: "Later")])),
            Trigger(
                id: "cart-reminder", conditions: [.customEvent(name: "cart_add")], priority: 3, reEligibility: 0,
                message: Message(kind: .slideup, text: "You left something in your cart")),
            Trigger(
                id: "big-sale", conditions: [.purchase(productID: "coffee")],
                message: Message(
                    kind: .full, text: "Everything half price this weekend only.", header: "BIG SALE",
                    imageURL: "https://cdn.example.com/sale.jpg", buttons: [Button(id: "go", text: "Go")])),
            Trigger(
                id: "landscape-only", conditions: [.pushClick(campaignID: "camp-7")], priority: 1,
                message: Message(
                    kind: .html, text: "<h1>Hello</h1><p>Rich &amp; <b>bold</b> content</p>", orientation: .landscape)),
            Trigger(id: "expired", conditions: [.open], endTime: 1_000, message: Message(text: "old")),
        ]
    )

    /// A running app at t = 42.5 in session 2, delivered, with some history.
    static func base(now: Double = 42.5) -> EngineState {
        var s = EngineState(scenario: scenario)
        s.now = now
        s.app = .foreground
        s.session = Session(number: 2)
        s.delivered = TriggerSet(scenario.triggers)
        s.assets = [
            "https://cdn.example.com/img/hero.png": .ready,
            "https://cdn.example.com/sale.jpg": .downloading(startedAt: 42, until: 43, fails: false),
        ]
        s.lastTriggerTime = 42.5 - 12.5
        s.lastPerformed = ["welcome": 30]
        s.analytics = [
            "welcome": {
                var a = Analytics()
                a.impressions = 1
                return a
            }()
        ]
        return s
    }

    static func pending(_ id: String, at: Double = 30, expires: Double? = nil) -> PendingMessage {
        let t = scenario.triggers.first { $0.id == id }!
        return PendingMessage(id: id, message: t.message, triggerID: id, stackedAt: at, expiresAt: expires)
    }

    static func visible(_ id: String, now: Double = 42.5, message: Message? = nil, dismissIn: Double? = 4.2)
        -> VisibleMessage
    {
        var p = pending(id, at: now - 1)
        if let message { p.message = message }
        return VisibleMessage(pending: p, displayedAt: now - 0.8, dismissAt: dismissIn.map { now + $0 })
    }

    static let trace: [TraceRecord] = [
        TraceRecord(t: 0, kind: .app, reason: .launch),
        TraceRecord(t: 0, kind: .sessionStarted, detail: "1"),
        TraceRecord(t: 0, kind: .deliveryStarted),
        TraceRecord(t: 0.5, kind: .deliveryCompleted),
        TraceRecord(t: 0.5, kind: .event, event: .open),
        TraceRecord(t: 0.5, kind: .triggerMatched, trigger: "welcome", event: .open),
        TraceRecord(t: 0.5, kind: .performed, message: "welcome"),
        TraceRecord(t: 0.5, kind: .displayed, message: "welcome", reason: .impression),
        TraceRecord(
            t: 40.2, kind: .returnedToStack, message: "cart-reminder", reason: .keyboardUp, stack: ["cart-reminder"]),
        TraceRecord(t: 41.0, kind: .triggerSkipped, trigger: "cart-reminder", reason: .minInterval, next: 59.5),
        TraceRecord(t: 42.5, kind: .displayed, message: "promo-summer", reason: .impression),
    ]

    static func ui(_ configure: (inout ViewState) -> Void = { _ in }) -> ViewState {
        var ui = ViewState(title: scenario.name, keys: KeyBinding.legend)
        ui.selectedTrigger = 1
        ui.timeline = .init(count: 12, index: 3, playing: true)
        configure(&ui)
        return ui
    }
}
