import IAMEngine

/// Byte comparisons of keys and names, for the readers that read straight off the tape.
enum Plain {
    /// Whether two byte runs are equal, compared eight bytes at a time.
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

    /// Whether `bytes` are the ASCII literal `text`: a word at a time (a key up to eight bytes
    /// long is one comparison).
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let literal = UnsafeBufferPointer(start: text.utf8Start, count: count)
        if count <= 8 { return head(bytes) == head(literal) }
        var offset = 0
        while offset + 8 <= count {
            if word(bytes, at: offset) != word(literal, at: offset) { return false }
            offset += 8
        }
        return offset == count || word(bytes, at: count - 8) == word(literal, at: count - 8)
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

    static func hasColorSuffix(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let suffix: StaticString = "_color"
        guard bytes.count >= suffix.utf8CodeUnitCount else { return false }
        return equal(UnsafeBufferPointer(rebasing: bytes.suffix(suffix.utf8CodeUnitCount)), suffix)
    }
}

extension JSONTapeView {
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

    /// A number written as an integer.
    func plainInteger(_ index: Int) -> Int64? {
        guard kind(index) == .number else { return nil }
        return integer(index)
    }

    func plainNonEmptyString(_ index: Int) -> String? {
        guard index >= 0, kind(index) == .string, entries[index].b > 0 else { return nil }
        return string(index)
    }

    /// A string, `""` read as `nil` (`null` is skipped before).
    func plainOptionalString(_ index: Int) -> String?? {
        guard kind(index) == .string else { return nil }
        return .some(entries[index].b > 0 ? string(index) : nil)
    }

    /// A non-empty string id, or an integer one.
    func plainID(_ index: Int) -> String? {
        switch kind(index) {
        case .string: return entries[index].b > 0 ? string(index) : nil
        case .number: return integer(index).map { String($0) }
        default: return nil
        }
    }

    /// An ARGB colour written as a number (signed or unsigned 32 bits).
    func plainColor(_ index: Int) -> UInt32? {
        guard kind(index) == .number, let integer = integer(index), integer >= Int64(Int32.min),
            integer <= Int64(UInt32.max)
        else { return nil }
        return integer < 0 ? UInt32(bitPattern: Int32(integer)) : UInt32(integer)
    }
}
