import IAMEngine

/// The in-app message (§8): a trigger's `data`, or the `message` of an `addLocal` step.
/// Keys as Braze serializes them; unknown keys are kept in the file and ignored, without a warning.
extension ScenarioDecoder {
    static let messageKinds: [Message.Kind] = Message.Kind.allCases
    static let imageStyles: [Message.ImageStyle] = [.top, .graphic]
    static let closes: [Message.Close] = [.autoDismiss, .swipe]
    static let orientations: [Message.Orientation] = [.any, .portrait, .landscape]
    static let slideFroms: [Message.SlideFrom] = [.bottom, .top]
    static let clickActionNames = ["NONE", "NEWS_FEED", "URI"]

    mutating func message(_ node: Node) throws(DecodeIssue) -> Message {
        var object = try node.object()
        var message = Message()
        if let kind = object.optional("type") { message.kind = try kind.choice(Self.messageKinds, "message type") }
        if let text = object.optional("message") { message.text = try text.string() }
        if let header = object.optional("header") { message.header = try header.optionalString() }
        if let image = object.optional("image_url") { message.imageURL = try image.optionalString() }
        if let zip = object.optional("zipped_assets_url") { message.zippedAssetsURL = try zip.optionalString() }
        if let style = object.optional("image_style") {
            message.imageStyle = lenientChoice(style, Self.imageStyles, "image_style", default: .top)
        }
        if let icon = object.optional("icon") { message.icon = try icon.optionalString() }
        message.clickAction = clickAction(&object, defect: &message.defect)
        if let buttons = object.optional("btns") {
            var list = try buttons.array()
            if list.count > 2 {
                warn(buttons.path, "a message shows at most two buttons; the other \(list.count - 2) are ignored")
                list = Array(list.prefix(2))
            }
            for (index, button) in list.enumerated() {
                message.buttons.append(try self.button(button, index: index, defect: &message.defect))
            }
        }
        if let close = object.optional("message_close") {
            message.close = lenientChoice(close, Self.closes, "message_close", default: .autoDismiss)
        }
        if let duration = object.optional("duration") {
            message.duration = try duration.numeric.integer()
            try duration.checkTime(Double(message.duration), unit: "milliseconds", perSecond: 1000)
        }
        if let orientation = object.optional("orientation") {
            message.orientation = lenientChoice(orientation, Self.orientations, "orientation", default: .any)
        }
        if let slide = object.optional("slide_from") {
            message.slideFrom = lenientChoice(slide, Self.slideFroms, "slide_from", default: .bottom)
        }
        if let extras = object.take("extras") { message.extras = self.extras(extras) }
        if let urls = object.take("asset_urls") { message.assetURLs = assetURLs(urls) }
        if let control = object.optional("is_control") { message.isControl = try control.boolean.bool() }
        for (key, value) in object.members(withKeySuffix: "_color") {
            _ = object.take(named: key)
            if !value.isNull, let color = color(value) { message.colors[key] = color }
        }
        noteIgnored(object, in: "message")
        return message
    }

    /// An enum value as the SDKs read it: any case; an unknown value falls back to the default
    /// with a warning (spec §9, revision 2).
    private mutating func lenientChoice<E: RawRepresentable>(_ node: Node, _ cases: [E], _ what: String, default: E)
        -> E
    where E.RawValue == String {
        do {
            return try node.choice(cases, what)
        } catch {
            warn(node.path, "\(error.message); read as \(`default`.rawValue), as the SDKs do")
            return `default`
        }
    }

