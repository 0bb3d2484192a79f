import Foundation
import IAMEngine
import IAMRender
import IAMScenario
import Testing

@testable import IAMSimulator

/// Issue 31: nothing a view says contradicts what the engine did (reducer and screen at 80×24).
@Suite("One truth on every screen (reducer and screen at 80×24)")
struct OneTruthTests {
    static func lesson(_ name: String) throws -> Simulator {
        let lesson = try #require(Lesson.named(name))
        let scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        var sim = Simulator(
            scenario: scenario, title: name, options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        sim.openLesson()
        return sim
    }

    static func screen(_ sim: Simulator, height: Int = 24) -> [String] {
        sim.frame(width: 80, height: height).grid.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    static func keys(_ sim: inout Simulator, _ text: String) {
        for ch in text { _ = sim.handle(.key(.character(ch)), mono: 0) }
    }

    @Test("A note whose step ran later than the scenario says so beside the trace (discards: >×4, f, >×3)")
    func noteSaysTheRunDiffers() throws {
        var sim = try Self.lesson("discards")
        Self.keys(&sim, ">>>>f>>>")
        #expect(sim.trace.contains { $0.t == 16 && $0.kind == .discarded && $0.message == "flash-sale" })
        let lines = Self.screen(sim)
        let note = try #require(lines.firstIndex { $0.contains("NOTE step 7/7") })
        #expect(lines[note + 1].hasSuffix(" this run: at 16.0, the note expects 15 (+1.0 s)"))
        // Without the clock moved, the run is the note's: nothing to say.
        var plain = try Self.lesson("discards")
        Self.keys(&plain, ">>>>>>>")
        #expect(plain.trace.contains { $0.t == 15 && $0.kind == .discarded && $0.message == "flash-sale" })
        #expect(!Self.screen(plain).joined().contains("this run"))
    }

    @Test("A note written for ios says so when the run is web (--profile web on the demo, or P in a lesson)")
    func noteSaysItsPlatform() throws {
        var scenario = try DemoScenario.load().scenario
        scenario.settings.profile = .web
        var options = InteractiveOptions(paused: true)
        options.notesProfile = "ios"
        var sim = Simulator(scenario: scenario, title: "demo", options: options, asciiOnly: false, mono: 0)
        Self.keys(&sim, ">")
        #expect(Self.screen(sim).contains { $0.hasSuffix(" this run: web, the note speaks of ios") })
        var lesson = try Self.lesson("discards")
        Self.keys(&lesson, ">")
        #expect(!Self.screen(lesson).joined().contains("this run"))
        Self.keys(&lesson, "P")
        #expect(lesson.engine.state.settings.profile.name == "swift")
        #expect(Self.screen(lesson).contains { $0.hasSuffix(" this run: swift, the note speaks of ios") })
    }

    @Test("The key bar says r pause while the timeline plays, r play while it does not")
    func keyBarPlayPause() throws {
        var sim = try Self.lesson("discards")
        #expect(Self.screen(sim)[23].contains("r play"))
        Self.keys(&sim, "r")
        #expect(sim.ui.timeline.playing)
        #expect(Self.screen(sim)[23].contains("r pause"), "\(Self.screen(sim)[23])")
        #expect(!Self.screen(sim)[23].contains("r play"))
    }

    @Test("O on a file that loads with warnings shows them, not only how many")
    func openShowsWarnings() throws {
        var sim = try Self.lesson("discards")
        let scenario = sim.scenario
        sim.files = ScenarioFiles(
            load: { _ in
                .success(
                    .init(
                        scenario: scenario, title: "w",
                        warnings: ["w.json: $.triggers[0].priority: 1.5 is not an integer; read as 1"], source: .null))
            }, complete: { _ in [] })
        Self.keys(&sim, "O")
        Self.keys(&sim, "w.json")
        sim.send(.key(.enter), mono: 0, expecting: ["open w.json"])
        sim.send(
            .opened(path: "w.json", sim.files.load("w.json")),
            expecting: ["   0.000  app                               profile  ios"])
        #expect(
            sim.ui.status?.text
                == "opened w.json; 1 load warning: w.json: $.triggers[0].priority: 1.5 is not an integer; read as 1")
        #expect(sim.ui.status?.kind == .warning)
    }

    @Test("NEXT TRIGGER ALLOWED at a strict window's very start is not ready (sdk-code-rows, >×5, X17, T2)")
    func nextTriggerAtTheWindowsEdge() throws {
        var sim = try Self.lesson("sdk-code-rows")
        Self.keys(&sim, ">>>>>")
        #expect(sim.now == 20)
        #expect(
            sim.trace.contains {
                $0.t == 20 && $0.kind == .triggerSkipped && $0.trigger == "launch-week"
                    && $0.reason == .outsideTimeWindow
            })
        let lines = Self.screen(sim)
        #expect(lines[1].hasSuffix("NEXT TRIGGER ALLOWED"))
        #expect(!lines[2].contains("ready"), "\(lines[2])")
        // Issue 44: the global interval counts down; launch-week comes sooner, held by T2.
        #expect(lines[2].hasSuffix("in 22.0 s ██░░░░░░ global"), "\(lines[2])")
        #expect(lines[3].hasSuffix("sooner, after 0.0 s: launch-week (T2)"), "\(lines[3])")
    }

