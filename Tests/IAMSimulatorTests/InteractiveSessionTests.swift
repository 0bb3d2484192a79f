import IAMEngine
import IAMRender
import IAMScenario
import Testing

@testable import IAMSimulator

#if canImport(Glibc)
    import Glibc
#endif

/// terminal-ui.md "Revision 2": the clock waits for people, starting again, searching the
/// trace, notes, and keys that do nothing say so.
@Suite("Interactive sessions (reducer, revision 2)")
struct InteractiveSessionTests {
    typealias Base = InteractiveSimulatorTests

    static let noted = Scenario(
        name: "Noted",
        settings: Settings(minimumTriggerInterval: 30),
        triggers: Base.scenario.triggers,
        timeline: [
            TimelineStep(at: 0, action: .launch, note: "the app starts"),
            TimelineStep(
                at: 2, action: .customEvent(name: "cart_add", properties: [:]), note: "a cart event shows promo"),
            TimelineStep(at: 4, action: .background),
        ]
    )

    /// A running (not paused) simulator at monotonic time 0.
    static func running(_ scenario: Scenario = Base.scenario, play: Bool = false) -> Simulator {
        Simulator(
            scenario: scenario, title: "t", options: InteractiveOptions(play: play), asciiOnly: false, mono: 0)
    }

