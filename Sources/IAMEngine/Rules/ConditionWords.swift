/// Every wording of a trigger's conditions, in one place: the full form `iamterm check` prints
/// (T1, with filters T3 and T4), the brief form why-not uses and the short form of the
/// simulator's trigger list. A view picks the form that fits its width, never its own words.
extension Condition {
    /// The condition in a few cells, for a column: `open`, `purchase:latte`, `event:promo+f`
    /// (`+f`: with property filters), `push:spring`, `click:welcome`. Not escaped: a view cleans
    /// the text for its surface.
    public var shortWords: String {
        switch self {
        case .open: "open"
        case .purchase(let product): product.flatMap { $0.isEmpty ? nil : "purchase:" + $0 } ?? "purchase"
        case .purchaseProperty(let product, _): "purchase:" + product + "+f"
        case .customEvent(let name): "event:" + name
        case .customEventProperty(let name, _): "event:" + name + "+f"
        case .pushClick(let campaign): campaign.map { "push:" + $0 } ?? "push"
        case .iamClick(let id, _): "click:" + id
        case .test: "test"
        case .unsupported(let type): "?" + type
        }
    }

    /// The condition in brief: `event promo with properties`.
    public var briefWords: String {
        switch self {
        case .open: "session start"
        case .purchase(let product):
            product.map { $0.isEmpty ? "purchase with product_id \"\"" : "purchase of \($0)" } ?? "any purchase"
        case .purchaseProperty(let product, _): "purchase of \(product) with properties"
        case .customEvent(let name): "event \(name)"
        case .customEventProperty(let name, _): "event \(name) with properties"
        case .pushClick(let campaign): campaign.map { "push \($0)" } ?? "any push click"
        case .iamClick(let id, _): "click on \(id)"
        case .test: "a test send"
        case .unsupported(let type): "a condition of unknown type \(type) (never matches)"
        }
    }

    /// A condition in words (T1), with its filters (T3, T4).
    public var words: String {
        switch self {
        case .open: return "session start"
        case .test: return "a test send (at delivery)"
        case .purchase(let product?) where product.isEmpty:
            return "any purchase (product_id \"\"; web: only a purchase of \"\", X19)"
        case .purchase(let product): return product.map { "purchase of " + TraceFormat.visible($0) } ?? "any purchase"
        case .purchaseProperty(let product, let groups):
            return "purchase of " + TraceFormat.visible(product) + " where " + Self.words(groups)
        case .customEvent(let name): return "event " + TraceFormat.visible(name)
        case .customEventProperty(let name, let groups):
            return "event " + TraceFormat.visible(name) + " where " + Self.words(groups)
        case .pushClick(let campaign):
            return campaign.map { "push click of " + TraceFormat.visible($0) } ?? "any push click"
        case .iamClick(let id, let buttons):
            let target = "click on " + TraceFormat.visible(id)
            guard let buttons else { return target + " (body)" }
            return target + " button "
                + buttons.map { TraceFormat.visible(String(Condition.buttonID($0))) }.joined(separator: " or ")
        case .unsupported(let type): return "unknown condition " + TraceFormat.visible(type) + " (never matches)"
        }
    }

    static func words(_ groups: FilterGroups) -> String {
        if groups.isEmpty { return "(no filters: never matches)" }
        return groups.map { group in
            let alternatives = group.map(Self.words).joined(separator: " or ")
            return groups.count > 1 && group.count > 1 ? "(" + alternatives + ")" : alternatives
        }.joined(separator: " and ")
    }

    public static func words(_ filter: PropertyFilter) -> String {
        let key = TraceFormat.visible(filter.key)
        if let unsupported = filter.unsupported {
            // X25: android and web evaluate the filters the dashboard does not send.
            let outcome =
                unsupported.kind == .comparatorNotForType || unsupported.kind == .unknownType
                ? "never passes on ios and swift; android and web evaluate it (X25)" : "never passes"
            return key + " [unsupported: " + TraceFormat.visible(unsupported.reason) + "; " + outcome + "]"
        }
        let value = TraceFormat.visible(filter.value.words)
        let seconds = "\(value) s"
        switch filter.comparator {
        case .equals: return "\(key) = \(value)"
        case .notEquals: return "\(key) != \(value)"
        case .greaterThan: return filter.type == .date ? "\(key) after \(value)" : "\(key) > \(value)"
        case .lessThan: return filter.type == .date ? "\(key) before \(value)" : "\(key) < \(value)"
        case .lessThanSecondsAgo: return "\(key) less than \(seconds) ago"
        case .moreThanSecondsAgo: return "\(key) more than \(seconds) ago"
        case .inLessThanSeconds: return "\(key) in less than \(seconds)"
        case .inMoreThanSeconds: return "\(key) in more than \(seconds)"
        case .matchesRegex: return "\(key) matches /\(value)/"
        case .doesNotMatchRegex: return "\(key) does not match /\(value)/"
        case .exists: return "\(key) exists"
        case .notExists: return "\(key) does not exist"
        default: return "\(key) comparator \(filter.comparator.rawValue) (never passes)"
        }
    }
}

extension PropertyValue {
    /// A filter's or an event's value as `check` shows it: `"a"`, `12`, `$date:2026-01-31T12:00:00Z`.
    public var words: String {
        switch self {
        case .string(let text): TraceFormat.quoted(text)
        case .number(let number): TraceFormat.shortest(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .date(let time): "$date:" + ISO8601.format(time)
        case .bigInteger(let number): TraceFormat.number(number)
        case .structured(let text): TraceFormat.visible(text)
        }
    }
}
