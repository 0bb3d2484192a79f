import IAMEngine

/// The keys one kind of object of the format may have (a step's, a trigger's, ...), declared
/// once: each case's raw value is the key as files spell it, and a new key is a new case. At
/// most 32 cases (a bit each in `Members`).
protocol SchemaKey: RawRepresentable<String>, CaseIterable, Sendable where AllCases == [Self] {
    /// The matcher built from the raw values (each conforming enum: `static let schema = KeySchema<Self>()`).
    static var schema: KeySchema<Self> { get }
}

extension SchemaKey {
    /// The key as files spell it.
    var name: String { rawValue }

    /// The case's position among `allCases` (a key without payload is stored as its position).
    @inline(__always)
    var ordinal: Int {
        MemoryLayout<Self>.size == 0 ? 0 : withUnsafeBytes(of: self) { Int($0[0]) }
    }

    /// The key whose text is `key`; `ascii` says whether every byte is, else the key is compared
    /// as Swift compares strings (a canonically equal spelling finds the key).
    @inline(__always)
    static func matching(_ key: UnsafeBufferPointer<UInt8>, ascii: Bool) -> Self? {
        ascii ? schema.match(key) : spelledOtherwise(key)
    }

    /// A key with non-ASCII bytes, compared as Swift compares strings. Out of line (rare).
    @inline(never)
    static func spelledOtherwise(_ key: UnsafeBufferPointer<UInt8>) -> Self? {
        let text = String(decoding: key, as: UTF8.self)
        return allCases.first { $0.rawValue == text }
    }
}

/// The matcher of one kind of object's keys, built from their names: the candidates of a key's
/// length, compared by their first eight bytes as a word, then the rest byte by byte (as
/// simdjson's on-demand API matches field names). No string is made, nothing allocated.
struct KeySchema<Key: SchemaKey>: @unchecked Sendable {
    /// A key: its first eight bytes as a word, where its bytes are in `bytes`, the key.
    private struct Candidate {
        var head: UInt64
        var offset: Int
        var key: Key
    }

    // Kept for the program's life, as plain pointers: a look-up copies no array and counts no reference.
    /// The keys' bytes, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// For each length up to the longest key's plus one, the first of `candidates` at least that long.
    private let firstOfLength: UnsafeMutablePointer<Int>
    private let lengths: Int
    /// The keys sorted by length.
    private let candidates: UnsafeMutablePointer<Candidate>

    init() {
        let keys = Key.allCases.sorted { $0.rawValue.utf8.count < $1.rawValue.utf8.count }
        lengths = (keys.last?.rawValue.utf8.count ?? 0) + 2
        bytes = .allocate(capacity: max(1, keys.reduce(0) { $0 + $1.rawValue.utf8.count }))
        candidates = .allocate(capacity: max(1, keys.count))
        firstOfLength = .allocate(capacity: lengths)
        var offset = 0
        for (index, key) in keys.enumerated() {
            let utf8 = Array(key.rawValue.utf8)
            utf8.withUnsafeBufferPointer { utf8 in
                (bytes + offset).initialize(from: utf8.baseAddress!, count: utf8.count)
                (candidates + index).initialize(to: Candidate(head: Plain.head(utf8), offset: offset, key: key))
            }
            offset += utf8.count
        }
        for length in 0..<lengths {
            firstOfLength[length] = keys.firstIndex { $0.rawValue.utf8.count >= length } ?? keys.count
        }
    }

    /// The key whose bytes, all ASCII, are `key`; `nil` for any other.
    @inline(__always)
    func match(_ key: UnsafeBufferPointer<UInt8>) -> Key? {
        let count = key.count
        guard count + 1 < lengths else { return nil }
        var index = firstOfLength[count]
        let end = firstOfLength[count + 1]
        guard index < end else { return nil }
        let head = Plain.head(key)
        while index < end {
            let candidate = candidates[index]
            if candidate.head == head && (count <= 8 || same(key, from: 8, as: bytes + candidate.offset)) {
                return candidate.key
            }
            index += 1
        }
        return nil
    }

    /// Whether `key`'s bytes from `offset` on are those of `name` (as long as `key`).
    @inline(__always)
    private func same(_ key: UnsafeBufferPointer<UInt8>, from offset: Int, as name: UnsafeMutablePointer<UInt8>) -> Bool
    {
        for index in offset..<key.count where key[index] != name[index] { return false }
        return true
    }
}

/// One pass over an object's members: each key matched once, the value's entry kept for the
/// first `keptSlots` keys (a later key is looked for again when read: small, a reader copies
/// little). Which keys are present and which were read are bit masks, so the members no reader
/// took (unknown keys, or known keys the object's kind does not use) can be named afterwards.
struct Members<Key: SchemaKey> {
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

