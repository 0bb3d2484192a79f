/// T6: the delivered trigger set, indexed by event kind and name so that an event is compared
/// only with the triggers that can match it.
public struct TriggerSet: Sendable {
    public private(set) var triggers: [Trigger] = []
    private var byKey: [Key: [Int]] = [:]
    private var byID: [String: Int] = [:]
    /// Positions of triggers with a `test` condition (E2).
    public private(set) var testTriggers: [Int] = []

    /// An index key: the event kind and, for conditions that name one, the name.
    private struct Key: Hashable, Sendable {
        var kind: Event.Kind
        var name: String?
    }

    public init(_ triggers: [Trigger] = []) {
        self.triggers = triggers
        for (position, trigger) in triggers.enumerated() {
            byID[trigger.id] = position
            var keys: [Key] = []
            for condition in trigger.conditions {
                switch condition {
                case .open: keys.append(Key(kind: .open))
                case .purchase(let product): keys.append(Key(kind: .purchase, name: product))
                case .purchaseProperty(let product, _): keys.append(Key(kind: .purchase, name: product))
                case .customEvent(let name), .customEventProperty(let name, _):
                    keys.append(Key(kind: .customEvent, name: name))
                case .pushClick(let campaign): keys.append(Key(kind: .pushClick, name: campaign))
                case .iamClick(let id, _): keys.append(Key(kind: .iamClick, name: id))
                case .test: testTriggers.append(position)
                }
            }
            // A trigger with two conditions of one key is listed once under it.
            var seen = Set<Key>()
            for key in keys where seen.insert(key).inserted {
                byKey[key, default: []].append(position)
            }
        }
    }

    public var isEmpty: Bool { triggers.isEmpty }

    public subscript(id: String) -> Trigger? { byID[id].map { triggers[$0] } }

    /// Positions (in delivered order) of the triggers that have a condition for `event`'s kind
    /// and name; the conditions themselves are checked by `Condition.matches`.
    public func candidates(for event: Event) -> [Int] {
        let named = event.name.flatMap { byKey[Key(kind: event.kind, name: $0)] } ?? []
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
