import IAMEngine

// The plain reading of a trigger's message and its buttons (see `plainTrigger`).
extension ScenarioDecoder {
    /// A message whose every field is plain: values of their kind, names the SDKs know, no more
    /// than two buttons, no extras or asset URLs that warn. Other keys go to `ignored`.
    func plainMessage(_ view: JSONTapeView, _ entry: Int, ignored: inout IgnoredKeys) -> Message? {
        var message = Message()
        var uri = -1
        var clickAction = -1
        let plain = view.forEachPlainMember(of: entry) { name, value in
            let key = value - 1
            let kind = view.kind(value)
            if kind == .null, Self.messageKeys.contains(where: { Plain.equal(name, $0) }) || Plain.hasColorSuffix(name)
            {
                // Read as absent (`extras` and `asset_urls` too: `null` is empty for them).
                return true
            }
            switch name.count {
            case 3 where Plain.equal(name, "uri"):
                uri = value
            case 4 where Plain.equal(name, "type"):
                guard kind == .string,
                    let known = Self.messageKinds.first(where: {
                        Plain.equalIgnoringCase(view.text(value), $0.rawValue)
                    })
                else { return false }
                message.kind = known
            case 4 where Plain.equal(name, "btns"):
                guard let buttons = Self.plainButtons(view, value, ignored: &ignored.button) else { return false }
                message.buttons = buttons
            case 4 where Plain.equal(name, "icon"):
                guard let text = view.plainOptionalString(value) else { return false }
                message.icon = text
            case 6 where Plain.equal(name, "header"):
                guard let text = view.plainOptionalString(value) else { return false }
                message.header = text
            case 6 where Plain.equal(name, "extras"):
                guard let extras = Self.plainExtras(view, value) else { return false }
                message.extras = extras
            case 7 where Plain.equal(name, "message"):
                guard kind == .string else { return false }
                message.text = view.string(value)
            case 8 where Plain.equal(name, "duration"):
                guard let duration = view.plainInteger(value), Double(duration) < TimeLimit.seconds * 1000 else {
                    return false
                }
                message.duration = Int(duration)
            case 9 where Plain.equal(name, "image_url"):
                guard let text = view.plainOptionalString(value) else { return false }
                message.imageURL = text
            case 10 where Plain.equal(name, "slide_from"):
                guard let side = Self.plainChoice(view, value, Self.slideFroms) else { return false }
                message.slideFrom = side
            case 10 where Plain.equal(name, "is_control"):
                switch kind {
                case .true: message.isControl = true
                case .false: message.isControl = false
                default: return false
                }
            case 10 where Plain.equal(name, "asset_urls"):
                guard let urls = Self.plainAssetURLs(view, value) else { return false }
                message.assetURLs = urls
            case 11 where Plain.equal(name, "image_style"):
                guard let style = Self.plainChoice(view, value, Self.imageStyles) else { return false }
                message.imageStyle = style
            case 11 where Plain.equal(name, "orientation"):
                guard let orientation = Self.plainChoice(view, value, Self.orientations) else { return false }
                message.orientation = orientation
            case 12 where Plain.equal(name, "click_action"):
                clickAction = value
            case 13 where Plain.equal(name, "message_close"):
                guard let close = Self.plainChoice(view, value, Self.closes) else { return false }
                message.close = close
            case 17 where Plain.equal(name, "zipped_assets_url"):
                guard let text = view.plainOptionalString(value) else { return false }
                message.zippedAssetsURL = text
            default:
                if Plain.hasColorSuffix(name) {
                    guard let color = view.plainColor(value) else { return false }
                    message.colors[view.string(key)] = color
                } else {
                    ignored.message.append(key)
                }
            }
            return true
        }
        guard plain else { return nil }
        guard let action = Self.plainClickAction(view, uri: uri, action: clickAction) else { return nil }
        message.clickAction = action
        return message
    }

