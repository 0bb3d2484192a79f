import IAMEngine
import IAMScenario
import Testing

@testable import IAMSimulator

/// Issue 47: with `--expect`, `S` (and `--record`) save a session that ends with what its replay
/// shows, so the saved file is a regression test for `iamterm test` in one step.
@Suite("S with --expect (reducer)")
struct SaveExpectTests {
    static let file = """
        { "triggers": [
            { "id": "welcome", "trigger_condition": [ { "type": "open" } ], "data": { "type": "MODAL", "message": "Hi" } },
            { "id": "promo", "trigger_condition": [ { "type": "custom_event", "data": { "event_name": "cart_add" } } ],
              "data": { "type": "MODAL", "message": "20% off" } } ],
          "expect": [ { "message": "promo", "displayed": true } ] }
        """

    /// A session: launch (welcome shows at 0.5 s), then `cart_add` at 40 s (past the minimum
    /// interval: promo shows), then `S`.
    static func saved(expect: Bool) throws -> SaveRequest {
        let loaded = try ScenarioLoader.load(json: file, file: "promo.json", keepingJSON: true)
        var options = InteractiveOptions(paused: true)
        options.expect = expect
        var sim = Simulator(scenario: loaded.scenario, title: "t", options: options, asciiOnly: false, mono: 0)
        sim.session.source = loaded.json
        _ = sim.apply(.launch, at: 0, note: "")
        _ = sim.apply(.customEvent(name: "cart_add", properties: [:]), at: 40, note: "")
        return try #require(sim.handle(.key(.character("S")), mono: 0).saveRequest)
    }

    @Test("the saved file's expect is what its replay shows, and it holds")
    func withExpect() throws {
        let request = try Self.saved(expect: true)
        let loaded = try ScenarioLoader.load(json: request.text, file: "saved.json")
        #expect(
            loaded.expectations.map(\.text) == [
                #"{"message":"welcome","displayed":true}"#, #"{"message":"welcome","displayed_at":0.5}"#,
                #"{"message":"promo","displayed":true}"#, #"{"message":"promo","displayed_at":40}"#,
            ])
        var check = ExpectationCheck(loaded.expectations.enumerated().map { ($0.offset, $0.element) })
        for record in ScenarioRunner.trace(loaded.scenario, until: loaded.until) { check.observe(record) }
        #expect(check.failures.isEmpty)
    }

    @Test("without --expect, no expect: the source's own list is dropped (it spoke of another timeline)")
    func withoutExpect() throws {
        let request = try Self.saved(expect: false)
        #expect(!request.text.contains(#""expect""#))
        #expect(try ScenarioLoader.load(json: request.text, file: "saved.json").expectations.isEmpty)
    }
}
