import IAMEngine

/// One timeline step `{at, do, note?, ...}` (§9), read in one pass over its members (each key
/// matched once, see `MemberReader`); the values most steps hold (times, names, properties) are
/// read straight off the tape, anything else through `Node`'s typed readers, which name the
/// problem and its path. Each action reads its own keys in a function of its own; the members it
/// does not read are warned about as unknown, or refused for the actions the simulator owns.
/// A step's members, read by `StepKey`.
typealias StepReader = MemberReader<ScenarioDecoder.StepKey>

extension ScenarioDecoder {
    /// The keys any step may have (an action reads the ones it uses); the first sixteen, those
    /// most steps hold first, keep their entries from the one pass (see `Members`).
    enum StepKey: Int, MemberKey {
        case at, `do`, note, name, productID, price, properties, campaignID, reachesSdk, shown, orientation, kind
        case button, message, implements, answer, answers, online, id, enabled, ui, impressions, bridge, web
        case trigger, ready, listener, scenes

        init?(ascii key: UnsafeBufferPointer<UInt8>) {
            // Each key's first eight bytes as a little-endian word (and, past eight, the last eight's).
            let head = Plain.head(key)
            switch key.count {
            case 2:
                if head == 0x7461 { // at
                    self = .at
                } else if head == 0x6f64 { // do
                    self = .do
                } else if head == 0x6469 { // id
                    self = .id
                } else if head == 0x6975 { // ui
                    self = .ui
                } else {
                    return nil
                }
            case 3:
                if head == 0x62_6577 { // web
                    self = .web
                } else {
                    return nil
                }
            case 4:
                if head == 0x6574_6f6e { // note
                    self = .note
                } else if head == 0x656d_616e { // name
                    self = .name
                } else if head == 0x646e_696b { // kind
                    self = .kind
                } else {
                    return nil
                }
            case 5:
                if head == 0x65_6369_7270 { // price
                    self = .price
                } else if head == 0x6e_776f_6873 { // shown
                    self = .shown
                } else if head == 0x79_6461_6572 { // ready
                    self = .ready
                } else {
                    return nil
                }
            case 6:
                if head == 0x6e6f_7474_7562 { // button
                    self = .button
                } else if head == 0x7265_7773_6e61 { // answer
                    self = .answer
                } else if head == 0x656e_696c_6e6f { // online
                    self = .online
                } else if head == 0x6567_6469_7262 { // bridge
                    self = .bridge
                } else if head == 0x7365_6e65_6373 { // scenes
                    self = .scenes
                } else {
                    return nil
                }
            case 7:
                if head == 0x65_6761_7373_656d { // message
                    self = .message
                } else if head == 0x73_7265_7773_6e61 { // answers
                    self = .answers
                } else if head == 0x64_656c_6261_6e65 { // enabled
                    self = .enabled
                } else if head == 0x72_6567_6769_7274 { // trigger
                    self = .trigger
                } else {
                    return nil
                }
            case 8:
                if head == 0x7265_6e65_7473_696c { // listener
                    self = .listener
                } else {
                    return nil
                }
            case 10:
                if head == 0x5f74_6375_646f_7270 && Plain.word(key, at: 2) == 0x6469_5f74_6375_646f { // product_id
                    self = .productID
                } else if head == 0x6974_7265_706f_7270 && Plain.word(key, at: 2) == 0x7365_6974_7265_706f {
                    self = .properties // properties
                } else if head == 0x5373_6568_6361_6572 && Plain.word(key, at: 2) == 0x6b64_5373_6568_6361 {
                    self = .reachesSdk // reachesSdk
                } else if head == 0x6e65_6d65_6c70_6d69 && Plain.word(key, at: 2) == 0x7374_6e65_6d65_6c70 {
                    self = .implements // implements
                } else {
                    return nil
                }
            case 11:
                if head == 0x6e67_6961_706d_6163 && Plain.word(key, at: 3) == 0x6469_5f6e_6769_6170 { // campaign_id
                    self = .campaignID
                } else if head == 0x7461_746e_6569_726f && Plain.word(key, at: 3) == 0x6e6f_6974_6174_6e65 {
                    self = .orientation // orientation
                } else if head == 0x6973_7365_7270_6d69 && Plain.word(key, at: 3) == 0x736e_6f69_7373_6572 {
                    self = .impressions // impressions
                } else {
                    return nil
                }
            default: return nil
            }
        }
        var name: String {
            switch self {
            case .at: "at"
            case .do: "do"
            case .note: "note"
            case .name: "name"
            case .productID: "product_id"
            case .price: "price"
            case .properties: "properties"
            case .campaignID: "campaign_id"
            case .reachesSdk: "reachesSdk"
            case .shown: "shown"
            case .orientation: "orientation"
            case .kind: "kind"
            case .button: "button"
            case .message: "message"
            case .implements: "implements"
            case .answer: "answer"
            case .answers: "answers"
            case .online: "online"
            case .id: "id"
            case .enabled: "enabled"
            case .ui: "ui"
            case .impressions: "impressions"
            case .bridge: "bridge"
            case .web: "web"
            case .trigger: "trigger"
            case .ready: "ready"
            case .listener: "listener"
            case .scenes: "scenes"
            }
        }
    }

