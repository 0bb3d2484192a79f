import IAMEngine

/// `property_filters`: groups of `{property_key, property_type, comparator, property_value}` (T3, T4).
extension ScenarioDecoder {
    /// The keys of a property filter.
    enum FilterKey: String, SchemaKey {
        case propertyKey = "property_key"
        case propertyType = "property_type"
        case comparator
        case propertyValue = "property_value"
        static let schema = KeySchema<Self>()
    }

    mutating func filterGroups(_ view: JSONTapeView, _ node: Node) throws(DecodeIssue) -> FilterGroups {
        guard view.kind(node.entry) == .array else { throw node.expected("an array") }
        let groupCount = view.count(node.entry)
        if groupCount == 0 {
            warn(node.path, "empty property_filters never matches; this condition never fires (T3)")
        }
        var result: FilterGroups = []
        result.reserveCapacity(groupCount)
        try node.elements { (_, group) throws(DecodeIssue) in
            guard view.kind(group.entry) == .array else { throw group.expected("an array") }
            let filterCount = view.count(group.entry)
            if filterCount == 0 {
                warn(group.path, "an empty filter group never passes; this condition never fires (T3)")
            }
            var decoded: [PropertyFilter] = []
            decoded.reserveCapacity(filterCount)
            try group.elements { (_, filter) throws(DecodeIssue) in decoded.append(try self.filter(view, filter)) }
            result.append(decoded)
        }
        return result
    }

    /// One filter. Only a broken structure is an error (not an object, `property_key` missing or
    /// not a string, `comparator` not an integer); anything else the engine cannot evaluate loads
    /// as an unsupported filter with a warning naming its path, and never passes (T4, revision 2).
    mutating func filter(_ view: JSONTapeView, _ node: consuming Node) throws(DecodeIssue) -> PropertyFilter {
        var object = try MemberReader<FilterKey>(object: view, node)
        guard let keyEntry = object.take(.propertyKey) else { throw object.missing(.propertyKey) }
        let key = try view.plainNonEmptyString(keyEntry).or(object.node(.propertyKey, keyEntry).nonEmptyString())
        guard let comparatorEntry = object.take(.comparator) else { throw object.missing(.comparator) }
        guard view.kind(comparatorEntry) == .number, let code = view.integer(comparatorEntry) else {
            let comparatorNode = object.node(.comparator, comparatorEntry)
            throw comparatorNode.issue("expected an integer comparator code, got \(comparatorNode.described)")
        }
        let typeEntry = object.take(.propertyType)
        let valueEntry = object.take(.propertyValue)
        if !object.members.allRead { warnUnknownKeys(object, in: "a property filter") }

        func member(_ key: FilterKey, _ entry: Int?) -> Node {
            entry.map { object.node(key, $0) }
                ?? Node(value: .null, path: object.object.path.appending(.key(key.rawValue)))
        }
        var filter = PropertyFilter(key: key, type: .string, comparator: .equals, value: .null)
        func unsupported(_ at: Node, _ reason: String, _ kind: UnsupportedFilter.Kind = .value) -> PropertyFilter {
            refuse(&filter, at: at, reason, kind, filter: object.object, value: member(.propertyValue, valueEntry))
            return filter
        }
        /// The value does not fit: `reason` tells of its node.
        func badValue(_ reason: (Node) -> String) -> PropertyFilter {
            let valueNode = member(.propertyValue, valueEntry)
            return unsupported(valueNode, reason(valueNode))
        }
        guard let comparator = Comparator(rawValue: Int(code)) else {
            return unsupported(object.node(.comparator, comparatorEntry), "unknown comparator \(code)")
        }
        filter.comparator = comparator
        guard let typeEntry, view.kind(typeEntry) == .string else {
            let described = typeEntry.map { object.node(.propertyType, $0).described } ?? "missing"
            return unsupported(member(.propertyType, typeEntry), "property_type is \(described)", .unknownType)
        }
        guard let type = view.named(typeEntry, among: PropertyFilter.ValueType.allCases) else {
            return unsupported(
                object.node(.propertyType, typeEntry),
                "unknown property_type \(JSONText.quoted(view.string(typeEntry)))",
                .unknownType)
        }
        filter.type = type
        func notFor() -> PropertyFilter {
            unsupported(
                object.node(.propertyType, typeEntry),
                "comparator \(code) does not apply to \(type.rawValue) properties",
                .comparatorNotForType)
        }
        switch comparator {
        case .exists, .notExists:
            break // the value is not used
        case _ where !comparator.isEvaluated:
            return unsupported(object.node(.comparator, comparatorEntry), "the SDK never evaluates comparator \(code)")
        case .matchesRegex, .doesNotMatchRegex:
            guard type == .string else { return notFor() }
            guard let valueEntry, view.kind(valueEntry) == .string else {
                return badValue { "a regular expression must be a string, got \($0.described)" }
            }
            let source = view.string(valueEntry)
            do {
                let pattern = try Pattern(source)
                filter.pattern = pattern
                if let error = pattern.javaScriptError {
                    warn(
                        object.node(.propertyValue, valueEntry).path,
                        "regular expression \(JSONText.quoted(Self.clipped(source))): \(error); under the web "
                            + "profile it throws and no trigger matches the event (R3)")
                }
            } catch {
                // Patterns run in bounded work (T6): a pattern over the size limits is refused; one
                // no engine compiles, or with a construct the matcher does not support, never
                // passes (T4); under web a JavaScript syntax error throws when evaluated (R3).
                let valueNode = object.node(.propertyValue, valueEntry)
                let message = "regular expression \(JSONText.quoted(Self.clipped(source))): \(error.message)"
                if error.isLimit { throw valueNode.issue("invalid " + message) }
                var refused = unsupported(valueNode, message, .pattern)
                refused.pattern = Pattern.uncompilable(source, error)
                refused.value = .string(source)
                return refused
            }
            filter.value = .string(source)
        case .equals, .notEquals, .greaterThan, .lessThan:
            if comparator == .greaterThan || comparator == .lessThan, type != .number, type != .date { return notFor() }
            guard let value = comparand(object, valueEntry, type) else { return badValue { wrongValue($0, type) } }
            filter.value = value
        default: // 4, 6, 15, 16: relative to now, in seconds
            guard type == .date || type == .number else { return notFor() }
            guard let seconds = valueEntry.flatMap({ lenientNumber(object, $0) }) else {
                return badValue { "expected a number of seconds, got \($0.described)" }
            }
            if type == .number { warnDateComparator(code, object.node(.comparator, comparatorEntry)) }
            filter.value = .number(seconds)
        }
        return filter
    }

