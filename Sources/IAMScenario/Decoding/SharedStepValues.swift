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

    /// The event properties of the object at `entry` when every member is plain (a string no
    /// longer than `Pattern.maxEvaluatedLength`, a number within 32 bits, a boolean or null);
    /// `nil` for `ScenarioDecoder.properties` to read the rest or name the problem.
    mutating func properties(_ view: JSONTapeView, _ entry: Int) -> [String: PropertyValue]? {
        properties.value(view, entry)
    }

    /// The string at `entry`, one copy for the steps that spell it alike when longer than inline (15 bytes).
    mutating func name(_ view: JSONTapeView, _ entry: Int) -> String {
        let bytes = view.text(entry)
        if bytes.count <= 15 { return String(decoding: bytes, as: UTF8.self) }
        let hash = InternTable<String>.hash(bytes)
        if let shared = names.value(hash: hash, where: { Plain.equal($0, bytes) }) { return shared }
        let text = String(decoding: bytes, as: UTF8.self)
        names.insert(text, for: bytes, hash: hash)
        return text
    }
}

/// Event properties objects, each kept by its members as written (`append`), which a later
/// object is compared with in place (`matches`).
private struct PropertyTable {
    private var table = InternTable<[String: PropertyValue]>(limit: SharedStepValues.limit)
    /// The written form of the object being kept (reused).
    private var written: [UInt8] = []

    mutating func value(_ view: JSONTapeView, _ entry: Int) -> [String: PropertyValue]? {
        guard let hash = Self.hash(view, entry) else { return nil }
        if let kept = table.value(hash: hash, where: { Self.matches(view, entry, $0) }) { return kept }
        let built = Self.build(view, entry)
        if !table.isFull {
            written.removeAll(keepingCapacity: true)
            Self.append(view, entry, to: &written)
            written.withUnsafeBufferPointer { table.insert(built, for: $0, hash: hash) }
        }
        return built
    }

    /// FNV-1a over the members as written (key bytes, kind, string bytes or number bits); `nil`
    /// when a member is not a valid property value.
    private static func hash(_ view: JSONTapeView, _ entry: Int) -> UInt64? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) { hash = (hash ^ word) &* 0x100_0000_01b3 }
        // Eight bytes at a time: the mixing is the cost, not the loads.
        func mix(_ text: UnsafeBufferPointer<UInt8>) {
            mix(UInt64(text.count))
            guard let base = text.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= text.count {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < text.count {
                tail |= UInt64(text[offset]) << shift
                shift += 8
                offset += 1
            }
            mix(tail)
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
            case .number:
                let number = view.value(value)
                // X22: a number beyond 32 bits may be an integer literal, which the general
                // reader keeps apart; it reads the literal.
                if !(number >= -2_147_483_648 && number <= 2_147_483_647) { return nil }
                mix(number.bitPattern)
            case .true, .false, .null: break
            // R1, R2: arrays, objects and date values are read by the general reader.
            case .array, .object: return nil
            }
            member = value + 1
        }
        return hash
    }

    /// The written form of a valid object: for each member, its key (length in four bytes, then
    /// the bytes), its kind (a byte), then a string's length and bytes or a number's eight bytes.
    private static func append(_ view: JSONTapeView, _ entry: Int, to written: inout [UInt8]) {
        func text(_ text: UnsafeBufferPointer<UInt8>) {
            withUnsafeBytes(of: UInt32(text.count).littleEndian) { written.append(contentsOf: $0) }
            written.append(contentsOf: text)
        }
        var member = entry + 1
        for _ in 0..<view.count(entry) {
            text(view.text(member))
            let kind = view.kind(member + 1)
            written.append(kind.rawValue)
            switch kind {
            case .string: text(view.text(member + 1))
            case .number:
                withUnsafeBytes(of: view.value(member + 1).bitPattern.littleEndian) { written.append(contentsOf: $0) }
            default: break
            }
            member += 2
        }
    }

    /// Whether the valid object at `entry` has the written form `form`.
    private static func matches(_ view: JSONTapeView, _ entry: Int, _ form: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        func take(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard offset + 4 + text.count <= form.count else { return false }
            var length: UInt32 = 0
            for shift in 0..<4 { length |= UInt32(form[offset + shift]) << UInt32(8 * shift) }
            guard length == text.count else { return false }
            offset += 4
            guard Plain.equal(UnsafeBufferPointer(rebasing: form[offset..<offset + text.count]), text) else {
                return false
            }
            offset += text.count
            return true
        }
        var member = entry + 1
        for _ in 0..<view.count(entry) {
            guard take(view.text(member)), offset < form.count else { return false }
            let kind = view.kind(member + 1)
            guard form[offset] == kind.rawValue else { return false }
            offset += 1
            switch kind {
            case .string: guard take(view.text(member + 1)) else { return false }
            case .number:
                guard offset + 8 <= form.count else { return false }
                let bits = view.value(member + 1).bitPattern
                for shift in 0..<8 where form[offset + shift] != UInt8(truncatingIfNeeded: bits >> UInt64(8 * shift)) {
                    return false
                }
                offset += 8
            default: break
            }
            member += 2
        }
        return offset == form.count
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
