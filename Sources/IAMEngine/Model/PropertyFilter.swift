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
    public var pattern: Pattern? {
        get { rare?.pattern }
        set { rare = Rare.make(pattern: newValue, unsupported: unsupported) }
    }
    /// Set when the engine cannot evaluate this filter (T4, revision 2): such a filter never
    /// passes. `type` and `comparator` are then the nearest the file allows and are not read.
    public var unsupported: UnsupportedFilter? {
        get { rare?.unsupported }
        set { rare = Rare.make(pattern: pattern, unsupported: newValue) }
    }
    /// Whether `unsupported` is set, without reading it out of its box.
    var isUnsupported: Bool { rare?.unsupported != nil }

    /// The pattern and the unsupported note, which most filters lack, behind one reference: a
    /// filter is then a third of the size, and matching reads fewer cache lines per trigger.
    private var rare: Rare?

    private final class Rare: Sendable {
        let pattern: Pattern?
        let unsupported: UnsupportedFilter?

        init(pattern: Pattern?, unsupported: UnsupportedFilter?) {
            self.pattern = pattern
            self.unsupported = unsupported
        }

        static func make(pattern: Pattern?, unsupported: UnsupportedFilter?) -> Rare? {
            pattern == nil && unsupported == nil ? nil : Rare(pattern: pattern, unsupported: unsupported)
        }
    }

    public init(
        key: String, type: ValueType, comparator: Comparator, value: PropertyValue, pattern: Pattern? = nil,
        unsupported: UnsupportedFilter? = nil
    ) {
        self.key = key
        self.type = type
        self.comparator = comparator
        self.value = value
        self.rare = Rare.make(pattern: pattern, unsupported: unsupported)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.key == b.key && a.type == b.type && a.comparator == b.comparator && a.value == b.value
            && a.unsupported == b.unsupported
    }
}

extension PropertyFilter {
    /// T4: an unsupported filter in a few words, for the trace and why-not:
    /// `plan: comparator 3 does not apply to string properties`; `nil` for a supported filter.
    public var unsupportedDescription: String? {
        unsupported.map { "\(key): \($0.reason)" }
    }
}

/// A filter the engine cannot evaluate (T4, revision 2): where it is in the file and why.
/// The SDKs evaluate such a filter to false; so does the engine.
public struct UnsupportedFilter: Sendable, Equatable {
    /// The filter's JSON path, e.g. `triggers[0].trigger_condition[0].data.property_filters[0][1]`.
    public var path: String
    /// Why, in a few words: `comparator 3 does not apply to string properties`.
    public var reason: String
    /// What makes it unsupported, for the platforms that evaluate some of these filters (X25).
    public var kind: Kind

    /// What makes a filter one the dashboard does not send.
    public enum Kind: Sendable, Equatable {
        /// A comparator that does not apply to the filter's `property_type` (3 on a `string`).
        case comparatorNotForType
        /// An unknown or missing `property_type`: `type` is then `string` and is not read.
        case unknownType
        /// A comparand of the wrong JSON type, a comparator code the SDKs never evaluate or an
        /// unknown code.
        case value
        /// A regular expression the matcher refuses.
        case pattern
    }

    public init(path: String, reason: String, kind: Kind = .value) {
        self.path = path
        self.reason = reason
        self.kind = kind
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

/// A property value, in an event or a filter. An event's dates are date values (R2), or, for
/// the platforms that read them so, date-looking strings (X24).
public enum PropertyValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// An explicit JSON `null` (X21 decides whether it is a value or a missing property).
    case null
    /// R2: a date value, written `{"$date": "<ISO-8601>"}`: unix seconds, milliseconds kept.
    case date(Double)
    /// X22: a number written as an integer beyond 32 bits (`3000000000`).
    case bigInteger(Double)
    /// R1: an array or an object, kept as its compact JSON text. The wrong type for every filter.
    case structured(String)
}
