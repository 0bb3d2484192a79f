// T3–T5: property filters against an event's properties.

extension Collection where Element == [PropertyFilter] {
    /// T3: every group passes (AND); a group passes when any filter in it passes (OR).
    /// An empty outer array never matches (X9: unless the platform matches it always).
    public func pass(
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy = FilterPolicy()
    ) -> Bool {
        if isEmpty { return policy.emptyFiltersMatch }
        // Groups and filters read in place: `allSatisfy`/`contains` copy every element they pass on.
        let inPlace = withContiguousStorageIfAvailable { groups in
            for index in groups.indices where !groups[index].anyPasses(properties, unixNow: unixNow, policy: policy) {
                return false
            }
            return true
        }
        return inPlace ?? allSatisfy { $0.anyPasses(properties, unixNow: unixNow, policy: policy) }
    }

    /// T4 (revision 2): the unsupported filter that alone keeps these groups from passing: they
    /// fail as they are, and would pass if every unsupported filter passed. `nil` otherwise.
    /// Names the first unsupported filter of the first group that fails only because of one.
    public func blockingUnsupportedFilter(
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy = FilterPolicy()
    ) -> PropertyFilter? {
        guard !isEmpty else { return nil }
        var blocking: PropertyFilter?
        for group in self {
            if group.contains(where: { $0.passes(properties, unixNow: unixNow, policy: policy) }) { continue }
            // The group fails; it fails only because of an unsupported filter when it has one.
            guard let first = group.first(where: { $0.unsupported != nil }) else { return nil }
            if blocking == nil { blocking = first }
        }
        return blocking
    }
}

extension [PropertyFilter] {
    /// T3: one group passes when any of its filters passes (OR).
    @inline(__always)
    func anyPasses(_ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy) -> Bool {
        withUnsafeBufferPointer { filters in
            for index in filters.indices where filters[index].passes(properties, unixNow: unixNow, policy: policy) {
                return true
            }
            return false
        }
    }
}

extension PropertyFilter {
    /// T4/T5 for one filter. `unixNow` is the event's time, for the relative date comparators.
    public func passes(
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy = FilterPolicy()
    ) -> Bool {
        // T4 (revision 2): what the engine cannot evaluate never passes, as in the SDKs.
        // R3: except a pattern that does not compile, where the platform reads the value first.
        guard !isUnsupported || evaluatesUncompiledPattern(policy) else { return false }
        guard let value = Self.lookUp(key, in: properties), value != .null else {
            // T5: a missing property passes only "does not equal", "does not exist", "does not match".
            return comparator == .notEquals || comparator == .notExists || comparator == .doesNotMatchRegex
        }
        switch comparator {
        case .exists: return true
        case .notExists: return false
        default: break
        }
        guard comparator.isEvaluated else { return false }
        switch type {
        case .string:
            guard case .string(let text) = value else { return wrongType(stringFilter: true) }
            return compare(string: text, policy: policy)
        case .number:
            guard case .number(let number) = value, case .number(let target) = self.value else { return wrongType() }
            return compare(number, target, relativeComparators: policy.relativeComparatorsCompareNumbers)
        case .boolean:
            guard case .bool(let flag) = value, case .bool(let target) = self.value else { return wrongType() }
            switch comparator {
            case .equals: return flag == target
            case .notEquals: return flag != target
            default: return false
            }
        case .date:
            guard case .string(let text) = value, let time = ISO8601.parse(text) else { return wrongType() }
            return compare(date: time, unixNow: unixNow)
        }
    }

    /// `properties[key]`. Events carry a handful of properties, and for a handful comparing
    /// keys is cheaper than hashing one (an event reaches a few filters of each candidate).
    @inline(__always)
    static func lookUp(_ key: String, in properties: [String: PropertyValue]) -> PropertyValue? {
        guard properties.count <= 4 else { return properties[key] }
        for property in properties where property.key == key { return property.value }
        return nil
    }

    /// T5: a value of the wrong type passes only "does not equal" (and "does not match" for strings).
    private func wrongType(stringFilter: Bool = false) -> Bool {
        comparator == .notEquals || (stringFilter && comparator == .doesNotMatchRegex)
    }

    private func compare(string text: String, policy: FilterPolicy) -> Bool {
        switch comparator {
        case .equals: if case .string(let target) = value { return text == target } else { return false }
        case .notEquals: if case .string(let target) = value { return text != target } else { return true }
        case .matchesRegex, .doesNotMatchRegex: return regexPasses(text, policy: policy)
        default: return false
        }
    }

    /// Numbers: comparators 4 and 6 (relative dates) are never true; X7: on platforms that read
    /// them as `>=` and `<=`, they are.
    private func compare(_ number: Double, _ target: Double, relativeComparators: Bool) -> Bool {
        switch comparator {
        case .equals: number == target
        case .notEquals: number != target
        case .greaterThan: number > target
        case .lessThan: number < target
        case .lessThanSecondsAgo: relativeComparators && number >= target
        case .moreThanSecondsAgo: relativeComparators && number <= target
        default: false
        }
    }

    /// Dates: the filter's value is unix seconds (1, 2, 3, 5) or a number of seconds (4, 6, 15, 16).
    private func compare(date time: Double, unixNow: Double) -> Bool {
        guard case .number(let target) = value else { return false }
        switch comparator {
        case .equals: return time.rounded(.down) == target.rounded(.down)
        case .notEquals: return time.rounded(.down) != target.rounded(.down)
        case .greaterThan: return time > target
        case .lessThan: return time < target
        case .lessThanSecondsAgo: return time >= unixNow - target
        case .moreThanSecondsAgo: return time <= unixNow - target
        case .inLessThanSeconds: return time < unixNow + target
        case .inMoreThanSeconds: return time > unixNow + target
        default: return false
        }
    }
}
