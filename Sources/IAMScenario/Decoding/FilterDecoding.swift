import IAMEngine

/// `property_filters`: groups of `{property_key, property_type, comparator, property_value}` (T3, T4).
extension ScenarioDecoder {
    static let propertyTypeNames = PropertyFilter.ValueType.allCases.map(\.rawValue)

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
    /// Plain values are read straight off the tape; the others through `Node`'s readers.
    mutating func filter(_ view: JSONTapeView, _ node: consuming Node) throws(DecodeIssue) -> PropertyFilter {
        guard view.kind(node.entry) == .object else { throw node.expected("an object") }
        var object = MemberReader<FilterKey>(view, node)
        guard let keyEntry = object.take(.propertyKey) else { throw object.missing(.propertyKey) }
        let key: String
        if let text = view.plainNonEmptyString(keyEntry) {
            key = text
        } else {
            key = try object.node(.propertyKey, keyEntry).nonEmptyString()
        }
        guard let comparatorEntry = object.take(.comparator) else { throw object.missing(.comparator) }
        guard view.kind(comparatorEntry) == .number, let code = view.integer(comparatorEntry) else {
            let comparatorNode = object.node(.comparator, comparatorEntry)
            throw comparatorNode.issue("expected an integer comparator code, got \(comparatorNode.described)")
        }
        let typeEntry = object.take(.propertyType)
        let valueEntry = object.take(.propertyValue)
        if !object.members.allRead { warnUnknownKeys(object, in: "a property filter") }
        // Most filters: a comparator the engine evaluates on a type it applies to, a plain value.
        if let comparator = Comparator(rawValue: Int(code)), let typeEntry,
            let type = Self.plainValueType(view, typeEntry),
            let filter = Self.plainFilter(view, key: key, type: type, comparator: comparator, value: valueEntry)
        {
            return filter
        }
        return try explainedFilter(
            &object, key: key, code: code, comparatorEntry: comparatorEntry, typeEntry: typeEntry,
            valueEntry: valueEntry)
    }

    /// The value type named in any ASCII case, read straight off the tape.
    private static func plainValueType(_ view: JSONTapeView, _ entry: Int) -> PropertyFilter.ValueType? {
        guard view.kind(entry) == .string, view.entries[entry].ascii else { return nil }
        let text = view.text(entry)
        return PropertyFilter.ValueType.allCases.first { Plain.equalIgnoringCase(text, $0.rawValue) }
    }

    /// The filter when it is one the engine evaluates as it stands (its value of the type's own
    /// JSON kind, a pattern every dialect compiles); `nil` for `explainedFilter` to decide.
    private static func plainFilter(
        _ view: JSONTapeView, key: String, type: PropertyFilter.ValueType, comparator: Comparator, value: Int?
    ) -> PropertyFilter? {
        var filter = PropertyFilter(key: key, type: type, comparator: comparator, value: .null)
        switch comparator {
        case .exists, .notExists:
            return filter
        case .equals, .notEquals:
            guard let value, let comparand = plainComparand(view, value, type) else { return nil }
            filter.value = comparand
        case .greaterThan, .lessThan:
            guard type == .number || type == .date, let value, let comparand = plainComparand(view, value, type)
            else { return nil }
            filter.value = comparand
        case .lessThanSecondsAgo, .moreThanSecondsAgo, .inLessThanSeconds, .inMoreThanSeconds:
            guard type == .date, let value, let seconds = view.plainNumber(value) else { return nil }
            filter.value = .number(seconds)
        default:
            return nil
        }
        return filter
    }

    /// The comparand of the type's own JSON kind (dates as numbers or ISO-8601 strings).
    private static func plainComparand(_ view: JSONTapeView, _ entry: Int, _ type: PropertyFilter.ValueType)
        -> PropertyValue?
    {
        switch (type, view.kind(entry)) {
        case (.string, .string): .string(view.string(entry))
        case (.number, .number), (.date, .number): .number(view.value(entry))
        case (.boolean, .true): .bool(true)
        case (.boolean, .false): .bool(false)
        case (.date, .string): ISO8601.parse(view.string(entry)).map { .number($0) }
        default: nil
        }
    }