    @Test(
        "The clock stands still while a prompt is open and resumes where it was; the event is stamped when the prompt opened"
    )
    func clockHeldDuringPrompt() {
        var sim = Self.running()
        sim.send(
            .key(.character("l")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  4 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        _ = sim.tick(mono: 2.6)
        #expect(sim.now == 2.6)
        sim.send(.key(.character("e")), mono: 2.6, expecting: [])
        #expect(sim.clock.held)
        #expect(sim.wakeDelay(mono: 3) == nil, "no wake-ups while the person types")
        _ = sim.tick(mono: 8.0)
        #expect(sim.now == 2.6, "five seconds of typing move nothing")
        _ = Base.type(&sim, "cart_add", mono: 5)
        sim.send(.key(.enter), mono: 6, expecting: [])
        sim.send(
            .key(.enter), mono: 8.0,
            expecting: [
                "   2.600  event                             custom_event:cart_add",
                "   2.600  trigger_matched   promo", "   2.600  performed         promo",
                "   2.600  stacked           promo           new  stack=[promo]  depth=1",
                "   2.600  offered           promo           eligible_moment",
                "   2.600  displayed         promo           impression",
            ])
        #expect(sim.ui.prompt == nil && !sim.clock.held)
        let event = sim.trace.last { $0.kind == .event && $0.event?.name == "cart_add" }
        #expect(event?.t == 2.6)
        // It resumes from 2.6, not from 8.0: one more second of wall time is one second.
        _ = sim.tick(mono: 9.0)
        #expect(abs(sim.now - 3.6) < 1e-9)
    }

    @Test("Help and why-not hold the clock too; closing them resumes it")
    func clockHeldDuringHelpAndWhyNot() {
        var sim = Self.running()
        sim.send(.key(.character("?")), mono: 1, expecting: [])
        _ = sim.tick(mono: 5)
        #expect(sim.now == 1)
        sim.send(.key(.character("x")), mono: 5, expecting: []) // any key closes the help
        sim.send(.key(.enter), mono: 5, expecting: []) // why-not of the selected trigger
        #expect(sim.whyNot != nil && sim.clock.held)
        _ = sim.tick(mono: 9)
        #expect(sim.now == 1)
        sim.send(.key(.escape), mono: 9, expecting: [])
        _ = sim.tick(mono: 10)
        #expect(sim.now == 2)
    }

    @Test("0 restarts from t=0: the same trace as a fresh start; it asks first after manual actions")
    func restartMatchesAFreshStart() {
        func drive(_ sim: inout Simulator) {
            sim.send(
                .key(.character("r")), mono: 0,
                expecting: [
                    "   0.000  app                               launch",
                    "   0.000  session_started                   session 1",
                    "   0.000  delivery_started                  until=0.500  4 triggers",
                    "   0.000  event                             open",
                    "   0.000  event_queued                      open",
                ])
            _ = sim.tick(mono: 3)
            sim.send(
                .key(.character("k")), mono: 3,
                expecting: [
                    "   3.000  app                               keyboard  up",
                    "   3.000  dismissed         promo           keyboard",
                ])
            _ = sim.tick(mono: 6)
        }
        var fresh = Self.running(Self.noted)
        drive(&fresh)
        var restarted = Self.running(Self.noted)
        drive(&restarted)
        // one more manual action
        restarted.send(
            .key(.character("w")), mono: 7, expecting: ["   7.000  app                               network  offline"])
        restarted.send(.key(.character("0")), mono: 7, expecting: [])
        #expect(restarted.ui.confirm?.contains("(y/n)") == true)
        #expect(restarted.trace.count > 0, "nothing is thrown away before the answer")
        restarted.send(
            .key(.character("y")), mono: 7, expecting: ["   0.000  app                               profile  ios"])
        #expect(restarted.trace.map(\.reason) == [.profile] && restarted.now == 0 && restarted.ui.confirm == nil)
        // From here it must run exactly as the fresh one did (times shifted by 7 s of wall time).
        var again = restarted
        again.send(
            .key(.character("r")), mono: 7,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  4 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        _ = again.tick(mono: 10)
        again.send(
            .key(.character("k")), mono: 10,
            expecting: [
                "   3.000  app                               keyboard  up",
                "   3.000  dismissed         promo           keyboard",
            ])
        _ = again.tick(mono: 13)
        #expect(again.trace == fresh.trace)
        #expect(again.now == fresh.now && again.engine.state.app == fresh.engine.state.app)
    }

    @Test("0 without manual actions restarts at once; n keeps the session")
    func restartQuestion() {
        var sim = Self.running(Self.noted, play: true)
        _ = sim.tick(mono: 3)
        sim.send(
            .key(.character("0")), mono: 3, expecting: ["   0.000  app                               profile  ios"])
        #expect(
            sim.ui.confirm == nil && sim.trace.map(\.reason) == [.profile],
            "timeline steps alone are not worth asking about")
        _ = sim.tick(mono: 4)
        sim.send(.key(.character("b")), mono: 4, expecting: ["   1.000  app                               background"])
        let before = sim.trace
        sim.send(.key(.character("0")), mono: 4, expecting: [])
        sim.send(.key(.character("n")), mono: 4, expecting: [])
        #expect(sim.trace == before && sim.ui.confirm == nil)
    }

    @Test("R (fresh install) asks (y/n) first")
    func resetAsks() {
        var sim = Base.launched()
        sim.send(.key(.character("R")), mono: 0, expecting: [])
        #expect(sim.ui.confirm?.hasSuffix("(y/n)") == true)
        #expect(sim.engine.state.app == .foreground)
        sim.send(
            .key(.character("y")), mono: 0,
            expecting: [
                "   0.500  app                               reset",
                "   0.500  session_ended                     session 1",
            ])
        #expect(sim.engine.state.app == .notRunning)
    }

    @Test("O: a file that does not load is shown, not fatal; a good one replaces the session, speed kept")
    func openScenario() {
        var sim = Base.launched()
        sim.send(.key(.character("+")), mono: 0, expecting: [])
        let speed = sim.clock.speed
        sim.files = ScenarioFiles(
            load: { path in
                path == "good.json"
                    ? .success(
                        .init(
                            scenario: InteractiveSessionTests.noted, title: "Noted", warnings: ["good.json: a warning"],
                            source: .object([JSONMember(key: "name", value: .string("Noted"))])))
                    : .failure(.init(message: "\(path): line 3: expected a value"))
            },
            complete: { prefix in ["good.json", "gone/"].filter { $0.hasPrefix(prefix) } })
        sim.send(.key(.character("O")), mono: 0, expecting: [])
        _ = Base.type(&sim, "bad.json")
        // Enter asks the main loop to read the file; what it read comes back as an input.
        sim.send(.key(.enter), mono: 0, expecting: ["open bad.json"])
        #expect(sim.ui.prompt != nil && sim.scenario.name == "Sim test", "nothing changes until the answer")
        sim.send(.opened(path: "bad.json", sim.files.load("bad.json")), expecting: [])
        #expect(sim.ui.status?.kind == .error)
        #expect(sim.ui.status?.text.contains("line 3") == true)
        #expect(sim.ui.prompt != nil, "the prompt stays open to correct the path")
        #expect(sim.scenario.name == "Sim test" && sim.engine.state.app == .foreground)
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        _ = Base.type(&sim, "go")
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.text == "go" && sim.ui.prompt?.choices == ["good.json", "gone/"])
        _ = Base.type(&sim, "o")
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.text == "good.json", "Tab completes the path")
        sim.send(.key(.enter), mono: 0, expecting: ["open good.json"])
        sim.send(
            .opened(path: "good.json", sim.files.load("good.json")),
            expecting: ["   0.000  app                               profile  ios"])
        #expect(sim.scenario.name == "Noted" && sim.ui.title == "Noted")
        #expect(sim.trace.map(\.reason) == [.profile] && sim.clock.speed == speed)
        #expect(sim.ui.status?.text == "opened good.json; 1 load warning: good.json: a warning")
        // S saves a session of the new file, not of the first one.
        #expect(sim.session.source == .object([JSONMember(key: "name", value: .string("Noted"))]))
        #expect(sim.handle(.key(.character("S")), mono: 0).saveRequest?.text.contains(#""name": "Noted""#) == true)
    }

