import IAMEngine

/// A problem found while decoding: where and what. The loader adds the file name.
struct DecodeIssue: Error {
    var path: JSONPath
    var message: String
}

/// A JSON value together with the path it was found at; typed accessors throw `DecodeIssue`s
/// that name that path and what was expected.
struct Node {
    let value: JSONValue
    let path: JSONPath

    func issue(_ message: String) -> DecodeIssue { DecodeIssue(path: path, message: message) }

    private func expected(_ what: String) -> DecodeIssue {
        issue("expected \(what), got \(describe(value))")
    }

    var isNull: Bool { if case .null = value { true } else { false } }

    func object() throws(DecodeIssue) -> ObjectReader {
        guard case .object(let members) = value else { throw expected("an object") }
        return ObjectReader(path: path, members: members)
    }

    func array() throws(DecodeIssue) -> [Node] {
        guard case .array(let elements) = value else { throw expected("an array") }
        var nodes: [Node] = []
        nodes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            nodes.append(Node(value: element, path: path.appending(.index(index))))
        }
        return nodes
    }

    func string() throws(DecodeIssue) -> String {
        guard case .string(let text) = value else { throw expected("a string") }
        return text
    }

    func nonEmptyString() throws(DecodeIssue) -> String {
        let text = try string()
        if text.isEmpty { throw issue("expected a non-empty string") }
        return text
    }

    /// A string; `null` and `""` read as `nil`.
    func optionalString() throws(DecodeIssue) -> String? {
        if isNull { return nil }
        let text = try string()
        return text.isEmpty ? nil : text
    }

    /// An id as Braze writes it: a string, or an integer (stringified). `null` and `""` read as `nil`.
    func optionalID() throws(DecodeIssue) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text.isEmpty ? nil : text
        case .number(let number):
            if let integer = number.integer { return String(integer) }
            throw expected("a string or integer id")
        default: throw expected("a string or integer id")
        }
    }

    func id() throws(DecodeIssue) -> String {
        guard let id = try optionalID() else { throw issue("expected a non-empty string or integer id") }
        return id
    }

    func bool() throws(DecodeIssue) -> Bool {
        guard case .bool(let flag) = value else { throw expected("true or false") }
        return flag
    }

    func number() throws(DecodeIssue) -> Double {
        guard case .number(let number) = value else { throw expected("a number") }
        return number.value
    }

    /// A number `>= minimum`; `unit` names it in the message ("seconds").
    func number(atLeast minimum: Double, _ unit: String) throws(DecodeIssue) -> Double {
        let number = try number()
        if number < minimum {
            throw issue(
                "must be >= \(JSONText.number(JSONNumber(minimum))) \(unit); got \(JSONText.number(JSONNumber(number)))"
            )
        }
        return number
    }

    /// A duration or a time in `unit`s: `>= 0` and below `TimeLimit.seconds` (spec §9).
    func seconds(unit: String = "seconds", perSecond: Double = 1) throws(DecodeIssue) -> Double {
        let value = try number(atLeast: 0, unit)
        try checkTime(value, unit: unit, perSecond: perSecond)
        return value
    }

    /// Spec §9: below 10^9 simulation seconds.
    func checkTime(_ value: Double, unit: String = "seconds", perSecond: Double = 1) throws(DecodeIssue) {
        let limit = TimeLimit.seconds * perSecond
        if !(value < limit) {
            throw issue(
                "must be below \(JSONText.number(JSONNumber(limit))) \(unit) (times stay below 1e9 seconds); got \(JSONText.number(JSONNumber(value)))"
            )
        }
    }

    /// A whole number (written `30`, `30.0` or `3e1`) within ±2^53.
    func integer() throws(DecodeIssue) -> Int {
        guard case .number(let number) = value else { throw expected("an integer") }
        if let integer = number.integer, let exact = Int(exactly: integer) { return exact }
        let double = number.value
        guard let whole = JSONNumber.whole(double), whole.magnitude <= 1 << 53 else {
            throw issue("expected an integer, got \(JSONText.number(number))")
        }
        return Int(whole)
    }

    /// A string naming one of `E`'s cases, compared case-insensitively with their raw values.
    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ what: String) throws(DecodeIssue) -> E
    where E.RawValue == String {
        try choice(Array(E.allCases), what)
    }

    /// A string naming one of `cases`, compared case-insensitively with their raw values.
    func choice<E: RawRepresentable>(_ cases: [E], _ what: String) throws(DecodeIssue) -> E
    where E.RawValue == String {
        let text = try string()
        let folded = text.lowercased()
        if let match = cases.first(where: { $0.rawValue.lowercased() == folded }) { return match }
        throw issue("unknown \(what) \(JSONText.quoted(text)) (expected \(Self.list(cases.map(\.rawValue))))")
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

/// A short rendering of a value for messages: `a string "x"`, `the number 1.5`, `an object`.
func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number): "the number \(JSONText.number(number))"
    case .string(let text):
        "the string " + JSONText.quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text)
    case .array: "an array"
    case .object: "an object"
    }
}

/// Reads an object's members by key and remembers which were read, so the rest can be
/// reported as unknown.
struct ObjectReader {
    let path: JSONPath
    let members: [JSONMember]
    private var used: [Bool]

    init(path: JSONPath, members: [JSONMember]) {
        self.path = path
        self.members = members
        self.used = Array(repeating: false, count: members.count)
    }

    /// The member `key`, `null` included; `nil` when absent.
    mutating func take(_ key: String) -> Node? {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        used[index] = true
        return Node(value: members[index].value, path: path.appending(.key(key)))
    }

    /// The member `key` unless it is absent or `null`.
    mutating func optional(_ key: String) -> Node? {
        guard let node = take(key), !node.isNull else { return nil }
        return node
    }

    mutating func required(_ key: String) throws(DecodeIssue) -> Node {
        guard let node = take(key) else {
            throw DecodeIssue(path: path, message: "missing required key \(JSONText.quoted(key))")
        }
        return node
    }

    /// Every member as a node, in file order (for maps such as `assets` and `extras`).
    var entries: [(key: String, node: Node)] {
        members.map { ($0.key, Node(value: $0.value, path: path.appending(.key($0.key)))) }
    }

    /// Members not read with `take`, `optional` or `required`.
    var unread: [(key: String, path: JSONPath)] {
        members.indices.filter { !used[$0] }.map { (members[$0].key, path.appending(.key(members[$0].key))) }
    }

    var isEmpty: Bool { members.isEmpty }
}
