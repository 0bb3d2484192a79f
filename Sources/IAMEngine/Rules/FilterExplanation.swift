/// T3–T5 in words, for why-not: which filter group an event fails and, for each filter in it,
/// what the filter asks and what the event had. It judges with the same `passes` the matching
/// uses, so the explanation cannot disagree with the decision.
public struct FilterExplanation: Sendable, Equatable {
    /// The condition's subject: "purchase of latte", "event cart_add".
    public var condition: String
    /// 1-based number of the first group in which no filter passes, and how many groups there are.
    public var group: Int
    public var groupCount: Int
    /// Every filter of that group (a group passes when any one of them passes).
    public var filters: [Filter]

    public struct Filter: Sendable, Equatable {
        public var property: String
        /// The comparator in words: "equals", "is more than … seconds ago".
        public var comparator: String
        /// What the filter compares with, as written ("\"large\"", "20", "true"); empty for
        /// comparators that take no value (exists).
        public var expected: String
        /// The event's value, or "missing" (the lines then say "the event has no <property>").
        public var actual: String
        /// T5: when the event's value is of a kind the filter cannot compare, both kinds and
        /// what that means (`a string, not a number (…)`); `nil` otherwise.
        public var wrongKind: String? = nil
    }

    /// Lines for a person: the group, then one line per filter.
    public var lines: [String] {
        let any = filters.count > 1 ? " (any one would do)" : ""
        var out = ["\(condition): filter group \(group) of \(groupCount) fails\(any)"]
        for f in filters {
            let wanted = f.expected.isEmpty ? f.comparator : f.comparator + " " + f.expected
            let has = f.actual == "missing" ? "no \(f.property)" : f.actual
            out.append("\(f.property) \(wanted), but the event has \(has)" + (f.wrongKind.map { ": " + $0 } ?? ""))
        }
        return out
    }
}

extension Trigger {
    /// Why `event` fails this trigger's property filters: one explanation per condition with
    /// filters whose kind and name match the event (a different name or kind fails before any
    /// filter is looked at, and is not explained here). Empty when the filters pass.
    public func explainFilters(_ event: Event, unixNow: Double, filters policy: FilterPolicy)
        -> [FilterExplanation]
    {
        conditions.compactMap { condition in
            switch (condition, event.kind) {
            case (.purchaseProperty(let product, let groups), .purchase) where product == event.name:
                FilterExplanation.first(
                    failing: groups, event, unixNow: unixNow, policy: policy, condition: "purchase of \(product)")
            case (.customEventProperty(let name, let groups), .customEvent) where name == event.name:
                FilterExplanation.first(
                    failing: groups, event, unixNow: unixNow, policy: policy, condition: "event \(name)")
            default:
                nil
            }
        }
    }
}

extension FilterExplanation {
    static func first(
        failing groups: FilterGroups, _ event: Event, unixNow: Double, policy: FilterPolicy, condition: String
    ) -> FilterExplanation? {
        guard
            let index = groups.firstIndex(where: { group in
                !group.contains { $0.passes(event.properties, unixNow: unixNow, policy: policy) }
            })
        else { return nil }
        return FilterExplanation(
            condition: condition, group: index + 1, groupCount: groups.count,
            filters: groups[index].map { filter in
                Filter(
                    property: filter.key,
                    comparator: filter.unsupported.map { unsent($0, policy) } ?? words(filter.comparator, filter.type),
                    expected: filter.unsupported == nil ? expected(filter) : "",
                    actual: event.properties[filter.key].map(describe) ?? "missing",
                    wrongKind: wrongKind(filter, event.properties[filter.key], policy))
            })
    }

    /// T5 in words: `a string, not a number (a value of the wrong type passes only "does not
    /// equal", T5)`, when the value is of a kind the filter cannot compare.
    static func wrongKind(_ filter: PropertyFilter, _ value: PropertyValue?, _ policy: FilterPolicy) -> String? {
        guard filter.unsupported == nil, filter.comparator.isEvaluated, let value,
            filter.comparator != .exists, filter.comparator != .notExists, filter.isWrongType(value, policy: policy)
        else { return nil }
        let passes = filter.type == .string ? "\"does not equal\" or \"does not match\"" : "\"does not equal\""
        return "\(kind(of: value)), not \(article(filter.type)) "
            + "(a value of the wrong type passes only \(passes), T5)"
    }

    static func kind(of value: PropertyValue) -> String {
        switch value {
        case .string: "a string"
        case .number, .bigInteger: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .date: "a date"
        case .structured(let text): text.first == "[" ? "an array" : "an object"
        }
    }

    static func article(_ type: PropertyFilter.ValueType) -> String {
        switch type {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .date: "a date"
        }
    }

    /// T4/X25: a filter the dashboard does not send, as this platform treats it (it fails here:
    /// the explanation only lists the filters of a failing group).
    static func unsent(_ unsupported: UnsupportedFilter, _ policy: FilterPolicy) -> String {
        guard policy.evaluates(unsupported) else {
            return "cannot be evaluated (\(unsupported.reason)) and never passes (T4)"
        }
        return switch policy.unsentFilters {
        case .neverPass: "cannot be evaluated (\(unsupported.reason)) and never passes (T4)"
        case .presenceFirst:
            "is not a filter the dashboard sends (\(unsupported.reason)); only its presence test applies here, and it fails (X25)"
        case .javaScript:
            "is not a filter the dashboard sends (\(unsupported.reason)); evaluated as JavaScript compares the value, it fails (X25)"
        }
    }

    /// The comparator as a phrase, in the filter's type's terms (dates are before/after).
    static func words(_ comparator: Comparator, _ type: PropertyFilter.ValueType) -> String {
        let date = type == .date
        return switch comparator {
        case .equals: date ? "is on the second" : "equals"
        case .notEquals: date ? "is not on the second" : "does not equal"
        case .greaterThan: date ? "is after" : "is greater than"
        case .lessThan: date ? "is before" : "is less than"
        case .lessThanSecondsAgo: "is less than this many seconds ago:"
        case .moreThanSecondsAgo: "is more than this many seconds ago:"
        case .inLessThanSeconds: "is in less than this many seconds:"
        case .inMoreThanSeconds: "is in more than this many seconds:"
        case .matchesRegex: "matches the pattern"
        case .doesNotMatchRegex: "does not match the pattern"
        case .exists: "exists"
        case .notExists: "does not exist"
        default: "uses comparator \(comparator.rawValue), which the SDK never evaluates (T4)"
        }
    }

    static func expected(_ filter: PropertyFilter) -> String {
        switch filter.comparator {
        case .exists, .notExists: return ""
        default: break
        }
        guard filter.comparator.isEvaluated else { return "" }
        if filter.type == .date, case .number(let seconds) = filter.value {
            switch filter.comparator {
            case .equals, .notEquals, .greaterThan, .lessThan: return "unix time " + TraceFormat.shortest(seconds)
            default: return TraceFormat.shortest(seconds)
            }
        }
        return describe(filter.value)
    }

    static func describe(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): TraceFormat.quoted(text)
        case .number(let number): number.isFinite ? TraceFormat.shortest(number) : "\(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .date(let time): "the date " + ISO8601.format(time)
        case .bigInteger(let number): TraceFormat.number(number)
        case .structured(let text): text.first == "[" ? "the array " + text : "the object " + text
        }
    }
}
