/// How every view words an event: the trace's form (spec §10) and the short label the
/// simulator's trace pane, its status line and the SVG timeline use.
extension Event {
    /// The trace's form, `purchase:latte/b {key="value", n=1}`: names and keys as text fields,
    /// values as JSON. The trace writer's bytes, as a string.
    public var traceWords: String {
        let storage = ByteStorage(capacity: 64)
        var out = ByteCursor(storage, count: 0)
        out.describe(self)
        return String(decoding: UnsafeBufferPointer(start: storage.base, count: out.count), as: UTF8.self)
    }

    /// `customEvent promo/b`, with the property keys (`{size, cup}`) when `keys` is set. Not
    /// escaped: a view cleans the text for its surface.
    public func label(keys: Bool = false) -> String {
        var text = kind.rawValue
        if let name { text += " " + name }
        if let button { text += "/" + button }
        if keys, !properties.isEmpty { text += " {" + properties.keys.sorted().joined(separator: ", ") + "}" }
        return text
    }
}
