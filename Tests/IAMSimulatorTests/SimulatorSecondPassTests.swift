import IAMEngine
import IAMRender
import IAMScenario
import Testing

@testable import IAMSimulator

/// The simulator's second pass: what the screen says must be what the engine will do.
@Suite("Simulator second pass (reducer and screen at 80×24)")
struct SimulatorSecondPassTests {
    /// `promo` on the global 30 s interval, `quick` with its own 2 s.
    static let scenario = Scenario(
        name: "Second pass",
        settings: Settings(minimumTriggerInterval: 30),
        triggers: [
            Trigger(
                id: "promo", conditions: [.customEvent(name: "go")], reEligibility: 0,
                message: Message(kind: .modal, text: "Sale", header: "Sale", close: .swipe)),
            Trigger(
                id: "quick", conditions: [.customEvent(name: "q")], minSecondsSinceLastTrigger: 2, reEligibility: 0,
                message: Message(kind: .slideup, text: "Quick", close: .swipe)),
        ])

    static func launched(_ scenario: Scenario = scenario) -> Simulator {
        var sim = Simulator(
            scenario: scenario, title: "Second pass", options: InteractiveOptions(paused: true), asciiOnly: false,
            mono: 0)
        sim.send(
            .key(.character("l")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  2 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        sim.send(
            .key(.character(".")), mono: 0,
            expecting: [
                "   0.500  delivery_completed                 2 triggers",
                "   0.500  no_match                          open",
            ]) // to the delivery
        return sim
    }

    static func screen(_ sim: Simulator, width: Int = 80, height: Int = 24) -> [String] {
        sim.frame(width: width, height: height).grid.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// An event by the `e` form (name, then no properties).
    static func event(_ sim: inout Simulator, _ name: String) {
        press(&sim, "e")
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        press(&sim, name)
        sim.send(.key(.enter), mono: 0, expecting: [])
        _ = sim.handle(.key(.enter), mono: 0)
    }

    @Test("NEXT TRIGGER ALLOWED counts down to the trigger that can fire first, with its own interval")
    func nextTriggerOwnInterval() {
        var sim = Self.launched()
        Self.event(&sim, "go") // promo shows at 0.5
        press(&sim, "d") // dismissed
        #expect(sim.trace.contains { $0.kind == .displayed && $0.message == "promo" })
        let lines = Self.screen(sim)
        let header = lines.firstIndex { $0.contains("NEXT TRIGGER ALLOWED") }
        #expect(header == 1)
        // The global interval counts down (issue 44); quick comes sooner: 0.5 + 2 = 2.5, two
        // seconds from now.
        #expect(lines[2].hasSuffix("in 30.0 s ░░░░░░░░ global"), "\(lines[2])")
        #expect(lines[3].hasSuffix("sooner, in 2.0 s: quick (own interval)"), "\(lines[3])")
        // The selected trigger (promo, the first) has its own countdown below.
        #expect(lines[4].hasSuffix("promo in 30.0 s (P2)"), "\(lines[4])")
        // And the engine agrees: an event for quick 2 s later fires.
        sim.send(.key(.character("f")), mono: 0, expecting: [])
        sim.send(.key(.character("f")), mono: 0, expecting: [])
        Self.event(&sim, "q")
        #expect(sim.trace.contains { $0.kind == .displayed && $0.message == "quick" })
    }

    @Test("Why-not during the launch's delivery: when it arrives and that events wait (D3)")
    func whyNotDuringDelivery() {
        var sim = Simulator(
            scenario: Self.scenario, title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        press(&sim, "l")
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(
            sim.whyNotPanel(for: "promo").gates.first?.detail
                == "delivery in flight: arrives at 0.500; events raised until then wait for it (D3)")
    }

    @Test("Delegate prompt: answer, id=answer, …; typos and unknown ids refused by name")
    func delegateAnswers() {
        var sim = Self.launched()
        press(&sim, "g")
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        press(&sim, "controller")
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.step == "delegate 2/2")
        func submit(_ text: String) {
            sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
            press(&sim, text)
            _ = sim.handle(.key(.enter), mono: 0)
        }
        submit("now, promo=dicard")
        #expect(sim.ui.status?.text == "promo: \"dicard\" is not an answer: now, later, discard or reenqueue")
        submit("now, promt=discard")
        #expect(sim.ui.status?.text == "promt: no message or trigger of that id in this session")
        submit("now, later")
        #expect(sim.ui.status?.text == "two answers for every message (now, later): give one")
        submit("now, promo=discard, promo=later")
        #expect(sim.ui.status?.text == "promo is answered twice")
        #expect(sim.ui.prompt?.step == "delegate 2/2")
        submit("later, promo=discard, quick=now")
        #expect(sim.ui.prompt == nil)
        #expect(sim.engine.state.delegate.answer == .later)
        #expect(sim.engine.state.delegate.answers == ["promo": .discard, "quick": .now])
        #expect(
            sim.ui.status?.text
                == "delegate: beforeInAppMessageDisplayed: answers ABKDisplayInAppMessageLater; "
                + "promo ABKDiscardInAppMessage, quick ABKDisplayInAppMessageNow")
        // The session log's step names every answer; the side panel lists them on one line.
        #expect(sim.session.steps.last?.note == "recorded: delegate controller → later, promo → discard, quick → now")
        let lines = Self.screen(sim, width: 120, height: 40)
        #expect(lines.contains { $0.hasSuffix("DELEGATE controller → later") })
        #expect(lines.contains { $0.contains(" promo → discard, quick → now") })
        // The prompt offers the answers as they stand.
        press(&sim, "g")
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.defaultValue == "later, promo=discard, quick=now")
    }

    @Test("Web has no ui_keyboard method: the prompt neither offers nor takes it; the device is named per platform")
    func perPlatformNames() {
        var sim = Self.launched()
        #expect(Self.screen(sim)[1].hasPrefix("┌─ iPhone · portrait ─"))
        for _ in 0..<3 { press(&sim, "P") } // ios → swift → android → web
        #expect(sim.engine.state.settings.profile.name == "web")
        #expect(Self.screen(sim)[1].hasPrefix("┌─ browser · portrait ─"))
        press(&sim, "g")
        #expect(sim.ui.prompt?.choices == ["none", "controller"])
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        press(&sim, "ui_keyboard")
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(
            sim.ui.status?.text == "ui_keyboard: web has no such delegate method; one of none or controller")
        sim.send(.key(.escape), mono: 0, expecting: ["discard pending input"])
        press(&sim, "P") // back to ios
        press(&sim, "P") // swift
        press(&sim, "P") // android
        #expect(Self.screen(sim)[1].hasPrefix("┌─ Android · portrait ─"))
    }

    @Test("Key bar at 80 columns: with a modal on screen, click, its buttons and dismiss come first")
    func keyBarModal() {
        var sim = Self.launched()
        Self.event(&sim, "go") // promo (a MODAL) on screen
        #expect(sim.engine.state.visible?.pending.id == "promo")
        #expect(Self.screen(sim).last?.hasPrefix(" c click  d dismiss  ") == true)
        var buttons = Self.scenario
        buttons.triggers[0].message.buttons = [Button(id: "ok", text: "OK")]
        var withButtons = Self.launched(buttons)
        Self.event(&withButtons, "go")
        #expect(Self.screen(withButtons).last?.hasPrefix(" c click  1 2 button  d dismiss  ") == true)
        // A key bar entry clicked runs its command.
        withButtons.send(
            .hit(.command(KeyCommand.dismiss.tag)), mono: 0,
            expecting: ["   0.500  dismissed         promo           user"])
        #expect(withButtons.engine.state.visible == nil)
    }

    @Test("PgUp and PgDn move the trace by the records one page shows; q quits the too-small screen")
    func pageByVisibleRows() {
        var sim = Self.launched()
        sim.send(.resize(width: 80, height: 24), mono: 0, expecting: [])
        for _ in 0..<6 { Self.event(&sim, "nothing") }
        let page = sim.frame(width: 80, height: 24).tracePage
        #expect(page > 0 && page < 10)
        // Newest first: PgDn goes down the list, to older records; PgUp back up.
        sim.send(.key(.pageDown), mono: 0, expecting: [])
        #expect(sim.ui.traceScroll == page)
        sim.send(.key(.pageUp), mono: 0, expecting: [])
        #expect(sim.ui.traceScroll == 0)
        sim.send(.resize(width: 60, height: 20), mono: 0, expecting: [])
        #expect(sim.handle(.key(.character("q")), mono: 0) == [.quit])
    }

    @Test("A save goes out as an effect and its result comes back in as an input")
    func saveThroughTheReducer() throws {
        var sim = Self.launched()
        let request = try #require(sim.handle(.key(.character("S")), mono: 0).saveRequest)
        #expect(request.steps == 1 && sim.ui.status?.text == "saving the session (1 step)…")
        sim.send(.saved(.success(.init(path: "s.json", steps: 1, until: request.until))), mono: 0, expecting: [])
        #expect(sim.ui.status?.text == "saved 1 step to s.json (until 0.500): iamterm run s.json replays it")
        sim.send(.saved(.failure(.init(message: "cannot write s.json"))), mono: 0, expecting: [])
        #expect(sim.ui.status == .init("cannot write s.json", kind: .error))
    }

    @Test("A save being written: S waits its turn, the answer frees it, and a restart keeps waiting for it")
    func oneSaveAtATime() throws {
        var sim = Self.launched()
        sim.send(.key(.character("S")), mono: 0, expecting: ["save 1 steps until 0.500"])
        #expect(sim.saving && sim.ui.status?.text == "saving the session (1 step)…")
        sim.send(.key(.character("S")), mono: 0, expecting: [])
        #expect(sim.ui.status == .init("still writing the last save: S again once it is saved", kind: .warning))
        sim.send(.saved(.success(.init(path: "s.json", steps: 1, until: 0.5))), mono: 0, expecting: [])
        #expect(!sim.saving)
        sim.send(.key(.character("S")), mono: 0, expecting: ["save 1 steps until 0.500"])
        // `0` then `y`: the new session hears the old one's save come back.
        sim.send(.key(.character("0")), mono: 0, expecting: [])
        sim.send(
            .key(.character("y")), mono: 0, expecting: ["   0.000  app                               profile  ios"])
        #expect(sim.session.steps.isEmpty && sim.saving)
        sim.send(.key(.character("S")), mono: 0, expecting: [])
        sim.send(.saved(.failure(.init(message: "s.json: no space left on device"))), mono: 0, expecting: [])
        #expect(!sim.saving && sim.ui.status == .init("s.json: no space left on device", kind: .error))
    }

    @Test("Quitting while a save is being written: quit goes out, and the status says the save is finished first")
    func quitWhileSaving() throws {
        var sim = Self.launched()
        sim.send(.key(.character("S")), mono: 0, expecting: ["save 1 steps until 0.500"])
        sim.send(.key(.character("q")), mono: 0, expecting: ["quit"])
        #expect(sim.ui.status?.text == "quitting once the save is written…")
        var idle = Self.launched()
        idle.send(.key(.character("q")), mono: 0, expecting: ["quit"])
        #expect(idle.ui.status?.text != "quitting once the save is written…")
    }

    @Test("The save carries the session's values; its text is made when asked, the same as before")
    func saveCarriesValues() throws {
        var sim = Self.launched()
        let request = try #require(sim.handle(.key(.character("S")), mono: 0).saveRequest)
        #expect(request.timeline == sim.session.steps && request.until == sim.now)
        #expect(
            request.text
                == RecordedScenario.text(
                    source: sim.session.source, timeline: sim.session.steps, until: sim.now,
                    profile: sim.scenario.settings.profile))
    }

