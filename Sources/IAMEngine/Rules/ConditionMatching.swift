// T1: whether one trigger condition matches an event.
extension Condition {
    /// T1: a trigger matches when any of its conditions does; `range` is where its conditions
    /// lie in `conditions` (the trigger's own list, or the delivered set's list of all of them).
    @inline(__always)
    static func anyMatches(
        _ conditions: [Condition], _ range: Range<Int>, _ event: Event, unixNow: Double, filters policy: FilterPolicy
    ) -> Bool {
        // Read in place: `contains` would copy each condition it passes on.
        for index in range where conditions[index].matches(event, unixNow: unixNow, filters: policy) { return true }
        return false
    }

    /// Inlined into matching's loop: called on a condition in a list, it was copied for the call.
    @inline(__always)
    public func matches(_ event: Event, unixNow: Double, filters policy: FilterPolicy) -> Bool {
        // On `self` alone, then the kind: a tuple of the two would copy the condition.
        switch self {
        case .open:
            return event.kind == .open
        case .purchase(let product):
            return event.kind == .purchase
                && (product == nil || product == event.name || (product == "" && policy.emptyProductIDMatchesAny))
        case .purchaseProperty(let product, let filters):
            return event.kind == .purchase && product == event.name
                && filters.pass(event.properties, unixNow: unixNow, policy: policy)
        case .customEvent(let name):
            return event.kind == .customEvent && name == event.name
        case .customEventProperty(let name, let filters):
            return event.kind == .customEvent && name == event.name
                && filters.pass(event.properties, unixNow: unixNow, policy: policy)
        case .pushClick(let campaign):
            guard event.kind == .pushClick else { return false }
            guard let campaign else { return true }
            // X36: the push's campaign id as given, or the campaign part of its base64 form.
            switch policy.clickIDs {
            case .asWritten: return campaign == event.name
            case .campaignPart: return event.name.flatMap(CampaignID.part) == campaign
            }
        case .iamClick(let id, let buttons):
            guard event.kind == .iamClick, let clicked = event.name else { return false }
            switch policy.iamClicks {
            case .campaignPart:
                // X36 (web): the campaign part only; no buttons (or none listed): any click; ids as strings.
                guard id == CampaignID.of(clicked) else { return false }
                guard let buttons, !buttons.isEmpty else { return true }
                return event.button.map(buttons.contains) ?? false
            case .asWritten:
                // T7: the message's id as given, or its campaign id; X36 (android): only the campaign part.
                switch policy.clickIDs {
                case .asWritten: guard id == clicked || id == CampaignID.of(clicked) else { return false }
                case .campaignPart: guard id == CampaignID.part(clicked) else { return false }
                }
                // With buttons: a click on one of them; without: a body click only.
                if let buttons {
                    return event.button.map { button in buttons.contains { Condition.buttonID($0) == button } } ?? false
                }
                return event.button == nil
            }
        case .test, .unsupported:
            return false
        }
    }

    /// T4 (revision 2): the unsupported filter that alone keeps this condition from matching an
    /// event of its kind and name; `nil` when it matches, or fails for another reason.
    public func blockingUnsupportedFilter(
        _ event: Event, unixNow: Double, filters policy: FilterPolicy
    ) -> PropertyFilter? {
        switch (self, event.kind) {
        case (.purchaseProperty(let product, let groups), .purchase) where product == event.name,
            (.customEventProperty(let product, let groups), .customEvent) where product == event.name:
            return groups.blockingUnsupportedFilter(event.properties, unixNow: unixNow, policy: policy)
        default:
            return nil
        }
    }
}

extension Trigger {
    /// T2 aside, whether any condition matches (T1).
    @inline(__always)
    public func matches(_ event: Event, unixNow: Double, filters policy: FilterPolicy) -> Bool {
        Condition.anyMatches(conditions, conditions.indices, event, unixNow: unixNow, filters: policy)
    }

    /// T4 (revision 2): for a trigger that does not match `event`, the unsupported filter that
    /// alone stopped it (the first such among its conditions); `nil` when none did.
    public func blockingUnsupportedFilter(
        _ event: Event, unixNow: Double, filters policy: FilterPolicy
    ) -> PropertyFilter? {
        for condition in conditions {
            if let filter = condition.blockingUnsupportedFilter(event, unixNow: unixNow, filters: policy) {
                return filter
            }
        }
        return nil
    }

    /// Whether any filter of any condition is unsupported (T4): a cheap guard before asking why.
    public var hasUnsupportedFilter: Bool {
        conditions.contains { condition in
            switch condition {
            case .purchaseProperty(_, let groups), .customEventProperty(_, let groups):
                groups.contains { $0.contains { $0.unsupported != nil } }
            default: false
            }
        }
    }
}

extension Condition {
    /// X36: an `iam_click` condition's `buttons` entry the payload wrote as a number, not a
    /// string, is kept behind this mark: T7 reads it as the id it spells, and a platform that
    /// compares ids as strings (`IAMClickPolicy.campaignPart`) never matches it.
    public static let numericButtonMark = "\u{0}#"

    /// A `buttons` entry as the id it spells (the mark of a numeric entry taken off).
    public static func buttonID(_ entry: String) -> Substring {
        entry.hasPrefix(numericButtonMark) ? entry.dropFirst(numericButtonMark.count) : Substring(entry)
    }
}

extension Trigger {
    /// X36: whether `event` is a click this trigger's conditions match as T1/T7 write them (the
    /// id as given, its campaign id; a body click or a listed button) but not as `policy` reads
    /// the clicked id, or the other way round: the platform's reading decides.
    public func clickReadingDecides(_ event: Event, unixNow: Double, filters policy: FilterPolicy) -> Bool {
        guard event.kind == .iamClick || event.kind == .pushClick else { return false }
        let written = policy.clicksAsWritten
        guard written != policy else { return false }
        return matches(event, unixNow: unixNow, filters: written) != matches(event, unixNow: unixNow, filters: policy)
    }
}

extension FilterPolicy {
    /// X36: the same reading with clicked ids compared as T1/T7 write them (the ios answer).
    public var clicksAsWritten: FilterPolicy {
        var written = self
        written.clickIDs = .asWritten
        written.iamClicks = .asWritten
        return written
    }

    /// X36: whether this platform reads a clicked id its own way.
    public var readsClicksItsOwnWay: Bool { clicksAsWritten != self }
}
