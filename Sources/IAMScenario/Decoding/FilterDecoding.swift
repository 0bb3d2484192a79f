import IAMEngine

/// `property_filters`: groups of `{property_key, property_type, comparator, property_value}` (T3, T4).
extension ScenarioDecoder {
    mutating func filterGroups(_ node: Node) throws(DecodeIssue) -> FilterGroups {
        let groups = try node.array()
        if groups.isEmpty {
            warn(node.path, "empty property_filters never matches; this condition never fires (T3)")
        }
        var result: FilterGroups = []
        result.reserveCapacity(groups.count)
        for group in groups {
            let filters = try group.array()
            if filters.isEmpty {
                warn(group.path, "an empty filter group never passes; this condition never fires (T3)")
            }
            var decoded: [PropertyFilter] = []
            for filter in filters { decoded.append(try self.filter(filter)) }
            result.append(decoded)
        }
        return result
    }

    mutating func filter(_ node: Node) throws(DecodeIssue) -> PropertyFilter {
        var object = try node.object()
        let key = try object.required("property_key").nonEmptyString()
        let typeNode = try object.required("property_type")
        let type = try typeNode.choice(PropertyFilter.ValueType.self, "property_type")
        let comparatorNode = try object.required("comparator")
        guard case .number(let number) = comparatorNode.value, let code = number.integer else {
            throw comparatorNode.issue("expected an integer comparator code, got \(describe(comparatorNode.value))")
        }
        guard let comparator = Comparator(rawValue: Int(code)) else {
            throw comparatorNode.issue("unknown comparator \(code)")
        }
        let valueNode =
            object.take("property_value")
            ?? Node(value: .null, path: node.path.appending(.key("property_value")))
        warnUnknownKeys(object, in: "a property filter")

        var filter = PropertyFilter(key: key, type: type, comparator: comparator, value: .null)
        func notFor(_ kind: String) -> DecodeIssue {
            typeNode.issue("comparator \(code) does not apply to \(kind) properties")
        }
        switch comparator {
        case .exists, .notExists:
            break // the value is not used
        case _ where !comparator.isEvaluated:
            warn(comparatorNode.path, "the SDK never evaluates comparator \(code); this filter never passes (T4)")
            filter.value = Self.loosePropertyValue(valueNode.value)
        case .matchesRegex, .doesNotMatchRegex:
            guard type == .string else { throw notFor(type.rawValue) }
            let source = try valueNode.string()
            do {
                filter.pattern = try Pattern(source)
            } catch {
                // Patterns run without backtracking in bounded time; what cannot is refused here.
                throw valueNode.issue(
                    "invalid regular expression \(JSONText.quoted(Self.clipped(source))): \(error.message)")
            }
            filter.value = .string(source)
        case .equals, .notEquals:
            filter.value = try comparand(valueNode, type)
        case .greaterThan, .lessThan:
            guard type == .number || type == .date else { throw notFor(type.rawValue) }
            filter.value = try comparand(valueNode, type)
        default: // 4, 6, 15, 16: relative to now, in seconds
            switch type {
            case .date:
                filter.value = .number(try valueNode.number())
            case .number:
                // X7: web reads 4 and 6 on a number as >= and <=; the other platforms never pass them.
                let web =
                    code == 4
                    ? ", except on web, which reads it as >= (X7)"
                    : code == 6 ? ", except on web, which reads it as <= (X7)" : ""
                warn(
                    comparatorNode.path,
                    "comparator \(code) compares dates; for a number property it is never true (T4)\(web)")
                filter.value = .number(try valueNode.number())
            case .string, .boolean:
                throw notFor(type.rawValue)
            }
        }
        return filter
    }

    /// The comparand of a filter: the property type's JSON type; dates as unix seconds
    /// (a number, or an ISO-8601 string converted here).
    private func comparand(_ node: Node, _ type: PropertyFilter.ValueType) throws(DecodeIssue) -> PropertyValue {
        switch (type, node.value) {
        case (.string, .string(let text)): return .string(text)
        case (.number, .number(let number)): return .number(number.value)
        case (.boolean, .bool(let flag)): return .bool(flag)
        case (.date, .number(let number)): return .number(number.value)
        case (.date, .string(let text)):
            guard let seconds = ISO8601.parse(text) else {
                throw node.issue("\(JSONText.quoted(text)) is not an ISO-8601 date (like 2026-01-31T12:00:00Z)")
            }
            return .number(seconds)
        case (.date, _):
            throw node.issue(
                "expected unix seconds or an ISO-8601 string for a date property, got \(describe(node.value))")
        default:
            let wanted = type == .boolean ? "true or false" : "a \(type.rawValue)"
            throw node.issue("expected \(wanted) for a \(type.rawValue) property, got \(describe(node.value))")
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
