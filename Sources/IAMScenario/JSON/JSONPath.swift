/// Where a value sits in a JSON document, rendered like `triggers[2].data.btns[0].id`.
///
/// Keys that are not plain identifiers render quoted (`assets["https://cdn/x.png"]`);
/// the document root renders as `$`, and a path that starts with an index is prefixed with `$`.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    /// The last component and, through it, the ones before: appending is one small allocation,
    /// not a copy of the whole path (every value of a file gets a path while it is decoded).
    fileprivate final class Link: Sendable {
        /// A component, or a key still in the loaded file's tape: most paths are never
        /// rendered, so the key becomes a string only when one is.
        enum Step: Sendable {
            case component(Component)
            case tapeKey(JSONTape, entry: Int)
        }

        let parent: Link?
        let step: Step
        init(parent: Link?, step: Step) {
            self.parent = parent
            self.step = step
        }

        var component: Component {
            switch step {
            case .component(let component): component
            case .tapeKey(let tape, let entry): .key(tape.string(entry))
            }
        }
    }

    fileprivate let last: Link?

    fileprivate init(last: Link?) { self.last = last }

    public init(_ components: [Component] = []) {
        var link: Link?
        for component in components { link = Link(parent: link, step: .component(component)) }
        last = link
    }

    /// From the root to this value.
    public var components: [Component] {
        var reversed: [Component] = []
        var link = last
        while let current = link {
            reversed.append(current.component)
            link = current.parent
        }
        return reversed.reversed()
    }

    public static let root = JSONPath()

    public func appending(_ component: Component) -> JSONPath {
        JSONPath(last: Link(parent: last, step: .component(component)))
    }

    /// This path and the key at `entry` of `tape`, read from the tape only if the path is rendered.
    func appending(keyAt entry: Int, of tape: JSONTape) -> JSONPath {
        JSONPath(last: Link(parent: last, step: .tapeKey(tape, entry: entry)))
    }

    public static func == (a: JSONPath, b: JSONPath) -> Bool { a.components == b.components }

    public var description: String {
        let components = self.components
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

/// A path that does not keep its components alive: what a node reached from another holds (see
/// `Node.child`), valid while a `JSONPath` with the same components is kept elsewhere. Copying
/// it costs no reference counting.
struct BorrowedPath {
    private unowned(unsafe) let last: JSONPath.Link?

    /// Borrows `path`, which must outlive this.
    init(_ path: JSONPath) { last = path.last }

    var path: JSONPath { JSONPath(last: last) }
}
