import IAMEngine

/// The values timeline steps repeat, built once and shared: event properties (a dictionary per
/// step otherwise, the largest part of a loaded timeline) and long event and product names.
///
/// Values are found again by how the file writes them (bytes, kinds, number bits), never as
/// Swift compares strings: two spellings Swift calls equal but whose bytes differ stay two
/// values, exactly as they were built before sharing. At most `limit` values of each sort are
/// kept (a file whose every step differs gains nothing from a table that only grows).
struct SharedStepValues {
    static let limit = 4096

    private var properties = PropertyTable()
    private var names = InternTable<String>(limit: limit)

    /// The event properties of the object at `entry` when every member is valid (a string no
    /// longer than `Pattern.maxEvaluatedLength`, a number, a boolean or null); `nil` otherwise,
    /// for `ScenarioDecoder.properties` to name the problem.
    mutating func properties(_ tape: JSONTape, _ view: JSONTapeView, _ entry: Int) -> [String: PropertyValue]? {
        properties.value(tape, view, entry)
    }

    /// The string at `entry`; one copy for all the steps that spell it the same way when it is too
    /// long to be stored inline (more than 15 bytes).
    mutating func name(_ view: JSONTapeView, _ entry: Int) -> String {
        let bytes = view.text(entry)
        if bytes.count <= 15 { return String(decoding: bytes, as: UTF8.self) }
        let hash = InternTable<String>.hash(bytes)
        if let shared = names.value(for: bytes, hash: hash) { return shared }
        let text = String(decoding: bytes, as: UTF8.self)
        names.insert(text, for: bytes, hash: hash)
        return text
    }
}

/// Event properties objects of one tape, each distinct one kept with its first object's entry:
/// a later object is compared with that one member by member, nothing is copied to compare.
private struct PropertyTable {
    private struct Kept {
        var hash: UInt64
        var entry: Int
        var value: [String: PropertyValue]
    }

    /// The tape the kept entries are of (objects of another tape are built, not shared).
    private var tape: ObjectIdentifier?
    /// Index into `kept` plus one; 0 is an empty slot. Twice as many slots as values kept.
    private var slots: [Int32] = []
    private var kept: [Kept] = []
    private static let mask = 2 * SharedStepValues.limit - 1

    mutating func value(_ tape: JSONTape, _ view: JSONTapeView, _ entry: Int) -> [String: PropertyValue]? {
        guard let hash = Self.hash(view, entry) else { return nil }
        if self.tape == nil { self.tape = ObjectIdentifier(tape) }
        guard self.tape == ObjectIdentifier(tape) else { return Self.build(view, entry) }
        if slots.isEmpty { slots = Array(repeating: 0, count: Self.mask + 1) }
        var slot = Int(truncatingIfNeeded: hash ^ hash >> 32) & Self.mask
        while slots[slot] != 0 {
            let candidate = kept[Int(slots[slot]) - 1]
            if candidate.hash == hash, Self.same(view, candidate.entry, entry) { return candidate.value }
            slot = (slot + 1) & Self.mask
        }
        let built = Self.build(view, entry)
        if kept.count < SharedStepValues.limit {
            kept.append(Kept(hash: hash, entry: entry, value: built))
            slots[slot] = Int32(kept.count)
        }
        return built
    }

    /// FNV-1a over the members as written (key bytes, kind, string bytes or number bits); `nil`
    /// when a member is not a valid property value.
    private static func hash(_ view: JSONTapeView, _ entry: Int) -> UInt64? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) { hash = (hash ^ word) &* 0x100_0000_01b3 }
        func mix(_ text: UnsafeBufferPointer<UInt8>) {
            mix(UInt64(text.count))
            for byte in text { mix(UInt64(byte)) }
        }
        var member = entry + 1
        for _ in 0..<view.count(entry) {
            mix(view.text(member))
            let value = member + 1
            let kind = view.kind(value)
            mix(UInt64(kind.rawValue))
            switch kind {
            case .string:
                let text = view.text(value)
                if text.count > Pattern.maxEvaluatedLength { return nil }
                mix(text)
            case .number: mix(view.value(value).bitPattern)
            case .true, .false, .null: break
            case .array, .object: return nil
            }
            member = value + 1
        }
        return hash
    }

    /// Whether the objects at `a` and `b` (both valid) are written alike.
    private static func same(_ view: JSONTapeView, _ a: Int, _ b: Int) -> Bool {
        let count = view.count(a)
        guard view.count(b) == count else { return false }
        var x = a + 1
        var y = b + 1
        for _ in 0..<count {
            guard equal(view.text(x), view.text(y)) else { return false }
            let kind = view.kind(x + 1)
            guard view.kind(y + 1) == kind else { return false }
            switch kind {
            case .string: guard equal(view.text(x + 1), view.text(y + 1)) else { return false }
            case .number: guard view.value(x + 1).bitPattern == view.value(y + 1).bitPattern else { return false }
            default: break
            }
            x += 2
            y += 2
        }
        return true
    }

    private static func equal(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count else { return false }
        for offset in 0..<x.count where x[offset] != y[offset] { return false }
        return true
    }

    /// The dictionary of a valid properties object, members added in file order.
    private static func build(_ view: JSONTapeView, _ entry: Int) -> [String: PropertyValue] {
        let count = view.count(entry)
        // Sized at creation: `reserveCapacity` on an empty dictionary is not specialized.
        var properties = [String: PropertyValue](minimumCapacity: count)
        var member = entry + 1
        for _ in 0..<count {
            let value = member + 1
            let key = view.string(member)
            switch view.kind(value) {
            case .string: properties[key] = .string(view.string(value))
            case .number: properties[key] = .number(view.value(value))
            case .true: properties[key] = .bool(true)
            case .false: properties[key] = .bool(false)
            case .null, .array, .object: properties[key] = .null
            }
            member = value + 1
        }
        return properties
    }
}