    /// A step's `do`: adding an action is a case here and a function below.
    enum StepAction: Int, MemberKey {
        case launch, background, foreground, reset, purchase, customEvent, pushClick, keyboard, rotate, device
        case dismiss, click, displayNext, addLocal, delegate, network, campaign, profile, wait, integration
        case appImpression, testSend, screen, bridge, showInAppMessage, deferInAppMessage, showDeferred
        case changeUser

        init?(ascii key: UnsafeBufferPointer<UInt8>) {
            // Each key's first eight bytes as a little-endian word (and, past eight, the last eight's).
            let head = Plain.head(key)
            switch key.count {
            case 4:
                if head == 0x7469_6177 { // wait
                    self = .wait
                } else {
                    return nil
                }
            case 5:
                if head == 0x74_6573_6572 { // reset
                    self = .reset
                } else if head == 0x6b_6369_6c63 { // click
                    self = .click
                } else {
                    return nil
                }
            case 6:
                if head == 0x6863_6e75_616c { // launch
                    self = .launch
                } else if head == 0x6574_6174_6f72 { // rotate
                    self = .rotate
                } else if head == 0x6563_6976_6564 { // device
                    self = .device
                } else if head == 0x6e65_6572_6373 { // screen
                    self = .screen
                } else if head == 0x6567_6469_7262 { // bridge
                    self = .bridge
                } else {
                    return nil
                }
            case 7:
                if head == 0x73_7369_6d73_6964 { // dismiss
                    self = .dismiss
                } else if head == 0x6b_726f_7774_656e { // network
                    self = .network
                } else if head == 0x65_6c69_666f_7270 { // profile
                    self = .profile
                } else {
                    return nil
                }
            case 8:
                if head == 0x6573_6168_6372_7570 { // purchase
                    self = .purchase
                } else if head == 0x6472_616f_6279_656b { // keyboard
                    self = .keyboard
                } else if head == 0x6c61_636f_4c64_6461 { // addLocal
                    self = .addLocal
                } else if head == 0x6574_6167_656c_6564 { // delegate
                    self = .delegate
                } else if head == 0x6e67_6961_706d_6163 { // campaign
                    self = .campaign
                } else if head == 0x646e_6553_7473_6574 { // testSend
                    self = .testSend
                } else {
                    return nil
                }
            case 9:
                if head == 0x6369_6c43_6873_7570 && Plain.word(key, at: 1) == 0x6b63_696c_4368_7375 { // pushClick
                    self = .pushClick
                } else {
                    return nil
                }
            case 10:
                if head == 0x756f_7267_6b63_6162 && Plain.word(key, at: 2) == 0x646e_756f_7267_6b63 { // background
                    self = .background
                } else if head == 0x756f_7267_6572_6f66 && Plain.word(key, at: 2) == 0x646e_756f_7267_6572 {
                    self = .foreground // foreground
                } else if head == 0x7355_6567_6e61_6863 && Plain.word(key, at: 2) == 0x7265_7355_6567_6e61 {
                    self = .changeUser // changeUser
                } else {
                    return nil
                }
            case 11:
                if head == 0x7645_6d6f_7473_7563 && Plain.word(key, at: 3) == 0x746e_6576_456d_6f74 { // customEvent
                    self = .customEvent
                } else if head == 0x4e79_616c_7073_6964 && Plain.word(key, at: 3) == 0x7478_654e_7961_6c70 {
                    self = .displayNext // displayNext
                } else if head == 0x7461_7267_6574_6e69 && Plain.word(key, at: 3) == 0x6e6f_6974_6172_6765 {
                    self = .integration // integration
                } else {
                    return nil
                }
            case 12:
                if head == 0x6566_6544_776f_6873 && Plain.word(key, at: 4) == 0x6465_7272_6566_6544 { // showDeferred
                    self = .showDeferred
                } else {
                    return nil
                }
            case 13:
                if head == 0x6572_706d_4970_7061 && Plain.word(key, at: 5) == 0x6e6f_6973_7365_7270 { // appImpression
                    self = .appImpression
                } else {
                    return nil
                }
            case 16:
                if head == 0x7041_6e49_776f_6873 && Plain.word(key, at: 8) == 0x6567_6173_7365_4d70 {
                    self = .showInAppMessage // showInAppMessage
                } else {
                    return nil
                }
            case 17:
                if head == 0x416e_4972_6566_6564 && Plain.word(key, at: 9) == 0x6567_6173_7365_4d70
                    && Plain.word(key, at: 8) == 0x6761_7373_654d_7070
                { // deferInAppMessage
                    self = .deferInAppMessage
                } else {
                    return nil
                }
            default: return nil
            }
        }
        /// The action's name in a file: the case's own name (`customEvent`, `showDeferred`).
        var name: String { String(describing: self) }
    }

