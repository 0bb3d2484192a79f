import IAMEngine

/// `triggers`: the list of Braze triggered actions (§9), or a whole sync response holding it.
extension ScenarioDecoder {
    /// An array of triggered actions, or an object with a `triggers` array (Braze's sync
    /// response); the response's other keys are accepted as they are and ignored.
    mutating func triggerList(_ node: Node) throws(DecodeIssue) -> [Trigger] {
        let list: Node
        if node.kind == .object {
            list = try syncResponse(node) { node in
                // `{}` where the list belongs: say what belongs there, not that a key is missing.
                node.issue("expected an array, got an object (a sync response needs a \"triggers\" array)")
            }
        } else {
            list = node
        }
        guard list.kind == .array else {
            throw list.issue(
                "expected an array of triggered actions (or a sync response with one), got \(list.described)")
        }
        let count = try list.elementCount()
        if count > ScenarioLoader.maxTriggers {
            throw list.issue("too many triggers: \(count) (the limit is \(ScenarioLoader.maxTriggers))")
        }
        let listPath = list.path
        var triggers: [Trigger] = []
        if let streamed = stream?.triggers, list.isStreamed(entry: streamed.arrayEntry) {
            if let failure = streamed.failure { throw failure }
            triggers = streamed.values
            triggerIndex = streamed.decoder.triggerIndex
            absorb(streamed.decoder)
        } else {
            triggers.reserveCapacity(count)
            try list.forEachElement { (index, element) throws(DecodeIssue) in
                triggers.append(try trigger(element, index: index, listPath: listPath))
            }
        }
        if let excess = EventWork.firstExcess(in: triggers) {
            throw DecodeIssue(path: listPath.appending(.index(excess.position)), message: Self.explain(excess))
        }
        return triggers
    }

    /// The keys of a sync response the simulator reads.
    enum SyncResponseKey: String, SchemaKey {
        case triggers
        /// Issue 47: a pasted sync response may carry the expectations `iamterm test` checks.
        case expect
        static let schema = KeySchema<Self>()
    }

    /// A sync response's `triggers` (`missing` the error without it); its other keys (`feed`,
    /// `config`, ...) are Braze's and not simulated: noted as ignored.
    mutating func syncResponse(_ node: Node, missing: ((Node) -> DecodeIssue)? = nil) throws(DecodeIssue) -> Node {
        try node.members(SyncResponseKey.self) { response throws(DecodeIssue) in
            guard let list = response.takeNode(.triggers) else { throw missing?(node) ?? response.missing(.triggers) }
            // The file's own expectations at its top level; in a scenario's `triggers`, unknown.
            if node.path.components.isEmpty, let expect = response.optionalNode(.expect) {
                expectations = try self.expectations(expect)
            }
            noteIgnored(response, in: "sync response")
            return list
        }
    }

    /// T6: which event would cost too much, and by how much.
    static func explain(_ excess: EventWork.Excess) -> String {
        let event =
            switch (excess.kind, excess.name) {
            case (.purchase, nil): "every purchase"
            case (.pushClick, nil): "every push click"
            case (let kind, let name?): "a \(kind.rawValue) \(JSONText.quoted(name))"
            case (let kind, nil): "a \(kind.rawValue)"
            }
        let cost = excess.cost
        return "with this trigger, \(event) reaches triggers whose filters need \(cost.totalRegexInstructions) regex "
            + "automaton instructions (the limit is \(EventWork.maxRegexInstructions)) and \(cost.checks) checks "
            + "(the limit is \(EventWork.maxChecks)) per event (T6: the work one event can cause is bounded)"
    }

    /// The keys of a triggered action.
    enum TriggerKey: String, SchemaKey {
        case id, type
        case triggerCondition = "trigger_condition"
        case data
        case startTime = "start_time"
        case endTime = "end_time"
        case priority
        case minSecondsSinceLastTrigger = "min_seconds_since_last_trigger"
        case delay, timeout
        case reEligibility = "re_eligibility"
        case prefetch
        case xSim = "x_sim"
        static let schema = KeySchema<Self>()
    }

    /// The keys of a trigger's `x_sim` (the simulator's own notes on a trigger).
    enum SimKey: String, SchemaKey {
        case name, description, enabled, templating
        static let schema = KeySchema<Self>()
    }

    /// One triggered action, with the defaults of §11.
    mutating func trigger(_ node: Node, index: Int, listPath: JSONPath) throws(DecodeIssue) -> Trigger {
        try node.place.tape.withView { view throws(DecodeIssue) in
            try trigger(view, node, index: index, listPath: listPath)
        }
    }