    /// The keys of a message that read `null` as absent.
    private static let messageKeys: [StaticString] = [
        "uri", "type", "btns", "icon", "header", "message", "duration", "image_url", "slide_from", "is_control",
        "image_style", "orientation", "click_action", "message_close", "zipped_assets_url", "extras", "asset_urls",
    ]

    /// A click action from the entries of `uri` and `click_action` (`-1`: absent, `null` skipped
    /// before): one the SDKs act on, with a `uri` only where it is a non-empty string.
    private static func plainClickAction(_ view: JSONTapeView, uri: Int, action: Int) -> ClickAction? {
        var link: String?
        if uri >= 0 {
            guard view.kind(uri) == .string, view.entries[uri].b > 0 else { return nil }
            link = view.string(uri)
        }
        guard action >= 0 else { return ClickAction.none }
        guard view.kind(action) == .string else { return nil }
        let name = view.text(action)
        if Plain.equalIgnoringCase(name, "NONE") { return ClickAction.none }
        if Plain.equalIgnoringCase(name, "NEWS_FEED") { return .newsFeed }
        if Plain.equalIgnoringCase(name, "URI"), let link { return .uri(link) }
        return nil
    }

    /// At most two buttons; `ignored` gets the entries of the keys they do not use.
    private static func plainButtons(_ view: JSONTapeView, _ entry: Int, ignored: inout [Int]) -> [Button]? {
        guard view.kind(entry) == .array, view.count(entry) <= 2 else { return nil }
        var buttons: [Button] = []
        buttons.reserveCapacity(view.count(entry))
        var element = entry + 1
        for index in 0..<view.count(entry) {
            var id: String?
            var text = ""
            var uri = -1
            var clickAction = -1
            let plain = view.forEachPlainMember(of: element) { name, value in
                let key = value - 1
                let known =
                    Plain.equal(name, "id") || Plain.equal(name, "text") || Plain.equal(name, "uri")
                    || Plain.equal(name, "click_action")
                if !known {
                    ignored.append(key)
                } else if view.kind(value) == .null {
                    // Read as absent.
                } else if Plain.equal(name, "id") {
                    guard let plain = view.plainID(value) else { return false }
                    id = plain
                } else if Plain.equal(name, "text") {
                    guard view.kind(value) == .string else { return false }
                    text = view.string(value)
                } else if Plain.equal(name, "uri") {
                    uri = value
                } else {
                    clickAction = value
                }
                return true
            }
            guard plain else { return nil }
            guard let action = plainClickAction(view, uri: uri, action: clickAction) else { return nil }
            buttons.append(Button(id: id ?? String(index), text: text, clickAction: action))
            element = view.end(of: element)
        }
        return buttons
    }

    /// An `extras` object of strings.
    private static func plainExtras(_ view: JSONTapeView, _ entry: Int) -> [String: String]? {
        guard view.kind(entry) == .object else { return nil }
        var extras: [String: String] = [:]
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.kind(key + 1) == .string else { return nil }
            extras[view.string(key)] = view.string(key + 1)
            key = view.end(of: key + 1)
        }
        return extras
    }

    /// An `asset_urls` array of non-empty strings.
    private static func plainAssetURLs(_ view: JSONTapeView, _ entry: Int) -> [String]? {
        guard view.kind(entry) == .array else { return nil }
        var urls: [String] = []
        var element = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.kind(element) == .string, view.entries[element].b > 0 else { return nil }
            urls.append(view.string(element))
            element += 1
        }
        return urls
    }

    /// One of `cases`, named in any ASCII case.
    private static func plainChoice<E: RawRepresentable>(_ view: JSONTapeView, _ entry: Int, _ cases: [E]) -> E?
    where E.RawValue == String {
        guard view.kind(entry) == .string else { return nil }
        let text = view.text(entry)
        return cases.first { Plain.equalIgnoringCase(text, $0.rawValue) }
    }
}

/// The entries of the keys a plain message and its buttons keep and ignore.
struct IgnoredKeys {
    var button: [Int] = []
    var message: [Int] = []
}
