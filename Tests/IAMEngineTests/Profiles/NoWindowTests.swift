import IAMEngine
import Testing

@testable import IAMScenario

/// X41 (versions.md, delivery-rules R12): legacy iOS before 3.23.0 finds no window in an app that
/// uses scenes (`settings.integration.scenes`): `discarded no_window`. Every platform, both sides.
@Suite("X41: no window in a scene-based app")
struct NoWindowTests {
    static func lines(_ name: String, scenes: Bool) throws -> [String] {
        var settings = Settings()
        settings.integration.scenes = scenes
        let script = Script(
            triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0)], steps: [(1, event("a"))], until: 2,
            settings: settings)
        return script.lines(under: try Profile.resolve(name).get())
    }

    static let head = [
        "1.000 event custom_event:a",
        "1.000 trigger_matched a",
        "1.000 performed a",
        "1.000 stacked a new stack=[a] depth=1",
        "1.000 offered a eligible_moment",
    ]

    @Test("X41: ios before 3.23.0 discards no_window in a scene-based app; 3.23.0 on and the others show it")
    func x41() throws {
        #expect(try Self.lines("ios@3.22.9", scenes: true) == Self.head + ["1.000 discarded a no_window"])
        #expect(try Self.lines("ios@2.19.0", scenes: true) == Self.head + ["1.000 discarded a no_window"])
        for name in ["ios", "swift", "android", "web", "ios@3.23.0", "ios@4.7.0"] {
            #expect(try Self.lines(name, scenes: true) == Self.head + ["1.000 displayed a impression"], "\(name)")
        }
        // Without scenes the old SDK shows it.
        #expect(try Self.lines("ios@3.22.9", scenes: false) == Self.head + ["1.000 displayed a impression"])
    }

    @Test("X41: settings.integration.scenes and an integration step's scenes load and save back")
    func decoding() throws {
        let json = #"""
            {"settings": {"integration": {"scenes": true}}, "triggers": [],
             "timeline": [{"at": 1, "do": "integration", "scenes": false}]}
            """#
        let scenario = try ScenarioLoader.load(json: json, file: "s.json").scenario
        #expect(scenario.settings.integration.scenes)
        #expect(scenario.timeline[0].action == .integration(IntegrationChange(scenes: false)))
        #expect(
            JSONText.compact(StepEncoding.step(scenario.timeline[0])) == #"{"at":1,"do":"integration","scenes":false}"#)
    }
}
