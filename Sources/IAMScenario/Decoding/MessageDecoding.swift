import IAMEngine

/// The in-app message (§8): a trigger's `data`, or the `message` of an `addLocal` step.
/// Keys as Braze serializes them; unknown keys are kept in the file and ignored, without a warning.
extension ScenarioDecoder {

    /// R9, X38: `MODAL_STYLED` is a modal and `WEB_HTML` an HTML message; `BANNER` loads as a
    /// type no profile builds (`kind` nil). Any case; `nil` for another name.
    static func builtType(_ name: String) -> (name: String, kind: Message.Kind?)? {
        switch name.uppercased() {
        case "MODAL_STYLED": ("MODAL_STYLED", .modal)
        case "WEB_HTML": ("WEB_HTML", .html)
        case "BANNER": ("BANNER", nil)
        default: nil
        }
    }

    /// The names of `click_action`.
    enum ClickActionName: String, CaseIterable {
        case none = "NONE"
        case newsFeed = "NEWS_FEED"
        case uri = "URI"
    }

    /// The keys of what a click acts on: a message's and a button's.
    protocol ClickKeys: SchemaKey {
        static var uri: Self { get }
        static var clickAction: Self { get }
    }

    /// The keys of a message the simulator reads (others are kept and ignored; `*_color` keys
    /// are colours).
    enum MessageKey: String, SchemaKey, ClickKeys {
        case type, message, header
        case imageURL = "image_url"
        case imageStyle = "image_style"
        case icon
        case uri
        case clickAction = "click_action"
        case btns
        case messageClose = "message_close"
        case duration, orientation
        case slideFrom = "slide_from"
        case extras
        case assetURLs = "asset_urls"
        case isControl = "is_control"
        case zippedAssetsURL = "zipped_assets_url"
        case triggerID = "trigger_id"
        case trusted
        static let schema = KeySchema<Self>()
    }

    /// The keys of a button.
    enum ButtonKey: String, SchemaKey, ClickKeys {
        case id, text, uri
        case clickAction = "click_action"
        static let schema = KeySchema<Self>()
    }

    mutating func message(_ node: Node) throws(DecodeIssue) -> Message {
        try node.place.tape.withView { view throws(DecodeIssue) in try message(view, node) }
    }

    /// Fields are read in a fixed order, so that warnings come in that order.
    mutating func message(_ view: JSONTapeView, _ node: consuming Node) throws(DecodeIssue) -> Message {
        var object = try MemberReader<MessageKey>(object: view, node)
        var message = Message()
        if let entry = object.optional(.type) {
            if let kind = view.named(entry, among: Message.Kind.allCases) {
                message.kind = kind
            } else if view.kind(entry) == .string, let built = Self.builtType(view.string(entry)) {
                // R9, X38: the types the SDKs build under other names, and those they do not.
                if let kind = built.kind { message.kind = kind } else { message.unsupportedType = built.name }
            } else {
                message.kind = try object.node(.type, entry).choice(Message.Kind.self, "message type")
            }
        } else {
            // R9, X38: a message without `type` loads; its trigger's platform decides.
            message.unsupportedType = "none"
        }
        if let text = try object.string(.message) { message.text = text }
        message.header = try object.optionalString(.header)
        message.imageURL = try object.optionalString(.imageURL)
        message.zippedAssetsURL = try object.optionalString(.zippedAssetsURL)
        lenientChoice(&object, .imageStyle, into: &message.imageStyle)
        message.icon = try object.optionalString(.icon)
        message.clickAction = clickAction(&object, defect: &message.defect)
        if let entry = object.optional(.btns) {
            let list = object.node(.btns, entry)
            guard view.kind(entry) == .array else { throw list.expected("an array") }
            let count = view.count(entry)
            if count > 2 {
                warn(list.path, "a message shows at most two buttons; the other \(count - 2) are ignored")
            }
            var element = entry + 1
            for index in 0..<min(count, 2) {
                message.buttons.append(try button(view, list.child(element), index: index, defect: &message.defect))
                element = view.end(of: element)
            }
        }
        message.closeGiven = object.members.has(.messageClose)
        lenientChoice(&object, .messageClose, into: &message.close)
        message.duration =
            try object.integer(.duration, lenient: true, unit: "milliseconds", perSecond: 1000) ?? message.duration
        message.orientationGiven = object.members.has(.orientation)
        lenientChoice(&object, .orientation, into: &message.orientation)
        lenientChoice(&object, .slideFrom, into: &message.slideFrom)
        if let node = object.takeNode(.extras) { message.extras = extras(view, node) }
        if let node = object.takeNode(.assetURLs) { message.assetURLs = assetURLs(view, node) }
        if let flag = try object.flag(.isControl, lenient: true) { message.isControl = flag }
        // X57: the id a platform reads its click's analytics from.
        message.payloadTriggerID = try object.optionalString(.triggerID)
        if let flag = try object.flag(.trusted, lenient: true) { message.trusted = flag }
        // X39: a click action the Web SDK refuses to perform.
        message.refusal = BrazeActions.refusal(of: message)
        // The members not read: colours (`*_color`), and the fields kept and ignored.
        object.forEachUnknown { key, value in
            if view.string(key).hasSuffix("_color") {
                if view.kind(value.entry) == .null { return }
                if let color = color(value) {
                    message.colors[view.string(key)] = color
                }
            } else {
                noteIgnored(field: "message." + view.string(key))
            }
        }
        return message
    }

