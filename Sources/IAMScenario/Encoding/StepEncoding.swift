import IAMEngine

/// Timeline steps and messages as scenario JSON (§8, §9): the inverse of the decoder, so a
/// recorded session loads back into the same actions. Numbers are written in their shortest
/// exact form, so every time and value reads back bit for bit.
package enum StepEncoding {
    package static func step(_ step: TimelineStep) -> JSONValue {
        var members = [
            member(ScenarioDecoder.StepKey.at, number(step.at)),
            member(ScenarioDecoder.StepKey.do, .string(step.action.name)),
        ]
        members += fields(of: step.action)
        if let note = step.note { members.append(member(ScenarioDecoder.StepKey.note, .string(note))) }
        return .object(members)
    }

    /// The keys that go with the action's `do`.
    static func fields(of action: Action) -> [JSONMember] {
        switch action {
        case .launch, .background, .foreground, .reset, .dismiss, .displayNext, .wait: return []
        case .purchase(let product, let properties):
            var members = [member(ScenarioDecoder.StepKey.productID, .string(product))]
            if !properties.isEmpty {
                members.append(member(ScenarioDecoder.StepKey.properties, self.properties(properties)))
            }
            return members
        case .customEvent(let name, let properties):
            var members = [member(ScenarioDecoder.StepKey.name, .string(name))]
            if !properties.isEmpty {
                members.append(member(ScenarioDecoder.StepKey.properties, self.properties(properties)))
            }
            return members
        case .pushClick(let campaign):
            return campaign.map { [member(ScenarioDecoder.StepKey.campaignID, .string($0))] } ?? []
        case .keyboard(let shown): return [member(ScenarioDecoder.StepKey.shown, .bool(shown))]
        case .rotate(let orientation):
            return [member(ScenarioDecoder.StepKey.orientation, .string(orientation.rawValue))]
        case .deviceKind(let kind): return [member(ScenarioDecoder.StepKey.kind, .string(kind.rawValue))]
        case .click(let button):
            return button.map { [member(ScenarioDecoder.StepKey.button, number(Double($0)))] } ?? []
        case .addLocal(let message): return [member(ScenarioDecoder.StepKey.message, self.message(message))]
        case .delegate(let delegate): return self.delegate(delegate)
        case .network(let online): return [member(ScenarioDecoder.StepKey.online, .bool(online))]
        case .campaign(let id, let enabled):
            return [
                member(ScenarioDecoder.StepKey.id, .string(id)),
                member(ScenarioDecoder.StepKey.enabled, .bool(enabled)),
            ]
        case .addCampaign(_, let enabled, let json):
            return [
                member(ScenarioDecoder.StepKey.trigger, (try? JSONReader.parse(json)) ?? .null),
                member(ScenarioDecoder.StepKey.enabled, .bool(enabled)),
            ]
        case .profile(let profile): return [member(ScenarioDecoder.StepKey.name, .string(profile.name))]
        case .integration(let change):
            var members: [JSONMember] = []
            if let ui = change.ui { members.append(member(ScenarioDecoder.StepKey.ui, .string(ui.rawValue))) }
            if let impressions = change.impressions {
                members.append(member(ScenarioDecoder.StepKey.impressions, .string(impressions.rawValue)))
            }
            if let bridge = change.bridge {
                members.append(member(ScenarioDecoder.StepKey.bridge, bridge.map(self.bridge) ?? .null))
            }
            if let web = change.web { members.append(member(ScenarioDecoder.StepKey.web, self.web(web))) }
            if let scenes = change.scenes { members.append(member(ScenarioDecoder.StepKey.scenes, .bool(scenes))) }
            return members
        case .bridge(let change):
            return (change.ready.map { [member(ScenarioDecoder.StepKey.ready, .bool($0))] } ?? [])
                + (change.listener.map { [member(ScenarioDecoder.StepKey.listener, .bool($0))] } ?? [])
        case .showInAppMessage(let id), .deferInAppMessage(let id):
            return [member(ScenarioDecoder.StepKey.message, .string(id))]
        case .showDeferred: return []
        case .appImpression(let id): return [member(ScenarioDecoder.StepKey.message, .string(id))]
        case .testSend(let id, let message):
            return (id.map { [member(ScenarioDecoder.StepKey.id, .string($0))] } ?? []) + [
                member(ScenarioDecoder.StepKey.message, self.message(message))
            ]
        case .unforwardedPushClick(let campaign):
            return (campaign.map { [member(ScenarioDecoder.StepKey.campaignID, .string($0))] } ?? []) + [
                member(ScenarioDecoder.StepKey.reachesSdk, .bool(false))
            ]
        case .screen(let name): return [member(ScenarioDecoder.StepKey.name, .string(name))]
        case .changeUser(let id): return [member(ScenarioDecoder.StepKey.id, .string(id))]
        }
    }

    /// `settings.integration.bridge` (B1–B4), every key written.
    static func bridge(_ bridge: Bridge) -> JSONValue {
        .object([
            member(ScenarioDecoder.BridgeKey.kind, .string(bridge.kind.rawValue)),
            member(ScenarioDecoder.BridgeKey.nativeUI, .bool(bridge.nativeUI)),
            member(ScenarioDecoder.BridgeKey.listener, .bool(bridge.listener)),
            member(ScenarioDecoder.BridgeKey.ready, .bool(bridge.ready)),
            member(ScenarioDecoder.BridgeKey.answer, bridge.answer.map { .string($0.rawValue) } ?? .null),
            member(ScenarioDecoder.BridgeKey.whenNotReady, bridge.whenNotReady.map { .string($0.rawValue) } ?? .null),
        ])
    }

    /// `settings.integration.web` (I4).
    static func web(_ web: WebDisplay) -> JSONValue {
        .object(
            [
                member(ScenarioDecoder.WebKey.automaticallyShow, .bool(web.automaticallyShow)),
                member(ScenarioDecoder.WebKey.subscribers, .array(web.subscribers.map { .string($0.rawValue) })),
            ]
                + (web.allowUserSuppliedJavascript
                    ? [member(ScenarioDecoder.WebKey.allowUserSuppliedJavascript, .bool(true))] : []))
    }

    /// `settings.delegate`'s keys (also those of a `delegate` step).
    static func delegate(_ delegate: Delegate) -> [JSONMember] {
        var members = [
            member(ScenarioDecoder.DelegateKey.implements, .string(delegate.implements.rawValue)),
            member(ScenarioDecoder.DelegateKey.answer, .string(delegate.answer.rawValue)),
        ]
        if !delegate.answers.isEmpty {
            members.append(
                member(
                    ScenarioDecoder.DelegateKey.answers,
                    .object(
                        delegate.answers.sorted { $0.key < $1.key }.map { member($0.key, .string($0.value.rawValue)) })
                ))
        }
        return members
    }

    static func properties(_ properties: [String: PropertyValue]) -> JSONValue {
        .object(
            properties.sorted { $0.key < $1.key }.map { key, value in
                switch value {
                case .string(let text): member(key, .string(text))
                case .number(let value): member(key, number(value))
                case .bool(let flag): member(key, .bool(flag))
                case .null: member(key, .null)
                case .date(let time):
                    member(key, .object([member(ScenarioDecoder.DateValueKey.date, .string(ISO8601.format(time)))]))
                // X22: written as an integer literal, which is what makes it a big integer.
                case .bigInteger(let value):
                    member(key, Int64(exactly: value).map { .number(JSONNumber(value, integer: $0)) } ?? number(value))
                case .structured(let text): member(key, (try? JSONReader.parse(text)) ?? .string(text))
                }
            })
    }

    /// A message with every field the decoder reads (§8), defaults included, so nothing depends
    /// on a default staying the same.
    package static func message(_ message: Message) -> JSONValue {
        // X38: a type no SDK builds is written as it was read (`none`: no `type` at all).
        var members: [JSONMember] = []
        switch message.unsupportedType {
        case nil: members.append(member(ScenarioDecoder.MessageKey.type, .string(message.kind.rawValue)))
        case "none": break
        case let type?: members.append(member(ScenarioDecoder.MessageKey.type, .string(type)))
        }
        members.append(member(ScenarioDecoder.MessageKey.message, .string(message.text)))
        if let header = message.header { members.append(member(ScenarioDecoder.MessageKey.header, .string(header))) }
        if let url = message.imageURL { members.append(member(ScenarioDecoder.MessageKey.imageURL, .string(url))) }
        if let url = message.zippedAssetsURL {
            members.append(member(ScenarioDecoder.MessageKey.zippedAssetsURL, .string(url)))
        }
        members.append(member(ScenarioDecoder.MessageKey.imageStyle, .string(message.imageStyle.rawValue)))
        if let icon = message.icon { members.append(member(ScenarioDecoder.MessageKey.icon, .string(icon))) }
        members += clickAction(message.clickAction)
        if !message.buttons.isEmpty {
            members.append(
                member(
                    ScenarioDecoder.MessageKey.btns,
                    .array(
                        message.buttons.map {
                            .object(
                                // X36: a button without an id stays without one.
                                ($0.hasID ? [member(ScenarioDecoder.ButtonKey.id, .string($0.id))] : []) + [
                                    member(ScenarioDecoder.ButtonKey.text, .string($0.text))
                                ]
                                    + clickAction($0.clickAction))
                        })))
        }
        // X59, X62: an absent `message_close` or `orientation` stays absent (a platform defaults it).
        if message.closeGiven {
            members.append(member(ScenarioDecoder.MessageKey.messageClose, .string(message.close.rawValue)))
        }
        members.append(member(ScenarioDecoder.MessageKey.duration, number(Double(message.duration))))
        if message.orientationGiven {
            members.append(member(ScenarioDecoder.MessageKey.orientation, .string(message.orientation.rawValue)))
        }
        members.append(member(ScenarioDecoder.MessageKey.slideFrom, .string(message.slideFrom.rawValue)))
        if !message.extras.isEmpty {
            members.append(
                member(
                    ScenarioDecoder.MessageKey.extras,
                    .object(message.extras.sorted { $0.key < $1.key }.map { member($0.key, .string($0.value)) }))
            )
        }
        if !message.assetURLs.isEmpty {
            members.append(member(ScenarioDecoder.MessageKey.assetURLs, .array(message.assetURLs.map { .string($0) })))
        }
        if message.isControl { members.append(member(ScenarioDecoder.MessageKey.isControl, .bool(true))) }
        if message.trusted { members.append(member(ScenarioDecoder.MessageKey.trusted, .bool(true))) }
        if let id = message.payloadTriggerID {
            members.append(member(ScenarioDecoder.MessageKey.triggerID, .string(id)))
        }
        for (key, color) in message.colors.sorted(by: { $0.key < $1.key }) {
            members.append(member(key, .number(JSONNumber(Double(color), integer: Int64(color)))))
        }
        return .object(members)
    }

    static func clickAction(_ action: ClickAction) -> [JSONMember] {
        switch action {
        case .none: []
        case .newsFeed: [member(ScenarioDecoder.MessageKey.clickAction, .string("NEWS_FEED"))]
        case .uri(let uri):
            [
                member(ScenarioDecoder.MessageKey.clickAction, .string("URI")),
                member(ScenarioDecoder.MessageKey.uri, .string(uri)),
            ]
        }
    }

    static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }

    /// A member whose key is one of the format's (declared once, in its object's key enum).
    static func member(_ key: some SchemaKey, _ value: JSONValue) -> JSONMember {
        JSONMember(key: key.rawValue, value: value)
    }

    /// Whole numbers as integers; everything else in Swift's shortest form that reads back exactly.
    static func number(_ value: Double) -> JSONValue {
        if let whole = JSONNumber.whole(value), whole.magnitude < 1 << 53 {
            return .number(JSONNumber(value, integer: whole))
        }
        return .number(JSONNumber(value))
    }
}