    @Test("A lesson's note gets the rows it needs while the trace keeps its header and two records (80×24, 80×40)")
    func noteWhole() throws {
        var sim = try Self.lesson("sdk-code-rows")
        Self.keys(&sim, ">")
        #expect(Self.screen(sim).contains { $0.hasSuffix("`iamterm profiles` lists them with their confidence.") })
        // Taller, the note is no longer cut at four rows while the trace has rows to spare.
        Self.keys(&sim, ">>")
        let lines = Self.screen(sim, height: 40)
        let note = try #require(lines.firstIndex { $0.contains("NOTE step 3/6") })
        let trace = try #require(lines.firstIndex { $0.contains("TRACE newest first") })
        let text = lines[(note + 1)..<trace].map { $0.dropFirst(27).trimmingCharacters(in: .whitespaces) }
        #expect(!text.contains { $0.hasPrefix("+") && $0.hasSuffix("more") }, "\(text)")
        #expect(text.last?.hasSuffix("(X20).") == true, "\(text)")
        #expect(trace <= 40 - 2 - 3)
    }

    @Test("g with none: no answers asked for, none claimed; the message shows")
    func delegateNone() throws {
        var sim = SimulatorSecondPassTests.launched()
        Self.keys(&sim, "g")
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        Self.keys(&sim, "controller")
        sim.send(.key(.enter), mono: 0, expecting: [])
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        Self.keys(&sim, "now, promo=discard")
        sim.send(
            .key(.enter), mono: 0,
            expecting: ["   0.500  app                               delegate  controller -> now, promo=discard"])
        #expect(sim.engine.state.delegate.answers == ["promo": .discard])
        Self.keys(&sim, "g")
        sim.send(.key(.ctrl("u")), mono: 0, expecting: [])
        Self.keys(&sim, "none")
        sim.send(
            .key(.enter), mono: 0, expecting: ["   0.500  app                               delegate  none -> now"])
        #expect(sim.ui.prompt == nil)
        #expect(
            sim.ui.status?.text
                == "delegate: none, so no app answers: the SDK shows each message (later while the keyboard is up)")
        #expect(sim.engine.state.delegate == Delegate(implements: .none))
        #expect(sim.session.steps.last?.note == "recorded: delegate none")
        // A click on the second button: the file says "button": 1 (0-based), the note says both.
        #expect(Simulator.recordedNote(.click(button: 1)) == "recorded: click button 2 (\"button\": 1)")
        SimulatorSecondPassTests.event(&sim, "go")
        #expect(sim.trace.contains { $0.kind == .displayed && $0.message == "promo" })
    }
}

extension OneTruthTests {
    @Test("Why-not after a message nothing presented: P3 holds it, and the verdict says that performance never showed")
    func whyNotP3AfterADrop() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/examples/no-presenter.json")
        let data = try Data(contentsOf: url)
        let scenario = try ScenarioLoader.load(bytes: Array(data), file: "no-presenter.json").scenario
        var sim = Simulator(
            scenario: scenario, title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        Self.keys(&sim, ">>")
        while sim.ui.focus != .triggers { _ = sim.handle(.key(.tab), mono: 0) }
        sim.send(.key(.enter), mono: 0, expecting: [])
        let lines = Self.screen(sim)
        let title = try #require(lines.firstIndex { $0.contains("WHY NOT? cart-reminder") })
        #expect(lines[title + 1].hasSuffix(" blocked by P3 re-eligibility"))
        #expect(lines[title + 2].hasSuffix(" and by P2 minimum interval, L3 can show now"))
        #expect(lines.contains { $0.contains(" its last performance never showed: discarded") }, "\(lines)")
    }
}

