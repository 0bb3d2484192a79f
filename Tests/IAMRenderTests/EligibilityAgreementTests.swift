import IAMEngine
import IAMRender
import IAMScenario
import Testing

/// The trigger list, why-not and matching answer "can this trigger fire now?" from the engine's
/// one eligibility function, so they agree for every trigger at every step of the demo.
@Suite("Eligibility agreement over the demo (P1, P2, P3, T2, E2)")
struct EligibilityAgreementTests {
    /// The demo, plus a `test` trigger that also answers a custom event: after the first delivery
    /// it is always inside someone's minimum interval, the case where the views used to disagree.
    static func scenario() throws -> Scenario {
        var scenario = try DemoScenario.load().scenario
        scenario.triggers.append(
            Trigger(
                id: "qa-test-send", conditions: [.test, .customEvent(name: "qa_ping")], reEligibility: 0,
                message: Message(kind: .slideup, text: "QA")))
        return scenario
    }

    @Test("P1: trigger list, why-not and matching agree for every trigger at every demo step")
    func agreeEverywhere() throws {
        let scenario = try Self.scenario()
        var engine = Engine(scenario: scenario)
        var checked = 0
        for step in scenario.timeline {
            engine.apply(step.action, at: step.at)
            let state = engine.state
            for trigger in state.delivered.triggers where !state.disabledCampaigns.contains(trigger.id) {
                let exclusion = state.exclusion(of: trigger, at: state.now)
                let status = TriggerStatus.of(trigger, in: state)
                #expect((status.kind == .eligible) == (exclusion == nil), "\(trigger.id) at \(state.now)")
                let gates = engine.whyNot(trigger.id).filter { [RuleID.t2, .p3, .p2].contains($0.rule) }
                #expect(gates.allSatisfy(\.passes) == (exclusion == nil), "\(trigger.id) at \(state.now)")
                if let name = Self.plainEventName(trigger), state.app != .notRunning, state.delivery == nil {
                    var copy = engine
                    let records = copy.apply(.customEvent(name: name, properties: [:]), at: state.now)
                    let skipped = records.first { $0.kind == .triggerSkipped && $0.trigger == trigger.id }
                    if let exclusion {
                        #expect(skipped?.reason == exclusion.reason, "\(trigger.id) at \(state.now)")
                    } else {
                        #expect(skipped == nil || skipped?.reason == .lowerPriority, "\(trigger.id) at \(state.now)")
                    }
                    checked += 1
                }
            }
        }
        // The walk must have reached the interesting cases, or it proves nothing.
        #expect(checked > 50)
    }

    /// A custom event name that reaches `trigger` with no property filters in the way.
    static func plainEventName(_ trigger: Trigger) -> String? {
        for condition in trigger.conditions {
            if case .customEvent(let name) = condition { return name }
        }
        return nil
    }
}

/// X52: the side panel's countdown, why-not and matching read the engine's one answer, also
/// where the platform reads the minimum interval in whole seconds.
@Suite("X52: NEXT TRIGGER, why-not and matching agree in whole seconds")
struct WholeSecondsAgreementTests {
    /// A display at 0.5 s (global interval 30 s), the screen at 30.2 s.
    static func engine(_ profile: Profile) -> Engine {
        var settings = Settings()
        settings.profile = profile
        let brief = Message(kind: .slideup, text: "hi", close: .autoDismiss, duration: 1000)
        var engine = Engine(
            scenario: Scenario(
                settings: settings,
                triggers: [Trigger(id: "a", conditions: [.customEvent(name: "a")], reEligibility: 0, message: brief)]
            ))
        engine.apply(.launch, at: 0)
        engine.apply(.customEvent(name: "a", properties: [:]), at: 0.5)
        engine.advance(to: 30.2)
        return engine
    }

    static func nextTriggerLine(_ engine: Engine) -> String {
        let frame = render(engine: engine.state, ui: Fixtures.ui(), trace: [], width: 120, height: 36)
        let rows = (0..<frame.grid.height).map(frame.grid.rowText)
        guard let header = rows.firstIndex(where: { $0.contains("NEXT TRIGGER ALLOWED") }) else { return "" }
        return rows[header + 1]
    }

    @Test("X52: at 30.2 s after a display at 0.5 s, android says ready everywhere; ios waits 0.3 s")
    func countdownWhyNotAndMatching() throws {
        let android = Self.engine(.android)
        #expect(Self.nextTriggerLine(android).contains("    ready  (a)    "))
        let gate = try #require(android.whyNot("a").first { $0.rule == .p2 })
        #expect(gate.passes)
        #expect(gate.detail == "ready · android X52 (executed): whole seconds: stamps and checks read floor(now)")
        var matched = android
        let lines = matched.apply(.customEvent(name: "a", properties: [:]), at: 30.2).map {
            TraceFormat.text($0).split(separator: " ").joined(separator: " ")
        }
        #expect(lines.dropFirst().first == "30.200 trigger_matched a X52: P2 passes in whole seconds")

        let ios = Self.engine(.ios)
        #expect(Self.nextTriggerLine(ios).contains("    in 0.3 s "))
        let iosGate = try #require(ios.whyNot("a").first { $0.rule == .p2 })
        #expect(!iosGate.passes)
        #expect(iosGate.detail == "next allowed at 30.500")
    }
}
