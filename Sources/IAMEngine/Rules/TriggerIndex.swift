/// T6: the delivered trigger set, indexed by event kind and name so that an event is compared
/// only with the triggers that can match it.
public struct TriggerSet: Sendable {
    public private(set) var triggers: [Trigger] = []
    private var byKey: [Key: [Int]] = [:]
    private var byID: [String: Int] = [:]
    /// Positions of triggers with a `test` condition (E2).
    public private(set) var testTriggers: [Int] = []

    /// An index key: the event kind and, for conditions that name one, the name.
    package struct Key: Hashable, Sendable {
        package var kind: Event.Kind
        package var name: String?

        /// "Any purchase" and "any push" (a nil name) are candidates for every event of their kind.
        package var matchesEveryName: Bool { name == nil && (kind == .purchase || kind == .pushClick) }
    }

    /// The keys `trigger` is filed under, each once (a trigger with two conditions of one key
    /// is listed once under it). `test` conditions have none: they run at delivery (E2).
    package static func keys(of trigger: Trigger) -> [Key] {
        var keys: [Key] = []
        for condition in trigger.conditions {
            let key: Key
            switch condition {
            case .open: key = Key(kind: .open)
            case .purchase(let product): key = Key(kind: .purchase, name: product)
            case .purchaseProperty(let product, _): key = Key(kind: .purchase, name: product)
            case .customEvent(let name), .customEventProperty(let name, _): key = Key(kind: .customEvent, name: name)
            case .pushClick(let campaign): key = Key(kind: .pushClick, name: campaign)
            case .iamClick(let id, _): key = Key(kind: .iamClick, name: id)
            case .test, .unsupported: continue // E2 fires at delivery; T4: never matches
            }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    public init(_ triggers: [Trigger] = []) {
        self.triggers = triggers
        for (position, trigger) in triggers.enumerated() {
            byID[trigger.id] = position
            if trigger.isTest { testTriggers.append(position) }
            for key in Self.keys(of: trigger) { byKey[key, default: []].append(position) }
        }
    }

    public var isEmpty: Bool { triggers.isEmpty }

    public subscript(id: String) -> Trigger? { byID[id].map { triggers[$0] } }

    /// Positions (in delivered order) of the triggers that have a condition for `event`'s kind
    /// and name; the conditions themselves are checked by `Condition.matches`.
    public func candidates(for event: Event) -> [Int] {
        var named = event.name.flatMap { byKey[Key(kind: event.kind, name: $0)] } ?? []
        // T7: a click is also filed under the clicked message's campaign id.
        if event.kind == .iamClick, let campaign = event.name.flatMap(CampaignID.of),
            let byCampaign = byKey[Key(kind: .iamClick, name: campaign)]
        {
            named = named.isEmpty ? byCampaign : merge(named, byCampaign)
        }
        // "Any purchase" and "any push" conditions are filed under a nil name.
        let unnamed: [Int] =
            switch event.kind {
            case .purchase, .pushClick: byKey[Key(kind: event.kind, name: nil)] ?? []
            case .open: byKey[Key(kind: .open)] ?? []
            default: []
            }
        if unnamed.isEmpty { return named }
        if named.isEmpty { return unnamed }
        return merge(named, unnamed)
    }

    /// Merges two ascending position lists, dropping duplicates.
    private func merge(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            let next: Int
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if result.last != next { result.append(next) }
        }
        return result
    }
}
