import IAMEngine

/// The in-app message (§8): a trigger's `data`, or the `message` of an `addLocal` step.
/// Keys as Braze serializes them; unknown keys are kept in the file and ignored, without a warning.
extension ScenarioDecoder {
    static let messageKinds: [Message.Kind] = Message.Kind.allCases
    static let imageStyles: [Message.ImageStyle] = [.top, .graphic]
    static let closes: [Message.Close] = [.autoDismiss, .swipe]
    static let orientations: [Message.Orientation] = [.any, .portrait, .landscape]
    static let slideFroms: [Message.SlideFrom] = [.bottom, .top]

    mutating func message(_ node: Node) throws(DecodeIssue) -> Message {
        var object = try node.object()
        var message = Message()
        if let kind = object.optional("type") { message.kind = try kind.choice(Self.messageKinds, "message type") }
        if let text = object.optional("message") { message.text = try text.string() }
        if let header = object.optional("header") { message.header = try header.optionalString() }
        if let image = object.optional("image_url") { message.imageURL = try image.optionalString() }
        if let zip = object.optional("zipped_assets_url") { message.zippedAssetsURL = try zip.optionalString() }
        if let style = object.optional("image_style") {
            message.imageStyle = try style.choice(Self.imageStyles, "image_style")
        }
        if let icon = object.optional("icon") { message.icon = try icon.optionalString() }
        message.clickAction = try clickAction(&object)
        if let buttons = object.optional("btns") {
            let list = try buttons.array()
            if list.count > 2 { throw buttons.issue("a message has at most two buttons; got \(list.count)") }
            for (index, button) in list.enumerated() { message.buttons.append(try self.button(button, index: index)) }
        }
        if let close = object.optional("message_close") {
            message.close = try close.choice(Self.closes, "message_close")
        }
        if let duration = object.optional("duration") {
            message.duration = try duration.integer()
            try duration.checkTime(Double(message.duration), unit: "milliseconds", perSecond: 1000)
        }
        if let orientation = object.optional("orientation") {
            message.orientation = try orientation.choice(Self.orientations, "orientation")
        }
        if let slide = object.optional("slide_from") {
            message.slideFrom = try slide.choice(Self.slideFroms, "slide_from")
        }
        if let extras = object.optional("extras") { message.extras = try self.extras(extras) }
        if let control = object.optional("is_control") { message.isControl = try control.bool() }
        for (key, value) in object.entries where key.hasSuffix("_color") && !value.isNull {
            message.colors[key] = try color(value)
        }
        return message
    }

    /// `click_action` (`NONE` default, `URI` with a `uri`, `NEWS_FEED`) of a message or button.
    private func clickAction(_ object: inout ObjectReader) throws(DecodeIssue) -> ClickAction {
        let uri = try object.optional("uri")?.optionalString()
        guard let node = object.optional("click_action") else { return .none }
        let name = try node.string()
        switch name.uppercased() {
        case "NONE": return .none
        case "NEWS_FEED": return .newsFeed
        case "URI":
            guard let uri else { throw node.issue("click_action URI needs a non-empty \"uri\"") }
            return .uri(uri)
        default:
            throw node.issue("unknown click_action \(JSONText.quoted(name)) (expected NONE, URI or NEWS_FEED)")
        }
    }

    /// One of `btns`: `id` (string or integer; defaults to the index), `text`, `click_action`, `uri`.
    private func button(_ node: Node, index: Int) throws(DecodeIssue) -> Button {
        var object = try node.object()
        let id = try object.optional("id")?.id() ?? String(index)
        let text = try object.optional("text")?.string() ?? ""
        return Button(id: id, text: text, clickAction: try clickAction(&object))
    }

    /// `extras`: a string map; other values are kept as their JSON text, with a warning.
    private mutating func extras(_ node: Node) throws(DecodeIssue) -> [String: String] {
        var extras: [String: String] = [:]
        for (key, value) in try node.object().entries {
            if case .string(let text) = value.value {
                extras[key] = text
            } else {
                let text = JSONText.compact(value.value)
                warn(
                    value.path,
                    "extras values are strings; \(describe(value.value)) kept as the string \(JSONText.quoted(text))")
                extras[key] = text
            }
        }
        return extras
    }

    /// An ARGB colour: an unsigned 32-bit integer, or a signed one as Braze's Android side writes it.
    private func color(_ node: Node) throws(DecodeIssue) -> UInt32 {
        guard case .number(let number) = node.value, let integer = number.integer,
            integer >= Int64(Int32.min), integer <= Int64(UInt32.max)
        else {
            throw node.issue("expected an ARGB colour as a 32-bit integer, got \(describe(node.value))")
        }
        return integer < 0 ? UInt32(bitPattern: Int32(integer)) : UInt32(integer)
    }
}