    /// Fields are read, and warned about, in the order of §11.
    private mutating func trigger(_ view: JSONTapeView, _ node: Node, index: Int, listPath: JSONPath)
        throws(DecodeIssue) -> Trigger
    {
        var object = try MemberReader<TriggerKey>(object: view, node)
        guard let idEntry = object.take(.id) else { throw object.missing(.id) }
        let id = try view.plainNonEmptyString(idEntry).or(object.node(.id, idEntry).nonEmptyString())
        // Escaped, a scalar prints as at most 8 times its UTF-8 bytes (ESC as `\u{001B}`): shorter ids fit.
        if view.entries[idEntry].b > Trigger.maxIDBytes / 8 { try Self.checkIDLength(id, object.node(.id, idEntry)) }
        // One look-up for both the check and the entry (the load fails on a duplicate anyway).
        if let first = triggerIndex.updateValue(index, forKey: id) {
            triggerIndex[id] = first
            throw Self.duplicate(id, object.node(.id, idEntry), first: listPath.appending(.index(first)), node.path)
        }

        if let entry = object.take(.type), view.kind(entry) != .null,
            !(view.kind(entry) == .string && Plain.equalIgnoringCase(view.text(entry), "inapp"))
        {
            try explainType(object.node(.type, entry))
        }

        guard let conditionsEntry = object.take(.triggerCondition) else { throw object.missing(.triggerCondition) }
        let conditionsNode = object.node(.triggerCondition, conditionsEntry)
        guard view.kind(conditionsEntry) == .array else { throw conditionsNode.expected("an array") }
        var conditions: [Condition] = []
        conditions.reserveCapacity(view.count(conditionsEntry))
        try conditionsNode.elements { (_, element) throws(DecodeIssue) in
            conditions.append(try condition(view, element))
        }
        if conditions.isEmpty {
            warn(conditionsNode.path, "no trigger conditions; this trigger never fires")
        }

        // The trigger is built once its message is decoded (one message box per trigger).
        // X18: an explicit -1 is noted; the platform decides whether it means what absence does.
        var explicitMinusOne: ExplicitMinusOne = []
        let startTime = try timeBound(&object, .startTime, .startTime, &explicitMinusOne)
        let endTime = try timeBound(&object, .endTime, .endTime, &explicitMinusOne)
        if let start = startTime, let end = endTime, start >= end {
            warn(node.path, "start_time is not before end_time; this trigger never matches (T2)")
        }
        let priority = try object.integer(.priority, lenient: true) ?? 0
        let minSecondsSinceLastTrigger =
            try secondsOrMinusOne(
                &object, .minSecondsSinceLastTrigger, "for the global minimum interval",
                noting: .minSecondsSinceLastTrigger, in: &explicitMinusOne) ?? -1
        let delay = try object.seconds(.delay, lenient: true) ?? 0
        let timeout =
            try secondsOrMinusOne(
                &object, .timeout, "for no timeout", unit: "milliseconds", noting: .timeout, in: &explicitMinusOne)
            ?? -1
        // X34: `null` is kept apart from absent.
        let reEligibilityIsNull = object.takeNode(.reEligibility)?.isNull == true
        let reEligibility = try secondsOrMinusOne(&object, .reEligibility, "for once only", in: &explicitMinusOne) ?? -1
        let prefetch = try object.flag(.prefetch, lenient: true) ?? true
        guard let dataEntry = object.take(.data) else { throw object.missing(.data) }
        var trigger = Trigger(
            id: id, conditions: conditions, startTime: startTime, endTime: endTime, priority: priority,
            minSecondsSinceLastTrigger: minSecondsSinceLastTrigger, delay: delay, timeout: timeout,
            reEligibility: reEligibility, prefetch: prefetch, message: try message(view, object.node(.data, dataEntry)))
        trigger.explicitMinusOne = explicitMinusOne
        // X38: a BANNER loads with a warning (R9). A message without `type` loads as before,
        // silently (docs/RULES.md: a departure, so that hand-written files keep their default).
        if let type = trigger.message.unsupportedType, type != "none" {
            warn(
                object.node(.data, dataEntry).path,
                "message type \(type): no platform shows it: it is discarded when performed (X38)")
        }
        trigger.reEligibilityIsNull = reEligibilityIsNull
        if let entry = object.take(.xSim), view.kind(entry) != .null {
            try object.node(.xSim, entry).members(SimKey.self) { sim throws(DecodeIssue) in
                // Notes for readers of the file (a display name, a description); the model keeps
                // neither: the simulator shows the id as Braze sends it.
                if let name = sim.optionalNode(.name) { _ = try name.string() }
                if let description = sim.optionalNode(.description) { _ = try description.string() }
                // SV2: a campaign that starts switched off on the server.
                if let enabled = sim.optionalNode(.enabled) { trigger.startsDisabled = try !enabled.bool() }
                // X44: the server's templating of the message aborts or fails.
                trigger.templating = try sim.choice(.templating, "templating")
                warnUnknownKeys(sim, in: "x_sim")
            }
        }
        if !object.members.allRead {
            warnUnknownKeys(object, in: "a trigger")
            noteIgnored(object, in: "trigger")
        }
        return trigger
    }