    static let actionNames = StepAction.allCases.map(\.name)

    /// Step `index` of the timeline at `listPath`, at `entry` of `tape`; `previousAt`, the time
    /// of the step before, becomes this one's.
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
        guard view.kind(element.entry) == .object else {
            _ = try element.object()
            preconditionFailure("object() accepts only an object")
        }
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

        var note: String?
        if let entry = object.take(.note) {
            switch view.kind(entry) {
            case .null: break
            case .string: note = view.string(entry)
            default: note = try object.node(.note, entry).string()
            }
        }

        guard let doEntry = object.take(.do) else { throw object.missing(.do) }
        guard view.kind(doEntry) == .string,
            let kind = StepAction.matching(view.text(doEntry), ascii: view.entries[doEntry].ascii)
        else {
            let doNode = object.node(.do, doEntry)
            let name = try doNode.string()
            throw doNode.issue("unknown action \(JSONText.quoted(name)) (expected \(Node.list(Self.actionNames)))")
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
        case .customEvent: try customEventStep(&object)
        case .pushClick: try pushClickStep(&object)
        case .keyboard: .keyboard(shown: try object.required("shown").bool())
        case .rotate:
            .rotate(
                try object.required("orientation").choice([Device.Orientation.portrait, .landscape], "orientation"))
        case .device: .deviceKind(try object.required("kind").choice([Device.Kind.phone, .tablet], "device kind"))
        case .click: try clickStep(&object)
        case .addLocal: .addLocal(try message(object.required("message")))
        case .delegate: try delegateStep(&object)
        case .network: .network(online: try object.required("online").bool())
        case .campaign: try campaignStep(&object)
        case .profile: .profile(try profile(try object.required("name")))
        case .integration: try integrationStep(&object)
        case .appImpression: .appImpression(message: try object.required("message").nonEmptyString())
        case .testSend: try testSendStep(&object)
        case .screen: try screenStep(&object)
        case .bridge: try bridgeStep(&object, doNode: object.node(.do, doEntry))
        case .showInAppMessage, .deferInAppMessage, .showDeferred: try webStep(kind, &object)
        case .changeUser: .changeUser(id: try object.required("id").nonEmptyString())
        }
    }

    private mutating func purchaseStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let product = try stepName(&object, .productID)
        // §9 lists `price`; it is checked to be a number and dropped: no rule reads it.
        if let entry = object.take(.price), !(object.view.kind(entry) == .number),
            !(object.view.kind(entry) == .null)
        {
            _ = try object.node(.price, entry).number()
        }
        return .purchase(productID: product, properties: try stepProperties(&object))
    }

    private mutating func customEventStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let event = try stepName(&object, .name)
        return .customEvent(name: event, properties: try stepProperties(&object))
    }

    private func pushClickStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let campaign = try object.optional("campaign_id")?.optionalID()
        // TS4: `reachesSdk: false`, the app's handler kept the open from the SDK.
        if let reaches = object.optional("reachesSdk"), try !reaches.bool() {
            return .unforwardedPushClick(campaignID: campaign)
        }
        return .pushClick(campaignID: campaign)
    }

    private func clickStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        guard let buttonNode = object.optional("button") else { return .click(button: nil) }
        let button = try buttonNode.integer()
        guard (0...1).contains(button) else {
            throw buttonNode.issue("button is a 0-based index and a message has at most two buttons; got \(button)")
        }
        return .click(button: button)
    }

    private func delegateStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        var delegate = Delegate()
        try readDelegateKeys(&object, into: &delegate)
        return .delegate(delegate)
    }

    private mutating func campaignStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        if object.members.has(.trigger) { return try campaignTrigger(&object) }
        let idNode = try object.required("id")
        let id = try idNode.nonEmptyString()
        guard triggerIndex[id] != nil else {
            throw idNode.issue("campaign \(JSONText.quoted(id)) is not among the triggers")
        }
        return .campaign(id: id, enabled: try object.required("enabled").bool())
    }

    private func integrationStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let change = try integrationChange(&object)
        try rejectUnknownKeys(object, in: "an integration step", expected: ["at", "do", "note"] + Self.integrationKeys)
        return .integration(change)
    }

    private mutating func testSendStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let idNode = object.optional("id")
        let id = try idNode?.nonEmptyString()
        if let id, let idNode { try Self.checkIDLength(id, idNode) }
        let message = try message(object.required("message"))
        try rejectUnknownKeys(object, in: "a testSend step", expected: ["at", "do", "note", "message", "id"])
        return .testSend(id: id, message: message)
    }

    private func screenStep(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let name = try object.required("name").nonEmptyString()
        try rejectUnknownKeys(object, in: "a screen step", expected: ["at", "do", "note", "name"])
        return .screen(name: name)
    }

    /// The `bridge` step (B1): `ready` and `listener`, at least one.
    private func bridgeStep(_ object: inout StepReader, doNode: Node) throws(DecodeIssue) -> Action {
        var change = BridgeChange()
        if let value = object.optional("ready") { change.ready = try value.bool() }
        if let value = object.optional("listener") { change.listener = try value.bool() }
        try rejectUnknownKeys(object, in: "a bridge step", expected: ["at", "do", "note", "ready", "listener"])
        guard change != BridgeChange() else { throw doNode.issue("a bridge step gives ready or listener (or both)") }
        return .bridge(change)
    }

    /// I4's app calls: `showInAppMessage` and `deferInAppMessage` name a message; `showDeferred` nothing.
    private func webStep(_ kind: StepAction, _ object: inout StepReader) throws(DecodeIssue) -> Action {
        let name = kind.name
        if kind == .showDeferred {
            try rejectUnknownKeys(object, in: "a showDeferred step", expected: ["at", "do", "note"])
            return .showDeferred
        }
        let id = try object.required("message").nonEmptyString()
        try rejectUnknownKeys(object, in: "a \(name) step", expected: ["at", "do", "note", "message"])
        return kind == .showInAppMessage ? .showInAppMessage(message: id) : .deferInAppMessage(message: id)
    }

    /// SV2: a `campaign` step with a `trigger` the device never had, live unless `enabled` is
    /// false (default: its `x_sim.enabled`). Its id joins the triggers, so later steps may name it.
    private mutating func campaignTrigger(_ object: inout StepReader) throws(DecodeIssue) -> Action {
        let node = try object.required("trigger")
        var peek = try node.object()
        let idNode = try peek.required("id")
        let id = try idNode.nonEmptyString()
        guard triggerIndex[id] == nil else {
            throw idNode.issue(
                "trigger \(JSONText.quoted(id)) is already among the triggers "
                    + "(a campaign step with a trigger adds a new one; to switch one on or off, give its id)")
        }
        let trigger = try self.trigger(node, index: triggerIndex.count, listPath: node.path)
        let enabled = try object.optional("enabled")?.bool() ?? !trigger.startsDisabled
        try rejectUnknownKeys(object, in: "a campaign step", expected: ["at", "do", "note", "trigger", "enabled"])
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
