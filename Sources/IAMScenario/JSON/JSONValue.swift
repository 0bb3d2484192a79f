/// A parsed JSON document: a tree whose objects keep their members in file order.
///
/// Produced by `JSONReader.parse`; a recorded session keeps and re-writes a file through it.
/// The scenario loader decodes from the lighter `JSONTape` instead.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// Members in the order they appear in the file; keys are unique (the reader rejects duplicates).
    case object([JSONMember])

    /// A short name of the value's kind, for error messages ("expected a string, got an array").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON number: its `Double` value, and the exact integer when the literal was written as one.
public struct JSONNumber: Sendable, Equatable {
    /// Always finite: the reader rejects literals that overflow `Double`.
    public var value: Double
    /// Set when the literal had no fraction and no exponent and fits `Int64` (kept exact for ids).
    public var integer: Int64?

    public init(_ value: Double, integer: Int64? = nil) {
        self.value = value
        self.integer = integer
    }

    /// Whether the literal was written as an integer (`12`, not `12.0` or `1.2e1`).
    public var isIntegral: Bool { integer != nil }
}

extension JSONNumber {
    /// `value` as an `Int64` when it is a whole number in range, else `nil`.
    ///
    /// Written with a truncating conversion and a comparison: `rounded()` and `Int64(exactly:)`
    /// call into libm, and the JSON reader should not depend on the package linking it.
    static func whole(_ value: Double) -> Int64? {
        guard value > -9.2e18, value < 9.2e18 else { return nil }
        let truncated = Int64(value)
        return Double(truncated) == value ? truncated : nil
    }
}