    /// The error for a trigger id `first` already has.
    @inline(never)
    private static func duplicate(_ id: String, _ idNode: Node, first: JSONPath, _ path: JSONPath) -> DecodeIssue {
        idNode.issue("duplicate trigger id \(JSONText.quoted(id)): \(first) and \(path) have it")
    }

    /// A `type` other than `"inapp"` as it stands: another case of it, or a warning. Out of line (rare).
    @inline(never)
    private mutating func explainType(_ type: Node) throws(DecodeIssue) {
        let name = try type.string()
        if name.lowercased() != "inapp" {
            warn(
                type.path,
                "trigger type \(JSONText.quoted(name)) is not \"inapp\"; simulated as an in-app message anyway")
        }
    }

    /// `start_time` / `end_time`: unix seconds; absent, `null` or `-1` is no bound (T2). An
    /// explicit `-1` is noted as `field` in `explicit` (X18).
    private func timeBound(
        _ object: inout MemberReader<TriggerKey>, _ key: TriggerKey, _ field: ExplicitMinusOne,
        _ explicit: inout ExplicitMinusOne
    ) throws(DecodeIssue) -> Double? {
        guard let entry = object.take(key), object.view.kind(entry) != .null else { return nil }
        let seconds = try object.view.plainNumber(entry).or(object.node(key, entry).numeric.number())
        guard seconds != -1 else {
            explicit.insert(field)
            return nil
        }
        return seconds
    }

    /// `key`'s value unless it is absent or `null`: `>= 0` (a number sent as a string too), or
    /// exactly `-1` with the given meaning, noted as `field` in `explicit` (X18).
    private func secondsOrMinusOne(
        _ object: inout MemberReader<TriggerKey>, _ key: TriggerKey, _ meaning: String, unit: String = "seconds",
        noting field: ExplicitMinusOne = [], in explicit: inout ExplicitMinusOne
    ) throws(DecodeIssue) -> Double? {
        guard let entry = object.optional(key) else { return nil }
        let value = try object.view.plainNumber(entry).or(object.node(key, entry).numeric.number())
        if value == -1 {
            explicit.insert(field)
            return value
        }
        if value < 0 {
            throw object.node(key, entry).issue(
                "must be >= 0 \(unit), or -1 \(meaning); got \(JSONText.number(JSONNumber(value)))")
        }
        try object.node(key, entry).checkTime(value, unit: unit, perSecond: unit == "milliseconds" ? 1000 : 1)
        return value
    }
}

extension ScenarioDecoder {
    /// Spec §10: an id longer than `Trigger.maxIDBytes` is refused with its path, so no record
    /// (whose stack window lists 16 ids) grows with a hostile id.
    static func checkIDLength(_ id: String, _ node: Node) throws(DecodeIssue) {
        let bytes = id.utf8.count
        if bytes > Trigger.maxIDBytes {
            throw node.issue(
                "the id is \(bytes) bytes long; the limit is \(Trigger.maxIDBytes) (Braze's ids are under 100)")
        }
        // Issue 35: the limit holds for the id as printed, control and invisible characters
        // escaped (`\u{1B}`, `\u001b`), so a record's 16-id stack window stays a few KB.
        guard bytes > Trigger.maxIDBytes / 8 else { return }
        let printed = max(TraceFormat.textField(id).utf8.count, TraceFormat.quoted(id).utf8.count - 2)
        if printed > Trigger.maxIDBytes {
            throw node.issue(
                "the id prints as \(printed) bytes once its control and invisible characters are escaped; the limit is \(Trigger.maxIDBytes)"
            )
        }
    }
}
