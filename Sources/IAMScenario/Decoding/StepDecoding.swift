import IAMEngine

/// A timeline step's members (§9, see `MemberReader`): each action reads its own keys; the members
/// it does not read are warned about as unknown, or refused for the actions the simulator owns.
typealias StepReader = MemberReader<ScenarioDecoder.StepKey>

extension ScenarioDecoder {
    /// The keys any step may have (an action reads the ones it uses).
    enum StepKey: String, IntegrationKeys, DelegateKeys {
        case at, `do`, note, name
        case productID = "product_id"
        case price, properties
        case campaignID = "campaign_id"
        case reachesSdk, shown, orientation, kind, button
        case message, implements, answer, answers, online, id, enabled, ui, impressions
        case bridge, web, trigger, ready, listener, scenes
        static let schema = KeySchema<Self>()
    }

    /// A step's `do`: adding an action is a case here and in `action`.
    enum StepAction: String, SchemaKey {
        case launch, background, foreground, reset, purchase, customEvent, pushClick
        case keyboard, rotate, device, dismiss, click, displayNext, addLocal, delegate
        case network, campaign, profile, wait, integration, appImpression, testSend, screen
        case bridge, showInAppMessage, deferInAppMessage, showDeferred, changeUser
        static let schema = KeySchema<Self>()
    }

    /// Step `index` of the timeline at `listPath`; `previousAt`, the time of the step before, becomes this one's.
    mutating func step(
        _ tape: JSONTape, _ entry: Int, index: Int, listPath: JSONPath, previousAt: inout Double?
    ) throws(DecodeIssue) -> TimelineStep {
        let element = Node(tape: tape, entry: entry, parent: listPath, step: .index(index))
        return try tape.withView { view throws(DecodeIssue) in
            try step(view, element, index: index, listPath: listPath, previousAt: &previousAt)
        }
    }

    private mutating func step(
        _ view: JSONTapeView, _ element: Node, index: Int, listPath: JSONPath, previousAt: inout Double?
    ) throws(DecodeIssue) -> TimelineStep {
        guard view.kind(element.entry) == .object else { throw element.expected("an object") }
        var object = StepReader(view, element)

        guard let atEntry = object.take(.at) else { throw object.missing(.at) }
        let at: Double
        if view.kind(atEntry) == .number, case let time = view.value(atEntry), time >= 0, time < TimeLimit.seconds {
            at = time
        } else {
            at = try object.node(.at, atEntry).seconds()
        }
        if let previousAt, at < previousAt {
            throw object.node(.at, atEntry).issue(
                "at \(JSONText.number(JSONNumber(at))) goes back in time: "
                    + "\(listPath.appending(.index(index - 1))) is at \(JSONText.number(JSONNumber(previousAt)))")
        }
        previousAt = at

        let note = try object.string(.note)

        guard let doEntry = object.take(.do) else { throw object.missing(.do) }
        guard view.kind(doEntry) == .string,
            let kind = StepAction.matching(view.text(doEntry), ascii: view.entries[doEntry].ascii)
        else {
            let doNode = object.node(.do, doEntry)
            let name = try doNode.string()
            throw doNode.issue(
                "unknown action \(JSONText.quoted(name)) (expected \(Node.list(StepAction.allCases.map(\.name))))")
        }
        let action = try self.action(kind, &object, doEntry: doEntry)
        // Most steps have no member left: no closure made for the warning's wording.
        if !object.members.allRead { warnUnknownKeys(object, in: "a \(action.name) step") }
        return TimelineStep(at: at, action: action, note: note)
    }

    /// The action `kind` with the keys that go with it.
    private mutating func action(_ kind: StepAction, _ object: inout StepReader, doEntry: Int) throws(DecodeIssue)
        -> Action
    {
        switch kind {
        case .launch: .launch
        case .background: .background
        case .foreground: .foreground
        case .reset: .reset
        case .dismiss: .dismiss
        case .displayNext: .displayNext
        case .wait: .wait
        case .purchase: try purchaseStep(&object)
        case .customEvent: .customEvent(name: try stepName(&object, .name), properties: try stepProperties(&object))
        case .pushClick: try pushClickStep(&object)
        case .keyboard: .keyboard(shown: try object.required(.shown).bool())
        case .rotate:
            .rotate(
                try object.required(.orientation).choice([Device.Orientation.portrait, .landscape], "orientation"))
        case .device: .deviceKind(try object.required(.kind).choice([Device.Kind.phone, .tablet], "device kind"))
        case .click: try clickStep(&object)
        case .addLocal: .addLocal(try message(object.required(.message)))
        case .delegate: .delegate(try delegate(&object))
        case .network: .network(online: try object.required(.online).bool())
        case .campaign: try campaignStep(&object)
        case .profile: .profile(try profile(try object.required(.name)))
        case .integration: try integrationStep(&object)
        case .appImpression: .appImpression(message: try object.required(.message).nonEmptyString())
        case .testSend: try testSendStep(&object)
        case .screen: try screenStep(&object)
        case .bridge: try bridgeStep(&object, doNode: object.node(.do, doEntry))
        case .showInAppMessage, .deferInAppMessage, .showDeferred: try webStep(kind, &object)
        case .changeUser: .changeUser(id: try object.required(.id).nonEmptyString())
        }
    }

