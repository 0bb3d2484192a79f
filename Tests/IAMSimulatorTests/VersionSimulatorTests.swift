import IAMEngine
import IAMRender
import IAMScenario
import Testing

@testable import IAMSimulator

/// versions.md in the simulator: `@` types a platform with its version (the badge shows it),
/// the split view holds two versions of one platform, and `U` changes the user (R11).
@Suite("Interactive versions and the user (reducer)")
struct VersionSimulatorTests {
    typealias Sim = InteractiveSimulatorTests

    static func text(_ sim: Simulator) -> String {
        let grid = sim.frame(width: 80, height: 24).grid
        return (0..<grid.height).map(grid.rowText).joined(separator: "\n")
    }

    static func profileLine(_ name: String) -> String {
        "   0.500  app                               profile  " + name
    }

    /// `@`, what is typed, Enter.
    static func choose(_ sim: inout Simulator, _ name: String, expecting: [String]) {
        sim.send(.key(.character("@")), expecting: [])
        sim.send(.key(.ctrl("u")), expecting: [])
        #expect(Sim.type(&sim, name).isEmpty)
        sim.send(.key(.enter), expecting: expecting)
    }

    @Test("@ takes platform@version: the badge shows it; a bad one keeps the prompt and names the known range")
    func chooseVersion() {
        var sim = Sim.launched()
        sim.send(.key(.character("@")), expecting: [])
        #expect(sim.ui.prompt?.label == "platform@version")
        #expect(sim.ui.prompt?.defaultValue == "ios")
        #expect(sim.ui.prompt?.choices.first == "ios@2.19.0")
        #expect(Sim.type(&sim, "android@99").isEmpty)
        sim.send(.key(.enter), expecting: [])
        #expect(sim.ui.status?.text == "android@99.0.0 is outside the versions known: 1.13.0 to 43.0.0")
        #expect(sim.ui.prompt != nil)
        sim.send(.key(.escape), expecting: ["discard pending input"])
        Self.choose(&sim, "android@6.0.0", expecting: [Self.profileLine("android@6.0.0")])
        #expect(sim.engine.state.settings.profile.name == "android@6.0.0")
        #expect(sim.ui.status?.text.hasPrefix("profile android@6.0.0: ") == true)
        #expect(Self.text(sim).contains("[android@6.0.0]"))
        // P goes on from the version's platform.
        sim.send(.key(.character("P")), expecting: [Self.profileLine("web")])
        #expect(sim.engine.state.settings.profile.name == "web")
    }

    @Test("the split view holds two versions of one platform: A android@6.0.0, B android@37.0.0, parted at TS2")
    func splitVersions() throws {
        var sim = Sim.launched()
        Self.choose(&sim, "android@6.0.0", expecting: [Self.profileLine("android@6.0.0")])
        sim.send(.key(.character("V")), expecting: [])
        #expect(sim.split?.engine.state.settings.profile == .ios)
        sim.send(.key(.character("@")), expecting: [])
        #expect(sim.ui.prompt?.label == "B platform@version")
        sim.send(.key(.escape), expecting: ["discard pending input"])
        Self.choose(&sim, "android@6.0.0", expecting: [])
        #expect(sim.ui.status?.text == "A runs android@6.0.0 already: give B another platform or version")
        sim.send(.key(.escape), expecting: ["discard pending input"])
        Self.choose(&sim, "android@37.0.0", expecting: [])
        let split = try #require(sim.split)
        #expect(split.engine.state.settings.profile.name == "android@37.0.0")
        #expect(split.left == split.right)
        _ = sim.apply(.testSend(id: "qa", message: Message(kind: .modal, text: "Test")), at: 1, note: "")
        #expect(sim.split?.left.last.map(TraceFormat.text) == "   1.000  test_send         qa              waiting")
        #expect(sim.split?.right.last?.kind == .displayed)
        let text = Self.text(sim)
        #expect(text.contains("A android@6.0.0") && text.contains("B android@37.0.0"))
        #expect(text.contains("[android@6.0.0]"))
    }

    @Test("U asks for a user id and applies changeUser; a saved session holds the changeUser step and replays it")
    func changeUser() throws {
        var sim = Sim.launched()
        sim.send(.key(.character("U")), expecting: [])
        #expect(sim.ui.prompt?.defaultValue == "user-1")
        sim.send(.key(.enter), expecting: ["   0.500  user_changed                      user-1"])
        #expect(sim.session.steps.last?.action == .changeUser(id: "user-1"))
        let saved = sim.recordedScenario()
        let loaded = try ScenarioLoader.load(json: saved.text, file: "saved.json")
        #expect(loaded.scenario.timeline.last?.action == .changeUser(id: "user-1"))
        let replayed = ScenarioRunner.trace(loaded.scenario, until: saved.until).map(TraceFormat.text)
        #expect(replayed.last == sim.trace.last.map(TraceFormat.text))
    }

    @Test("V after P: each side replays the session through the runner (B without A's profile steps), as a run does")
    func splitReplay() throws {
        var sim = Sim.launched()
        sim.send(.key(.character("P")), expecting: [Self.profileLine("swift")])
        _ = sim.apply(.customEvent(name: "cart_add", properties: [:]), at: 1, note: "")
        _ = sim.apply(.keyboard(shown: true), at: 2, note: "")
        _ = sim.apply(.customEvent(name: "video", properties: [:]), at: 40, note: "")
        sim.send(.key(.character("V")), expecting: [])
        let split = try #require(sim.split)
        #expect(split.engine.state.settings.profile == .ios)
        var scenario = Sim.scenario
        scenario.timeline = sim.session.steps.filter {
            if case .profile = $0.action { false } else { true }
        }
        let run = ScenarioRunner.trace(scenario, until: sim.now).filter { $0.reason != .profile }
        #expect(split.right.map(TraceFormat.text) == run.map(TraceFormat.text))
        var own = Sim.scenario
        own.timeline = sim.session.steps
        let left = ScenarioRunner.trace(own, until: sim.now).filter { $0.reason != .profile }
        #expect(split.left.map(TraceFormat.text) == left.map(TraceFormat.text))
        #expect(left.count == 20)
        #expect(split.engine.state.now == sim.engine.state.now)
        #expect(split.marker != nil)
    }
}
