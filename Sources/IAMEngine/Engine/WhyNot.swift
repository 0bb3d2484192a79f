/// "Why not?": each gate a trigger must pass to fire now, and which one stops it.
public struct Gate: Sendable, Equatable {
    /// The rule of the spec (T2, P2, ...).
    public var rule: RuleID
    public var name: String
    public var passes: Bool
    /// What the gate saw, in a few words.
    public var detail: String

    public init(rule: RuleID, name: String, passes: Bool, detail: String) {
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
                    rule: .d1, name: "on the device", passes: false,
                    detail: !onServer
                        ? "unknown trigger" : disabled ? "disabled on the server" : notDeliveredDetail(triggerID))
            ]
        }
        var gates = [Gate(rule: .d1, name: "on the device", passes: true, detail: "delivered")]
        if state.app == .notRunning {
            gates.append(Gate(rule: .s1, name: "app running", passes: false, detail: "launch the app first"))
        }
        if let (event, at) = state.lastEvent {
            let filters = state.settings.filterReading
            let matches = trigger.matches(event, unixNow: state.settings.epoch + at, filters: filters)
            var detail = event.traceWords
            if !matches {
                detail += " does not match " + trigger.conditions.map(\.briefWords).joined(separator: " or ")
                if let filter = trigger.blockingUnsupportedFilter(
                    event, unixNow: state.settings.epoch + at, filters: filters)
                {
                    detail += "; " + Self.unsupportedFilterWords(filter, filters)
                } else if let words = regexWhyNot(trigger, event, unixNow: state.settings.epoch + at) {
                    detail += "; " + words
                }
            }
            gates.append(
                annotated(
                    Gate(rule: .t1, name: "last event", passes: matches, detail: detail),
                    rows: filterRows(trigger) + conditionRows(trigger)
                        + clickRows(trigger, event, unixNow: state.settings.epoch + at)))
        } else {
            gates.append(
                Gate(
                    rule: .t1, name: "an event", passes: false,
                    detail: "no event yet; needs " + trigger.conditions.map(\.briefWords).joined(separator: " or ")))
        }
        // T2, P3, P2: the eligibility gates themselves (Rules/Eligibility.swift), each asked once.
        let closed = state.timeWindowExclusion(of: trigger, at: now)
        let notYet = closed == .outsideTimeWindow(notYet: true)
        gates.append(
            annotated(
                Gate(
                    rule: .t2, name: "time window", passes: closed == nil,
                    detail: closed == nil ? "open" : notYet ? "not open yet" : "closed now"),
                rows: windowRows(trigger, closed: closed != nil)))
        // X52: a gate only the platform's whole seconds open says so (as the trace does).
        let owed = state.passOwed(by: trigger, at: now)
        let owedRows = { (rule: RuleID) -> [Difference] in owed.map { $0.rule == rule ? [$0.row] : [] } ?? [] }
        let reEligibility = state.reEligibilityExclusion(of: trigger, at: now)
        let eligibleDetail: String
        switch (state.lastPerformed[trigger.id], reEligibility) {
        case (nil, _): eligibleDetail = "never performed"
        case (let last?, .reEligibility(again: nil)?):
            eligibleDetail = "once only; performed at \(TraceFormat.fixed3(last))"
        case (_, .reEligibility(let again?)?): eligibleDetail = "eligible again at \(TraceFormat.fixed3(again))"
        case (_, _): eligibleDetail = "eligible again"
        }
        gates.append(
            annotated(
                Gate(rule: .p3, name: "re-eligibility", passes: reEligibility == nil, detail: eligibleDetail),
                rows: (reEligibility == nil ? [] : [.x26]) + owedRows(.p3)))
        let interval = state.intervalExclusion(of: trigger, at: now)
        let intervalDetail: String
        if trigger.isTest {
            intervalDetail = "a test trigger: never held back (E2)"
        } else if let next = interval?.next {
            intervalDetail = "next allowed at \(TraceFormat.fixed3(next))"
        } else {
            intervalDetail = state.lastTriggerTime == nil ? "no trigger yet this launch" : "ready"
        }
        gates.append(
            annotated(
                Gate(rule: .p2, name: "minimum interval", passes: interval == nil, detail: intervalDetail),
                rows: intervalRows(trigger, holding: interval != nil) + owedRows(.p2)))
        gates.append(annotated(offerGate(trigger), rows: offerRows(trigger)))
        return gates
    }

    /// D1 for a trigger not on the device: a delivery in flight brings it at a known time, and
    /// the events raised meanwhile wait for it (D3).
    private func notDeliveredDetail(_ triggerID: String) -> String {
        guard let delivery = state.delivery, delivery.triggers.contains(where: { $0.id == triggerID }) else {
            // SV1: switched on (or added) on the server after this device's last delivery (D5).
            if let at = state.enabledAt[triggerID] {
                return "live on the server since \(TraceFormat.fixed3(at)) "
                    + "(\(TraceFormat.number(state.now - at)) s ago); this device gets it at the next session start (D5)"
            }
            return "not delivered yet: arrives with the next session"
        }
        let at = TraceFormat.fixed3(delivery.completesAt)
        return delivery.succeeds
            ? "delivery in flight: arrives at \(at); events raised until then wait for it (D3)"
            : "delivery in flight fails at \(at) (offline): arrives with the next session online"
    }

    /// L3 through the offer's own checks (Rules/OfferChecks.swift), as if the message were offered
    /// now: the stack's copy when one waits there (issue 44: its user, X40, and its expiry, E1, are
    /// the copy's), else a fresh one.
    private func offerGate(_ trigger: Trigger) -> Gate {
        let stacked = state.stack.last { $0.id == trigger.id }
        let pending =
            stacked
            ?? PendingMessage(
                id: trigger.id, message: trigger.message, triggerID: trigger.id,
                stackedAt: state.now, expiresAt: nil, rollback: nil)
        // X27: a platform that cannot build the message drops it before any offer.
        if state.settings.profile.discardsDefectiveMessages, let defect = trigger.message.defect {
            return Gate(
                rule: .l3, name: "can show now", passes: false,
                detail: "invalid_message: it would be discarded once performed (\(defect))")
        }
        // X38: a type the platform cannot build is thrown away once performed, before any offer.
        if let type = trigger.message.unsupportedType, state.settings.profile.dropsOncePerformed(type: type) {
            return Gate(
                rule: .l3, name: "can show now", passes: false,
                detail: "unsupported_type: it would be discarded once performed (\(type), X38)")
        }
        let (passes, detail): (Bool, String) =
            switch state.offerVerdict(for: pending) {
            case .returnToStack(let reason): (false, reason.rawValue + ": it would return to the stack")
            case .discard(.userChanged) where stacked != nil:
                (
                    false,
                    "user_changed: the copy on the stack would be discarded: it was triggered for the previous user (X40)"
                )
            case .discard(.timeout) where stacked?.expiresAt != nil:
                (
                    false,
                    "timeout: the copy on the stack expired at \(TraceFormat.fixed3(stacked!.expiresAt!)) and would be discarded (E1)"
                )
            case .discard(let reason): (false, reason.rawValue + ": it would be discarded")
            case .reenqueue: (false, "delegate_reenqueue: it would be rolled back, not shown")
            case .waitForAsset where state.integration.ui == .none, .display where state.integration.ui == .none:
                (false, noPresenterWords())
            case .waitForAsset(let url): imageWaitVerdict(pending, url: url)
            case .display where state.integration.ui == .custom: (true, "yes, handed to the app's own UI (I3)")
            // X41: the SDK's own UI finds no window in a scene-based app (present's first refusal).
            case .display where state.integration.scenes && state.settings.profile.findsNoWindowInSceneApps:
                (false, "no_window: it would be discarded: the SDK's UI finds no window in a scene-based app (X41)")
            case .display: bridgeVerdict()
            }
        let (screenPasses, screenDetail) = screenGate(passes: passes, detail: detail)
        return Gate(rule: .l3, name: "can show now", passes: screenPasses, detail: screenDetail)
    }

    /// L3 for a message that would wait for its image (D4): what happens once it is here, as
    /// things are now.
    private func imageWaitVerdict(_ pending: PendingMessage, url: String) -> (Bool, String) {
        // D4: a download this scenario makes fail ends in a discard, not a display.
        if state.assetDownloadFails(url) {
            return (false, "asset_failed: it would wait for \(url), whose download fails, then be discarded")
        }
        let readyAt = state.assetReadyAt(url)
        // E1: a copy that expires before its image is here is discarded, not shown.
        if let expiry = pending.expiresAt, state.isExpired(at: expiry, by: readyAt) {
            return (
                false,
                "timeout: it would wait for \(url) (here at \(TraceFormat.fixed3(readyAt))) and expire at \(TraceFormat.fixed3(expiry)) first (E1)"
            )
        }
        // X55: a platform that prepares first makes its display checks once the image is here.
        if state.settings.profile.preparesBeforeDisplayChecks, let reason = state.displayCheckReason(pending) {
            return (false, reason.rawValue + ": it would wait for its image, then be discarded as things are now (X55)")
        }
        // D4: a message already waiting whose images are here first shows first.
        if let ahead = state.waitingAhead(of: pending, readyAt: readyAt) {
            return (false, "message_visible: \(ahead) waits for its image too and would show first")
        }
        return (true, "yes, once its asset has downloaded")
    }

    /// L3 step 8 through the SDK's own UI: B3, B4, the bridge's own handling as the offer acts
    /// on it; else yes, with the bridge's words when one is in the way.
    private func bridgeVerdict() -> (Bool, String) {
        if let refusal = bridgeRefusal() { return (false, refusal.reason.rawValue + ": " + refusal.words) }
        return bridgeWords().map { (true, "yes, " + $0) } ?? (true, "yes")
    }

    /// R3: a regex filter that stopped the trigger on the last event because its step budget ran
    /// out, or (under `web`) because its pattern throws.
    private func regexWhyNot(_ trigger: Trigger, _ event: Event, unixNow: Double) -> String? {
        let policy = state.settings.filterReading
        if policy.regexDialect.syntaxErrorAbortsEvent, trigger.hasJavaScriptErrorFilter,
            let filter = trigger.throwingFilter(event, unixNow: unixNow, filters: policy)
        {
            return filter.sdkErrorDescription + "; the SDK's event logging stops there: no trigger matches (R3)"
        }
        guard trigger.hasBacktrackingFilter,
            let filter = trigger.blockingBudgetFilter(event, unixNow: unixNow, filters: policy)
        else { return nil }
        return filter.regexBudgetDescription + "; the filter does not pass (R3)"
    }

    /// T4 (revision 2): why-not's words for a filter the engine cannot evaluate; X25: on the
    /// platforms that evaluate such a filter, that it failed there.
    public static func unsupportedFilterWords(_ filter: PropertyFilter, _ policy: FilterPolicy)
        -> String
    {
        guard let unsupported = filter.unsupported else { return "" }
        let outcome =
            policy.evaluates(unsupported)
            ? "this platform evaluates it, and it fails for this event (X25)" : "it never passes (T4)"
        return "unsupported filter on \(filter.key) at \(unsupported.path): \(unsupported.reason); \(outcome)"
    }
}
