import IAMEngine
import IAMScenario

/// `iamterm check`: after the `ok` line, a short account of what the file was understood to
/// hold, so that a user who pasted a payload sees that nothing was dropped silently: its shape,
/// the triggers and their conditions in words, the messages by type, the assets, the timeline
/// when it is the default one, and every field kept but not simulated, once each.
enum CheckSummary {
    static func lines(_ loaded: LoadedScenario) -> [String] {
        let scenario = loaded.scenario
        var lines: [String] = []
        lines.append("  holds: " + (loaded.shape == .scenario ? "a scenario" : loaded.shape.rawValue))
        lines.append("  triggers:")
        for trigger in scenario.triggers {
            var head = "    " + TraceFormat.visible(trigger.id)
            if let campaign = CampaignID.of(trigger.id) { head += " (campaign " + TraceFormat.visible(campaign) + ")" }
            var facts: [String] = []
            if trigger.priority != 0 { facts.append("priority \(trigger.priority)") }
            if trigger.delay > 0 { facts.append("delay \(TraceFormat.number(trigger.delay)) s") }
            if trigger.timeout >= 0 { facts.append("timeout \(TraceFormat.number(trigger.timeout)) ms") }
            if !facts.isEmpty { head += " [" + facts.joined(separator: ", ") + "]" }
            let conditions = trigger.conditions.map(words).joined(separator: " or ")
            lines.append(head + ": " + (conditions.isEmpty ? "no conditions (never fires)" : conditions))
        }
        lines.append("  messages: " + messageCounts(scenario.triggers))
        let assets = assetList(scenario.triggers)
        lines.append("  assets: " + (assets.isEmpty ? "none" : assets.joined(separator: ", ")))
        if loaded.shape.isBrazeOnly {
            let steps = scenario.timeline.map { step in
                TraceFormat.number(step.at) + " " + stepWords(step.action)
            }
            lines.append("  default timeline: " + steps.joined(separator: "; "))
        }
        // The app around the SDK, when the file sets it (integration.md).
        if scenario.settings.integration != Integration() {
            lines.append("  integration: " + TraceFormat.visible(scenario.settings.integration.summary))
        }
        if !loaded.ignoredFields.isEmpty {
            lines.append(
                "  kept, not simulated: " + loaded.ignoredFields.map(TraceFormat.visible).joined(separator: ", "))
        }
        return lines
    }

    /// A condition in words (T1), with its filters (T3, T4).
    static func words(_ condition: Condition) -> String {
        switch condition {
        case .open: return "session start"
        case .test: return "a test send (at delivery)"
        case .purchase(let product?) where product.isEmpty:
            return "any purchase (product_id \"\"; web: only a purchase of \"\", X19)"
        case .purchase(let product): return product.map { "purchase of " + TraceFormat.visible($0) } ?? "any purchase"
        case .purchaseProperty(let product, let groups):
            return "purchase of " + TraceFormat.visible(product) + " where " + words(groups)
        case .customEvent(let name): return "event " + TraceFormat.visible(name)
        case .customEventProperty(let name, let groups):
            return "event " + TraceFormat.visible(name) + " where " + words(groups)
        case .pushClick(let campaign):
            return campaign.map { "push click of " + TraceFormat.visible($0) } ?? "any push click"
        case .iamClick(let id, let buttons):
            let target = "click on " + TraceFormat.visible(id)
            guard let buttons else { return target + " (body)" }
            return target + " button " + buttons.map(TraceFormat.visible).joined(separator: " or ")
        case .unsupported(let type): return "unknown condition " + TraceFormat.visible(type) + " (never matches)"
        }
    }

    static func words(_ groups: FilterGroups) -> String {
        if groups.isEmpty { return "(no filters: never matches)" }
        return groups.map { group in
            let alternatives = group.map(words).joined(separator: " or ")
            return groups.count > 1 && group.count > 1 ? "(" + alternatives + ")" : alternatives
        }.joined(separator: " and ")
    }

    static func words(_ filter: PropertyFilter) -> String {
        let key = TraceFormat.visible(filter.key)
        if let unsupported = filter.unsupported {
            // X25: android and web evaluate the filters the dashboard does not send.
            let outcome =
                unsupported.kind == .comparatorNotForType || unsupported.kind == .unknownType
                ? "never passes on ios and swift; android and web evaluate it (X25)" : "never passes"
            return key + " [unsupported: " + TraceFormat.visible(unsupported.reason) + "; " + outcome + "]"
        }
        let value = TraceFormat.visible(valueWords(filter.value))
        let seconds = "\(value) s"
        switch filter.comparator {
        case .equals: return "\(key) = \(value)"
        case .notEquals: return "\(key) != \(value)"
        case .greaterThan: return filter.type == .date ? "\(key) after \(value)" : "\(key) > \(value)"
        case .lessThan: return filter.type == .date ? "\(key) before \(value)" : "\(key) < \(value)"
        case .lessThanSecondsAgo: return "\(key) less than \(seconds) ago"
        case .moreThanSecondsAgo: return "\(key) more than \(seconds) ago"
        case .inLessThanSeconds: return "\(key) in less than \(seconds)"
        case .inMoreThanSeconds: return "\(key) in more than \(seconds)"
        case .matchesRegex: return "\(key) matches /\(value)/"
        case .doesNotMatchRegex: return "\(key) does not match /\(value)/"
        case .exists: return "\(key) exists"
        case .notExists: return "\(key) does not exist"
        default: return "\(key) comparator \(filter.comparator.rawValue) (never passes)"
        }
    }

    private static func valueWords(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): TraceFormat.quoted(text)
        case .number(let number): TraceFormat.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .date(let time): "$date:" + ISO8601.format(time)
        case .bigInteger(let number): TraceFormat.number(number)
        case .structured(let text): TraceFormat.visible(text)
        }
    }

    /// `2 MODAL, 1 HTML` in the order of `Message.Kind`.
    static func messageCounts(_ triggers: [Trigger]) -> String {
        let counts = Message.Kind.allCases.compactMap { kind -> String? in
            let count = triggers.filter { $0.message.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        let controls = triggers.filter(\.message.isControl).count
        return (counts.isEmpty ? "none" : counts.joined(separator: ", "))
            + (controls > 0 ? " (\(controls) control)" : "")
    }

    /// Every asset a message waits for (D2, L3 step 7), once, in file order.
    static func assetList(_ triggers: [Trigger]) -> [String] {
        var seen: Set<String> = []
        var urls: [String] = []
        for trigger in triggers {
            for url in trigger.message.requiredAssets where seen.insert(url).inserted {
                urls.append(TraceFormat.visible(url))
            }
        }
        return urls
    }

    static func stepWords(_ action: Action) -> String {
        switch action {
        case .purchase(let product, let properties): "purchase " + TraceFormat.visible(product) + props(properties)
        case .customEvent(let name, let properties): "customEvent " + TraceFormat.visible(name) + props(properties)
        case .pushClick(let campaign): "pushClick" + (campaign.map { " " + TraceFormat.visible($0) } ?? "")
        case .click(let button): "click" + (button.map { " button \($0)" } ?? "")
        default: action.name
        }
    }

    private static func props(_ properties: [String: PropertyValue]) -> String {
        guard !properties.isEmpty else { return "" }
        let parts = properties.keys.sorted().map { TraceFormat.visible($0) + "=" + valueWords(properties[$0]!) }
        return " {" + parts.joined(separator: ", ") + "}"
    }
}