extension OneTruthTests {
    @Test(
        "80×24: a lesson's last note is whole (sdk-code-rows >×6, finding-edge-cases >×8): the status gives it rows"
    )
    func lastNotesWhole() throws {
        for (name, steps, last) in [
            ("sdk-code-rows", 6, " (X58)."),
            ("finding-edge-cases", 8, "the hidden page (X65)."),
        ] {
            var sim = try Self.lesson(name)
            Self.keys(&sim, String(repeating: ">", count: steps))
            let lines = Self.screen(sim)
            let note = try #require(lines.firstIndex { $0.contains("NOTE step \(steps)/\(steps)") })
            let trace = try #require(lines.firstIndex { $0.contains("TRACE newest first") })
            let text = lines[(note + 1)..<trace].map { $0.dropFirst(26).trimmingCharacters(in: .whitespaces) }
            #expect(!text.contains { $0.hasPrefix("+") && $0.hasSuffix("more") }, "\(name): \(text)")
            #expect(lines[trace - 1].hasSuffix("  " + last), "\(name): \(lines[trace - 1])")
            #expect(trace == 24 - 2 - 3, "the trace keeps its header and two records")
        }
    }

    @Test("80×24 split: why-not longer than its column scrolls with PgDn and PgUp; the verdict stays on top")
    func whyNotScrolls() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/examples/no-presenter.json")
        let data = try Data(contentsOf: url)
        let scenario = try ScenarioLoader.load(bytes: Array(data), file: "no-presenter.json").scenario
        var sim = Simulator(
            scenario: scenario, title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        Self.keys(&sim, ">>V")
        sim.send(.key(.enter), mono: 0, expecting: [])
        let column = { Self.screen(sim).map { String($0.dropFirst(46)).trimmingCharacters(in: .whitespaces) } }
        let first = column()
        #expect(first[3] == "blocked by P3 re-eligibility")
        #expect(first[21] == "+8 more · PgDn", "\(first)")
        #expect(!first.contains("show it)"))
        sim.send(.key(.pageDown), mono: 0, expecting: [])
        sim.send(.key(.pageDown), mono: 0, expecting: [])
        let scrolled = column()
        #expect(scrolled[3] == "blocked by P3 re-eligibility")
        #expect(scrolled.contains { $0.hasPrefix("+") && $0.hasSuffix("above · PgUp") }, "\(scrolled)")
        #expect(scrolled[21] == "show it)", "the last line of the last gate: \(scrolled)")
        sim.send(.key(.pageUp), mono: 0, expecting: [])
        sim.send(.key(.pageUp), mono: 0, expecting: [])
        sim.send(.key(.pageUp), mono: 0, expecting: [])
        #expect(column() == first)
    }
}

extension OneTruthTests {
    @Test("80×24 split: P on A marks in A's trace where its platform changed; the records below are the old one's")
    func splitProfileSwitch() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/examples/no-presenter.json")
        let data = try Data(contentsOf: url)
        let scenario = try ScenarioLoader.load(bytes: Array(data), file: "no-presenter.json").scenario
        var sim = Simulator(
            scenario: scenario, title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        Self.keys(&sim, ">>VP")
        let column = Self.screen(sim).map { String($0.dropFirst(46)) }
        let header = try #require(column.firstIndex { $0.hasPrefix("TRACE A android") })
        #expect(column[header + 1] == "→ android from 5.0, ios before", "\(column)")
        #expect(column[header + 2].hasPrefix(" 5.0 discarded cart-reminder"))
        // The next record, android's own, goes above the mark.
        Self.keys(&sim, ">")
        let after = Self.screen(sim).map { String($0.dropFirst(46)) }
        let top = try #require(after.firstIndex { $0.hasPrefix("TRACE A android") })
        #expect(after[top + 2] == "→ android from 5.0, ios before", "\(after)")
    }
}

extension OneTruthTests {
    @Test("End shows the trace's last page, the oldest record at its bottom, not the oldest record alone (80×24)")
    func endShowsAPage() throws {
        var sim = try Self.lesson("discards")
        Self.keys(&sim, ">>>>")
        sim.send(.key(.end), mono: 0, expecting: [])
        let lines = Self.screen(sim)
        let header = try #require(lines.firstIndex { $0.contains("TRACE ↑") })
        #expect(lines[header + 1].hasSuffix("0.0 app                profile ios") == false, "\(lines)")
        #expect(lines[21].hasSuffix("0.0 app                profile ios"), "\(lines)")
    }
}
