import IAMEngine

/// `triggers`: the list of Braze triggered actions (§9), or a whole sync response holding it.
extension ScenarioDecoder {
    static let inAppType = ["inapp"]

    /// An array of triggered actions, or an object with a `triggers` array (Braze's sync
    /// response); the response's other keys are accepted as they are and ignored.
    mutating func triggerList(_ node: Node) throws(DecodeIssue) -> [Trigger] {
        let list: Node
        if node.kind == .object {
            var response = try node.object()
            guard let inner = response.take("triggers") else {
                // `{}` where the list belongs: say what belongs there, not that a key is missing.
                throw node.issue("expected an array, got an object (a sync response needs a \"triggers\" array)")
            }
            list = inner
            // The response's other keys (`feed`, `config`, ...) are Braze's and not simulated.
            noteIgnored(response, in: "sync response")
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
        return "with this trigger, \(event) reaches triggers whose filters need \(cost.regexInstructions) regex "
            + "automaton instructions (the limit is \(EventWork.maxRegexInstructions)) and \(cost.checks) checks "
            + "(the limit is \(EventWork.maxChecks)) per event (T6: the work one event can cause is bounded)"
    }

    /// One triggered action, with the defaults of §11.
    mutating func trigger(_ node: Node, index: Int, listPath: JSONPath) throws(DecodeIssue) -> Trigger {
        // Most triggers are plain: one pass over their members, no node per value.
        let (tape, entry) = node.place
        if readsPlainTriggers, let plain = tape.withView({ view in plainTrigger(view, entry, index: index) }) {
            return plain
        }
        var object = try node.object()
        let idNode = try object.required("id")
        let id = try idNode.nonEmptyString()
        try Self.checkIDLength(id, idNode)
        // One look-up for both the check and the entry (the load fails on a duplicate anyway).
        if let first = triggerIndex.updateValue(index, forKey: id) {
            triggerIndex[id] = first
            throw idNode.issue(
                "duplicate trigger id \(JSONText.quoted(id)): \(listPath.appending(.index(first))) and \(node.path) have it"
            )
        }

        if let type = object.optional("type") {
            let name = try type.string()
            if Node.canonical(name, among: Self.inAppType, fold: { $0.lowercased() }) != "inapp" {
                warn(
                    type.path,
                    "trigger type \(JSONText.quoted(name)) is not \"inapp\"; simulated as an in-app message anyway")
            }
        }

        let conditionsNode = try object.required("trigger_condition")
        var conditions: [Condition] = []
        conditions.reserveCapacity(try conditionsNode.elementCount())
        try conditionsNode.forEachElement { (_, element) throws(DecodeIssue) in
            conditions.append(try condition(element))
        }
        if conditions.isEmpty {
            warn(conditionsNode.path, "no trigger conditions; this trigger never fires")
        }

        // The fields in the order they are checked, the trigger built once its message is
        // decoded (one message box per trigger, not an empty one replaced).
        // X18: an explicit -1 is noted; the platform decides whether it means what absence does.
        var explicitMinusOne: ExplicitMinusOne = []
        let startTime = try timeBound(object.take("start_time"), .startTime, &explicitMinusOne)
        let endTime = try timeBound(object.take("end_time"), .endTime, &explicitMinusOne)
        if let start = startTime, let end = endTime, start >= end {
            warn(node.path, "start_time is not before end_time; this trigger never matches (T2)")
        }
        var priority = 0
        if let node = object.optional("priority") { priority = try node.numeric.integer() }
        var minSecondsSinceLastTrigger = -1.0
        if let interval = object.optional("min_seconds_since_last_trigger") {
            minSecondsSinceLastTrigger = try secondsOrMinusOne(
                interval.numeric, meaning: "for the global minimum interval")
            if minSecondsSinceLastTrigger == -1 { explicitMinusOne.insert(.minSecondsSinceLastTrigger) }
        }
        var delay = 0.0
        if let node = object.optional("delay") { delay = try node.numeric.seconds() }
        var timeout = -1.0
        if let node = object.optional("timeout") {
            timeout = try secondsOrMinusOne(node.numeric, meaning: "for no timeout", unit: "milliseconds")
            if timeout == -1 { explicitMinusOne.insert(.timeout) }
        }
        var reEligibility = -1.0
        if let node = object.optional("re_eligibility") {
            reEligibility = try secondsOrMinusOne(node.numeric, meaning: "for once only")
        }
        var prefetch = true
        if let node = object.optional("prefetch") { prefetch = try node.boolean.bool() }
        var trigger = Trigger(
            id: id, conditions: conditions, startTime: startTime, endTime: endTime, priority: priority,
            minSecondsSinceLastTrigger: minSecondsSinceLastTrigger, delay: delay, timeout: timeout,
            reEligibility: reEligibility, prefetch: prefetch, message: try message(object.required("data")))
        trigger.explicitMinusOne = explicitMinusOne
        if let extra = object.optional("x_sim") {
            var sim = try extra.object()
            // Notes for readers of the file (a display name, a description); the model keeps
            // neither: the simulator shows the id as Braze sends it.
            if let name = sim.optional("name") { _ = try name.string() }
            if let description = sim.optional("description") { _ = try description.string() }
            // SV2: a campaign that starts switched off on the server.
            if let enabled = sim.optional("enabled") { trigger.startsDisabled = try !enabled.bool() }
            warnUnknownKeys(sim, in: "x_sim")
        }
        warnUnknownKeys(object, in: "a trigger")
        noteIgnored(object, in: "trigger")
        return trigger
    }

    /// `start_time` / `end_time`: unix seconds; absent, `null` or `-1` is no bound (T2). An
    /// explicit `-1` is noted as `field` in `explicit` (X18).
    private func timeBound(
        _ node: Node?, _ field: ExplicitMinusOne, _ explicit: inout ExplicitMinusOne
    ) throws(DecodeIssue) -> Double? {
        guard let node, !node.isNull else { return nil }
        let seconds = try node.numeric.number()
        guard seconds != -1 else {
            explicit.insert(field)
            return nil
        }
        return seconds
    }

    /// A value `>= 0`, or exactly `-1` with the given meaning.
    private func secondsOrMinusOne(_ node: Node, meaning: String, unit: String = "seconds") throws(DecodeIssue)
        -> Double
    {
        let value = try node.number()
        if value < 0, value != -1 {
            throw node.issue("must be >= 0 \(unit), or -1 \(meaning); got \(JSONText.number(JSONNumber(value)))")
        }
        if value != -1 { try node.checkTime(value, unit: unit, perSecond: unit == "milliseconds" ? 1000 : 1) }
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
    }
}
