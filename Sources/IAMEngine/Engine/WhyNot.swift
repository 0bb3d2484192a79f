/// "Why not?": each gate a trigger must pass to fire now, and which one stops it.
public struct Gate: Sendable, Equatable {
    /// The rule ID of the spec (T2, P2, ...).
    public var rule: String
    public var name: String
    public var passes: Bool
    /// What the gate saw, in a few words.
    public var detail: String

    public init(rule: String, name: String, passes: Bool, detail: String) {
        self.rule = rule
        self.name = name
        self.passes = passes
        self.detail = detail
    }
}

extension Engine {
    /// The gates of `triggerID` at the current time, in the order the engine applies them, with
    /// the conditions judged against the last event raised.
    public func whyNot(_ triggerID: String) -> [Gate] {
        let now = state.now
        guard let trigger = state.delivered[triggerID] else {
            let onServer = state.serverTriggers.contains { $0.id == triggerID }
            let disabled = state.disabledCampaigns.contains(triggerID)
            return [
                Gate(
                    rule: "D1", name: "on the device", passes: false,
                    detail: !onServer
                        ? "unknown trigger"
                        : disabled ? "disabled on the server" : "not delivered yet: arrives with the next session")
            ]
        }
        var gates = [Gate(rule: "D1", name: "on the device", passes: true, detail: "delivered")]
        if state.app == .notRunning {
            gates.append(Gate(rule: "S1", name: "app running", passes: false, detail: "launch the app first"))
        }
        if let (event, at) = state.lastEvent {
            let matches = trigger.matches(event, unixNow: state.settings.epoch + at)
            gates.append(
                Gate(
                    rule: "T1", name: "last event", passes: matches,
                    detail: TraceFormat.describe(event)
                        + (matches ? "" : " does not match " + conditionSummary(trigger))))
        } else {
            gates.append(
                Gate(
                    rule: "T1", name: "an event", passes: false,
                    detail: "no event yet; needs " + conditionSummary(trigger)))
        }
        let inWindow = trigger.isInTimeWindow(unixNow: state.settings.epoch + now)
        gates.append(Gate(rule: "T2", name: "time window", passes: inWindow, detail: inWindow ? "open" : "closed now"))
        let last = state.lastPerformed[trigger.id]
        let eligible = ReEligibility.isEligible(trigger, lastPerformed: last, at: now + trigger.delay)
        let eligibleDetail: String
        if let last {
            if let again = ReEligibility.eligibleAgain(trigger, lastPerformed: last) {
                eligibleDetail = eligible ? "eligible again" : "eligible again at \(TraceFormat.fixed3(again))"
            } else {
                eligibleDetail = "once only; performed at \(TraceFormat.fixed3(last))"
            }
        } else {
            eligibleDetail = "never performed"
        }
        gates.append(Gate(rule: "P3", name: "re-eligibility", passes: eligible, detail: eligibleDetail))
        let passesInterval = MinimumInterval.passes(
            trigger, now: now, delay: trigger.delay,
            lastTriggerTime: state.lastTriggerTime, settings: state.settings)
        let intervalDetail =
            state.lastTriggerTime.map {
                passesInterval
                    ? "ready"
                    : "next allowed at \(TraceFormat.fixed3(MinimumInterval.nextAllowed(trigger, lastTriggerTime: $0, settings: state.settings)))"
            } ?? "no trigger yet this launch"
        gates.append(Gate(rule: "P2", name: "minimum interval", passes: passesInterval, detail: intervalDetail))
        // L4 through the same decision the offer uses, so a delegate answering `later` shows here too.
        let (choice, laterReason) = DisplayDecision.choice(
            delegate: state.delegate, keyboardUp: state.keyboardUp,
            messageID: trigger.id)
        if let blocked = blockedByApp() ?? (choice == .later ? laterReason : nil) {
            gates.append(
                Gate(
                    rule: "L3", name: "can show now", passes: false, detail: blocked + ": it would return to the stack")
            )
        } else if let unfit = unfitReason(
            PendingMessage(
                id: trigger.id, message: trigger.message, triggerID: trigger.id,
                stackedAt: now, expiresAt: nil, rollback: nil))
        {
            gates.append(
                Gate(rule: "L3", name: "can show now", passes: false, detail: unfit + ": it would be discarded"))
        } else {
            gates.append(Gate(rule: "L3", name: "can show now", passes: true, detail: "yes"))
        }
        return gates
    }

    private func conditionSummary(_ trigger: Trigger) -> String {
        trigger.conditions.map { condition in
            switch condition {
            case .open: "session start"
            case .purchase(let product): product.map { "purchase of \($0)" } ?? "any purchase"
            case .purchaseProperty(let product, _): "purchase of \(product) with properties"
            case .customEvent(let name): "event \(name)"
            case .customEventProperty(let name, _): "event \(name) with properties"
            case .pushClick(let campaign): campaign.map { "push \($0)" } ?? "any push click"
            case .iamClick(let id, _): "click on \(id)"
            case .test: "a test send"
            }
        }.joined(separator: " or ")
    }
}
