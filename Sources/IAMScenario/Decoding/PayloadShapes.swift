import IAMEngine

/// What a file holds (spec §9, revision 2): a scenario written for the simulator, or Braze's
/// data alone as the SDKs receive or serialize it.
public enum PayloadShape: String, Sendable, Equatable {
    /// A scenario: a `triggers` list with at least one of the simulator's keys (`settings`,
    /// `timeline`, ...).
    case scenario
    /// A top-level array of triggered actions.
    case triggerList = "a triggers array"
    /// An object with `triggers` and nothing of the simulator's: a whole sync response, whose
    /// other keys (`feed`, `config`, ...) are kept and ignored.
    case syncResponse = "a sync response"
    /// One triggered action (an object with `trigger_condition`).
    case triggeredAction = "a single triggered action"
    /// One in-app message object as the SDKs serialize it (an object with `message` or `type`
    /// and no `trigger_condition`).
    case message = "a single in-app message"

    /// Whether the file holds only Braze's data, so that it gets the default timeline.
    public var isBrazeOnly: Bool { self != .scenario }
}

extension ScenarioDecoder {
    /// Which shape `node` is. A file that is none of them is read as a scenario, whose errors
    /// say what is missing.
    static func shape(of node: Node) -> PayloadShape {
        switch node.kind {
        case .array: return .triggerList
        case .object:
            // The keys only a scenario written for the simulator has (§9): all but `triggers`, and
            // `expect`, which a pasted sync response may carry too (issue 47).
            let root = node.keys(ScenarioKey.self)
            if root.has(.triggers) {
                return ScenarioKey.allCases.contains { $0 != .triggers && $0 != .expect && root.has($0) }
                    ? .scenario : .syncResponse
            }
            if node.keys(TriggerKey.self).has(.triggerCondition) { return .triggeredAction }
            let message = node.keys(MessageKey.self)
            return message.has(.message) || message.has(.type) ? .message : .scenario
        default: return .scenario
        }
    }

    /// Braze's data alone: its triggers with the default timeline (`DefaultTimeline`).
    mutating func brazeOnly(_ node: Node, shape: PayloadShape) throws(DecodeIssue) -> Scenario {
        var scenario = Scenario()
        switch shape {
        case .scenario:
            preconditionFailure("a scenario is decoded by scenario(_:)")
        case .triggerList:
            scenario.triggers = try triggerList(node)
        case .syncResponse:
            scenario.triggers = try triggerList(syncResponse(node))
        case .triggeredAction:
            scenario.triggers = [try trigger(node, index: 0, listPath: .root)]
        case .message:
            scenario.triggers = [try wrappedMessage(node)]
        }
        scenario.timeline = DefaultTimeline.steps(for: scenario.triggers, settings: scenario.settings)
        return scenario
    }

    /// The key of a lone message's trigger id (read by the wrapper only: the message decoder
    /// notes it as kept and ignored, as any key it does not know).
    static let triggerIDKey = "trigger_id"

    /// The id of the trigger a lone message is wrapped in (a recorded session writes it out).
    static func wrappedMessageID(_ message: JSONValue) -> String {
        if case .object(let members) = message,
            let member = members.first(where: { $0.key == triggerIDKey }),
            case .string(let text) = member.value, !text.isEmpty
        {
            return text
        }
        return "message"
    }

    /// A lone message, wrapped in a trigger that fires at session start (`open`), so that it
    /// shows after launch. Its id is the message's `trigger_id` when it has one, else `message`.
    private mutating func wrappedMessage(_ node: Node) throws(DecodeIssue) -> Trigger {
        let id = Self.wrappedMessageID(node.value)
        triggerIndex[id] = 0
        let trigger = Trigger(id: id, conditions: [.open], message: try message(node))
        // Read here as the trigger's id, so not "kept, not simulated".
        dropIgnored("message." + Self.triggerIDKey)
        return trigger
    }
}
