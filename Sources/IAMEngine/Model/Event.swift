/// Something the app logs, which triggers are matched against (T1).
public struct Event: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case open
        case purchase
        case customEvent = "custom_event"
        case pushClick = "push_click"
        case iamClick = "iam_click"
    }

    public var kind: Kind
    /// Custom event name, product id, push campaign id or clicked message id.
    public var name: String?
    /// The clicked button's id, for `iam_click`.
    public var button: String?
    public var properties: [String: PropertyValue]

    public init(kind: Kind, name: String? = nil, button: String? = nil, properties: [String: PropertyValue] = [:]) {
        self.kind = kind
        self.name = name
        self.button = button
        self.properties = properties
    }

    public static let open = Event(kind: .open)
}
