import IAMEngine
import Testing

@testable import IAMScenario

/// X44 (versions.md, delivery-rules R12): a message whose server templating aborts is
/// `trigger_skipped templating_aborted`; where the version falls back, the event's next
/// candidate by priority is performed (P4). Every platform, both sides of every boundary.
@Suite("X44: templating that aborts")
struct TemplatingTests {
    static let script: Script = {
        var high = trigger("high", .customEvent(name: "e"), priority: 2, reEligibility: 0)
        high.templating = .abort
        let low = trigger("low", .customEvent(name: "e"), priority: 1, reEligibility: 0)
        return Script(triggers: [high, low], steps: [(1, event("e"))], until: 2)
    }()

    static let fallsBack = [
        "1.000 event custom_event:e",
        "1.000 trigger_matched high",
        "1.000 trigger_skipped low lower_priority",
        "1.000 trigger_skipped high templating_aborted abort",
        "1.000 performed low",
        "1.000 stacked low new stack=[low] depth=1",
        "1.000 offered low eligible_moment",
        "1.000 displayed low impression",
    ]
    static let lost = Array(fallsBack.prefix(4))

    @Test("X44: the next candidate by priority from ios 3.13.0, android 3.1.0, web 2.2.6; swift inherits")
    func x44() throws {
        for name in ["ios", "swift", "android", "web", "ios@3.13.0", "android@3.1.0", "web@2.2.6"] {
            #expect(Self.script.lines(under: try Profile.resolve(name).get()) == Self.fallsBack, "\(name)")
        }
        for name in ["ios@3.12.9", "android@3.0.9", "web@2.2.5"] {
            #expect(Self.script.lines(under: try Profile.resolve(name).get()) == Self.lost, "\(name)")
        }
    }

    @Test("X44: x_sim.templating loads (abort or error); another word is an error with its path")
    func decoding() throws {
        func load(_ value: String) throws -> Templating? {
            let json = """
                {"triggers": [{"id": "t", "trigger_condition": [{"type": "open"}], "x_sim": {"templating": \(value)},
                  "data": {"type": "SLIDEUP", "message": "hi"}}]}
                """
            return try ScenarioLoader.load(json: json, file: "x.json").scenario.triggers[0].templating
        }
        #expect(try load(#""abort""#) == .abort)
        #expect(try load(#""error""#) == .error)
        #expect(throws: (any Error).self) { try load(#""maybe""#) }
    }
}
