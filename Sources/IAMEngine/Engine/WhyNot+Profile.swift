// Why-not per platform (profiles.md): a gate whose answer depends on the platform says which
// platform's answer it used, the row, and how sure that answer is.
extension Engine {
    /// `gate` with the platform's answers to `rows` appended to its detail.
    func annotated(_ gate: Gate, rows: [Difference]) -> Gate {
        guard !rows.isEmpty else { return gate }
        var gate = gate
        gate.detail += " · " + rows.map(platformNote).joined(separator: " · ")
        return gate
    }

    /// `android X3 (source): no keyboard gate`.
    func platformNote(_ row: Difference) -> String {
        let profile = state.settings.profile
        let answer = profile.answer(row)
        return "\(profile.name) \(row.id) (\(answer.confidence.rawValue)): \(answer.summary)"
    }

    /// The rows the offer checks (L3) read in the present state for `trigger`'s message.
    func offerRows(_ trigger: Trigger) -> [Difference] {
        var rows: [Difference] = []
        if trigger.message.defect != nil { rows.append(.x27) }
        if state.app.isBackground { rows += [.x2, .x1] }
        if state.app == .foreground, state.visible != nil { rows.append(.x1) }
        switch state.delegate.implements {
        case .none:
            if state.keyboardUp { rows.append(.x3) }
        case .uiKeyboard, .controller:
            switch state.delegate.answers[trigger.id] ?? state.delegate.answer {
            case .reenqueue: rows.append(.x5)
            case .later: rows.append(.x1)
            case .now, .discard: break
            }
        }
        var seen: Set<Difference> = []
        return rows.filter { seen.insert($0).inserted }
    }

    /// X19: a `purchase` condition whose `product_id` is `""`.
    func conditionRows(_ trigger: Trigger) -> [Difference] {
        trigger.conditions.contains(.purchase(productID: "")) ? [.x19] : []
    }

    /// X36 when it decides the last event: a click the trigger's conditions match as T1/T7
    /// write them but not as this platform reads the clicked id.
    func clickRows(_ trigger: Trigger, _ event: Event, unixNow: Double) -> [Difference] {
        trigger.clickReadingDecides(event, unixNow: unixNow, filters: state.settings.filterReading) ? [.x36] : []
    }

    /// T2's rows: X18 for a bound written `-1`; X17 when the window keeps the trigger out.
    func windowRows(_ trigger: Trigger, closed: Bool) -> [Difference] {
        var rows: [Difference] = []
        if !trigger.explicitMinusOne.isDisjoint(with: [.startTime, .endTime]) { rows.append(.x18) }
        if closed { rows.append(.x17) }
        return rows
    }

    /// P2's rows: X18 for an interval written `-1`; X20 while the interval holds on a platform
    /// whose last trigger time outlives a launch.
    func intervalRows(_ trigger: Trigger, holding: Bool) -> [Difference] {
        var rows: [Difference] = []
        if trigger.explicitMinusOne.contains(.minSecondsSinceLastTrigger) { rows.append(.x18) }
        if holding, state.settings.profile.keepsLastTriggerTimeAtLaunch { rows.append(.x20) }
        return rows
    }

    /// The rows a trigger's property filters depend on (X7–X9).
    func filterRows(_ trigger: Trigger) -> [Difference] {
        var rows: Set<Difference> = []
        for condition in trigger.conditions {
            let groups: FilterGroups
            switch condition {
            case .purchaseProperty(_, let filters), .customEventProperty(_, let filters): groups = filters
            default: continue
            }
            if groups.isEmpty { rows.insert(.x9) }
            for filter in groups.joined() {
                switch filter.comparator {
                case .lessThanSecondsAgo, .moreThanSecondsAgo:
                    if filter.type == .number { rows.insert(.x7) }
                case .matchesRegex, .doesNotMatchRegex: rows.insert(.x8)
                default: break
                }
            }
        }
        return rows.sorted()
    }
}