    /// No members.
    init() {}

    @inline(never)
    init(_ view: JSONTapeView, object entry: Int) {
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            let ascii = view.entries[key].ascii
            if let known = Key.matching(view.text(key), ascii: ascii) {
                let bit: UInt32 = 1 << UInt32(known.ordinal)
                if known.ordinal < Self.keptSlots { slots[known.ordinal] = Int32(truncatingIfNeeded: key + 1) }
                present |= bit
                if !ascii { spelledOtherwise |= bit }
            } else {
                unknown = true
            }
            key = view.end(of: key + 1)
        }
    }

    /// Marks `key` read; its entry when kept, -1 when not; `nil` when absent.
    @inline(__always)
    mutating func take(_ key: Key) -> Int? {
        let bit: UInt32 = 1 << UInt32(key.ordinal)
        guard present & bit != 0 else { return nil }
        read |= bit
        return key.ordinal < Self.keptSlots ? Int(slots[key.ordinal]) : -1
    }

    /// Whether the object has a member `key` (`null` included); it is not marked read.
    func has(_ key: Key) -> Bool { present & 1 << UInt32(key.ordinal) != 0 }

    /// Whether every member was read.
    var allRead: Bool { !unknown && present & ~read == 0 }

    /// Whether `key`'s member was read (`false` when absent).
    func wasRead(_ key: Key) -> Bool { read & 1 << UInt32(key.ordinal) != 0 }
}

/// Reads an object's members through `Members`, and names the members not read with their paths.
struct MemberReader<Key: SchemaKey> {
    let view: JSONTapeView
    let object: Node
    var members: Members<Key>

    init(_ view: JSONTapeView, _ object: consuming Node) {
        self.view = view
        self.members = Members(view, object: object.entry)
        self.object = object
    }

    /// An error when `object` is not an object.
    init(object view: JSONTapeView, _ object: consuming Node) throws(DecodeIssue) {
        guard view.kind(object.entry) == .object else { throw object.expected("an object") }
        self.init(view, object)
    }

    /// The entry of `key`'s value, marked read; `nil` when absent.
    @inline(__always)
    mutating func take(_ key: Key) -> Int? {
        guard let entry = members.take(key) else { return nil }
        return entry >= 0 ? entry : lookUp(key)
    }

    /// The entry of the value of `key`, a present key not kept in a slot: a second look.
    private func lookUp(_ wanted: Key) -> Int? {
        var found: Int?
        forEachMember { key, known in
            if known?.ordinal == wanted.ordinal { found = key + 1 }
        }
        return found
    }

    /// Each member's key entry and its key (`nil` when not one of `Key`'s), in file order.
    private func forEachMember(_ body: (_ key: Int, _ known: Key?) -> Void) {
        let entry = object.entry
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            body(key, Key.matching(view.text(key), ascii: view.entries[key].ascii))
            key = view.end(of: key + 1)
        }
    }

    /// The entry of `key`'s value unless it is absent or `null` (marked read either way).
    @inline(__always)
    mutating func optional(_ key: Key) -> Int? {
        guard let entry = take(key), view.kind(entry) != .null else { return nil }
        return entry
    }

    /// The value at `entry`, `key`'s, as a node (for its typed readers and its path).
    func node(_ key: Key, _ entry: Int) -> Node {
        if members.spelledOtherwise & 1 << UInt32(key.ordinal) != 0 {
            return Node(
                tape: object.place.tape, entry: entry, parent: object.path.appending(.key(key.name)), step: .none)
        }
        return object.child(entry)
    }

    /// Each member whose key is not one of `Key`'s, in file order: its key's entry and its value
    /// as a node (no path built).
    func forEachUnknown(_ body: (_ key: Int, _ value: Node) -> Void) {
        guard members.unknown else { return }
        forEachMember { key, known in if known == nil { body(key, object.child(key + 1)) } }
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

    /// The member `key` unless it is absent or `null`.
    mutating func optionalNode(_ key: Key) -> Node? {
        guard let entry = optional(key) else { return nil }
        return node(key, entry)
    }

    mutating func required(_ key: Key) throws(DecodeIssue) -> Node {
        guard let node = takeNode(key) else { throw missing(key) }
        return node
    }

    /// The members not read, in file order, with their paths (built only when there are some).
    var unread: [(key: String, path: JSONPath)] {
        guard !members.allRead else { return [] }
        var unread: [(key: String, path: JSONPath)] = []
        forEachMember { key, known in
            if known.map({ !members.wasRead($0) }) ?? true {
                unread.append((view.string(key), object.path.appending(.key(view.string(key)))))
            }
        }
        return unread
    }
}