    @Test("A 100 KB paste stops at the prompt's limit and says so; Esc asks the loop to drop the rest")
    func pasteIsCapped() {
        var sim = Base.launched()
        sim.send(.key(.character("e")), mono: 0, expecting: [])
        for _ in 0..<100_000 { sim.send(.key(.character("x")), mono: 0, expecting: []) }
        #expect(sim.ui.prompt?.length == UIState.Prompt.maxLength)
        #expect(sim.ui.prompt?.text.count == UIState.Prompt.maxLength)
        #expect(sim.ui.status?.text.contains("limited") == true)
        #expect(sim.handle(.key(.escape), mono: 0) == [.discardPendingInput])
        #expect(sim.ui.prompt == nil)
    }

    @Test("/ finds the newest matching record first; / Enter again finds the next older one")
    func traceSearch() {
        var sim = Base.launched()
        for _ in 0..<3 {
            sim.send(
                .key(.character("b")), mono: 0, expecting: ["   0.500  app                               background"])
            sim.send(
                .key(.character("b")), mono: 0, expecting: ["   0.500  app                               foreground"])
        }
        let matches = sim.trace.indices.filter { sim.trace[$0].kind == .app }.reversed().map { $0 }
        #expect(matches.count >= 3)
        sim.send(.key(.character("/")), mono: 0, expecting: [])
        _ = Base.type(&sim, "APP ")
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.focus == .trace)
        #expect(sim.trace.count - 1 - sim.ui.traceCursor == matches[0])
        sim.send(.key(.character("/")), mono: 0, expecting: [])
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.trace.count - 1 - sim.ui.traceCursor == matches[1])
        // Enter on the line shows the whole record as JSON.
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.recordDetail?.json == TraceFormat.json(sim.trace[matches[1]]))
        let text = sim.frame(width: 100, height: 30).grid.text
        #expect(text.contains("RECORD") && text.contains("\"type\":\"app\""))
        sim.send(.key(.character("/")), mono: 0, expecting: [])
        _ = Base.type(&sim, "no such thing")
        sim.send(.key(.enter), mono: 0, expecting: [])
        #expect(sim.ui.status?.text.contains("no record matches") == true)
    }

    @Test("Tab moves the focus: ↑ ↓ then move over the trace instead of the triggers")
    func focus() {
        var sim = Base.launched()
        let selected = sim.ui.selectedTrigger
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.focus == .trace)
        sim.send(.key(.down), mono: 0, expecting: [])
        sim.send(.key(.down), mono: 0, expecting: [])
        #expect(sim.ui.traceCursor == 2 && sim.ui.selectedTrigger == selected)
        sim.send(.key(.tab), mono: 0, expecting: [])
        sim.send(.key(.down), mono: 0, expecting: [])
        #expect(sim.ui.selectedTrigger == selected + 1)
    }

    @Test("The step note stays until the next step and says when manual actions made it stale")
    func notes() {
        var sim = Self.running(Self.noted, play: true)
        _ = sim.tick(mono: 0.1)
        #expect(sim.ui.note?.text == "the app starts")
        _ = sim.tick(mono: 1.5)
        #expect(sim.ui.note?.step == 1, "still there between steps")
        sim.send(
            .key(.character("k")), mono: 1.5, expecting: ["   1.500  app                               keyboard  up"])
        #expect(sim.ui.note?.manualActionsSince == 1)
        #expect(sim.frame(width: 100, height: 30).grid.text.contains("may be stale"))
        _ = sim.tick(mono: 2.5)
        #expect(sim.ui.note?.text == "a cart event shows promo" && sim.ui.note?.manualActionsSince == 0)
        _ = sim.tick(mono: 4.5)
        #expect(sim.ui.note == nil, "a step without a note clears it")
    }

    @Test("Keys do nothing while the terminal is too small; q and Ctrl-C still quit")
    func tooSmall() {
        var sim = Base.launched()
        #expect(sim.handle(.resize(width: 79, height: 24), mono: 0).isEmpty)
        let before = sim
        for key in ["l", "R", "e", "0", "b"] {
            #expect(sim.handle(.key(.character(Character(key))), mono: 0).isEmpty)
        }
        #expect(sim.ui == before.ui && sim.trace == before.trace)
        #expect(sim.handle(.key(.character("q")), mono: 0) == [.quit])
        #expect(sim.handle(.key(.ctrl("c")), mono: 0) == [.quit])
        // Enlarged, keys act again.
        sim.send(.resize(width: 80, height: 24), mono: 0, expecting: [])
        sim.send(.key(.character("b")), mono: 0, expecting: ["   0.500  app                               background"])
        #expect(sim.engine.state.app != before.engine.state.app)
    }

    @Test("Unknown keys say so")
    func unknownKeys() {
        var sim = Base.launched()
        sim.send(.key(.character("Z")), mono: 0, expecting: [])
        #expect(sim.ui.status?.text.contains("no such key") == true)
        sim.send(.key(.function(5)), mono: 0, expecting: [])
        #expect(sim.ui.status?.text.contains("does nothing") == true)
    }

    @Test("With the clock paused, r says the timeline waits for the clock instead of stalling silently")
    func playWhilePaused() {
        var sim = Simulator(
            scenario: Self.noted, title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        sim.send(
            .key(.character("r")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  4 triggers",
                "   0.000  event                             open", "   0.000  event_queued                      open",
            ])
        #expect(sim.ui.timeline.playing)
        #expect(sim.ui.status?.text.contains("clock is paused") == true)
    }
}

