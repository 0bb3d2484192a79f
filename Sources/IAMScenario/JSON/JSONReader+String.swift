/// Strings: a fast scan for plain runs, UTF-8 validation, escapes.
extension JSONParser {
    /// Reads a string starting at the opening quote and adds its entry; leaves `position` after
    /// the closing quote. The entry points into the file's bytes unless the string has escapes.
    mutating func parseString() throws(JSONSyntaxError) {
        let start = position + 1
        var index = start
        var ascii = true
        let count = bytes.count
        while index < count {
            // Eight bytes at a time up to the first that ends the plain run (see `stops`).
            if index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let stops = Self.stops(UInt64(littleEndian: word))
                if stops == 0 {
                    index += 8
                    continue
                }
                index += stops.trailingZeroBitCount &>> 3
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try checkLength(index - start, startingAt: start - 1)
                position = index + 1
                entries.append(
                    JSONTape.Entry(kind: .string, ascii: ascii, a: UInt32(start), b: UInt32(index - start)))
                return
            } else if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(start: start, firstEscape: index)
            } else if byte < 0x20 {
                throw controlCharacter(at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                ascii = false
                index = try skipUTF8Sequence(at: index)
            }
        }
        position = bytes.count
        throw failure("unexpected end of input inside a string (a missing closing quote?)")
    }

    /// The slow path: copies into `unescaped`, resolving escapes.
    private mutating func parseEscapedString(start: Int, firstEscape: Int) throws(JSONSyntaxError) {
        let textStart = unescaped.count
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
        var index = firstEscape
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let length = unescaped.count - textStart
                try checkLength(length, startingAt: start - 1)
                position = index + 1
                let ascii = !unescaped[textStart...].contains { $0 >= 0x80 }
                entries.append(
                    JSONTape.Entry(
                        kind: .string, escaped: true, ascii: ascii, a: UInt32(textStart), b: UInt32(length)))
                return
            } else if byte == UInt8(ascii: "\\") {
                index = try appendEscape(at: index)
            } else if byte < 0x20 {
                throw controlCharacter(at: index)
            } else if byte < 0x80 {
                unescaped.append(byte)
                index += 1
            } else {
                let next = try skipUTF8Sequence(at: index)
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next]))
                index = next
            }
            if unescaped.count - textStart > JSONReader.maxStringBytes {
                try checkLength(unescaped.count - textStart, startingAt: start - 1)
            }
        }
        position = bytes.count
        throw failure("unexpected end of input inside a string (a missing closing quote?)")
    }

    /// The high bit of each byte of `word` (eight bytes of a string, the first lowest) that is
    /// a quote, a backslash, a control character or not ASCII: the bytes the plain run stops at.
    /// Exact for the lowest such byte (the one the scan stops at); a byte above it may be marked
    /// by a borrow, which is never looked at.
    @inline(__always)
    static func stops(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // A byte of zero (the quote or the backslash) borrows; below 0x20 the subtraction
        // wraps; non-ASCII bytes carry the high bit themselves.
        let zero = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        return (zero | (word &- (ones &* 0x20)) | word) & (ones &* 0x80)
    }

    @inline(__always)
    private func checkLength(_ length: Int, startingAt offset: Int) throws(JSONSyntaxError) {
        if length > JSONReader.maxStringBytes { throw tooLong(startingAt: offset) }
    }

    @inline(never)
    private func tooLong(startingAt offset: Int) -> JSONSyntaxError {
        failure("string longer than \(JSONReader.maxStringBytes) bytes (1 MiB)", at: offset)
    }

    private func controlCharacter(at offset: Int) -> JSONSyntaxError {
        failure("control character 0x\(hex(bytes[offset])) in a string; escape it (\\n, \\t, \\u00XX)", at: offset)
    }

    /// Appends the character of the escape at `index` (a backslash); returns the index after it.
    private mutating func appendEscape(at index: Int) throws(JSONSyntaxError) -> Int {
        guard index + 1 < bytes.count else {
            throw failure("unexpected end of input inside a string escape", at: bytes.count)
        }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): unescaped.append(0x22)
        case UInt8(ascii: "\\"): unescaped.append(0x5C)
        case UInt8(ascii: "/"): unescaped.append(0x2F)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
            var unit = try hexQuad(at: index + 2)
            var next = index + 6
            if (0xDC00...0xDFFF).contains(unit) {
                throw failure(
                    "lone low surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string", at: index)
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u")
                else {
                    throw failure(
                        "high surrogate \\u\(String(unit, radix: 16, uppercase: true)) not followed by a low surrogate",
                        at: index)
                }
                let low = try hexQuad(at: next + 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(
                        "high surrogate \\u\(String(unit, radix: 16, uppercase: true)) not followed by a low surrogate",
                        at: index)
                }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            }
            appendUTF8(unit)
            return next
        default:
            throw failure("invalid escape \\\(describeEscape(bytes[index + 1])) in a string", at: index)
        }
        return index + 2
    }

    private func describeEscape(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "<0x\(hex(byte))>"
    }

    private func hexQuad(at index: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else {
            throw failure("unexpected end of input inside a \\u escape", at: bytes.count)
        }
        var value: UInt32 = 0
        for offset in index..<(index + 4) {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hex digits", at: offset)
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            unescaped.append(UInt8(scalar))
        case 0x80..<0x800:
            unescaped.append(UInt8(0xC0 | scalar >> 6))
            unescaped.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            unescaped.append(UInt8(0xE0 | scalar >> 12))
            unescaped.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            unescaped.append(UInt8(0x80 | scalar & 0x3F))
        default:
            unescaped.append(UInt8(0xF0 | scalar >> 18))
            unescaped.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            unescaped.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            unescaped.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Validates the multi-byte UTF-8 sequence at `index`; returns the index after it.
    /// Rejects stray continuation bytes, overlong forms, surrogates and values above U+10FFFF.
    func skipUTF8Sequence(at index: Int) throws(JSONSyntaxError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw failure("invalid UTF-8: byte 0x\(hex(lead)) cannot start a character", at: index)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else {
                throw failure("invalid UTF-8: the file ends inside a multi-byte character", at: index)
            }
            let byte = bytes[index + offset]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else {
                throw failure("invalid UTF-8: byte 0x\(hex(byte)) after 0x\(hex(lead))", at: index + offset)
            }
        }
        return index + length
    }
}
