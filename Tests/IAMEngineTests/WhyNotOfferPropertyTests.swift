import IAMEngine
import IAMTestSupport
import Testing

/// Issue 44: why-not's L3 ("can show now") is the next offer's own verdict. For random
/// scenarios and random states, the message on top of the stack is judged by why-not, then
/// offered (`displayNext`, on a copy of the engine, its deadlines run until the message's fate
/// is decided): it shows (or goes to the app's own code) exactly when why-not said yes.
@Suite("Why-not's L3 is what the next offer does (random states)")
struct WhyNotOfferPropertyTests {
    @Test("for random scenarios and states, L3's yes or no equals the offer's outcome")
    func l3IsTheOffer() {
        let baseSeed = UInt64(Environment.value("IAMTERM_PROPERTY_SEED") ?? "") ?? 0x44_2026
        let runs = Int(Environment.value("IAMTERM_PROPERTY_RUNS") ?? "") ?? 400
        var checked = 0
        var both = Set<Bool>()
        for run in 0..<runs {
            let seed = baseSeed &+ UInt64(run)
            var rng = SeededGenerator(seed: seed)
            let triggers = PropertyTests.randomTriggers(&rng)
            var settings = Settings(
                minimumTriggerInterval: [0, 5, 30].randomElement(using: &rng)!,
                profile: Profile.all[run % Profile.all.count])
            if Bool.random(using: &rng) { settings.integration = PropertyTests.randomIntegration(&rng) }
            let scenario = Scenario(
                settings: settings,
                assets: ["slow.png": AssetSpec(download: 4), "bad.png": AssetSpec(download: 1, fails: true)],
                triggers: triggers)
            var engine = Engine(scenario: scenario)
            var now = 0.0
            for step in 0..<120 {
                now += [0, 0.1, 0.5, 1, 3, 8, 15].randomElement(using: &rng)!
                var action = step == 0 ? .launch : PropertyTests.randomAction(&rng, triggers: triggers)
                // The platform stays the one the run started with: its own verdicts are judged.
                if case .profile = action { action = .wait }
                _ = engine.apply(action, at: now)
                let state = engine.state
                guard state.visible == nil, state.app == .foreground, let top = state.stack.last,
                    state.delivered[top.id] != nil, top.triggerID == top.id,
                    // A delegate the platform's displayNext skips (X6) is another question.
                    state.delegate.implements == .none
                else { continue }
                guard let gate = engine.whyNot(top.id).first(where: { $0.rule == .l3 }) else { continue }
                // The offer, then its own deadlines (an image it waits for) until the message's
                // fate is decided: shown (or handed to the app's code), or not.
                var offered = engine
                var records = offered.apply(.displayNext, at: now)
                func fate() -> Bool? {
                    for record in records where record.message == top.id {
                        switch record.kind {
                        case .displayed, .handedToApp: return true
                        case .discarded, .returnedToStack, .reenqueued, .parked, .triggerDropped: return false
                        default: continue
                        }
                    }
                    return nil
                }
                var waited = 0
                while fate() == nil, waited < 8, let deadline = offered.nextDeadline, deadline <= now + 60 {
                    records += offered.advance(to: deadline)
                    waited += 1
                }
                guard let shows = fate() else { continue }
                checked += 1
                both.insert(gate.passes)
                if gate.passes != shows {
                    Issue.record(
                        "seed \(seed) (IAMTERM_PROPERTY_SEED=\(seed) IAMTERM_PROPERTY_RUNS=1) step \(step) at \(now) \(settings.profile.name): why-not L3 \(gate.passes ? "yes" : "no") (\(gate.detail)); the offer: \(records.map(TraceFormat.text))"
                    )
                    return
                }
            }
        }
        // The walk must reach both verdicts, or it proves nothing.
        #expect(checked > 200)
        #expect(both == [true, false])
    }
}
