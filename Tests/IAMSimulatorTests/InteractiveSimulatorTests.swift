import IAMEngine
import IAMRender
import Testing

@testable import IAMSimulator

/// The interactive reducer without a terminal: inputs in, state and effects out, time passed in.
@Suite("Interactive simulator (reducer)")
struct InteractiveSimulatorTests {
    static let scenario = Scenario(
        name: "Sim test",
        settings: Settings(minimumTriggerInterval: 30),
        triggers: [
            Trigger(
                id: "promo", conditions: [.customEvent(name: "cart_add")], reEligibility: 0,
                message: Message(
                    kind: .modal, text: "20% off", header: "Sale", buttons: [Button(id: "shop", text: "Shop")],
                    close: .swipe)),
            Trigger(
                id: "portrait-only", conditions: [.customEvent(name: "video")], minSecondsSinceLastTrigger: 0,
                reEligibility: 0,
                message: Message(kind: .slideup, text: "Portrait", close: .swipe, orientation: .portrait)),
            Trigger(
                id: "thanks", conditions: [.purchase(productID: nil)], minSecondsSinceLastTrigger: 0, reEligibility: 0,
                message: Message(kind: .modal, text: "Thanks", close: .swipe)),
            Trigger(
                id: "pushed", conditions: [.pushClick(campaignID: "camp-1")], reEligibility: 0,
                message: Message(kind: .slideup, text: "From push")),
        ],
        timeline: [
            TimelineStep(at: 0, action: .launch),
            TimelineStep(at: 5, action: .customEvent(name: "cart_add", properties: [:])),
        ]
    )