    @Test("A 10,000 × 5,000 terminal is drawn in its first 1,000 × 500 cells, not in gigabytes of grid")
    func hugeTerminal() {
        let sim = Self.launched()
        let frame = sim.frame(width: 10_000, height: 5_000)
        #expect(frame.grid.width == 1_000 && frame.grid.height == 500)
        #expect(frame.grid.rowText(0).hasPrefix(" iamterm · Second pass"))
        let normal = sim.frame(width: 120, height: 40)
        #expect(normal.grid.width == 120 && normal.grid.height == 40)
    }

    @Test("Split view: P never puts the right device's platform on the left; 0 keeps the split open")
    func splitStaysDistinct() {
        var sim = Self.launched()
        press(&sim, "V")
        #expect(sim.split?.engine.state.settings.profile.name == "swift")
        press(&sim, "P")
        #expect(sim.engine.state.settings.profile.name == "android")
        press(&sim, "PP") // web, then ios (swift skipped)
        #expect(sim.engine.state.settings.profile.name == "ios")
        press(&sim, "0")
        press(&sim, "y")
        #expect(sim.now == 0 && sim.split?.engine.state.settings.profile.name == "swift")
        #expect(Self.screen(sim).joined().contains("B swift"))
        // Enter shows why-not in the column; Tab then Enter on the trace shows a record, whole.
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(Self.screen(sim).contains { $0.contains("WHY NOT") })
        sim.send(.key(.escape), mono: 0, expecting: [])
        // The split's traces leave out the profile records: a launch gives A's trace records.
        press(&sim, "l")
        sim.send(.key(.tab), mono: 0, expecting: [])
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.recordDetail?.json == sim.split?.left.last.map(TraceFormat.json))
        #expect(Self.screen(sim).contains { $0.contains("RECORD #") })
    }

    @Test("A lesson's introduction is its first note, whole with N; load warnings and long messages read whole")
    func readableWhole() {
        var scenario = Self.scenario
        scenario.description = String(repeating: "This lesson shows the minimum interval at work. ", count: 4)
        scenario.timeline = [TimelineStep(at: 0, action: .launch, note: "Launch.")]
        var sim = Simulator(
            scenario: scenario, title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        sim.openLesson()
        press(&sim, "N")
        let text = Self.screen(sim).joined(separator: "\n")
        #expect(text.contains("NOTE introduction"))
        #expect(text.contains("│   lesson shows the minimum interval at work.\n"))
        #expect(text.contains("lesson, 1 step: > applies it with its note; N: intro"))
        press(&sim, ">")
        #expect(sim.ui.note?.text == "Launch.")
        // Warnings the file loaded with are on the status line; a cut message says m shows it.
        sim.showLoadWarnings(["f.json: $.triggers[0].priority: 1.5 is not an integer; read as 1"])
        let status = Self.screen(sim)[22]
        #expect(status.hasSuffix("…  m: whole"))
        press(&sim, "m")
        let whole = Self.screen(sim)
        #expect(whole[1].hasSuffix("LAST MESSAGE m or Esc closes"))
        #expect(whole[2].hasSuffix("1 load warning: f.json: $.triggers[0].priority: 1.5"))
        #expect(whole[3].hasSuffix("is not an integer; read as 1"))
    }

    @Test("A long modal header ends with …; one long state does not narrow every trigger's id")
    func cutsShow() {
        var scenario = Self.scenario
        scenario.triggers[0].message.header = "A header far too long to fit in two lines of a small phone modal at all"
        scenario.triggers[1].id = "quick-trigger-id"
        var sim = Self.launched(scenario)
        let before = Self.screen(sim).first { $0.contains("quick-trigger-id") }
        // Disabled on the server while delivered: its state gains ", gone next session (disabled)".
        press(&sim, "s")
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        press(&sim, "promo")
        sim.send(
            .key(.enter), mono: 0,
            expecting: ["   0.500  app               promo           campaign  disabled on the server"])
        let after = Self.screen(sim)
        #expect(after.contains { $0.hasSuffix("● promo              eligible, gone next session (d…") })
        #expect(after.first { $0.contains("quick-trigger-id") } == before)
        Self.event(&sim, "go")
        let modal = Self.screen(sim).map { String($0.prefix(23)) }.filter { $0.hasPrefix("│ │") }
        #expect(Array(modal.prefix(2)) == ["│ │ A header far too  │", "│ │  long to fit in…  │"])
    }
}

/// Types `text`, one key per character, at mono time 0.
private func press(_ sim: inout Simulator, _ text: String) {
    for ch in text { _ = sim.handle(.key(.character(ch)), mono: 0) }
}

extension [Simulator.Effect] {
    /// The save the reducer asked for, if any.
    var saveRequest: SaveRequest? {
        for case .save(let request) in self { return request }
        return nil
    }
}