    /// `click_action` (`NONE` default, `URI` with a `uri`, `NEWS_FEED`) of a message or button.
    /// What the SDKs cannot act on (an unknown action, `URI` without a `uri`) reads as `NONE`;
    /// `URI` without a `uri` is also a message some SDK cannot build (X27), noted in `defect`.
    private mutating func clickAction(_ object: inout ObjectReader, defect: inout String?) -> ClickAction {
        let uriNode = object.optional("uri")
        let uri: String? = if let text = uriNode?.text, !text.isEmpty { text } else { nil }
        if let uriNode, uri == nil, !uriNode.isNull {
            warn(uriNode.path, "expected a non-empty string uri, got \(uriNode.described); ignored")
        }
        guard let node = object.optional("click_action") else { return .none }
        guard let name = node.text else {
            warn(node.path, "expected a click_action name, got \(node.described); read as NONE")
            return .none
        }
        switch Node.canonical(name, among: Self.clickActionNames, fold: { $0.uppercased() }) {
        case "NONE": return .none
        case "NEWS_FEED": return .newsFeed
        case "URI":
            guard let uri else {
                warn(node.path, "click_action URI without a non-empty \"uri\"; read as NONE")
                if defect == nil { defect = "click_action URI without a uri (\(node.path))" }
                return .none
            }
            return .uri(uri)
        default:
            warn(
                node.path,
                "unknown click_action \(JSONText.quoted(name)) (expected NONE, URI or NEWS_FEED); read as NONE")
            return .none
        }
    }

    /// One of `btns`: `id` (string or integer; defaults to the index), `text`, `click_action`, `uri`.
    private mutating func button(_ node: Node, index: Int, defect: inout String?) throws(DecodeIssue) -> Button {
        var object = try node.object()
        let id = try object.optional("id")?.id() ?? String(index)
        let text = try object.optional("text")?.string() ?? ""
        let button = Button(id: id, text: text, clickAction: clickAction(&object, defect: &defect))
        noteIgnored(object, in: "button")
        return button
    }

    /// `extras` (§8, revision 2): an object's string values are shown; other values in it are
    /// kept as their JSON text with a warning; anything but an object (old servers send an array
    /// of objects) is kept and ignored with a warning, never a load error.
    private mutating func extras(_ node: Node) -> [String: String] {
        switch node.value {
        case .null: return [:]
        case .object(let members):
            var extras: [String: String] = [:]
            for member in members {
                let path = node.path.appending(.key(member.key))
                if case .string(let text) = member.value {
                    extras[member.key] = text
                } else {
                    let text = JSONText.compact(member.value)
                    warn(
                        path,
                        "extras values are strings; \(describe(member.value)) kept as the string \(JSONText.quoted(Self.clipped(text)))"
                    )
                    extras[member.key] = text
                }
            }
            return extras
        default:
            warn(node.path, "extras is \(node.described), not an object of strings; kept and ignored (§8)")
            return [:]
        }
    }

    /// `asset_urls` (§8, revision 2): the URLs an HTML page loads. Entries that are not
    /// non-empty strings are ignored with a warning.
    private mutating func assetURLs(_ node: Node) -> [String] {
        guard node.kind == .array, case .array(let elements) = node.value else {
            if !node.isNull { warn(node.path, "asset_urls is \(node.described), not an array of URLs; ignored") }
            return []
        }
        var urls: [String] = []
        for (index, element) in elements.enumerated() {
            if case .string(let url) = element, !url.isEmpty {
                urls.append(url)
            } else {
                warn(node.path.appending(.index(index)), "expected a URL string, got \(describe(element)); ignored")
            }
        }
        return urls
    }

    /// An ARGB colour: an unsigned 32-bit integer, or a signed one as Braze's Android side writes
    /// it (a number sent as a string too). Anything else is ignored with a warning (§9, revision 2).
    private mutating func color(_ node: Node) -> UInt32? {
        guard case .number(let number) = node.numeric.value, let integer = number.integer,
            integer >= Int64(Int32.min), integer <= Int64(UInt32.max)
        else {
            warn(node.path, "expected an ARGB colour as a 32-bit integer, got \(node.described); ignored")
            return nil
        }
        return integer < 0 ? UInt32(bitPattern: Int32(integer)) : UInt32(integer)
    }
}
