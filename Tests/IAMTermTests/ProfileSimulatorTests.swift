import IAMEngine
import IAMRender
import Testing

@testable import IAMTerm

/// `P` and `V` in the reducer (profiles.md): no terminal, time passed in.
@Suite("Interactive platforms (reducer)")
struct ProfileSimulatorTests {
    typealias Sim = InteractiveSimulatorTests

    @Test("the session's first record names the platform; P cycles ios, swift, android, web and back")
    func cycle() {
        var sim = Sim.launched()
        #expect(sim.trace.first.map(TraceFormat.json) == #"{"t":0,"type":"app","reason":"profile","profile":"ios"}"#)
        var seen: [String] = []
        for _ in 0..<4 {
            let effects = sim.handle(.key(.character("P")), mono: 0)
            seen.append(sim.engine.state.settings.profile.name)
            #expect(effects == [.records([TraceRecord(t: 0.5, kind: .app, reason: .profile, profile: seen.last)])])
        }
        #expect(seen == ["swift", "android", "web", "ios"])
    }

    @Test("V replays the session on the second device; the same event parts them at X3, marked once")
    func split() throws {
        var sim = Sim.launched()
        _ = sim.handle(.key(.character("k")), mono: 0) // keyboard up, before the split: replayed
        _ = sim.handle(.key(.character("V")), mono: 0)
        let split = try #require(sim.split)
        #expect(split.engine.state.settings.profile == .swift)
        #expect(split.engine.state.keyboardUp)
        #expect(split.left == split.right)
        #expect(split.marker == nil)
        _ = sim.apply(.customEvent(name: "cart_add", properties: [:]), at: 1, note: "")
        let marker = try #require(sim.split?.marker)
        #expect(marker.rows == [.x3])
        #expect(marker.left?.kind == .returnedToStack && marker.right?.kind == .displayed)
        #expect(sim.split?.engine.state.visible?.pending.id == "promo")
        #expect(sim.engine.state.visible == nil)
        // V again: the next platform, then the split closes.
        _ = sim.handle(.key(.character("V")), mono: 0)
        #expect(sim.split?.engine.state.settings.profile == .android)
        _ = sim.handle(.key(.character("V")), mono: 0)
        _ = sim.handle(.key(.character("V")), mono: 0)
        #expect(sim.split == nil)
    }

    @Test("P in the split view switches the left device only; the right keeps its platform")
    func switchLeft() throws {
        var sim = Sim.launched()
        _ = sim.handle(.key(.character("V")), mono: 0)
        _ = sim.handle(.key(.character("P")), mono: 0)
        #expect(sim.engine.state.settings.profile == .swift)
        #expect(sim.split?.engine.state.settings.profile == .swift)
        #expect(sim.split?.marker == nil, "a profile record is not a parting")
    }
}
