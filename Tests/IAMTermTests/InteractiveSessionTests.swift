import IAMEngine
import IAMRender
import IAMScenario
import IAMTerminal
import Testing

@testable import IAMSimulator
@testable import IAMTerm

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
        _ = sim.handle(.key(.character("l")), mono: 0)
        _ = sim.tick(mono: 2.6)
        #expect(sim.now == 2.6)
        _ = sim.handle(.key(.character("e")), mono: 2.6)
        #expect(sim.clock.held)
        #expect(sim.wakeDelay(mono: 3) == nil, "no wake-ups while the person types")
        _ = sim.tick(mono: 8.0)
        #expect(sim.now == 2.6, "five seconds of typing move nothing")
        _ = Base.type(&sim, "cart_add", mono: 5)
        _ = sim.handle(.key(.enter), mono: 6)
        _ = sim.handle(.key(.enter), mono: 8.0)
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
        _ = sim.handle(.key(.character("?")), mono: 1)
        _ = sim.tick(mono: 5)
        #expect(sim.now == 1)
        _ = sim.handle(.key(.character("x")), mono: 5) // any key closes the help
        _ = sim.handle(.key(.enter), mono: 5) // why-not of the selected trigger
        #expect(sim.whyNot != nil && sim.clock.held)
        _ = sim.tick(mono: 9)
        #expect(sim.now == 1)
        _ = sim.handle(.key(.escape), mono: 9)
        _ = sim.tick(mono: 10)
        #expect(sim.now == 2)
    }

    @Test("0 restarts from t=0: the same trace as a fresh start; it asks first after manual actions")
    func restartMatchesAFreshStart() {
        func drive(_ sim: inout Simulator) {
            _ = sim.handle(.key(.character("r")), mono: 0)
            _ = sim.tick(mono: 3)
            _ = sim.handle(.key(.character("k")), mono: 3)
            _ = sim.tick(mono: 6)
        }
        var fresh = Self.running(Self.noted)
        drive(&fresh)
        var restarted = Self.running(Self.noted)
        drive(&restarted)
        _ = restarted.handle(.key(.character("w")), mono: 7) // one more manual action
        _ = restarted.handle(.key(.character("0")), mono: 7)
        #expect(restarted.ui.confirm?.contains("(y/n)") == true)
        #expect(restarted.trace.count > 0, "nothing is thrown away before the answer")
        _ = restarted.handle(.key(.character("y")), mono: 7)
        #expect(restarted.trace.map(\.reason) == [.profile] && restarted.now == 0 && restarted.ui.confirm == nil)
        // From here it must run exactly as the fresh one did (times shifted by 7 s of wall time).
        var again = restarted
        _ = again.handle(.key(.character("r")), mono: 7)
        _ = again.tick(mono: 10)
        _ = again.handle(.key(.character("k")), mono: 10)
        _ = again.tick(mono: 13)
        #expect(again.trace == fresh.trace)
        #expect(again.now == fresh.now && again.engine.state.app == fresh.engine.state.app)
    }

    @Test("0 without manual actions restarts at once; n keeps the session")
    func restartQuestion() {
        var sim = Self.running(Self.noted, play: true)
        _ = sim.tick(mono: 3)
        _ = sim.handle(.key(.character("0")), mono: 3)
        #expect(
            sim.ui.confirm == nil && sim.trace.map(\.reason) == [.profile],
            "timeline steps alone are not worth asking about")
        _ = sim.tick(mono: 4)
        _ = sim.handle(.key(.character("b")), mono: 4)
        let before = sim.trace
        _ = sim.handle(.key(.character("0")), mono: 4)
        _ = sim.handle(.key(.character("n")), mono: 4)
        #expect(sim.trace == before && sim.ui.confirm == nil)
    }

    @Test("R (fresh install) asks (y/n) first")
    func resetAsks() {
        var sim = Base.launched()
        _ = sim.handle(.key(.character("R")), mono: 0)
        #expect(sim.ui.confirm?.hasSuffix("(y/n)") == true)
        #expect(sim.engine.state.app == .foreground)
        _ = sim.handle(.key(.character("y")), mono: 0)
        #expect(sim.engine.state.app == .notRunning)
    }

    @Test("O: a file that does not load is shown, not fatal; a good one replaces the session, speed kept")
    func openScenario() {
        var sim = Base.launched()
        _ = sim.handle(.key(.character("+")), mono: 0)
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
        _ = sim.handle(.key(.character("O")), mono: 0)
        _ = Base.type(&sim, "bad.json")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.ui.status?.kind == .error)
        #expect(sim.ui.status?.text.contains("line 3") == true)
        #expect(sim.ui.prompt != nil, "the prompt stays open to correct the path")
        #expect(sim.scenario.name == "Sim test" && sim.engine.state.app == .foreground)
        _ = sim.handle(.key(.ctrl("u")), mono: 0)
        _ = Base.type(&sim, "go")
        _ = sim.handle(.key(.tab), mono: 0)
        #expect(sim.ui.prompt?.text == "go" && sim.ui.prompt?.choices == ["good.json", "gone/"])
        _ = Base.type(&sim, "o")
        _ = sim.handle(.key(.tab), mono: 0)
        #expect(sim.ui.prompt?.text == "good.json", "Tab completes the path")
        _ = sim.handle(.key(.enter), mono: 0)
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
        _ = sim.handle(.key(.character("e")), mono: 0)
        for _ in 0..<100_000 { _ = sim.handle(.key(.character("x")), mono: 0) }
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
            _ = sim.handle(.key(.character("b")), mono: 0)
            _ = sim.handle(.key(.character("b")), mono: 0)
        }
        let matches = sim.trace.indices.filter { sim.trace[$0].kind == .app }.reversed().map { $0 }
        #expect(matches.count >= 3)
        _ = sim.handle(.key(.character("/")), mono: 0)
        _ = Base.type(&sim, "APP ")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.ui.focus == .trace)
        #expect(sim.trace.count - 1 - sim.ui.traceCursor == matches[0])
        _ = sim.handle(.key(.character("/")), mono: 0)
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.trace.count - 1 - sim.ui.traceCursor == matches[1])
        // Enter on the line shows the whole record as JSON.
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.ui.recordDetail?.json == TraceFormat.json(sim.trace[matches[1]]))
        let text = sim.frame(width: 100, height: 30).grid.text
        #expect(text.contains("RECORD") && text.contains("\"type\":\"app\""))
        _ = sim.handle(.key(.character("/")), mono: 0)
        _ = Base.type(&sim, "no such thing")
        _ = sim.handle(.key(.enter), mono: 0)
        #expect(sim.ui.status?.text.contains("no record matches") == true)
    }

    @Test("Tab moves the focus: ↑ ↓ then move over the trace instead of the triggers")
    func focus() {
        var sim = Base.launched()
        let selected = sim.ui.selectedTrigger
        _ = sim.handle(.key(.tab), mono: 0)
        #expect(sim.ui.focus == .trace)
        _ = sim.handle(.key(.down), mono: 0)
        _ = sim.handle(.key(.down), mono: 0)
        #expect(sim.ui.traceCursor == 2 && sim.ui.selectedTrigger == selected)
        _ = sim.handle(.key(.tab), mono: 0)
        _ = sim.handle(.key(.down), mono: 0)
        #expect(sim.ui.selectedTrigger == selected + 1)
    }

    @Test("The step note stays until the next step and says when manual actions made it stale")
    func notes() {
        var sim = Self.running(Self.noted, play: true)
        _ = sim.tick(mono: 0.1)
        #expect(sim.ui.note?.text == "the app starts")
        _ = sim.tick(mono: 1.5)
        #expect(sim.ui.note?.step == 1, "still there between steps")
        _ = sim.handle(.key(.character("k")), mono: 1.5)
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
        _ = sim.handle(.resize(width: 80, height: 24), mono: 0)
        _ = sim.handle(.key(.character("b")), mono: 0)
        #expect(sim.engine.state.app != before.engine.state.app)
    }

    @Test("Unknown keys say so")
    func unknownKeys() {
        var sim = Base.launched()
        _ = sim.handle(.key(.character("Z")), mono: 0)
        #expect(sim.ui.status?.text.contains("no such key") == true)
        _ = sim.handle(.key(.function(5)), mono: 0)
        #expect(sim.ui.status?.text.contains("does nothing") == true)
    }

    @Test("With the clock paused, r says the timeline waits for the clock instead of stalling silently")
    func playWhilePaused() {
        var sim = Simulator(
            scenario: Self.noted, title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        _ = sim.handle(.key(.character("r")), mono: 0)
        #expect(sim.ui.timeline.playing)
        #expect(sim.ui.status?.text.contains("clock is paused") == true)
    }

    @Test("O's path completion on disk: entries of the typed directory that start with the rest, directories with /")
    func completionOnDisk() throws {
        let dir = "/tmp/iamterm-complete-\(getpid())"
        mkdir(dir, 0o755)
        mkdir(dir + "/ab", 0o755)
        let file = fopen(dir + "/a.json", "w")
        fclose(file)
        defer {
            unlink(dir + "/a.json")
            rmdir(dir + "/ab")
            rmdir(dir)
        }
        #expect(ScenarioFiles.disk.complete(dir + "/a") == [dir + "/a.json", dir + "/ab/"])
        #expect(ScenarioFiles.disk.complete(dir + "/z").isEmpty)
        #expect(
            ScenarioFiles.expandingHome("~/x").hasSuffix("/x") && !ScenarioFiles.expandingHome("~/x").hasPrefix("~"))
        guard case .failure(let failure) = ScenarioFiles.disk.load(dir + "/a.json") else {
            Issue.record("an empty file loaded")
            return
        }
        #expect(!failure.message.isEmpty)
    }
}
