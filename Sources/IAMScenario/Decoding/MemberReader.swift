/// The keys one kind of object may have (a step's, a trigger's, ...), numbered by their raw
/// values (at most 32). Matching is written out by hand: by length, then the bytes (no table,
/// no allocation).
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
        ascii ? Self(ascii: key) : spelledOtherwise(key)
    }

    /// A key with non-ASCII bytes, compared as Swift compares strings. Out of line (rare).
    @inline(never)
    static func spelledOtherwise(_ key: UnsafeBufferPointer<UInt8>) -> Self? {
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

/// One pass over an object's members: each key matched once, the value's entry kept for the
/// first `keptSlots` keys (a later key is looked for again when read). Which keys are present and which were read are bit masks, so the members no
/// reader took (unknown keys, or known keys the object's kind does not use) can be named
/// afterwards, in file order. Small, so copying it costs little.
struct Members<Key: MemberKey> {
    static var keptSlots: Int { 16 }

    /// The entry of each kept key's value (meaningful only when its key is present).
    private var slots = InlineArray<16, Int32>(repeating: 0)
    private var present: UInt32 = 0
    private var read: UInt32 = 0
    /// Keys whose member the file spells otherwise (a canonically equal non-ASCII form): their
    /// paths name the key as asked.
    private(set) var spelledOtherwise: UInt32 = 0
    /// Whether some member's key is not known.
    private(set) var unknown = false

    @inline(never)
    init(_ view: JSONTapeView, object entry: Int) {
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            let ascii = view.entries[key].ascii
            if let known = Key.matching(view.text(key), ascii: ascii) {
                let bit: UInt32 = 1 << UInt32(known.rawValue)
                if known.rawValue < Self.keptSlots { slots[known.rawValue] = Int32(truncatingIfNeeded: key + 1) }
                present |= bit
                if !ascii { spelledOtherwise |= bit }
            } else {
                unknown = true
            }
            key = view.end(of: key + 1)
        }
    }

    /// Marks `key` read; whether it is present.
    @inline(__always)
    mutating func take(_ key: Key) -> Bool {
        let bit: UInt32 = 1 << UInt32(key.rawValue)
        guard present & bit != 0 else { return false }
        read |= bit
        return true
    }

    /// The entry of the value of `key`, a present key below `keptSlots`.
    @inline(__always)
    func slot(_ key: Key) -> Int { Int(slots[key.rawValue]) }

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

    init(_ view: JSONTapeView, _ object: consuming Node) {
        self.view = view
        self.members = Members(view, object: object.entry)
        self.object = object
    }

    /// The entry of `key`'s value, marked read; `nil` when absent.
    @inline(__always)
    mutating func take(_ key: Key) -> Int? {
        guard members.take(key) else { return nil }
        if key.rawValue < Members<Key>.keptSlots { return members.slot(key) }
        return entry(of: key)
    }

    /// The entry of the value of `key`, a present key not kept in a slot: a second look over the
    /// keys (for the members few objects hold).
    private func entry(of wanted: Key) -> Int? {
        let entry = object.entry
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            if Key.matching(view.text(key), ascii: view.entries[key].ascii)?.rawValue == wanted.rawValue {
                return key + 1
            }
            key = view.end(of: key + 1)
        }
        return nil
    }

    /// The entry of `key`'s value unless it is absent or `null` (marked read either way).
    @inline(__always)
    mutating func optional(_ key: Key) -> Int? {
        guard let entry = take(key), view.kind(entry) != .null else { return nil }
        return entry
    }

    /// The value at `entry`, `key`'s, as a node (for its typed readers and its path).
    func node(_ key: Key, _ entry: Int) -> Node {
        if members.spelledOtherwise & 1 << UInt32(key.rawValue) != 0 {
            return Node(
                tape: object.place.tape, entry: entry, parent: object.path.appending(.key(key.name)), step: .none)
        }
        return object.child(entry)
    }

    /// Each member whose key is not one of `Key`'s, in file order: its key's entry and its value
    /// as a node (no path built).
    func forEachUnknown(_ body: (_ key: Int, _ value: Node) -> Void) {
        guard members.unknown else { return }
        let entry = object.entry
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            if Key.matching(view.text(key), ascii: view.entries[key].ascii) == nil { body(key, object.child(key + 1)) }
            key = view.end(of: key + 1)
        }
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
        let entry = object.entry
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

extension Plain {
    /// The first eight bytes of `key` as a little-endian word, zero-padded; no byte past the
    /// key is read.
    @inline(__always)
    static func head(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = key.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let count = key.count
        if count >= 8 { return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
        // Two loads that overlap: the bytes both read are the same, so or-ing them is exact.
        if count >= 4 {
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            return low | high << UInt64(8 * (count - 4))
        }
        if count >= 2 {
            let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
            return low | high << UInt64(8 * (count - 2))
        }
        return count == 1 ? UInt64(base[0]) : 0
    }

    /// The eight bytes of `key` from `offset` (at most its length less eight) as a little-endian word.
    @inline(__always)
    static func word(_ key: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(key.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
