import IAMEngine
import IAMRender
import IAMTerminal
import Testing

@testable import IAMSimulator
@testable import IAMTerm

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
        _ = sim.handle(.key(.character("l")), mono: 0)
        _ = sim.handle(.key(.character(".")), mono: 0) // to the delivery
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
        _ = sim.handle(.key(.character("e")), mono: 0)
        #expect(sim.ui.prompt?.defaultValue == "cart_add")
        #expect(sim.ui.prompt?.choices == ["cart_add", "video"])
        _ = sim.handle(.key(.tab), mono: 0)
        _ = sim.handle(.key(.tab), mono: 0)
        #expect(sim.ui.prompt?.text == "video")
        _ = sim.handle(.key(.ctrl("u")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0) // the default
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
        _ = sim.handle(.key(.character("e")), mono: 0)
        _ = sim.handle(.key(.escape), mono: 0)
        #expect(sim.ui.prompt == nil && sim.form == nil)
        _ = sim.handle(.key(.character("e")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = Self.type(&sim, "oops")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.ui.prompt?.text == "oops")
        #expect(sim.ui.status?.kind == .error)
    }

    @Test("P2: a second event within the interval is dropped; the side panel counts down")
    func rateLimit() {
        var sim = Self.launched()
        _ = sim.handle(.key(.character("e")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.character("d")), mono: 0)
        _ = sim.handle(.key(.character("f")), mono: 0) // +1 s
        _ = sim.handle(.key(.character("e")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.trace.contains { $0.kind == .triggerSkipped && $0.reason == .minInterval })
        #expect(sim.engine.state.visible == nil)
        let text = sim.frame(width: 100, height: 30).grid.text
        #expect(text.contains("NEXT TRIGGER ALLOWED"))
        #expect(text.contains("in 29.0 s"))
    }

    @Test("M4: clicks from keys and from mouse hotspots")
    func clicks() {
        var sim = Self.launched()
        _ = sim.handle(.key(.character("e")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        let frame = sim.frame(width: 100, height: 30)
        let button = frame.hotspots.first { $0.target == .messageButton(0) }
        #expect(button != nil)
        if let button {
            #expect(frame.target(atX: button.rect.x, y: button.rect.y) == .messageButton(0))
            _ = sim.handle(.hit(.messageButton(0)), mono: 0)
        }
        #expect(sim.engine.state.visible == nil)
        #expect(sim.trace.contains { $0.kind == .clicked && $0.button == "shop" })
    }

    @Test("L4, L6: keyboard up returns a message to the stack; display next shows it after the keyboard goes down")
    func keyboardAndDisplayNext() {
        var sim = Self.launched()
        _ = sim.handle(.key(.character("k")), mono: 0)
        _ = sim.handle(.key(.character("p")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.engine.state.stack.map(\.id) == ["thanks"])
        #expect(sim.trace.last { $0.kind == .returnedToStack }?.reason == .keyboardUp)
        _ = sim.handle(.key(.character("k")), mono: 0)
        #expect(sim.engine.state.visible == nil, "L2: keyboard down is not an eligible moment")
        _ = sim.handle(.key(.character("n")), mono: 0)
        #expect(sim.engine.state.visible?.pending.id == "thanks")
    }

    @Test("L3 step 5: rotating, then offering a portrait-only message discards it")
    func rotateDiscards() {
        var sim = Self.launched()
        _ = sim.handle(.key(.character("o")), mono: 0)
        #expect(sim.engine.state.device.orientation == .landscape)
        _ = sim.handle(.key(.character("e")), mono: 0)
        _ = Self.type(&sim, "video")
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.trace.last { $0.kind == .discarded }?.reason == .orientationMismatch)
    }

    @Test("Speed steps ×0.25…×16; space pauses and resumes; the clock follows monotonic time × speed")
    func clockAndSpeed() {
        var sim = Simulator(
            scenario: Self.scenario, title: "", options: InteractiveOptions(), asciiOnly: false, mono: 100)
        #expect(sim.clock.time(at: 102) == 2)
        _ = sim.handle(.key(.character("+")), mono: 102)
        #expect(sim.clock.speed == 2)
        #expect(sim.clock.time(at: 103) == 4)
        for _ in 0..<10 { _ = sim.handle(.key(.character("+")), mono: 103) }
        #expect(sim.clock.speed == 16)
        for _ in 0..<10 { _ = sim.handle(.key(.character("-")), mono: 103) }
        #expect(sim.clock.speed == 0.25)
        _ = sim.handle(.key(.character(" ")), mono: 103)
        #expect(sim.clock.paused)
        #expect(sim.clock.time(at: 500) == 4)
        #expect(sim.wakeDelay(mono: 500) == nil, "paused: no wake-ups at all")
        _ = sim.handle(.key(.character(" ")), mono: 500)
        #expect(sim.clock.time(at: 504) == 5)
    }

    @Test("Running, the wake-up is the next deadline or the next tenth, converted by speed")
    func wakeDelay() {
        var sim = Simulator(
            scenario: Self.scenario, title: "", options: InteractiveOptions(), asciiOnly: false, mono: 0)
        _ = sim.handle(.key(.character("l")), mono: 0)
        // The next tenth of simulation time at ×1.
        let delay = sim.wakeDelay(mono: 0.01) ?? -1
        #expect(delay > 0.039 && delay <= 0.09 + 1e-9)
        _ = sim.handle(.key(.character("-")), mono: 0.01)
        _ = sim.handle(.key(.character("-")), mono: 0.01) // ×0.25: a tenth takes 0.4 s of wall time
        let slow = sim.wakeDelay(mono: 0.01) ?? -1
        #expect(slow > 0.3 && slow <= 0.4 + 1e-9)
    }

    @Test("Timeline: r plays it on the clock; > applies the next step at once")
    func timeline() {
        var sim = Simulator(
            scenario: Self.scenario, title: "", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        _ = sim.handle(.key(.character(">")), mono: 0)
        #expect(sim.ui.timeline.index == 1)
        #expect(sim.engine.state.app == .foreground)
        _ = sim.handle(.key(.character("r")), mono: 0)
        #expect(sim.ui.timeline.playing)
        _ = sim.handle(.key(.character(".")), mono: 0) // delivery at 0.5
        _ = sim.handle(.key(.character(".")), mono: 0) // the step at 5
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
        var sim = Self.launched()
        _ = sim.handle(.key(.character("e")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        _ = sim.handle(.key(.character("d")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.whyNot?.triggerID == "promo")
        #expect(sim.whyNot?.gates.contains { $0.rule == .p2 && !$0.passes } == true)
        _ = sim.handle(.key(.character("F")), mono: 0)
        _ = sim.handle(.key(.character("F")), mono: 0)
        _ = sim.handle(.key(.character("F")), mono: 0)
        #expect(sim.whyNot?.gates.contains { $0.rule == .p2 && $0.passes } == true)
        _ = sim.handle(.key(.down), mono: 0)
        #expect(sim.whyNot?.triggerID == "portrait-only")
        _ = sim.handle(.hit(.triggerRow(2)), mono: 0)
        #expect(sim.ui.selectedTrigger == 2 && sim.whyNot?.triggerID == "thanks")
        _ = sim.handle(.key(.escape), mono: 0)
        #expect(sim.whyNot == nil)
    }

    @Test("Push click, local message, delegate, campaign toggle, network, device, background")
    func otherActions() {
        var sim = Self.launched()
        _ = sim.handle(.key(.character("u")), mono: 0)
        #expect(sim.ui.prompt?.defaultValue == "camp-1")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.trace.contains { $0.kind == .event && $0.event?.kind == .pushClick && $0.event?.name == "camp-1" })
        _ = sim.handle(.key(.character("d")), mono: 0)

        _ = sim.handle(.key(.character("a")), mono: 0)
        _ = Self.type(&sim, "slideup")
        _ = sim.handle(.key(.enter), mono: 0)
        _ = Self.type(&sim, "Hi there")
        _ = sim.handle(.key(.enter), mono: 0)
        _ = Self.type(&sim, "swipe")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.engine.state.visible?.pending.id == "local-1")
        #expect(sim.engine.state.visible?.pending.message.close == .swipe)
        _ = sim.handle(.key(.character("d")), mono: 0)

        _ = sim.handle(.key(.character("g")), mono: 0)
        #expect(sim.ui.prompt?.defaultValue == "none")
        _ = Self.type(&sim, "controller")
        _ = sim.handle(.key(.enter), mono: 0)
        _ = Self.type(&sim, "promo=discard")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.engine.state.delegate.implements == .controller)
        #expect(sim.engine.state.delegate.answers["promo"] == .discard)

        _ = sim.handle(.key(.character("s")), mono: 0)
        #expect(sim.ui.prompt?.defaultValue == "promo")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.engine.state.disabledCampaigns.contains("promo"))

        _ = sim.handle(.key(.character("w")), mono: 0)
        #expect(!sim.engine.state.online)
        _ = sim.handle(.key(.character("t")), mono: 0)
        #expect(sim.engine.state.device.kind == .tablet)
        _ = sim.handle(.key(.character("b")), mono: 0)
        #expect(sim.engine.state.app.isBackground)
        _ = sim.handle(.key(.character("b")), mono: 0)
        #expect(sim.engine.state.app == .foreground)
    }

    @Test("Every key in the help does something: handled by the reducer (no silent key)")
    func everyHelpKeyIsHandled() {
        for command in KeyCommand.allCases where command != .quit {
            var sim = Self.launched()
            sim.ui.selectedTrigger = 1 // so that "up" has somewhere to go
            sim.ui.traceScroll = 1 // and the trace keys
            if command == .escape { sim.ui.noteExpanded = true } // something for Esc to close
            let before = sim
            var quit = false
            let records = sim.perform(command, mono: 0, quit: &quit)
            let changed =
                !records.isEmpty || sim.ui != before.ui || sim.clock != before.clock
                || sim.whyNotTrigger != before.whyNotTrigger
            #expect(changed, "\(command) changed nothing")
            // Each key it is bound to reaches it.
            for key in command.binding?.keys ?? [] { #expect(KeyBinding.command(for: key) == command) }
        }
        var sim = Self.launched()
        #expect(sim.handle(.key(.character("q")), mono: 0) == [.quit])
        #expect(sim.handle(.key(.ctrl("c")), mono: 0) == [.quit])
    }

    @Test("Help overlay: ? opens it, any key closes it; key bar clicks act like keys")
    func helpAndKeyBar() {
        var sim = Self.launched()
        _ = sim.handle(.key(.character("?")), mono: 0)
        #expect(sim.ui.helpVisible)
        #expect(sim.frame(width: 100, height: 30).grid.text.contains("KEYS"))
        _ = sim.handle(.key(.character("x")), mono: 0)
        #expect(!sim.ui.helpVisible)
        let frame = sim.frame(width: 100, height: 30)
        #expect(frame.hotspots.contains { $0.target == .command(KeyCommand.help.tag) })
        _ = sim.handle(.hit(.command(KeyCommand.help.tag)), mono: 0)
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
