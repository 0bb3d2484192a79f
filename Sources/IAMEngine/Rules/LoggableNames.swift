/// X37: the names the Web SDK refuses to log. A custom event's name, a purchase's product id and
/// every property key must match `^[^\x00-\x1F"]+$` (or be empty, for a key); otherwise
/// `logCustomEvent` and `logPurchase` return false and nothing is logged.
extension Event {
    /// The first refused name, described for the trace (`event name`, `product id`,
    /// `property key`), or `nil` when the SDK logs the event. Only app-logged events are
    /// checked: custom events and purchases.
    public var refusedName: String? {
        switch kind {
        case .customEvent, .purchase: break
        case .open, .pushClick, .iamClick: return nil
        }
        if let name, Self.isRefused(name) { return kind == .purchase ? "product id" : "event name" }
        for key in properties.keys.sorted() where !key.isEmpty && Self.isRefused(key) {
            return "property key"
        }
        return nil
    }

    /// A `"` or a control character (U+0000–U+001F) anywhere in `text`.
    static func isRefused(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") }
    }
}
