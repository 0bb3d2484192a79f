import IAMEngine

/// `timeline`: steps `{at, do, note?, ...}` with `at` non-decreasing (§9).
extension ScenarioDecoder {
    static let actionNames = [
        "launch", "background", "foreground", "reset", "purchase", "customEvent",
        "pushClick", "keyboard", "rotate", "device", "dismiss", "click",
        "displayNext", "addLocal", "delegate", "network", "campaign", "profile", "wait",
        "integration", "appImpression", "testSend", "screen", "bridge", "showInAppMessage",
        "deferInAppMessage", "showDeferred",
    ]

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

    /// Step `index` of the timeline at `listPath`, at `entry` of `tape`; `previousAt`, the time
    /// of the step before, becomes this one's.
    mutating func step(
        _ tape: JSONTape, _ entry: Int, index: Int, listPath: JSONPath, previousAt: inout Double?
    ) throws(DecodeIssue) -> TimelineStep {
        if let step = plainStep(tape, entry, after: previousAt) {
            previousAt = step.at
            return step
        }
        let element = Node(tape: tape, entry: entry, parent: listPath, step: .index(index))
        var object = try element.object()
        let atNode = try object.required("at")
        let at = try atNode.seconds()
        if let previousAt, at < previousAt {
            throw atNode.issue(
                "at \(JSONText.number(JSONNumber(at))) goes back in time: "
                    + "\(listPath.appending(.index(index - 1))) is at \(JSONText.number(JSONNumber(previousAt)))")
        }
        previousAt = at
        let note = try object.optional("note")?.string()
        let action = try self.action(&object)
        warnUnknownKeys(object, in: "a \(action.name) step")
        return TimelineStep(at: at, action: action, note: note)
    }

    /// The step's `do` and the keys that go with it.
    private mutating func action(_ object: inout ObjectReader) throws(DecodeIssue) -> Action {
        let doNode = try object.required("do")
        let name = try doNode.string()
        switch name {
        case "launch": return .launch
        case "background": return .background
        case "foreground": return .foreground
        case "reset": return .reset
        case "dismiss": return .dismiss
        case "displayNext": return .displayNext
        case "wait": return .wait
        case "purchase":
            let product = try object.required("product_id").nonEmptyString()
            // §9 lists `price`; it is checked to be a number and dropped: no rule reads it.
            _ = try object.optional("price")?.number()
            return .purchase(productID: product, properties: try properties(object.optional("properties")))
        case "customEvent":
            let event = try object.required("name").nonEmptyString()
            return .customEvent(name: event, properties: try properties(object.optional("properties")))
        case "pushClick":
            let campaign = try object.optional("campaign_id")?.optionalID()
            // TS4: `reachesSdk: false`, the app's handler kept the open from the SDK.
            if let reaches = object.optional("reachesSdk"), try !reaches.bool() {
                return .unforwardedPushClick(campaignID: campaign)
            }
            return .pushClick(campaignID: campaign)
        case "keyboard":
            return .keyboard(shown: try object.required("shown").bool())
        case "rotate":
            return .rotate(
                try object.required("orientation").choice([Device.Orientation.portrait, .landscape], "orientation"))
        case "device":
            return .deviceKind(try object.required("kind").choice([Device.Kind.phone, .tablet], "device kind"))
        case "click":
            guard let buttonNode = object.optional("button") else { return .click(button: nil) }
            let button = try buttonNode.integer()
            guard (0...1).contains(button) else {
                throw buttonNode.issue("button is a 0-based index and a message has at most two buttons; got \(button)")
            }
            return .click(button: button)
        case "addLocal":
            return .addLocal(try message(object.required("message")))
        case "delegate":
            var delegate = Delegate()
            try readDelegateKeys(&object, into: &delegate)
            return .delegate(delegate)
        case "network":
            return .network(online: try object.required("online").bool())
        case "campaign":
            if object.has("trigger") { return try campaignTrigger(&object) }
            let idNode = try object.required("id")
            let id = try idNode.nonEmptyString()
            guard triggerIndex[id] != nil else {
                throw idNode.issue("campaign \(JSONText.quoted(id)) is not among the triggers")
            }
            return .campaign(id: id, enabled: try object.required("enabled").bool())
        case "profile":
            return .profile(try profile(try object.required("name")))
        case "integration":
            let change = try integrationChange(&object)
            try rejectUnknownKeys(
                object, in: "an integration step", expected: ["at", "do", "note"] + Self.integrationKeys)
            return .integration(change)
        case "appImpression":
            return .appImpression(message: try object.required("message").nonEmptyString())
        case "testSend":
            let idNode = object.optional("id")
            let id = try idNode?.nonEmptyString()
            if let id, let idNode { try Self.checkIDLength(id, idNode) }
            let message = try message(object.required("message"))
            try rejectUnknownKeys(object, in: "a testSend step", expected: ["at", "do", "note", "message", "id"])
            return .testSend(id: id, message: message)
        case "screen":
            let name = try object.required("name").nonEmptyString()
            try rejectUnknownKeys(object, in: "a screen step", expected: ["at", "do", "note", "name"])
            return .screen(name: name)
        case "bridge": return try bridgeStep(&object, doNode)
        case "showInAppMessage", "deferInAppMessage", "showDeferred": return try webStep(name, &object)
        default:
            throw doNode.issue("unknown action \(JSONText.quoted(name)) (expected \(Node.list(Self.actionNames)))")
        }
    }

    /// Event properties: a map of values of any JSON type (R1); `{"$date": "<ISO-8601>"}` is a
    /// date value (R2).
    private mutating func properties(_ node: Node?) throws(DecodeIssue) -> [String: PropertyValue] {
        guard let node else { return [:] }
        let object = try node.object()
        let place = node.place
        if let valid = place.tape.withView({ shared.properties($0, place.entry) }) { return valid }
        // Some member is not a valid property value: the member by member reading names it.
        // Sized at creation: `reserveCapacity` on an empty dictionary is not specialized (a
        // generic call with metadata look-ups, then a resize), and this runs once per event.
        var properties = [String: PropertyValue](minimumCapacity: object.count)
        try object.forEachMember { (key, value) throws(DecodeIssue) in
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

    /// R2: `{"$date": "<ISO-8601>"}` is a date value; R1: any other array or object is kept as its
    /// compact JSON text, no longer than a property string may be (T6).
    static func compoundProperty(_ node: Node) throws(DecodeIssue) -> PropertyValue {
        let json = node.value
        if case .object(let members) = json, members.count == 1, members[0].key == "$date" {
            let at = node.path.appending(.key("$date"))
            guard case .string(let text) = members[0].value else {
                throw DecodeIssue(
                    path: at,
                    message: "a date value is {\"$date\": \"<ISO-8601>\"}; got \(describe(members[0].value))")
            }
            guard let time = ISO8601.parse(text) else {
                throw DecodeIssue(
                    path: at,
                    message: "\(JSONText.quoted(clipped(text))) is not an ISO-8601 date (like 2026-01-31T12:00:00Z)")
            }
            return .date(time)
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
