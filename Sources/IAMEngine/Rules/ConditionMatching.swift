// T1: whether one trigger condition matches an event.
extension Condition {
    public func matches(_ event: Event, unixNow: Double, filters policy: FilterPolicy = FilterPolicy()) -> Bool {
        switch (self, event.kind) {
        case (.open, .open):
            return true
        case (.purchase(let product), .purchase):
            return product == nil || product == event.name
        case (.purchaseProperty(let product, let filters), .purchase):
            return product == event.name && filters.pass(event.properties, unixNow: unixNow, policy: policy)
        case (.customEvent(let name), .customEvent):
            return name == event.name
        case (.customEventProperty(let name, let filters), .customEvent):
            return name == event.name && filters.pass(event.properties, unixNow: unixNow, policy: policy)
        case (.pushClick(let campaign), .pushClick):
            return campaign == nil || campaign == event.name
        case (.iamClick(let id, let buttons), .iamClick):
            guard id == event.name else { return false }
            // With buttons: a click on one of them; without: a body click only.
            if let buttons { return event.button.map(buttons.contains) ?? false }
            return event.button == nil
        default:
            return false
        }
    }
}

extension Trigger {
    /// T2 aside, whether any condition matches (T1).
    public func matches(_ event: Event, unixNow: Double, filters policy: FilterPolicy = FilterPolicy()) -> Bool {
        conditions.contains { $0.matches(event, unixNow: unixNow, filters: policy) }
    }
}
