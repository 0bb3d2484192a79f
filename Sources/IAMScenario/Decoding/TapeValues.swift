import IAMEngine

/// Byte comparisons of keys and names, for the readers that read straight off the tape.
enum Plain {
    /// Whether two byte runs are equal, compared eight bytes at a time (three times as fast as
    /// `elementsEqual` on the shared step values).
    static func equal(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count else { return false }
        guard let a = x.baseAddress, let b = y.baseAddress else { return true }
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        var offset = 0
        while offset + 8 <= x.count {
            if rawA.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != rawB.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < x.count {
            if x[offset] != y[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether `bytes` spell the ASCII name `name` in any case (`false` for any other byte).
    static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        // Most candidates differ in length: no look at the name's bytes for them.
        guard bytes.count == name.utf8.count else { return false }
        var name = name
        return name.withUTF8 { name in
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                if byte >= 0x80 { return false }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                let wanted = name[offset]
                if lower != (wanted >= 0x41 && wanted <= 0x5A ? wanted | 0x20 : wanted) { return false }
            }
            return true
        }
    }
}

extension Optional {
    /// The value, else `fallback`'s: `??` for a fallback that throws a `DecodeIssue`.
    @inline(__always)
    func or(_ fallback: @autoclosure () throws(DecodeIssue) -> Wrapped) throws(DecodeIssue) -> Wrapped {
        if let self { return self }
        return try fallback()
    }
}

extension JSONTapeView {
    /// The one of `cases` the string at `index` names in any case (see `Node.named`); `nil` for
    /// anything else.
    func named<E: RawRepresentable<String>>(
        _ index: Int, among cases: [E], fold: (String) -> String = { $0.lowercased() }
    ) -> E? {
        guard kind(index) == .string else { return nil }
        guard entries[index].ascii else { return Node.named(string(index), among: cases, fold: fold) }
        return cases.first { Plain.equalIgnoringCase(text(index), $0.rawValue) }
    }

    /// The exact integer of the number at `index`, when it was written as one.
    func integer(_ index: Int) -> Int64? {
        let entry = entries[index]
        if entry.smallInteger { return Int64(Int32(bitPattern: entry.a)) }
        return numbers[Int(entry.a)].integer
    }

    /// A number (not one sent as a string).
    func plainNumber(_ index: Int) -> Double? {
        guard index >= 0, kind(index) == .number else { return nil }
        return value(index)
    }

    func plainNonEmptyString(_ index: Int) -> String? {
        guard index >= 0, kind(index) == .string, entries[index].b > 0 else { return nil }
        return string(index)
    }

    /// A non-empty string id, or an integer one.
    func plainID(_ index: Int) -> String? {
        switch kind(index) {
        case .string: return entries[index].b > 0 ? string(index) : nil
        case .number: return integer(index).map { String($0) }
        default: return nil
        }
    }
}
