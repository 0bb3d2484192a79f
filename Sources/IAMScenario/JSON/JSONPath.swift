/// Where a value sits in a JSON document, rendered like `triggers[2].data.btns[0].id`.
///
/// Keys that are not plain identifiers render quoted (`assets["https://cdn/x.png"]`);
/// the document root renders as `$`, and a path that starts with an index is prefixed with `$`.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = JSONPath()

    public func appending(_ component: Component) -> JSONPath {
        var copy = self
        copy.components.append(component)
        return copy
    }

    public var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for (position, component) in components.enumerated() {
            switch component {
            case .index(let index):
                if position == 0 { text += "$" }
                text += "[\(index)]"
            case .key(let key):
                if Self.isPlain(key) {
                    if position > 0 { text += "." }
                    text += key
                } else {
                    if position == 0 { text += "$" }
                    text += "[" + JSONText.quoted(key) + "]"
                }
            }
        }
        return text
    }

    /// A key that needs no quoting: ASCII letters, digits, `_`, `-`, not starting with a digit.
    static func isPlain(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(0x30...0x39).contains(first), first != 0x2D else { return false }
        return key.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x5F || byte == 0x2D
        }
    }
}
