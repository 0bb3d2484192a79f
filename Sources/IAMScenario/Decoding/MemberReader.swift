/// The keys one kind of object may have (a step's, ...), numbered by their raw values (at most
/// 32). Matching is written out by hand, by length and then bytes: no table, no allocation.
protocol MemberKey: RawRepresentable, CaseIterable where RawValue == Int {
    /// The key whose bytes, all ASCII, are `key`; `nil` for any other.
    init?(ascii key: UnsafeBufferPointer<UInt8>)
    /// The key as files spell it.
    var name: String { get }
}

extension MemberKey {
    /// The key whose text is `key`; `ascii` says whether every byte is, else the key is compared
    /// as Swift compares strings (a canonically equal spelling finds the key).
    @inline(__always)
    static func matching(_ key: UnsafeBufferPointer<UInt8>, ascii: Bool) -> Self? {
        if ascii { return Self(ascii: key) }
        let text = String(decoding: key, as: UTF8.self)
        return allCases.first { $0.name == text }
    }

    /// The key spelled by the literal `key`, a key of this kind.
    static func named(_ key: StaticString) -> Self {
        guard let known = Self(ascii: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        else { preconditionFailure("\(key) is not among the keys") }
        return known
    }
}

/// One pass over an object's members: each key matched once, its value's entry kept in the
/// key's slot. Which keys are present and which were read are bit masks, so the members no
/// reader took (unknown keys, or known keys the object's kind does not use) can be named
/// afterwards, in file order.
struct Members<Key: MemberKey> {
    /// The entry of each present key's value (a slot is meaningful only when its key is present).
    private var slots = InlineArray<32, Int32>(repeating: 0)
    private var present: UInt32 = 0
    private var read: UInt32 = 0
    /// Keys whose member the file spells otherwise (a canonically equal non-ASCII form): their
    /// paths name the key as asked.
    private(set) var spelledOtherwise: UInt32 = 0
    /// Whether some member's key is not known.
    private var unknown = false

    init(_ view: JSONTapeView, object entry: Int) {
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            let ascii = view.entries[key].ascii
            if let known = Key.matching(view.text(key), ascii: ascii) {
                let bit: UInt32 = 1 << UInt32(known.rawValue)
                slots[known.rawValue] = Int32(truncatingIfNeeded: key + 1)
                present |= bit
                if !ascii { spelledOtherwise |= bit }
            } else {
                unknown = true
            }
            key = view.end(of: key + 1)
        }
    }

    /// The entry of `key`'s value, marked read; `nil` when absent.
    @inline(__always)
    mutating func take(_ key: Key) -> Int? {
        let bit: UInt32 = 1 << UInt32(key.rawValue)
        guard present & bit != 0 else { return nil }
        read |= bit
        return Int(slots[key.rawValue])
    }

    /// Whether the object has a member `key` (`null` included); it is not marked read.
    func has(_ key: Key) -> Bool { present & 1 << UInt32(key.rawValue) != 0 }

    /// Whether every member was read.
    var allRead: Bool { !unknown && present & ~read == 0 }

    /// Whether `key`'s member was read (`false` when absent).
    func wasRead(_ key: Key) -> Bool { read & 1 << UInt32(key.rawValue) != 0 }
}

/// Reads an object's members through `Members`: the typed readers of `Node` for the values that
/// are not read straight off the tape, and the members not read, named with their paths. The
/// object's path is built only when one is reported.
struct MemberReader<Key: MemberKey>: MemberSource {
    let view: JSONTapeView
    let object: Node
    var members: Members<Key>

    init(_ view: JSONTapeView, _ object: Node) {
        self.view = view
        self.object = object
        self.members = Members(view, object: object.place.entry)
    }

    /// The entry of `key`'s value, marked read; `nil` when absent.
    @inline(__always)
    mutating func take(_ key: Key) -> Int? { members.take(key) }

    /// The value at `entry`, `key`'s, as a node (for its typed readers and its path).
    func node(_ key: Key, _ entry: Int) -> Node {
        let tape = object.place.tape
        if members.spelledOtherwise & 1 << UInt32(key.rawValue) != 0 {
            return Node(tape: tape, entry: entry, parent: object.path.appending(.key(key.name)), step: .none)
        }
        return Node(tape: tape, entry: entry, parent: object.path, step: .key(entry: entry - 1))
    }

    /// `key`'s member as a node, `null` included; `nil` when absent.
    mutating func takeNode(_ key: Key) -> Node? {
        guard let entry = take(key) else { return nil }
        return node(key, entry)
    }

    /// The error for `key` absent.
    func missing(_ key: Key) -> DecodeIssue {
        DecodeIssue(path: object.path, message: "missing required key \(JSONText.quoted(key.name))")
    }

    mutating func take(_ key: StaticString) -> Node? { takeNode(Key.named(key)) }

    /// The member `key` unless it is absent or `null`.
    mutating func optional(_ key: StaticString) -> Node? {
        guard let node = take(key), !node.isNull else { return nil }
        return node
    }

    mutating func required(_ key: StaticString) throws(DecodeIssue) -> Node {
        let known = Key.named(key)
        guard let node = takeNode(known) else { throw missing(known) }
        return node
    }

    /// The members not read, in file order, with their paths (built only when there are some).
    var unread: [(key: String, path: JSONPath)] {
        guard !members.allRead else { return [] }
        var unread: [(key: String, path: JSONPath)] = []
        let entry = object.place.entry
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            let known = Key.matching(view.text(key), ascii: view.entries[key].ascii)
            if known.map({ !members.wasRead($0) }) ?? true {
                let name = view.string(key)
                unread.append((name, object.path.appending(.key(name))))
            }
            key = view.end(of: key + 1)
        }
        return unread
    }
}

/// What reads members by key, for the readers both `ObjectReader` and `MemberReader` serve
/// (the integration and delegate keys, in settings and in steps).
protocol MemberSource {
    mutating func take(_ key: StaticString) -> Node?
    mutating func optional(_ key: StaticString) -> Node?
    mutating func required(_ key: StaticString) throws(DecodeIssue) -> Node
    var unread: [(key: String, path: JSONPath)] { get }
}

extension ObjectReader: MemberSource {}
