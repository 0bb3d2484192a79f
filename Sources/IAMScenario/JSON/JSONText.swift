import IAMEngine

/// Compact JSON text of values, for messages and for stringifying non-string `extras`.
enum JSONText {
    /// `value` as compact JSON: `12`, `1.5`, `true`, `null`, `[1,2]`, `{"a":"b"}`.
    static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    /// A number as people write it: integers without a fraction.
    static func number(_ number: JSONNumber) -> String {
        if let integer = number.integer { return String(integer) }
        let value = number.value
        if let whole = JSONNumber.whole(value), whole.magnitude < 1_000_000_000_000_000 { return String(whole) }
        return "\(value)"
    }

    /// `text` in double quotes with JSON escapes, controls and invisible characters escaped too:
    /// messages that quote a scenario's strings go to a terminal. The trace's own quoting.
    static func quoted(_ text: String) -> String { TraceFormat.quoted(text) }

    // Nesting is bounded by the reader's depth limit, so this recursion is shallow.
    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += Self.number(number)
        case .string(let text): out += quoted(text)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += quoted(member.key) + ":"
                write(member.value, into: &out)
            }
            out += "}"
        }
    }
}