    /// X7: comparator `code` (4, 6, 15, 16) on a number property. Out of line (rare).
    @inline(never)
    private mutating func warnDateComparator(_ code: Int64, _ comparator: Node) {
        // X7: web reads 4 and 6 on a number as >= and <=; the other platforms never pass them.
        let web =
            code == 4
            ? ", except on web, which reads it as >= (X7)"
            : code == 6
                ? ", except on web, which reads it as <= (X7)"
                : ", except on web, which applies it to a date value (X25)"
        warn(comparator.path, "comparator \(code) compares dates; for a number property it is never true (T4)\(web)")
    }

    /// Marks `filter` (at `node`, its value `value`) unsupported for `reason`, with the warning at
    /// `at`. Out of line: the filters most files hold never come here.
    @inline(never)
    private mutating func refuse(
        _ filter: inout PropertyFilter, at: Node, _ reason: String, _ kind: UnsupportedFilter.Kind, filter node: Node,
        value: Node
    ) {
        // R4: the warning stands for every profile; the profile decides whether it passes (X25).
        let evaluatedElsewhere = kind == .comparatorNotForType || kind == .unknownType
        warn(
            at.path,
            "unsupported filter: \(reason); it never passes (T4)"
                + (evaluatedElsewhere ? ", except on android and web, which evaluate it (X25)" : ""))
        filter.value = Self.loosePropertyValue(value.value)
        filter.unsupported = UnsupportedFilter(path: node.path.description, reason: reason, kind: kind)
    }

    /// The comparand of a filter: the property type's JSON type (a number or a flag may come as
    /// a string, §9); dates as unix seconds (a number, or an ISO-8601 string converted here).
    /// `nil` when the value does not fit.
    private func comparand(_ object: borrowing MemberReader<FilterKey>, _ entry: Int?, _ type: PropertyFilter.ValueType)
        -> PropertyValue?
    {
        guard let entry else { return nil }
        let view = object.view
        switch (type, view.kind(entry)) {
        case (.string, .string): return .string(view.string(entry))
        case (.number, _): return lenientNumber(object, entry).map { .number($0) }
        case (.date, .number): return .number(view.value(entry))
        case (.date, .string): return ISO8601.parse(view.string(entry)).map { .number($0) }
        case (.boolean, .true): return .bool(true)
        case (.boolean, .false): return .bool(false)
        case (.boolean, .string): return object.node(.propertyValue, entry).boolean.flag.map { .bool($0) }
        default: return nil
        }
    }

    /// A number, or one sent as a string (§9).
    private func lenientNumber(_ object: borrowing MemberReader<FilterKey>, _ entry: Int) -> Double? {
        object.view.plainNumber(entry) ?? object.node(.propertyValue, entry).numeric.jsonNumber?.value
    }

    private func wrongValue(_ node: Node, _ type: PropertyFilter.ValueType) -> String {
        switch (type, node.value) {
        case (.date, .string(let text)):
            "\(JSONText.quoted(Self.clipped(text))) is not an ISO-8601 date (like 2026-01-31T12:00:00Z)"
        case (.date, _): "expected unix seconds or an ISO-8601 string for a date property, got \(node.described)"
        case (.boolean, _): "expected true or false for a boolean property, got \(node.described)"
        default: "expected a \(type.rawValue) for a \(type.rawValue) property, got \(node.described)"
        }
    }

    /// At most 80 characters of `text`, for messages.
    static func clipped(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    /// Any scalar as a property value (for filters that are never evaluated).
    static func loosePropertyValue(_ value: JSONValue) -> PropertyValue {
        switch value {
        case .string(let text): .string(text)
        case .number(let number): .number(number.value)
        case .bool(let flag): .bool(flag)
        default: .null
        }
    }
}
