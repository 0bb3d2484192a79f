import IAMEngine

/// A trigger's state at a glance, as the trigger list shows it.
package struct TriggerStatus: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case eligible, coolingDown, notReEligible, waitingReEligibility, outsideWindow
        case disabled, notDelivered
    }
    package var kind: Kind
    package var text: String

    /// Computes the state from the engine state (P2, P3, T2, D1, D5).
    package static func of(_ trigger: Trigger, in s: EngineState) -> TriggerStatus {
        let delivered = s.delivered[trigger.id] != nil
        let disabled = s.disabledCampaigns.contains(trigger.id)
        if disabled && !delivered { return .init(kind: .disabled, text: "disabled on server") }
        guard delivered else {
            // SV1: live on the server since the run switched it on; the device gets it at the next session.
            let live = s.enabledAt[trigger.id] != nil
            return .init(kind: .notDelivered, text: live ? "live, next session" : "not delivered")
        }
        // Disabled on the server but still on the device until the next session (D5): it can
        // still fire, so its state is the engine's, with the change to come said after it.
        var status = onDevice(trigger, in: s)
        if disabled { status.text += ", gone next session (disabled)" }
        return status
    }

    /// The state of a trigger on the device.
    static func onDevice(_ trigger: Trigger, in s: EngineState) -> TriggerStatus {
        let now = s.now
        // The engine's one eligibility function: the list can never disagree with what the
        // engine will decide for an event now (E2 included).
        switch s.exclusion(of: trigger, at: now) {
        case nil: break
        case .outsideTimeWindow(let notYet)?:
            return .init(kind: .outsideWindow, text: notYet ? "outside window (not yet)" : "outside window (ended)")
        case .reEligibility(again: nil)?:
            return .init(kind: .notReEligible, text: "not re-eligible")
        case .reEligibility(let again?)?:
            return .init(kind: .waitingReEligibility, text: "re-eligible in \(formatWholeSeconds(again - now))s")
        case .minimumInterval(let next)?:
            return .init(kind: .coolingDown, text: "cooling down \(formatWholeSeconds(next - now))s")
        }
        return .init(kind: .eligible, text: "eligible")
    }
}
