// X25 (web): a filter the dashboard does not send, evaluated as JavaScript evaluates it.

/// One filter as the Web SDK evaluates it when `property_type` does not fit the comparator (or
/// is unknown): the event's value is compared as it is. `===` between values of one kind,
/// `<` `>` `<=` `>=` only between values of one `typeof`, 15 and 16 on any date value, 17
/// passing for anything that is not a string. `property_type` is read only to make the filter's
/// unix time a date (`date` filters) and to choose between the date and the plain reading of 4
/// and 6.
struct JavaScriptFilter {
    let filter: PropertyFilter
    let unixNow: Double

    init(_ filter: PropertyFilter, unixNow: Double) {
        self.filter = filter
        self.unixNow = unixNow
    }

    /// A JavaScript value: what `typeof` says and what `valueOf()` gives.
    private enum Value {
        case string(String)
        case number(Double)
        case boolean(Bool)
        /// A `Date` (milliseconds) or another object (an array or an object: `nil`).
        case object(millis: Double?)

        init(_ value: PropertyValue) {
            switch value {
            case .string(let text): self = .string(text)
            case .number(let number), .bigInteger(let number): self = .number(number)
            case .bool(let flag): self = .boolean(flag)
            case .date(let time): self = .object(millis: (time * 1000).rounded())
            case .structured, .null: self = .object(millis: nil)
            }
        }

        /// `ToNumber`, for the comparisons with a number of seconds (15, 16).
        var number: Double {
            switch self {
            case .number(let number): number
            case .boolean(let flag): flag ? 1 : 0
            case .string(let text):
                text.allSatisfy { $0 == " " } ? 0 : Double(text.trimmingSpaces) ?? .nan
            case .object(let millis): millis ?? .nan
            }
        }
    }

    func passes(_ found: PropertyValue?) -> Bool {
        let event = found.map(Value.init)
        var target = Value(filter.value)
        let comparator = filter.comparator
        let relative: Set<Comparator> = [
            .lessThanSecondsAgo, .moreThanSecondsAgo, .inLessThanSeconds, .inMoreThanSeconds,
        ]
        if filter.type == .date, filter.unsupported?.kind != .unknownType, !relative.contains(comparator) {
            // The filter's unix time becomes a Date of its whole seconds.
            guard case .number(let seconds) = target else { return false }
            target = .object(millis: seconds.rounded(.towardZero) * 1000)
        }
        let isDateFilter = filter.type == .date && filter.unsupported?.kind != .unknownType
        switch comparator {
        case .equals: return event.map { Self.strictlyEqual($0, target) } ?? false
        case .notEquals: return event.map { !Self.strictlyEqual($0, target) } ?? true
        case .greaterThan: return event.map { Self.order($0, target).map { $0 > 0 } ?? false } ?? false
        case .lessThan: return event.map { Self.order($0, target).map { $0 < 0 } ?? false } ?? false
        case .lessThanSecondsAgo:
            if isDateFilter { return secondsAgo(event).map { $0 <= target.number } ?? false }
            return event.map { Self.order($0, target).map { $0 >= 0 } ?? false } ?? false
        case .moreThanSecondsAgo:
            if isDateFilter { return secondsAgo(event).map { $0 >= target.number } ?? false }
            return event.map { Self.order($0, target).map { $0 <= 0 } ?? false } ?? false
        case .inLessThanSeconds: return secondsAgo(event).map { -$0 < target.number } ?? false
        case .inMoreThanSeconds: return secondsAgo(event).map { -$0 > target.number } ?? false
        case .exists: return event != nil
        case .notExists: return event == nil
        case .matchesRegex:
            // Needs a string value and a string pattern; the pattern of a filter on another type
            // is not compiled here, so it never matches.
            guard case .string(let text) = event, case .string = target, let pattern = filter.pattern else {
                return false
            }
            return pattern.matches(text, caseSensitive: true, dialect: .icu)
        case .doesNotMatchRegex:
            guard case .string(let text) = event, case .string = target else { return true }
            guard let pattern = filter.pattern else { return true }
            return !pattern.matches(text, caseSensitive: true, dialect: .icu)
        default:
            return false
        }
    }

    /// `(now - date) / 1000` for a date value, `nil` for anything else.
    private func secondsAgo(_ event: Value?) -> Double? {
        guard case .object(let millis?) = event else { return nil }
        return ((unixNow * 1000).rounded() - millis) / 1000
    }

    /// `a.valueOf() === b.valueOf()`.
    private static func strictlyEqual(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.boolean(let x), .boolean(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.object(let x?), .object(let y?)): x == y
        case (.object(let x?), .number(let y)), (.number(let y), .object(let x?)): x == y
        default: false
        }
    }

    /// The sign of `a - b` under `<`/`>` when both have one `typeof` (else `nil`, and every
    /// comparison is false). Strings compare by UTF-16 code units.
    private static func order(_ a: Value, _ b: Value) -> Int? {
        func sign(_ x: Double, _ y: Double) -> Int? { x < y ? -1 : x > y ? 1 : x == y ? 0 : nil }
        switch (a, b) {
        case (.number(let x), .number(let y)): return sign(x, y)
        case (.boolean(let x), .boolean(let y)): return sign(x ? 1 : 0, y ? 1 : 0)
        case (.string(let x), .string(let y)):
            if x.utf16.elementsEqual(y.utf16) { return 0 }
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : 1
        case (.object(let x?), .object(let y?)): return sign(x, y)
        default: return nil
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks (JavaScript's `ToNumber` trims them).
    fileprivate var trimmingSpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
