import IAMEngine

/// X39: what makes the Web SDK refuse a message at perform time: a click action (the body's or a
/// button's) whose URI is a `brazeActions://v<N>/<payload>` link with an action it does not know.
/// The payload is base64url of the action's JSON in UTF-16 (little-endian); one that does not
/// decode, or whose JSON does not parse, is unknown too. A `container`'s `steps` are each read.
enum BrazeActions {
    /// The action types the SDK performs.
    static let known: Set<String> = [
        "container", "logCustomEvent", "setEmailNotificationSubscriptionType", "setPushNotificationSubscriptionType",
        "setCustomUserAttribute", "requestPushPermission", "addToSubscriptionGroup", "removeFromSubscriptionGroup",
        "addToCustomAttributeArray", "removeFromCustomAttributeArray", "openLink", "openLinkInWebView",
    ]

    /// Why `message` is refused, in words, or `nil`: the buttons are read first, then the body.
    static func refusal(of message: Message) -> String? {
        for (index, button) in message.buttons.enumerated() {
            if case .uri(let uri) = button.clickAction, refuses(uri) {
                return "an unknown brazeActions:// action (button \(index))"
            }
        }
        if case .uri(let uri) = message.clickAction, refuses(uri) {
            return "an unknown brazeActions:// action (click_action)"
        }
        return nil
    }

    /// Whether `uri` is a `brazeActions://v<digits>/` link whose action the SDK does not know.
    static func refuses(_ uri: String) -> Bool {
        let prefix = "brazeActions://v"
        guard uri.hasPrefix(prefix) else { return false }
        let rest = uri.utf8.dropFirst(prefix.utf8.count)
        let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard !digits.isEmpty, rest.dropFirst(digits.count).first == UInt8(ascii: "/") else { return false }
        let payload = Array(rest.dropFirst(digits.count + 1))
        guard let bytes = base64URL(payload), bytes.count % 2 == 0 else { return true }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        for index in stride(from: 0, to: bytes.count, by: 2) {
            units.append(UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
        }
        let text = String(decoding: units, as: UTF16.self)
        guard let json = try? JSONReader.parse(text) else { return true }
        return containsUnknown(json)
    }

    /// The keys of a Braze action (a step of a container, which lists its `steps`).
    enum BrazeActionKey: String, SchemaKey {
        case type, steps
        static let schema = KeySchema<Self>()
    }

    /// `containsUnknownBrazeAction`: a container is unknown when one of its steps is.
    static func containsUnknown(_ action: JSONValue) -> Bool {
        guard case .object(let members) = action,
            let type = members.first(where: { $0.key == BrazeActionKey.type.rawValue })?.value
        else { return true }
        guard case .string(let name) = type else { return true }
        guard name == "container" else { return !known.contains(name) }
        switch members.first(where: { $0.key == BrazeActionKey.steps.rawValue })?.value {
        case nil, .null?: return false
        case .array(let steps)?: return steps.contains(where: containsUnknown)
        default: return true
        }
    }

    /// Base64 with `-` and `_` for `+` and `/` and white space dropped (as the SDK maps them
    /// before `atob`), padding optional; `nil` for anything else.
    static func base64URL(_ text: [UInt8]) -> [UInt8]? {
        let standard = text.compactMap { byte -> UInt8? in
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D: nil
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        return CampaignID.decode(String(decoding: standard, as: UTF8.self))
    }
}
