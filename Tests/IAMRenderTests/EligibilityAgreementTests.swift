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