extension InteractiveSessionTests {
    @Test("The help's pages at 80×24: PgDn and PgUp turn them, round; any other key closes it, on page 1 next time")
    func helpPages() {
        var sim = Base.launched()
        sim.send(.resize(width: 80, height: 24), expecting: [])
        var legend = sim.legend
        legend.help.insert(HelpRow(label: "Z", action: "a 39th key"), at: 0)
        sim.legend = legend
        sim.send(.key(.character("?")), expecting: [])
        #expect(sim.ui.helpVisible && sim.ui.helpPage == 0)
        func text() -> String { sim.frame(width: 80, height: 24).grid.text }
        #expect(text().contains("page 1/2") && text().contains("Z        a 39th key"))
        sim.send(.key(.pageDown), expecting: [])
        #expect(sim.ui.helpVisible && sim.ui.helpPage == 1)
        #expect(text().contains("page 2/2") && text().contains("q        quit (also Ctrl-C)"))
        #expect(!text().contains("Z        a 39th key"))
        sim.send(.key(.pageDown), expecting: [])
        #expect(sim.ui.helpPage == 0, "after the last page, the first")
        sim.send(.key(.pageUp), expecting: [])
        #expect(sim.ui.helpPage == 1)
        sim.send(.key(.character("x")), expecting: [])
        #expect(!sim.ui.helpVisible && sim.ui.helpPage == 0)
        // With the app's own keys, one page: PgDn closes it as any key does.
        sim.legend = KeyBinding.legend
        sim.send(.key(.character("?")), expecting: [])
        sim.send(.key(.pageDown), expecting: [])
        #expect(!sim.ui.helpVisible)
    }
}