    /// A paused simulator after launch and the delivery.
    static func launched() -> Simulator {
        var sim = Simulator(
            scenario: scenario, title: "Sim test", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        sim.send(
            .key(.character("l")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  4 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        sim.send(
            .key(.character(".")), mono: 0,
            expecting: [
                "   0.500  delivery_completed                 4 triggers",
                "   0.500  no_match                          open",
            ]) // to the delivery
        return sim
    }

    /// Launched, then `cart_add` by the `e` form: `promo` shows at 0.5.
    static func promoShown() -> Simulator {
        var sim = launched()
        sim.send(.key(.character("e")), mono: 0, expecting: [])
        sim.send(.key(.enter), mono: 0, expecting: [])
        sim.send(
            .key(.enter), mono: 0,
            expecting: [
                "   0.500  event                             custom_event:cart_add",
                "   0.500  trigger_matched   promo", "   0.500  performed         promo",
                "   0.500  stacked           promo           new  stack=[promo]  depth=1",
                "   0.500  offered           promo           eligible_moment",
                "   0.500  displayed         promo           impression",
            ])
        return sim
    }

    /// `promoShown`, then `d` dismisses it.
    static func promoShownAndDismissed() -> Simulator {
        var sim = promoShown()
        sim.send(.key(.character("d")), mono: 0, expecting: ["   0.500  dismissed         promo           user"])
        return sim
    }

    static func type(_ sim: inout Simulator, _ text: String, mono: Double = 0) -> [Simulator.Effect] {
        var effects: [Simulator.Effect] = []
        for ch in text { effects += sim.handle(.key(.character(ch)), mono: mono) }
        return effects
    }

    @Test("launch and step to the delivery: session 1 in the foreground, triggers delivered (S1, D1)")
    func launch() {
        let sim = Self.launched()
        #expect(sim.engine.state.app == .foreground)
        #expect(sim.engine.state.delivered["promo"] != nil)
        #expect(sim.now == 0.5)
        #expect(sim.trace.contains { $0.kind == .deliveryCompleted })
    }

    @Test("e: a custom event from a two-step form with Tab choices and typed properties")
    func customEventForm() {
        var sim = Self.launched()
        sim.send(.key(.character("e")), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.defaultValue == "cart_add")
        #expect(sim.ui.prompt?.choices == ["cart_add", "video"])
        sim.send(.key(.tab), mono: 0, expecting: [])
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.text == "video")
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        sim.send(.key(.enter), mono: 0, expecting: []) // the default
        #expect(sim.ui.prompt?.defaultValue == "none")
        _ = Self.type(&sim, "total=12.5, vip=true, at=2026-01-01T10:00:00Z, name=\"a,b\"")
        let effects = sim.handle(.key(.enter), mono: 0)
        #expect(sim.ui.prompt == nil)
        guard case .records(let records)? = effects.first else {
            Issue.record("no records")
            return
        }
        let event = records.first { $0.kind == .event }?.event
        #expect(event?.name == "cart_add")
        #expect(event?.properties["total"] == .number(12.5))
        #expect(event?.properties["vip"] == .bool(true))
        #expect(event?.properties["at"] == .string("2026-01-01T10:00:00Z"))
        #expect(event?.properties["name"] == .string("a,b"))
        #expect(sim.engine.state.visible?.pending.id == "promo")
    }

    @Test("Esc cancels a prompt; a bad property line keeps the prompt open with an error")
    func cancelAndReject() {
        var sim = Self.launched()
        sim.send(.key(.character("e")), mono: 0, expecting: [])
        sim.send(.key(.escape), mono: 0, expecting: ["discard pending input"])
        #expect(sim.ui.prompt == nil && sim.form == nil)
        sim.send(.key(.character("e")), mono: 0, expecting: [])
        sim.send(.key(.enter), mono: 0, expecting: [])
        _ = Self.type(&sim, "oops")
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.text == "oops")
        #expect(sim.ui.status?.kind == .error)
    }

    @Test("P2: a second event within the interval is dropped; the side panel counts down")
    func rateLimit() {
        var sim = Self.promoShownAndDismissed()
        sim.send(.key(.character("f")), mono: 0, expecting: []) // +1 s
        sim.send(.key(.character("e")), mono: 0, expecting: [])
        sim.send(.key(.enter), mono: 0, expecting: [])
        sim.send(
            .key(.enter), mono: 0,
            expecting: [
                "   1.500  event                             custom_event:cart_add",
                "   1.500  trigger_skipped   promo           min_interval  next=30.500",
                "   1.500  no_match                          custom_event:cart_add",
            ])
        #expect(sim.trace.contains { $0.kind == .triggerSkipped && $0.reason == .minInterval })
        #expect(sim.engine.state.visible == nil)
        let text = sim.frame(width: 100, height: 30).grid.text
        #expect(text.contains("NEXT TRIGGER ALLOWED"))
        #expect(text.contains("in 29.0 s"))
    }

    @Test("M4: clicks from keys and from mouse hotspots")
    func clicks() {
        var sim = Self.promoShown()
        let frame = sim.frame(width: 100, height: 30)
        let button = frame.hotspots.first { $0.target == .messageButton(0) }
        #expect(button != nil)
        if let button {
            #expect(frame.target(atX: button.rect.x, y: button.rect.y) == .messageButton(0))
            sim.send(
                .hit(.messageButton(0)), mono: 0,
                expecting: [
                    "   0.500  clicked           promo           NONE  button=shop",
                    "   0.500  dismissed         promo           user",
                    "   0.500  event                             iam_click:promo/shop",
                    "   0.500  no_match                          iam_click:promo/shop",
                ])
        }
        #expect(sim.engine.state.visible == nil)
        #expect(sim.trace.contains { $0.kind == .clicked && $0.button == "shop" })
    }

    @Test("L4, L6: keyboard up returns a message to the stack; display next shows it after the keyboard goes down")
    func keyboardAndDisplayNext() {
        var sim = Self.launched()
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        sim.send(.key(.character("p")), mono: 0, expecting: [])
        sim.send(.key(.enter), mono: 0, expecting: [])
        sim.send(
            .key(.enter), mono: 0,
            expecting: [
                "   0.500  event                             purchase:product-1", "   0.500  trigger_matched   thanks",
                "   0.500  performed         thanks",
                "   0.500  stacked           thanks          new  stack=[thanks]  depth=1",
                "   0.500  offered           thanks          eligible_moment",
                "   0.500  returned_to_stack thanks          keyboard_up  stack=[thanks]  depth=1",
            ])
        #expect(sim.engine.state.stack.map(\.id) == ["thanks"])
        #expect(sim.trace.last { $0.kind == .returnedToStack }?.reason == .keyboardUp)
        sim.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  down"])
        #expect(sim.engine.state.visible == nil, "L2: keyboard down is not an eligible moment")
        sim.send(
            .key(.character("n")), mono: 0,
            expecting: [
                "   0.500  offered           thanks          display_next",
                "   0.500  displayed         thanks          impression",
            ])
        #expect(sim.engine.state.visible?.pending.id == "thanks")
    }

    @Test("L3 step 5: rotating, then offering a portrait-only message discards it")
    func rotateDiscards() {
        var sim = Self.launched()
        sim.send(
            .key(.character("o")), mono: 0, expecting: ["   0.500  app                               rotate  landscape"]
        )
        #expect(sim.engine.state.device.orientation == .landscape)
        sim.send(.key(.character("e")), mono: 0, expecting: [])
        _ = Self.type(&sim, "video")
        sim.send(.key(.enter), mono: 0, expecting: [])
        sim.send(
            .key(.enter), mono: 0,
            expecting: [
                "   0.500  event                             custom_event:video",
                "   0.500  trigger_matched   portrait-only", "   0.500  performed         portrait-only",
                "   0.500  stacked           portrait-only   new  stack=[portrait-only]  depth=1",
                "   0.500  offered           portrait-only   eligible_moment",
                "   0.500  discarded         portrait-only   orientation_mismatch",
            ])
        #expect(sim.trace.last { $0.kind == .discarded }?.reason == .orientationMismatch)
    }

    @Test("Speed steps ×0.25…×16; space pauses and resumes; the clock follows monotonic time × speed")
    func clockAndSpeed() {
        var sim = Simulator(
            scenario: Self.scenario, title: "", options: InteractiveOptions(), asciiOnly: false, mono: 100)
        #expect(sim.clock.time(at: 102) == 2)
        sim.send(.key(.character("+")), mono: 102, expecting: [])
        #expect(sim.clock.speed == 2)
        #expect(sim.clock.time(at: 103) == 4)
        for _ in 0..<10 { sim.send(.key(.character("+")), mono: 103, expecting: []) }
        #expect(sim.clock.speed == 16)
        for _ in 0..<10 { sim.send(.key(.character("-")), mono: 103, expecting: []) }
        #expect(sim.clock.speed == 0.25)
        sim.send(.key(.character(" ")), mono: 103, expecting: [])
        #expect(sim.clock.paused)
        #expect(sim.clock.time(at: 500) == 4)
        #expect(sim.wakeDelay(mono: 500) == nil, "paused: no wake-ups at all")
        sim.send(.key(.character(" ")), mono: 500, expecting: [])
        #expect(sim.clock.time(at: 504) == 5)
    }

    @Test("Running, the wake-up is the next deadline or the next tenth, converted by speed")
    func wakeDelay() {
        var sim = Simulator(
            scenario: Self.scenario, title: "", options: InteractiveOptions(), asciiOnly: false, mono: 0)
        sim.send(
            .key(.character("l")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  4 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        // The next tenth of simulation time at ×1.
        let delay = sim.wakeDelay(mono: 0.01) ?? -1
        #expect(delay > 0.039 && delay <= 0.09 + 1e-9)
        sim.send(.key(.character("-")), mono: 0.01, expecting: [])
        sim.send(.key(.character("-")), mono: 0.01, expecting: []) // ×0.25: a tenth takes 0.4 s of wall time
        let slow = sim.wakeDelay(mono: 0.01) ?? -1
        #expect(slow > 0.3 && slow <= 0.4 + 1e-9)
    }

    @Test("Timeline: r plays it on the clock; > applies the next step at once")
    func timeline() {
        var sim = Simulator(
            scenario: Self.scenario, title: "", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        sim.send(
            .key(.character(">")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  4 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        #expect(sim.ui.timeline.index == 1)
        #expect(sim.engine.state.app == .foreground)
        sim.send(.key(.character("r")), mono: 0, expecting: [])
        #expect(sim.ui.timeline.playing)
        sim.send(
            .key(.character(".")), mono: 0,
            expecting: [
                "   0.500  delivery_completed                 4 triggers",
                "   0.500  no_match                          open",
            ]) // delivery at 0.5
        sim.send(
            .key(.character(".")), mono: 0,
            expecting: [
                "   5.000  event                             custom_event:cart_add",
                "   5.000  trigger_matched   promo", "   5.000  performed         promo",
                "   5.000  stacked           promo           new  stack=[promo]  depth=1",
                "   5.000  offered           promo           eligible_moment",
                "   5.000  displayed         promo           impression",
            ]) // the step at 5
        #expect(sim.now == 5)
        #expect(sim.ui.timeline.index == 2)
        #expect(!sim.ui.timeline.playing, "finished")
        #expect(sim.engine.state.visible?.pending.id == "promo")
    }

    @Test("--play starts the timeline at once")
    func playOption() {
        var sim = Simulator(
            scenario: Self.scenario, title: "", options: InteractiveOptions(play: true), asciiOnly: false, mono: 0)
        _ = sim.tick(mono: 0)
        #expect(sim.engine.state.app == .foreground)
        _ = sim.tick(mono: 5)
        #expect(sim.engine.state.visible?.pending.id == "promo")
    }

    @Test("Why not?: Enter opens the selected trigger's gates; they refresh as time passes")
    func whyNot() {
        var sim = Self.promoShownAndDismissed()
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.whyNot?.triggerID == "promo")
        #expect(sim.whyNot?.gates.contains { $0.rule == .p2 && !$0.passes } == true)
        sim.send(.key(.character("F")), mono: 0, expecting: [])
        sim.send(.key(.character("F")), mono: 0, expecting: [])
        sim.send(.key(.character("F")), mono: 0, expecting: [])
        #expect(sim.whyNot?.gates.contains { $0.rule == .p2 && $0.passes } == true)
        sim.send(.key(.down), mono: 0, expecting: [])
        #expect(sim.whyNot?.triggerID == "portrait-only")
        sim.send(.hit(.triggerRow(2)), mono: 0, expecting: [])
        #expect(sim.ui.selectedTrigger == 2 && sim.whyNot?.triggerID == "thanks")
        sim.send(.key(.escape), mono: 0, expecting: [])
        #expect(sim.whyNot == nil)
    }

    @Test("Push click, local message, delegate, campaign toggle, network, device, background")
    func otherActions() {
        var sim = Self.launched()
        sim.send(.key(.character("u")), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.defaultValue == "camp-1")
        sim.send(
            .key(.enter), mono: 0,
            expecting: [
                "   0.500  event                             push_click:camp-1", "   0.500  trigger_matched   pushed",
                "   0.500  performed         pushed",
                "   0.500  stacked           pushed          new  stack=[pushed]  depth=1",
                "   0.500  offered           pushed          eligible_moment",
                "   0.500  displayed         pushed          impression",
            ])
        #expect(sim.trace.contains { $0.kind == .event && $0.event?.kind == .pushClick && $0.event?.name == "camp-1" })
        sim.send(.key(.character("d")), mono: 0, expecting: ["   0.500  dismissed         pushed          user"])

        sim.send(.key(.character("a")), mono: 0, expecting: [])
        _ = Self.type(&sim, "slideup")
        sim.send(.key(.enter), mono: 0, expecting: [])
        _ = Self.type(&sim, "Hi there")
        sim.send(.key(.enter), mono: 0, expecting: [])
        _ = Self.type(&sim, "swipe")
        sim.send(
            .key(.enter), mono: 0,
            expecting: [
                "   0.500  stacked           local-1         local  stack=[local-1]  depth=1",
                "   0.500  offered           local-1         eligible_moment",
                "   0.500  displayed         local-1         local",
            ])
        #expect(sim.engine.state.visible?.pending.id == "local-1")
        #expect(sim.engine.state.visible?.pending.message.close == .swipe)
        sim.send(.key(.character("d")), mono: 0, expecting: ["   0.500  dismissed         local-1         user"])

        sim.send(.key(.character("g")), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.defaultValue == "none")
        _ = Self.type(&sim, "controller")
        sim.send(.key(.enter), mono: 0, expecting: [])
        _ = Self.type(&sim, "promo=discard")
        sim.send(
            .key(.enter), mono: 0,
            expecting: ["   0.500  app                               delegate  controller -> now, promo=discard"])
        #expect(sim.engine.state.delegate.implements == .controller)
        #expect(sim.engine.state.delegate.answers["promo"] == .discard)

        sim.send(.key(.character("s")), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.defaultValue == "promo")
        sim.send(
            .key(.enter), mono: 0,
            expecting: ["   0.500  app               promo           campaign  disabled on the server"])
        #expect(sim.engine.state.disabledCampaigns.contains("promo"))

        sim.send(
            .key(.character("w")), mono: 0, expecting: ["   0.500  app                               network  offline"])
        #expect(!sim.engine.state.online)
        sim.send(
            .key(.character("t")), mono: 0, expecting: ["   0.500  app                               device  tablet"])
        #expect(sim.engine.state.device.kind == .tablet)
        sim.send(.key(.character("b")), mono: 0, expecting: ["   0.500  app                               background"])
        #expect(sim.engine.state.app.isBackground)
        sim.send(.key(.character("b")), mono: 0, expecting: ["   0.500  app                               foreground"])
        #expect(sim.engine.state.app == .foreground)
    }

    @Test("Every key in the help does something: handled by the reducer (no silent key)")
    func everyHelpKeyIsHandled() {
        for command in KeyCommand.allCases where command != .quit {
            var sim = Self.launched()
            sim.ui.selectedTrigger = 1 // so that "up" has somewhere to go
            // And the trace keys: PgDn and End from the top, the others from a row down.
            sim.ui.traceScroll = command == .pageDown || command == .bottom ? 0 : 1
            if command == .escape { sim.ui.noteExpanded = true } // something for Esc to close
            let before = sim
            let effects = sim.perform(command, mono: 0)
            let changed =
                !effects.isEmpty || sim.ui != before.ui || sim.clock != before.clock
                || sim.whyNotTrigger != before.whyNotTrigger
            #expect(changed, "\(command) changed nothing")
            // Each key it is bound to reaches it.
            for key in command.binding?.keys ?? [] { #expect(KeyBinding.command(for: key) == command) }
        }
        // Every command has its row in the table, once.
        #expect(KeyBinding.table.map(\.command) == KeyCommand.allCases)
        var sim = Self.launched()
        #expect(sim.handle(.key(.character("q")), mono: 0) == [.quit])
        #expect(sim.handle(.key(.ctrl("c")), mono: 0) == [.quit])
    }

    @Test("Help overlay: ? opens it, any key closes it; key bar clicks act like keys")
    func helpAndKeyBar() {
        var sim = Self.launched()
        sim.send(.key(.character("?")), mono: 0, expecting: [])
        #expect(sim.ui.helpVisible)
        #expect(sim.frame(width: 100, height: 30).grid.text.contains("KEYS"))
        sim.send(.key(.character("x")), mono: 0, expecting: [])
        #expect(!sim.ui.helpVisible)
        let frame = sim.frame(width: 100, height: 30)
        #expect(frame.hotspots.contains { $0.target == .command(KeyCommand.help.tag) })
        sim.send(.hit(.command(KeyCommand.help.tag)), mono: 0, expecting: [])
        #expect(sim.ui.helpVisible)
    }

    @Test("Property parser: numbers, bools, null, dates, quoted strings")
    func properties() throws {
        let parsed = try PropertyParser.parse("a=1, b=-2.5e1, c=false, d=null, e=2026-03-01, f=\"x = y\", g=hello")
            .get()
        #expect(
            parsed.properties == [
                "a": .number(1), "b": .number(-25), "c": .bool(false), "d": .null,
                "e": .string("2026-03-01"), "f": .string("x = y"), "g": .string("hello"),
            ])
        #expect(parsed.summary.contains("e (date-looking string)"))
        #expect(try PropertyParser.parse("none").get().properties.isEmpty)
    }

    @Test("R2: the property prompt reads $date:ISO-8601 as a date value and refuses a bad one")
    func dateValueInPrompt() throws {
        let parsed = try PropertyParser.parse("when=$date:2026-01-01T10:00:00.250Z, text=2026-01-01").get()
        #expect(parsed.properties == ["when": .date(1_767_261_600.25), "text": .string("2026-01-01")])
        #expect(parsed.summary == "when (date), text (date-looking string)")
        #expect(
            throws: PropertyParser.Failure.badDate("when=$date:soon"),
            performing: { try PropertyParser.parse("when=$date:soon").get() })
        #expect(throws: PropertyParser.Failure.self) { try PropertyParser.parse("novalue").get() }
    }
}

/// Why-not's "find a way" (explore.md, "In the simulator"): from the current state, off the
/// main loop, offered in the panel, played through the reducer's own path.
@Suite("Find a way from why-not")
struct FindAWayTests {
    /// After `promo` showed at 0.5 and was dismissed: why-not on it (P2 holds it until 30.5), then `W`.
    static func asked() -> (Simulator, WayRequest?) {
        var sim = InteractiveSimulatorTests.promoShownAndDismissed()
        sim.send(.key(.enter), mono: 0, expecting: [])
        let effects = sim.handle(.key(.character("W")), mono: 0)
        #expect(Simulator.effectLines(effects) == ["find a way 1"])
        guard case .findWay(let request)? = effects.last else { return (sim, nil) }
        return (sim, request)
    }

    @Test("W searches from the current state; the answer is offered; y plays it as steps, and it shows")
    func findAndPlay() throws {
        var (sim, request) = Self.asked()
        let search = try #require(request)
        #expect(sim.whyNot?.way == "finding a way…")
        sim.send(.wayFound(search.find()), mono: 0, expecting: [])
        #expect(
            sim.whyNot?.way
                == "a way in 2: wait to 30.5, customEvent cart_add · y/Enter plays it, n/Esc not")
        #expect(sim.clock.held, "the clock still waits for the person")
        sim.send(
            .key(.character("y")), mono: 0,
            expecting: [
                "  30.500  event                             custom_event:cart_add",
                "  30.500  trigger_matched   promo", "  30.500  performed         promo",
                "  30.500  stacked           promo           new  stack=[promo]  depth=1",
                "  30.500  offered           promo           eligible_moment",
                "  30.500  displayed         promo           impression",
            ])
        #expect(sim.now == 30.5)
        #expect(sim.engine.state.visible?.pending.id == "promo")
        #expect(sim.whyNot == nil)
        #expect(sim.ui.status?.text == "played a way of 2 moves: promo displayed")
        #expect(
            sim.session.steps.map(\.action) == [
                .launch, .customEvent(name: "cart_add", properties: [:]), .dismiss,
                .customEvent(name: "cart_add", properties: [:]),
            ])
    }

    @Test("n puts the way away and keeps why-not open; an answer to a state since changed is not offered")
    func dismissAndStale() throws {
        var (sim, request) = Self.asked()
        let search = try #require(request)
        sim.send(.wayFound(search.find()), mono: 0, expecting: [])
        sim.send(.key(.character("n")), mono: 0, expecting: [])
        #expect(sim.whyNot?.triggerID == "promo")
        #expect(sim.whyNot?.way == nil)
        #expect(sim.now == 0.5)

        var (moved, again) = Self.asked()
        let stale = try #require(again)
        moved.send(
            .key(.character("k")), mono: 0, expecting: ["   0.500  app                               keyboard  up"])
        moved.send(.wayFound(stale.find()), mono: 0, expecting: [])
        #expect(moved.whyNot?.way == nil)
        #expect(moved.ui.status?.text == "the state changed while searching: W searches again")
    }

    @Test("W on the clock: a clock that says stop at its tenth ask ends the search there, and the panel says so")
    func findOnTheClock() throws {
        let (_, request) = Self.asked()
        let search = try #require(request)
        var asks = 0
        let found = search.find {
            asks += 1
            return asks > 9
        }
        // Asked at every piece of work, never again once it said stop (issue 48).
        #expect(asks == 10)
        #expect(found.moves == nil)
        #expect(found.line.hasPrefix("no way within 0 moves (stopped by the time limit)"), "\(found.line)")
    }

    @Test("without why-not open, W says how to use it")
    func withoutWhyNot() {
        var sim = InteractiveSimulatorTests.launched()
        sim.send(.key(.character("W")), mono: 0, expecting: [])
        #expect(sim.ui.status?.text == "W finds a way from why-not: select a trigger, Enter, then W")
    }
}

/// Issue 44, finding 5: the trace lists the newest first; its keys do what the help says, at
/// once, focused or not, and leaving the focus moves nothing.
@Suite("Trace keys (newest first)")
struct TraceKeyTests {
    static func long() -> Simulator {
        var sim = InteractiveSimulatorTests.launched()
        for index in 0..<40 { _ = sim.act(.customEvent(name: "e\(index)", properties: [:]), mono: 0) }
        #expect(sim.trace.count > 3 * sim.tracePage)
        return sim
    }

    @Test("focused: PgDn / PgUp move the cursor a page, End / Home to the oldest / newest, the list follows")
    func focused() {
        var sim = Self.long()
        _ = sim.perform(.focus, mono: 0)
        #expect(sim.ui.focus == .trace)
        let page = sim.tracePage
        let top = sim.ui.traceCursor
        _ = sim.perform(.pageDown, mono: 0)
        #expect(sim.ui.traceCursor == top + page)
        #expect(sim.ui.traceCursor < sim.ui.traceScroll + page && sim.ui.traceCursor >= sim.ui.traceScroll)
        _ = sim.perform(.bottom, mono: 0)
        #expect(sim.ui.traceCursor == sim.panelTrace.count - 1)
        #expect(sim.ui.traceScroll == sim.panelTrace.count - page)
        _ = sim.perform(.pageUp, mono: 0)
        #expect(sim.ui.traceCursor == sim.panelTrace.count - 1 - page)
        let scroll = sim.ui.traceScroll
        _ = sim.perform(.focus, mono: 0) // the focus leaves: the list stays where it is
        #expect(sim.ui.focus == .triggers)
        #expect(sim.ui.traceScroll == scroll)
        _ = sim.perform(.focus, mono: 0)
        _ = sim.perform(.top, mono: 0)
        #expect(sim.ui.traceCursor == 0)
        #expect(sim.ui.traceScroll == 0)
    }

    @Test("unfocused: PgDn goes down the list to older records, PgUp back up; Home the top, End the last page")
    func unfocused() {
        var sim = Self.long()
        #expect(sim.ui.focus == .triggers)
        let page = sim.tracePage
        _ = sim.perform(.pageDown, mono: 0)
        #expect(sim.ui.traceScroll == page)
        _ = sim.perform(.pageUp, mono: 0)
        #expect(sim.ui.traceScroll == 0)
        _ = sim.perform(.bottom, mono: 0)
        #expect(sim.ui.traceScroll == sim.trace.count - page)
        _ = sim.perform(.pageDown, mono: 0)
        #expect(sim.ui.traceScroll == sim.trace.count - page)
        _ = sim.perform(.top, mono: 0)
        #expect(sim.ui.traceScroll == 0)
    }
}
