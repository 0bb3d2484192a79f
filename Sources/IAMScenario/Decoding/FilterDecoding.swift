import IAMEngine

/// `property_filters`: groups of `{property_key, property_type, comparator, property_value}` (T3, T4).
extension ScenarioDecoder {
    static let propertyTypeNames = PropertyFilter.ValueType.allCases.map(\.rawValue)

    mutating func filterGroups(_ node: Node) throws(DecodeIssue) -> FilterGroups {
        let groupCount = try node.elementCount()
        if groupCount == 0 {
            warn(node.path, "empty property_filters never matches; this condition never fires (T3)")
        }
        var result: FilterGroups = []
        result.reserveCapacity(groupCount)
        try node.forEachElement { (_, group) throws(DecodeIssue) in
            let filterCount = try group.elementCount()
            if filterCount == 0 {
                warn(group.path, "an empty filter group never passes; this condition never fires (T3)")
            }
            var decoded: [PropertyFilter] = []
            decoded.reserveCapacity(filterCount)
            try group.forEachElement { (_, filter) throws(DecodeIssue) in decoded.append(try self.filter(filter)) }
            result.append(decoded)
        }
        return result
    }

    /// One filter. Only a broken structure is an error (not an object, `property_key` missing or
    /// not a string, `comparator` not an integer); anything else the engine cannot evaluate loads
    /// as an unsupported filter with a warning naming its path, and never passes (T4, revision 2).
    mutating func filter(_ node: Node) throws(DecodeIssue) -> PropertyFilter {
        var object = try node.object()
        let key = try object.required("property_key").nonEmptyString()
        let comparatorNode = try object.required("comparator")
        guard let number = comparatorNode.jsonNumber, let code = number.integer else {
            throw comparatorNode.issue("expected an integer comparator code, got \(comparatorNode.described)")
        }
        let typeNode = object.take("property_type")
        let valueNode =
            object.take("property_value")
            ?? Node(value: .null, path: node.path.appending(.key("property_value")))
        warnUnknownKeys(object, in: "a property filter")

        var filter = PropertyFilter(key: key, type: .string, comparator: .equals, value: .null)
        func unsupported(_ at: Node, _ reason: String, _ kind: UnsupportedFilter.Kind = .value) -> PropertyFilter {
            // R4: the warning stands for every profile; the profile decides whether it passes (X25).
            let evaluatedElsewhere = kind == .comparatorNotForType || kind == .unknownType
            warn(
                at.path,
                "unsupported filter: \(reason); it never passes (T4)"
                    + (evaluatedElsewhere ? ", except on android and web, which evaluate it (X25)" : ""))
            filter.value = Self.loosePropertyValue(valueNode.value)
            filter.unsupported = UnsupportedFilter(path: node.path.description, reason: reason, kind: kind)
            return filter
        }
        guard let comparator = Comparator(rawValue: Int(code)) else {
            return unsupported(comparatorNode, "unknown comparator \(code)")
        }
        filter.comparator = comparator
        guard let typeNode, let typeName = typeNode.text else {
            let at = typeNode ?? Node(value: .null, path: node.path.appending(.key("property_type")))
            return unsupported(at, "property_type is \(typeNode.map(\.described) ?? "missing")", .unknownType)
        }
        guard
            let type = PropertyFilter.ValueType(
                rawValue: Node.canonical(typeName, among: Self.propertyTypeNames, fold: { $0.lowercased() }))
        else {
            return unsupported(typeNode, "unknown property_type \(JSONText.quoted(typeName))", .unknownType)
        }
        filter.type = type
        func notFor(_ kind: String) -> PropertyFilter {
            unsupported(typeNode, "comparator \(code) does not apply to \(kind) properties", .comparatorNotForType)
        }

        switch comparator {
        case .exists, .notExists:
            break // the value is not used
        case _ where !comparator.isEvaluated:
            return unsupported(comparatorNode, "the SDK never evaluates comparator \(code)")
        case .matchesRegex, .doesNotMatchRegex:
            guard type == .string else { return notFor(type.rawValue) }
            guard let source = valueNode.text else {
                return unsupported(valueNode, "a regular expression must be a string, got \(valueNode.described)")
            }
            do {
                let pattern = try Pattern(source)
                filter.pattern = pattern
                if let error = pattern.javaScriptError {
                    warn(
                        valueNode.path,
                        "regular expression \(JSONText.quoted(Self.clipped(source))): \(error); under the web "
                            + "profile it throws and no trigger matches the event (R3)")
                }
            } catch {
                // Patterns run in bounded work (T6): a pattern over the size limits is refused; one
                // no engine compiles, or with a construct the matcher does not support, never
                // passes (T4); under web a JavaScript syntax error throws when evaluated (R3).
                if error.isLimit {
                    throw valueNode.issue(
                        "invalid regular expression \(JSONText.quoted(Self.clipped(source))): \(error.message)")
                }
                var refused = unsupported(
                    valueNode, "regular expression \(JSONText.quoted(Self.clipped(source))): \(error.message)", .pattern
                )
                refused.pattern = Pattern.uncompilable(source, error)
                refused.value = .string(source)
                return refused
            }
            filter.value = .string(source)
        case .equals, .notEquals:
            guard let value = comparand(valueNode, type) else {
                return unsupported(valueNode, wrongValue(valueNode, type))
            }
            filter.value = value
        case .greaterThan, .lessThan:
            guard type == .number || type == .date else { return notFor(type.rawValue) }
            guard let value = comparand(valueNode, type) else {
                return unsupported(valueNode, wrongValue(valueNode, type))
            }
            filter.value = value
        default: // 4, 6, 15, 16: relative to now, in seconds
            switch type {
            case .date, .number:
                guard let seconds = valueNode.numeric.jsonNumber else {
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
                        comparatorNode.path,
                        "comparator \(code) compares dates; for a number property it is never true (T4)\(web)")
                }
                filter.value = .number(seconds.value)
            case .string, .boolean:
                return notFor(type.rawValue)
            }
        }
        return filter
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
