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
    /// `nil` otherwise, for `ScenarioDecoder.properties` to read the rest (arrays, objects, date
    /// values, big numbers) or name the problem.
    mutating func properties(_ view: JSONTapeView, _ entry: Int) -> [String: PropertyValue]? {
        properties.value(view, entry)
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

/// Event properties objects, each distinct one kept by its written form (see `write`).
private struct PropertyTable {
    private var table = InternTable<[String: PropertyValue]>(limit: SharedStepValues.limit)
    /// The written form of the object looked up (reused).
    private var written: [UInt8] = []

    mutating func value(_ view: JSONTapeView, _ entry: Int) -> [String: PropertyValue]? {
        written.removeAll(keepingCapacity: true)
        guard Self.write(view, entry, to: &written) else { return nil }
        let form = written
        return form.withUnsafeBufferPointer { form in
            let hash = InternTable<[String: PropertyValue]>.hash(form)
            if let kept = table.value(for: form, hash: hash) { return kept }
            let built = Self.build(view, entry)
            table.insert(built, for: form, hash: hash)
            return built
        }
    }

    /// The written form of the object at `entry`: for each member, its key (length in four
    /// bytes, then the bytes), its kind (a byte), then a string's length and bytes or a number's
    /// eight bytes. `false` when a member is not a plain property value.
    private static func write(_ view: JSONTapeView, _ entry: Int, to written: inout [UInt8]) -> Bool {
        func text(_ text: UnsafeBufferPointer<UInt8>) {
            withUnsafeBytes(of: UInt32(text.count).littleEndian) { written.append(contentsOf: $0) }
            written.append(contentsOf: text)
        }
        var member = entry + 1
        for _ in 0..<view.count(entry) {
            text(view.text(member))
            let value = member + 1
            let kind = view.kind(value)
            written.append(kind.rawValue)
            switch kind {
            case .string:
                if view.text(value).count > Pattern.maxEvaluatedLength { return false }
                text(view.text(value))
            case .number:
                let number = view.value(value)
                // X22: a number beyond 32 bits may be an integer literal, which the general
                // reader keeps apart; it reads the literal.
                if !(number >= -2_147_483_648 && number <= 2_147_483_647) { return false }
                withUnsafeBytes(of: number.bitPattern.littleEndian) { written.append(contentsOf: $0) }
            case .true, .false, .null: break
            // R1, R2: arrays, objects and date values are read by the general reader.
            case .array, .object: return false
            }
            member = value + 1
        }
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
