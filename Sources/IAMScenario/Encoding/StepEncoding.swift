import IAMEngine

/// Timeline steps and messages as scenario JSON (§8, §9): the inverse of the decoder, so a
/// recorded session loads back into the same actions. Numbers are written in their shortest
/// exact form, so every time and value reads back bit for bit.
package enum StepEncoding {
    package static func step(_ step: TimelineStep) -> JSONValue {
        var members = [member("at", number(step.at)), member("do", .string(step.action.name))]
        members += fields(of: step.action)
        if let note = step.note { members.append(member("note", .string(note))) }
        return .object(members)
    }

    /// The keys that go with the action's `do`.
    static func fields(of action: Action) -> [JSONMember] {
        switch action {
        case .launch, .background, .foreground, .reset, .dismiss, .displayNext, .wait: return []
        case .purchase(let product, let properties):
            var members = [member("product_id", .string(product))]
            if !properties.isEmpty { members.append(member("properties", self.properties(properties))) }
            return members
        case .customEvent(let name, let properties):
            var members = [member("name", .string(name))]
            if !properties.isEmpty { members.append(member("properties", self.properties(properties))) }
            return members
        case .pushClick(let campaign):
            return campaign.map { [member("campaign_id", .string($0))] } ?? []
        case .keyboard(let shown): return [member("shown", .bool(shown))]
        case .rotate(let orientation): return [member("orientation", .string(orientation.rawValue))]
        case .deviceKind(let kind): return [member("kind", .string(kind.rawValue))]
        case .click(let button): return button.map { [member("button", number(Double($0)))] } ?? []
        case .addLocal(let message): return [member("message", self.message(message))]
        case .delegate(let delegate): return self.delegate(delegate)
        case .network(let online): return [member("online", .bool(online))]
        case .campaign(let id, let enabled): return [member("id", .string(id)), member("enabled", .bool(enabled))]
        case .addCampaign(_, let enabled, let json):
            return [member("trigger", (try? JSONReader.parse(json)) ?? .null), member("enabled", .bool(enabled))]
        case .profile(let profile): return [member("name", .string(profile.name))]
        case .integration(let change):
            var members: [JSONMember] = []
            if let ui = change.ui { members.append(member("ui", .string(ui.rawValue))) }
            if let impressions = change.impressions {
                members.append(member("impressions", .string(impressions.rawValue)))
            }
            if let bridge = change.bridge { members.append(member("bridge", bridge.map(self.bridge) ?? .null)) }
            if let web = change.web { members.append(member("web", self.web(web))) }
            if let scenes = change.scenes { members.append(member("scenes", .bool(scenes))) }
            return members
        case .bridge(let change):
            return (change.ready.map { [member("ready", .bool($0))] } ?? [])
                + (change.listener.map { [member("listener", .bool($0))] } ?? [])
        case .showInAppMessage(let id), .deferInAppMessage(let id): return [member("message", .string(id))]
        case .showDeferred: return []
        case .appImpression(let id): return [member("message", .string(id))]
        case .testSend(let id, let message):
            return (id.map { [member("id", .string($0))] } ?? []) + [member("message", self.message(message))]
        case .unforwardedPushClick(let campaign):
            return (campaign.map { [member("campaign_id", .string($0))] } ?? []) + [member("reachesSdk", .bool(false))]
        case .screen(let name): return [member("name", .string(name))]
        case .changeUser(let id): return [member("id", .string(id))]
        }
    }

    /// `settings.integration.bridge` (B1–B4), every key written.
    static func bridge(_ bridge: Bridge) -> JSONValue {
        .object([
            member("kind", .string(bridge.kind.rawValue)),
            member("nativeUI", .bool(bridge.nativeUI)),
            member("listener", .bool(bridge.listener)),
            member("ready", .bool(bridge.ready)),
            member("answer", bridge.answer.map { .string($0.rawValue) } ?? .null),
            member("whenNotReady", bridge.whenNotReady.map { .string($0.rawValue) } ?? .null),
        ])
    }

    /// `settings.integration.web` (I4).
    static func web(_ web: WebDisplay) -> JSONValue {
        .object([
            member("automaticallyShow", .bool(web.automaticallyShow)),
            member("subscribers", .array(web.subscribers.map { .string($0.rawValue) })),
        ])
    }

    /// `settings.delegate`'s keys (also those of a `delegate` step).
    static func delegate(_ delegate: Delegate) -> [JSONMember] {
        var members = [
            member("implements", .string(delegate.implements.rawValue)),
            member("answer", .string(delegate.answer.rawValue)),
        ]
        if !delegate.answers.isEmpty {
            members.append(
                member(
                    "answers",
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
                case .date(let time): member(key, .object([member("$date", .string(ISO8601.format(time)))]))
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
        case nil: members.append(member("type", .string(message.kind.rawValue)))
        case "none": break
        case let type?: members.append(member("type", .string(type)))
        }
        members.append(member("message", .string(message.text)))
        if let header = message.header { members.append(member("header", .string(header))) }
        if let url = message.imageURL { members.append(member("image_url", .string(url))) }
        if let url = message.zippedAssetsURL { members.append(member("zipped_assets_url", .string(url))) }
        members.append(member("image_style", .string(message.imageStyle.rawValue)))
        if let icon = message.icon { members.append(member("icon", .string(icon))) }
        members += clickAction(message.clickAction)
        if !message.buttons.isEmpty {
            members.append(
                member(
                    "btns",
                    .array(
                        message.buttons.map {
                            .object(
                                // X36: a button without an id stays without one.
                                ($0.hasID ? [member("id", .string($0.id))] : []) + [member("text", .string($0.text))]
                                    + clickAction($0.clickAction))
                        })))
        }
        members += [
            member("message_close", .string(message.close.rawValue)),
            member("duration", number(Double(message.duration))),
            member("orientation", .string(message.orientation.rawValue)),
            member("slide_from", .string(message.slideFrom.rawValue)),
        ]
        if !message.extras.isEmpty {
            members.append(
                member(
                    "extras",
                    .object(message.extras.sorted { $0.key < $1.key }.map { member($0.key, .string($0.value)) }))
            )
        }
        if !message.assetURLs.isEmpty {
            members.append(member("asset_urls", .array(message.assetURLs.map { .string($0) })))
        }
        if message.isControl { members.append(member("is_control", .bool(true))) }
        for (key, color) in message.colors.sorted(by: { $0.key < $1.key }) {
            members.append(member(key, .number(JSONNumber(Double(color), integer: Int64(color)))))
        }
        return .object(members)
    }

    static func clickAction(_ action: ClickAction) -> [JSONMember] {
        switch action {
        case .none: []
        case .newsFeed: [member("click_action", .string("NEWS_FEED"))]
        case .uri(let uri): [member("click_action", .string("URI")), member("uri", .string(uri))]
        }
    }

    static func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }

    /// Whole numbers as integers; everything else in Swift's shortest form that reads back exactly.
    static func number(_ value: Double) -> JSONValue {
        if let whole = JSONNumber.whole(value), whole.magnitude < 1 << 53 {
            return .number(JSONNumber(value, integer: whole))
        }
        return .number(JSONNumber(value))
    }
}
