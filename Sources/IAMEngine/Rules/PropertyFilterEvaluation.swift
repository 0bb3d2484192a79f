// T3–T5: property filters against an event's properties.

extension Profile {
    /// T3–T5, R3 (X7–X9, X21–X25, X36): how this platform reads property filters, their
    /// regexes and the ids a click names. The one reader of `Policies.filters`: matching,
    /// why-not, the simulator's filter lines and explore's searches ask this.
    public var filterReading: FilterPolicy { policies.filters }
}

extension Settings {
    /// T3–T5, R3: how the scenario's platform reads property filters (`Profile.filterReading`).
    public var filterReading: FilterPolicy { profile.filterReading }
}

extension Collection where Element == [PropertyFilter] {
    /// T3: every group passes (AND); a group passes when any filter in it passes (OR).
    /// An empty outer array never matches (X9: unless the platform matches it always).
    public func pass(
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy
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
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy
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
        _ properties: [String: PropertyValue], unixNow: Double, policy: FilterPolicy
    ) -> Bool {
        var found = Self.lookUp(key, in: properties)
        // X21: a null is a missing property, or a value of its own.
        if case .null = found, policy.nullProperty == .missing { found = nil }
        // T4 (revision 2): a filter the dashboard does not send; X25: whether it can pass. R3: a
        // pattern that does not compile, where the platform reads the value first, is evaluated
        // below (T5 for a missing value; it fails on a string).
        if isUnsupported, !evaluatesUncompiledPattern(policy) {
            return passesUnsent(found, unixNow: unixNow, policy: policy)
        }
        guard let value = found else {
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
            let text: String
            switch value {
            case .string(let string): text = string
            // X24: where dates are stored as text, a string filter compares that text.
            case .date(let time) where policy.dateStrings == .storedForm: text = ISO8601.storedForm(time)
            default: return wrongType(stringFilter: true)
            }
            return compare(string: text, policy: policy)
        case .number:
            // X25: where 15 and 16 read any date value whatever the property_type.
            if policy.unsentFilters == .javaScript, comparator == .inLessThanSeconds || comparator == .inMoreThanSeconds
            {
                return JavaScriptFilter(self, unixNow: unixNow).passes(value)
            }
            guard case .number(let target) = self.value else { return wrongType() }
            switch value {
            case .number(let number):
                return compare(number, target, relativeComparators: policy.relativeComparatorsCompareNumbers)
            // X22: an integer beyond 32 bits is a number, or the wrong type.
            case .bigInteger(let number) where policy.bigIntegers == .number:
                return compare(number, target, relativeComparators: policy.relativeComparatorsCompareNumbers)
            default: return wrongType()
            }
        case .boolean:
            guard case .bool(let flag) = value, case .bool(let target) = self.value else { return wrongType() }
            switch comparator {
            case .equals: return flag == target
            case .notEquals: return flag != target
            default: return false
            }
        case .date:
            guard let time = policy.dateStrings.time(of: value) else { return wrongType() }
            return compare(date: time, unixNow: unixNow, precision: policy.datePrecision)
        }
    }

    /// X25: a filter the dashboard does not send, under the platform's policy.
    private func passesUnsent(_ value: PropertyValue?, unixNow: Double, policy: FilterPolicy) -> Bool {
        switch policy.unsentFilters {
        case .neverPass:
            return false
        case .presenceFirst:
            guard value != nil else {
                return comparator == .notEquals || comparator == .notExists || comparator == .doesNotMatchRegex
            }
            return comparator == .exists
        case .javaScript:
            guard let unsupported, policy.evaluates(unsupported) else { return false }
            return JavaScriptFilter(self, unixNow: unixNow).passes(value)
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

    /// T5 as `passes` reads it: whether `value` is of a kind this filter's type cannot compare
    /// (a string for a number filter, ...), so that the filter fails (or passes only as "does not
    /// equal") whatever it holds. Why-not says so (`FilterExplanation`).
    func isWrongType(_ value: PropertyValue, policy: FilterPolicy) -> Bool {
        var value = value
        if case .null = value, policy.nullProperty == .missing { return false }
        switch type {
        case .string:
            if case .string = value { return false }
            if case .date = value, policy.dateStrings == .storedForm { return false }
            return true
        case .number:
            if policy.unsentFilters == .javaScript, comparator == .inLessThanSeconds || comparator == .inMoreThanSeconds
            {
                return false
            }
            if case .bigInteger(let number) = value, policy.bigIntegers == .number { value = .number(number) }
            if case .number = value { return false }
            return true
        case .boolean:
            if case .bool = value { return false }
            return true
        case .date:
            return policy.dateStrings.time(of: value) == nil
        }
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
    /// X23: at the platform's precision.
    private func compare(date time: Double, unixNow: Double, precision: DatePrecisionPolicy) -> Bool {
        guard case .number(let target) = value else { return false }
        switch precision {
        case .asGiven:
            switch comparator {
            case .equals: return time.rounded(.down) == target.rounded(.down)
            case .notEquals: return time.rounded(.down) != target.rounded(.down)
            default: return compare(time, target, now: unixNow)
            }
        case .wholeSeconds:
            return compare(time.rounded(.down), target.rounded(.towardZero), now: unixNow.rounded(.down))
        case .milliseconds:
            let unixTarget = target.rounded(.towardZero) * 1000
            let millis = (time * 1000).rounded()
            switch comparator {
            case .equals: return millis == unixTarget
            case .notEquals: return millis != unixTarget
            case .greaterThan: return millis > unixTarget
            case .lessThan: return millis < unixTarget
            default: return compare(millis, target * 1000, now: (unixNow * 1000).rounded())
            }
        }
    }

    /// T4's date comparators on one scale (seconds, or milliseconds throughout).
    private func compare(_ time: Double, _ target: Double, now: Double) -> Bool {
        switch comparator {
        case .equals: time == target
        case .notEquals: time != target
        case .greaterThan: time > target
        case .lessThan: time < target
        case .lessThanSecondsAgo: time >= now - target
        case .moreThanSecondsAgo: time <= now - target
        case .inLessThanSeconds: time < now + target
        case .inMoreThanSeconds: time > now + target
        default: false
        }
    }
}

extension FilterPolicy {
    /// X25: whether this platform evaluates the unsupported filter (else it never passes).
    public func evaluates(_ unsupported: UnsupportedFilter) -> Bool {
        switch unsentFilters {
        case .neverPass: false
        case .presenceFirst: true
        // A pattern the matcher refuses is left to the regex rules (T4, R3).
        case .javaScript: unsupported.kind != .pattern
        }
    }
}

extension DateStringPolicy {
    /// X24: the unix time of an event value a `date` filter reads as a date; `nil` when it is
    /// the wrong type.
    func time(of value: PropertyValue) -> Double? {
        switch value {
        case .date(let time): return time
        case .string(let text):
            switch self {
            case .iso8601: return ISO8601.parse(text)
            case .storedForm: return ISO8601.parseStoredForm(text)
            case .never: return nil
            }
        default: return nil
        }
    }
}
