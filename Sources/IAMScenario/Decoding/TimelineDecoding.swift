import IAMEngine

/// `timeline`: steps `{at, do, note?, ...}` with `at` non-decreasing (§9).
extension ScenarioDecoder {
    mutating func timeline(_ node: Node) throws(DecodeIssue) -> [TimelineStep] {
        let count = try node.elementCount()
        if count > ScenarioLoader.maxTimelineSteps {
            throw node.issue("too many timeline steps: \(count) (the limit is \(ScenarioLoader.maxTimelineSteps))")
        }
        if let streamed = try streamedTimeline(node) { return streamed }
        var steps: [TimelineStep] = []
        steps.reserveCapacity(count)
        // The previous step's time, kept apart: `steps.last` would copy the step and its action.
        var previousAt: Double?
        let (tape, entry) = node.place
        let path = node.path
        var child = entry + 1
        for index in 0..<count {
            steps.append(try step(tape, child, index: index, listPath: path, previousAt: &previousAt))
            child = tape.end(of: child)
        }
        return steps
    }

    /// The timeline decoded while the file was read, when `node` is that list.
    private mutating func streamedTimeline(_ node: Node) throws(DecodeIssue) -> [TimelineStep]? {
        guard let streamed = stream?.timeline, node.isStreamed(entry: streamed.arrayEntry) else { return nil }
        if let failure = streamed.failure { throw failure }
        absorb(streamed.decoder)
        return streamed.values
    }

    /// Event properties: a map of values of any JSON type (R1); `{"$date": "<ISO-8601>"}` is a
    /// date value (R2).
    mutating func properties(_ node: Node?) throws(DecodeIssue) -> [String: PropertyValue] {
        guard let node else { return [:] }
        guard node.kind == .object else { throw node.expected("an object") }
        let place = node.place
        if let valid = place.tape.withView({ shared.properties($0, place.entry) }) { return valid }
        // Some member is not a valid property value: the member by member reading names it.
        // Sized at creation: `reserveCapacity` on an empty dictionary is not specialized (a
        // generic call with metadata look-ups, then a resize), and this runs once per event.
        var properties = [String: PropertyValue](minimumCapacity: place.tape.count(place.entry))
        try node.forEachMember { (key, value) throws(DecodeIssue) in
            switch value.kind {
            case .string:
                let text = value.text ?? ""
                // Bounds the cost of a regex filter on the value (see Pattern).
                if text.utf8.count > Pattern.maxEvaluatedLength {
                    throw value.issue(
                        "an event property string of \(text.utf8.count) bytes is longer than the limit of \(Pattern.maxEvaluatedLength)"
                    )
                }
                properties[key] = .string(text)
            case .number: properties[key] = Self.propertyNumber(value.jsonNumber ?? JSONNumber(0))
            case .true: properties[key] = .bool(true)
            case .false: properties[key] = .bool(false)
            case .null: properties[key] = .null
            case .array, .object: properties[key] = try Self.compoundProperty(value)
            }
        }
        return properties
    }

    /// X22: a number as the event holds it; an integer literal beyond 32 bits is kept apart.
    static func propertyNumber(_ number: JSONNumber) -> PropertyValue {
        if let integer = number.integer, integer < Int64(Int32.min) || integer > Int64(Int32.max) {
            return .bigInteger(number.value)
        }
        return .number(number.value)
    }

    /// The one key of a date value.
    enum DateValueKey: String, SchemaKey {
        case date = "$date"
        static let schema = KeySchema<Self>()
    }

    /// R2: `{"$date": "<ISO-8601>"}` is a date value; R1: any other array or object is kept as its
    /// compact JSON text, no longer than a property string may be (T6).
    static func compoundProperty(_ node: Node) throws(DecodeIssue) -> PropertyValue {
        let json = node.value
        if case .object(let members) = json, members.count == 1, members[0].key == DateValueKey.date.rawValue {
            let message: String
            if case .string(let text) = members[0].value {
                if let time = ISO8601.parseDate(text) { return .date(time) }
                message =
                    ISO8601.isOutOfRange(text)
                    ? "\(JSONText.quoted(clipped(text))) is outside the dates a scenario holds (0001-01-01T00:00:00Z up to 9999-12-31T23:59:59Z and its fraction, in UTC)"
                    : "\(JSONText.quoted(clipped(text))) is not an ISO-8601 date (like 2026-01-31T12:00:00Z)"
            } else {
                message = "a date value is {\"$date\": \"<ISO-8601>\"}; got \(describe(members[0].value))"
            }
            throw DecodeIssue(path: node.path.appending(.key(DateValueKey.date.rawValue)), message: message)
        }
        let text = JSONText.compact(json)
        if text.utf8.count > Pattern.maxEvaluatedLength {
            throw node.issue(
                "an event property holding \(json.kindName) of \(text.utf8.count) bytes (as compact JSON) is longer than the limit of \(Pattern.maxEvaluatedLength)"
            )
        }
        return .structured(text)
    }
}