    private mutating func purchaseStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let product = try stepName(&object, .productID)
        // §9 lists `price`; it is checked to be a number and dropped: no rule reads it.
        if let price = object.optionalNode(.price) { _ = try price.number() }
        return .purchase(productID: product, properties: try stepProperties(&object))
    }

    private func pushClickStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let campaign = try object.optionalID(.campaignID)
        // TS4: `reachesSdk: false`, the app's handler kept the open from the SDK.
        if let reaches = object.optionalNode(.reachesSdk), try !reaches.bool() {
            return .unforwardedPushClick(campaignID: campaign)
        }
        return .pushClick(campaignID: campaign)
    }

    private func clickStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        guard let buttonNode = object.optionalNode(.button) else { return .click(button: nil) }
        let button = try buttonNode.integer()
        guard (0...1).contains(button) else {
            throw buttonNode.issue("button is a 0-based index and a message has at most two buttons; got \(button)")
        }
        return .click(button: button)
    }

    private mutating func campaignStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        if object.members.has(.trigger) { return try campaignTrigger(&object) }
        let idNode = try object.required(.id)
        let id = try idNode.nonEmptyString()
        guard triggerIndex[id] != nil else {
            throw idNode.issue("campaign \(JSONText.quoted(id)) is not among the triggers")
        }
        return .campaign(id: id, enabled: try object.required(.enabled).bool())
    }

    private func integrationStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let change = try integrationChange(&object)
        try rejectUnknownKeys(
            object, in: "an integration step", expected: [.at, .do, .note, .ui, .impressions, .bridge, .web, .scenes])
        return .integration(change)
    }

    private mutating func testSendStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let idNode = object.optionalNode(.id)
        let id = try idNode?.nonEmptyString()
        if let id, let idNode { try Self.checkIDLength(id, idNode) }
        let message = try message(object.required(.message))
        try rejectUnknownKeys(object, in: "a testSend step", expected: [.at, .do, .note, .message, .id])
        return .testSend(id: id, message: message)
    }

    private func screenStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let name = try object.required(.name).nonEmptyString()
        try rejectUnknownKeys(object, in: "a screen step", expected: [.at, .do, .note, .name])
        return .screen(name: name)
    }

    /// The `bridge` step (B1): `ready` and `listener`, at least one.
    private func bridgeStep(_ object: inout StepReader, doNode: Node) throws(DecodeIssue) -> Action {
        var change = BridgeChange()
        if let value = object.optionalNode(.ready) { change.ready = try value.bool() }
        if let value = object.optionalNode(.listener) { change.listener = try value.bool() }
        try rejectUnknownKeys(object, in: "a bridge step", expected: [.at, .do, .note, .ready, .listener])
        guard change != BridgeChange() else { throw doNode.issue("a bridge step gives ready or listener (or both)") }
        return .bridge(change)
    }

    /// I4's app calls: `showInAppMessage` and `deferInAppMessage` name a message; `showDeferred` nothing.
    private func webStep(_ kind: StepAction, _ object: inout StepReader) throws(DecodeIssue) -> Action {
        if kind == .showDeferred {
            try rejectUnknownKeys(object, in: "a showDeferred step", expected: [.at, .do, .note])
            return .showDeferred
        }
        let id = try object.required(.message).nonEmptyString()
        try rejectUnknownKeys(object, in: "a \(kind.name) step", expected: [.at, .do, .note, .message])
        return kind == .showInAppMessage ? .showInAppMessage(message: id) : .deferInAppMessage(message: id)
    }

    /// SV2: a `campaign` step with a `trigger` the device never had, live unless `enabled` is
    /// false (default: its `x_sim.enabled`). Its id joins the triggers, so later steps may name it.
    private mutating func campaignTrigger(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let node = try object.required(.trigger)
        let idNode = try node.members(TriggerKey.self) { trigger throws(DecodeIssue) in try trigger.required(.id) }
        let id = try idNode.nonEmptyString()
        guard triggerIndex[id] == nil else {
            throw idNode.issue(
                "trigger \(JSONText.quoted(id)) is already among the triggers "
                    + "(a campaign step with a trigger adds a new one; to switch one on or off, give its id)")
        }
        let trigger = try self.trigger(node, index: triggerIndex.count, listPath: node.path)
        let enabled = try object.optionalNode(.enabled)?.bool() ?? !trigger.startsDisabled
        try rejectUnknownKeys(object, in: "a campaign step", expected: [.at, .do, .note, .trigger, .enabled])
        return .addCampaign(trigger, enabled: enabled, json: JSONText.compact(node.value))
    }

    /// A required non-empty string (an event's or a product's name), one copy for the steps that
    /// spell a long one alike (see `SharedStepValues`).
    private mutating func stepName(_ object: inout StepReader, _ key: StepKey) throws(DecodeIssue) -> String {
        guard let entry = object.take(key) else { throw object.missing(key) }
        guard object.view.kind(entry) == .string, object.view.entries[entry].b > 0 else {
            return try object.node(key, entry).nonEmptyString()
        }
        return shared.name(object.view, entry)
    }

    /// `properties`: absent or `null` is none; an object of plain values is shared with the steps
    /// that write it alike; anything else is read (or refused) member by member.
    private mutating func stepProperties(_ object: inout StepReader) throws(DecodeIssue) -> [String: PropertyValue] {
        guard let entry = object.take(.properties) else { return [:] }
        switch object.view.kind(entry) {
        case .null: return [:]
        case .object:
            if let shared = shared.properties(object.view, entry) { return shared }
            fallthrough
        default:
            return try properties(object.node(.properties, entry))
        }
    }
}