    /// `key`'s enum value as the SDKs read it, into `value` (unless absent or `null`): any case;
    /// an unknown value leaves the default `value` holds, with a warning (spec §9, revision 2).
    private mutating func lenientChoice<Key: SchemaKey, E: RawRepresentable<String> & CaseIterable>(
        _ object: inout MemberReader<Key>, _ key: Key, into value: inout E
    ) {
        guard let entry = object.optional(key) else { return }
        if let known = object.view.named(entry, among: Array(E.allCases)) {
            value = known
        } else {
            value = explainedChoice(object.node(key, entry), key.name, default: value)
        }
    }

    /// A name `named` does not find: the default, with a warning. Out of line (rare).
    @inline(never)
    private mutating func explainedChoice<E: RawRepresentable<String> & CaseIterable>(
        _ node: Node, _ what: String, default: E
    ) -> E {
        do {
            return try node.choice(E.self, what)
        } catch {
            warn(node.path, "\(error.message); read as \(`default`.rawValue), as the SDKs do")
            return `default`
        }
    }

    /// `click_action` (`NONE` default, `URI` with a `uri`, `NEWS_FEED`) of a message or button.
    /// What the SDKs cannot act on (an unknown action, `URI` without a `uri`) reads as `NONE`;
    /// `URI` without a `uri` is also a message some SDK cannot build (X27), noted in `defect`.
    private mutating func clickAction<Key: ClickKeys>(_ object: inout MemberReader<Key>, defect: inout String?)
        -> ClickAction
    {
        let view = object.view
        var uri: String?
        if let entry = object.optional(.uri) {
            if view.kind(entry) == .string, view.entries[entry].b > 0 {
                uri = view.string(entry)
            } else {
                let uriNode = object.node(.uri, entry)
                warn(uriNode.path, "expected a non-empty string uri, got \(uriNode.described); ignored")
            }
        }
        guard let entry = object.optional(.clickAction) else { return .none }
        guard view.kind(entry) == .string else {
            let node = object.node(.clickAction, entry)
            warn(node.path, "expected a click_action name, got \(node.described); read as NONE")
            return .none
        }
        switch view.named(entry, among: ClickActionName.allCases, fold: { $0.uppercased() }) {
        case .none?: return .none
        case .newsFeed?: return .newsFeed
        case .uri?:
            if let uri { return .uri(uri) }
            let node = object.node(.clickAction, entry)
            warn(node.path, "click_action URI without a non-empty \"uri\"; read as NONE")
            if defect == nil { defect = "click_action URI without a uri (\(node.path))" }
            return .none
        case nil:
            warn(
                object.node(.clickAction, entry).path,
                "unknown click_action \(JSONText.quoted(view.string(entry))) (expected NONE, URI or NEWS_FEED); read as NONE"
            )
            return .none
        }
    }

    /// One of `btns`: `id` (string or integer; defaults to the index), `text`, `click_action`, `uri`.
    private mutating func button(_ view: JSONTapeView, _ node: consuming Node, index: Int, defect: inout String?)
        throws(DecodeIssue) -> Button
    {
        var object = try MemberReader<ButtonKey>(object: view, node)
        let idEntry = object.optional(.id)
        let id = try idEntry.map { entry throws(DecodeIssue) in
            try view.plainID(entry).or(object.node(.id, entry).id())
        }
        let text = try object.string(.text) ?? ""
        let clickAction = clickAction(&object, defect: &defect)
        var button = Button(id: id ?? String(index), text: text, clickAction: clickAction)
        button.hasID = id != nil
        if !object.members.allRead { noteIgnored(object, in: "button") }
        return button
    }

    /// `extras` (§8, revision 2): an object's string values are shown; other values in it are
    /// kept as their JSON text with a warning; anything but an object (old servers send an array
    /// of objects) is kept and ignored with a warning, never a load error.
    private mutating func extras(_ view: JSONTapeView, _ node: Node) -> [String: String] {
        let entry = node.entry
        switch view.kind(entry) {
        case .null: return [:]
        case .object:
            var extras: [String: String] = [:]
            var key = entry + 1
            for _ in 0..<view.count(entry) {
                extras[view.string(key)] =
                    view.kind(key + 1) == .string ? view.string(key + 1) : extraText(node.child(key + 1))
                key = view.end(of: key + 1)
            }
            return extras
        default:
            warn(node.path, "extras is \(node.described), not an object of strings; kept and ignored (§8)")
            return [:]
        }
    }

    /// A value of `extras` that is not a string: its JSON text, with a warning. Out of line (rare).
    @inline(never)
    private mutating func extraText(_ node: Node) -> String {
        let text = JSONText.compact(node.value)
        warn(
            node.path,
            "extras values are strings; \(describe(node.value)) kept as the string \(JSONText.quoted(Self.clipped(text)))"
        )
        return text
    }

    /// `asset_urls` (§8, revision 2): the URLs an HTML page loads. Entries that are not
    /// non-empty strings are ignored with a warning.
    private mutating func assetURLs(_ view: JSONTapeView, _ node: Node) -> [String] {
        let entry = node.entry
        guard view.kind(entry) == .array else {
            if !node.isNull { warn(node.path, "asset_urls is \(node.described), not an array of URLs; ignored") }
            return []
        }
        var urls: [String] = []
        var element = entry + 1
        for _ in 0..<view.count(entry) {
            if view.kind(element) == .string, view.entries[element].b > 0 {
                urls.append(view.string(element))
            } else {
                let bad = node.child(element)
                warn(bad.path, "expected a URL string, got \(bad.described); ignored")
            }
            element = view.end(of: element)
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