/// Issue 44, findings 7 and 10: an `O` load error is read whole at 80×24 and outlives Esc; Tab
/// in a prompt completes what was typed instead of replacing it.
@Suite("Prompts keep what the person typed and saw")
struct PromptKeepsTests {
    static let error =
        "broken.json: triggers[3].trigger_condition[0].data.property_filters[0][1].comparator: expected one of "
        + "the comparators 1 to 17, not 42 (T3); nothing was loaded"

    @Test("O at 80×24: a long load error shows whole above the prompt, and Esc keeps it for m")
    func loadErrorWhole() {
        var sim = InteractiveSimulatorTests.launched()
        sim.send(.resize(width: 80, height: 24), mono: 0, expecting: [])
        sim.files = ScenarioFiles(load: { _ in .failure(.init(message: Self.error)) }, complete: { _ in [] })
        sim.send(.key(.character("O")), mono: 0, expecting: [])
        _ = InteractiveSimulatorTests.type(&sim, "broken.json")
        sim.send(.key(.enter), mono: 0, expecting: ["open broken.json"])
        sim.send(.opened(path: "broken.json", sim.files.load("broken.json")), expecting: [])
        let screen = sim.frame(width: 80, height: 24).grid.text
        // The rows right of the device, read in order without their spaces, hold it all.
        let right = screen.split(separator: "\n").map { String($0.dropFirst(26)).filter { $0 != " " } }.joined()
        #expect(right.contains(Self.error.filter { $0 != " " }), "\(screen)")
        sim.send(.key(.escape), mono: 0, expecting: ["discard pending input"])
        #expect(sim.ui.prompt == nil)
        #expect(sim.ui.status?.text == Self.error && sim.ui.status?.kind == .error)
        sim.send(.key(.character("m")), mono: 0, expecting: [])
        #expect(sim.ui.messageExpanded)
    }

    @Test("@: Tab completes android@ with android's versions, cycles among them, and keeps text nothing matches")
    func tabCompletesTyped() {
        var sim = InteractiveSimulatorTests.launched()
        sim.send(.key(.character("@")), mono: 0, expecting: [])
        #expect(sim.ui.prompt != nil)
        _ = InteractiveSimulatorTests.type(&sim, "android@")
        sim.send(.key(.tab), mono: 0, expecting: [])
        let first = sim.ui.prompt?.text ?? ""
        #expect(first.hasPrefix("android@") && first != "android@", "\(first)")
        sim.send(.key(.tab), mono: 0, expecting: [])
        let second = sim.ui.prompt?.text ?? ""
        #expect(second.hasPrefix("android@") && second != first, "\(second)")
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        _ = InteractiveSimulatorTests.type(&sim, "zz")
        sim.send(.key(.tab), mono: 0, expecting: [])
        #expect(sim.ui.prompt?.text == "zz")
        #expect(sim.ui.status?.text.contains("no choice starts with") == true)
    }
}

/// Issue 44, finding 12: at 80×24 the status block's lower rows (the delegate with its
/// per-message answers, analytics, the device) are reached with D, and the cut says so.
@Suite("The status block, whole")
struct StatusWholeTests {
    @Test("80×24: the cut block says D; D shows DELEGATE, ANALYTICS and the device; Esc closes")
    func statusWhole() {
        var sim = InteractiveSimulatorTests.launched()
        sim.send(.resize(width: 80, height: 24), mono: 0, expecting: [])
        _ = sim.act(.delegate(Delegate(implements: .controller, answer: .now, answers: ["promo": .discard])), mono: 0)
        let before = sim.frame(width: 80, height: 24).grid.text
        #expect(before.contains("more (D: all)"), "\(before)")
        #expect(!before.contains("DELEGATE"))
        sim.send(.key(.character("D")), mono: 0, expecting: [])
        let after = sim.frame(width: 80, height: 24).grid.text
        for words in ["DEVICE AND APP", "DELEGATE controller", "promo → discard", "phone portrait"] {
            #expect(after.contains(words), "\(words) in \(after)")
        }
        sim.send(.key(.escape), mono: 0, expecting: [])
        #expect(!sim.ui.statusExpanded)
    }
}
