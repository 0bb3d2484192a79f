import IAMEngine
import IAMRender
import IAMSimulator
import Testing

/// Why-not with the way "find a way" found (`W`), as the screen draws it.
@Suite("Find a way, drawn")
struct WayRenderTests {
    @Test("the why-not panel offers the shortest way from here, under its verdict")
    func wayOffered() throws {
        let scenario = Scenario(
            name: "Way",
            settings: Settings(minimumTriggerInterval: 30),
            triggers: [
                Trigger(
                    id: "promo", conditions: [.customEvent(name: "cart_add")], reEligibility: 0,
                    message: Message(kind: .modal, text: "20% off", header: "Sale", close: .swipe))
            ])
        var sim = Simulator(
            scenario: scenario, title: "Way", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        _ = sim.handle(.resize(width: 100, height: 30), mono: 0)
        for key: Key in [.character("l"), .character("."), .character("e"), .enter, .enter, .character("d"), .enter] {
            _ = sim.handle(.key(key), mono: 0)
        }
        guard case .findWay(let request)? = sim.handle(.key(.character("W")), mono: 0).last else {
            Issue.record("W asked for no search")
            return
        }
        _ = sim.handle(.wayFound(request.find()), mono: 0)
        Snapshot.assertMatches(sim.frame(width: 100, height: 30).grid, "why-not-way-100x30")
    }
}
