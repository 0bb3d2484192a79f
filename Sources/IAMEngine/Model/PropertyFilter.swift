/// T3: all groups must pass (AND); a group passes if any of its filters passes (OR).
public typealias FilterGroups = [[PropertyFilter]]

/// A property filter `{property_key, property_type, comparator, property_value}` (T4).
public struct PropertyFilter: Sendable, Equatable {
    public enum ValueType: String, Sendable, CaseIterable {
        case string, number, boolean, date
    }

    public var key: String
    public var type: ValueType
    public var comparator: Comparator
    /// The comparand: a string, number or bool; for dates unix seconds (3/5/1/2) or seconds (4/6/15/16).
    public var value: PropertyValue
    /// Compiled once at load time for comparators 10 and 17.
    public var pattern: Pattern?

    public init(key: String, type: ValueType, comparator: Comparator, value: PropertyValue, pattern: Pattern? = nil) {
        self.key = key
        self.type = type
        self.comparator = comparator
        self.value = value
        self.pattern = pattern
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.key == b.key && a.type == b.type && a.comparator == b.comparator && a.value == b.value
    }
}

/// Braze comparator codes (T4).
public enum Comparator: Int, Sendable, CaseIterable {
    case equals = 1
    case notEquals = 2
    case greaterThan = 3
    case lessThanSecondsAgo = 4
    case lessThan = 5
    case moreThanSecondsAgo = 6
    case unevaluated7 = 7
    case unevaluated8 = 8
    case unevaluated9 = 9
    case matchesRegex = 10
    case exists = 11
    case notExists = 12
    case unevaluated13 = 13
    case unevaluated14 = 14
    case inLessThanSeconds = 15
    case inMoreThanSeconds = 16
    case doesNotMatchRegex = 17
    case unevaluated18 = 18
    case unevaluated19 = 19

    /// Valid Braze codes the SDK never evaluates: such a filter never passes (T4).
    public var isEvaluated: Bool {
        switch self {
        case .unevaluated7, .unevaluated8, .unevaluated9, .unevaluated13, .unevaluated14,
            .unevaluated18, .unevaluated19:
            false
        default: true
        }
    }
}

/// A property value, in an event or a filter. Dates travel as ISO-8601 strings in events (T5).
public enum PropertyValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}