/// Typed readers, one member each, absent or `null` read as `nil`: the value as most files write
/// it straight off the tape (inline), anything else through `Node`'s readers (out of line), as
/// swift-foundation's JSON decoder keeps a fast and a slow path per type. `lenient`: Braze's data
/// (§9), where a number may come as a string (`"30"`) and a flag as `"true"`.
extension MemberReader {
    mutating func string(_ key: Key) throws(DecodeIssue) -> String? {
        guard let entry = optional(key) else { return nil }
        return view.kind(entry) == .string ? view.string(entry) : try node(key, entry).string()
    }

    /// A string, `""` read as `nil` too.
    mutating func optionalString(_ key: Key) throws(DecodeIssue) -> String? {
        guard let entry = optional(key) else { return nil }
        if view.kind(entry) == .string { return view.entries[entry].b > 0 ? view.string(entry) : nil }
        return try node(key, entry).optionalString()
    }

    /// An id as Braze writes it, a string or an integer; `""` read as `nil` too.
    mutating func optionalID(_ key: Key) throws(DecodeIssue) -> String? {
        guard let entry = optional(key) else { return nil }
        if let id = view.plainID(entry) { return id }
        return try node(key, entry).optionalID()
    }

    mutating func flag(_ key: Key, lenient: Bool = false) throws(DecodeIssue) -> Bool? {
        guard let entry = optional(key) else { return nil }
        switch view.kind(entry) {
        case .true: return true
        case .false: return false
        default: return try (lenient ? node(key, entry).boolean : node(key, entry)).bool()
        }
    }

    /// A whole number; with `unit`, a time in `unit`s (`perSecond` a second) below `TimeLimit.seconds` (§9).
    mutating func integer(_ key: Key, lenient: Bool = false, unit: String? = nil, perSecond: Double = 1)
        throws(DecodeIssue) -> Int?
    {
        guard let entry = optional(key) else { return nil }
        let plain = view.kind(entry) == .number ? view.integer(entry).map { Int($0) } : nil
        let value = try plain.or(number(key, entry, lenient).integer())
        if let unit { try node(key, entry).checkTime(Double(value), unit: unit, perSecond: perSecond) }
        return value
    }

    /// A duration or a time in seconds: `>= 0` and below `TimeLimit.seconds` (§9).
    mutating func seconds(_ key: Key, lenient: Bool = false) throws(DecodeIssue) -> Double? {
        guard let entry = optional(key) else { return nil }
        if let seconds = view.plainNumber(entry), seconds >= 0, seconds < TimeLimit.seconds { return seconds }
        return try number(key, entry, lenient).seconds()
    }

    /// A name of one of `cases` in any case (see `Node.choice`).
    mutating func choice<E: RawRepresentable<String>>(_ key: Key, _ cases: [E], _ what: String) throws(DecodeIssue)
        -> E?
    {
        try optionalNode(key)?.choice(cases, what)
    }

    mutating func choice<E: RawRepresentable<String> & CaseIterable>(_ key: Key, _ what: String) throws(DecodeIssue)
        -> E?
    {
        try optionalNode(key)?.choice(E.self, what)
    }

    /// `key`'s value as a node; `lenient`, a number sent as a string as the number.
    private func number(_ key: Key, _ entry: Int, _ lenient: Bool) -> Node {
        lenient ? node(key, entry).numeric : node(key, entry)
    }
}

/// The keys of the delegate's answers: `settings.delegate`'s and a `delegate` step's.
protocol DelegateKeys: SchemaKey {
    static var implements: Self { get }
    static var answer: Self { get }
    static var answers: Self { get }
}

/// The keys of the app around the SDK: `settings.integration`'s and an `integration` step's.
protocol IntegrationKeys: SchemaKey {
    static var ui: Self { get }
    static var impressions: Self { get }
    static var bridge: Self { get }
    static var web: Self { get }
    static var scenes: Self { get }
}

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
}

extension ScenarioDecoder {
    /// Every object of the format, by its keys (the schema test checks each is listed once and
    /// that the sources declare no other).
    static let schemaKeys: [any SchemaKey.Type] = [
        ScenarioKey.self, SettingsKey.self, DeviceKey.self, NetworkKey.self, DelegateKey.self, AssetKey.self,
        IntegrationKey.self, BridgeKey.self, WebKey.self, ScreenKey.self, InitialKey.self, PlatformKey.self,
        SyncResponseKey.self, TriggerKey.self, SimKey.self, ConditionKey.self, ConditionDataKey.self, FilterKey.self,
        MessageKey.self, ButtonKey.self, StepKey.self, StepAction.self, DateValueKey.self,
        BrazeActions.BrazeActionKey.self, ExpectKey.self,
    ]
}