    /// Every filter `filter` does not take as it stands: patterns, values sent leniently, and
    /// whatever the engine cannot evaluate (with its warning). Out of line, so that the reading
    /// of the filters most files hold stays small.
    @inline(never)
    private mutating func explainedFilter(
        _ object: inout MemberReader<FilterKey>, key: String, code: Int64, comparatorEntry: Int, typeEntry: Int?,
        valueEntry: Int?
    ) throws(DecodeIssue) -> PropertyFilter {
        let view = object.view
        func typeNode() -> Node? { typeEntry.map { object.node(.propertyType, $0) } }
        func valueNode() -> Node {
            valueEntry.map { object.node(.propertyValue, $0) }
                ?? Node(value: .null, path: object.object.path.appending(.key(FilterKey.propertyValue.rawValue)))
        }

        var filter = PropertyFilter(key: key, type: .string, comparator: .equals, value: .null)
        func unsupported(_ at: Node, _ reason: String, _ kind: UnsupportedFilter.Kind = .value) -> PropertyFilter {
            refuse(&filter, at: at, reason, kind, filter: object.object, value: valueNode())
            return filter
        }
        guard let comparator = Comparator(rawValue: Int(code)) else {
            return unsupported(object.node(.comparator, comparatorEntry), "unknown comparator \(code)")
        }
        filter.comparator = comparator
        guard let typeEntry, view.kind(typeEntry) == .string else {
            let at =
                typeNode()
                ?? Node(value: .null, path: object.object.path.appending(.key(FilterKey.propertyType.rawValue)))
            return unsupported(at, "property_type is \(typeNode().map(\.described) ?? "missing")", .unknownType)
        }
        let typeName = view.string(typeEntry)
        guard
            let type = PropertyFilter.ValueType(
                rawValue: Node.canonical(typeName, among: Self.propertyTypeNames, fold: { $0.lowercased() }))
        else {
            return unsupported(
                object.node(.propertyType, typeEntry), "unknown property_type \(JSONText.quoted(typeName))",
                .unknownType)
        }
        filter.type = type
        func notFor(_ kind: String) -> PropertyFilter {
            unsupported(
                object.node(.propertyType, typeEntry), "comparator \(code) does not apply to \(kind) properties",
                .comparatorNotForType)
        }

        switch comparator {
        case .exists, .notExists:
            break // the value is not used
        case _ where !comparator.isEvaluated:
            return unsupported(object.node(.comparator, comparatorEntry), "the SDK never evaluates comparator \(code)")
        case .matchesRegex, .doesNotMatchRegex:
            guard type == .string else { return notFor(type.rawValue) }
            guard let valueEntry, view.kind(valueEntry) == .string else {
                let valueNode = valueNode()
                return unsupported(valueNode, "a regular expression must be a string, got \(valueNode.described)")
            }
            let source = view.string(valueEntry)
            do {
                let pattern = try Pattern(source)
                filter.pattern = pattern
                if let error = pattern.javaScriptError {
                    warn(
                        valueNode().path,
                        "regular expression \(JSONText.quoted(Self.clipped(source))): \(error); under the web "
                            + "profile it throws and no trigger matches the event (R3)")
                }
            } catch {
                // Patterns run in bounded work (T6): a pattern over the size limits is refused; one
                // no engine compiles, or with a construct the matcher does not support, never
                // passes (T4); under web a JavaScript syntax error throws when evaluated (R3).
                if error.isLimit {
                    throw valueNode().issue(
                        "invalid regular expression \(JSONText.quoted(Self.clipped(source))): \(error.message)")
                }
                var refused = unsupported(
                    valueNode(), "regular expression \(JSONText.quoted(Self.clipped(source))): \(error.message)",
                    .pattern)
                refused.pattern = Pattern.uncompilable(source, error)
                refused.value = .string(source)
                return refused
            }
            filter.value = .string(source)
        case .equals, .notEquals:
            guard let value = comparand(valueNode(), type) else {
                return unsupported(valueNode(), wrongValue(valueNode(), type))
            }
            filter.value = value
        case .greaterThan, .lessThan:
            guard type == .number || type == .date else { return notFor(type.rawValue) }
            guard let value = comparand(valueNode(), type) else {
                return unsupported(valueNode(), wrongValue(valueNode(), type))
            }
            filter.value = value
        default: // 4, 6, 15, 16: relative to now, in seconds
            switch type {
            case .date, .number:
                guard let seconds = valueNode().numeric.jsonNumber?.value else {
                    let valueNode = valueNode()
                    return unsupported(valueNode, "expected a number of seconds, got \(valueNode.described)")
                }
                if type == .number {
                    // X7: web reads 4 and 6 on a number as >= and <=; the other platforms never pass them.
                    let web =
                        code == 4
                        ? ", except on web, which reads it as >= (X7)"
                        : code == 6
                            ? ", except on web, which reads it as <= (X7)"
                            : ", except on web, which applies it to a date value (X25)"
                    warn(
                        object.node(.comparator, comparatorEntry).path,
                        "comparator \(code) compares dates; for a number property it is never true (T4)\(web)")
                }
                filter.value = .number(seconds)
            case .string, .boolean:
                return notFor(type.rawValue)
            }
        }
        return filter
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

    /// The comparand of a filter: the property type's JSON type (a number may come as a string,
    /// §9); dates as unix seconds (a number, or an ISO-8601 string converted here). `nil` when
    /// the value does not fit.
    private func comparand(_ node: Node, _ type: PropertyFilter.ValueType) -> PropertyValue? {
        switch (type, node.value) {
        case (.string, .string(let text)): return .string(text)
        case (.number, _): if case .number(let number) = node.numeric.value { return .number(number.value) }
        case (.boolean, _): if case .bool(let flag) = node.boolean.value { return .bool(flag) }
        case (.date, .number(let number)): return .number(number.value)
        case (.date, .string(let text)): return ISO8601.parse(text).map { .number($0) }
        default: break
        }
        return nil
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
