/// Numbers: strict RFC 8259 grammar; integers kept exact, everything else through `Double`.
extension JSONParser {
    /// Reads a number and adds its entry: small integers in the entry itself, others in `numbers`.
    mutating func parseNumber() throws(JSONSyntaxError) {
        let number = try readNumber()
        if let integer = number.integer, let small = Int32(exactly: integer) {
            entries.append(JSONTape.Entry(kind: .number, smallInteger: true, a: UInt32(bitPattern: small)))
        } else {
            entries.append(JSONTape.Entry(kind: .number, a: UInt32(numbers.count)))
            numbers.append(number)
        }
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        var index = position
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw failure("a number needs a digit after '-'", at: index)
        }
        let digitsStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw failure("numbers may not have leading zeros", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let digitsEnd = index
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure("a number needs a digit after '.'", at: index)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure("a number needs a digit in its exponent", at: index)
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        position = index

        // Fast path: up to 18 digits always fit Int64, and up to 15 convert to Double exactly.
        if integral, digitsEnd - digitsStart <= 18 {
            var magnitude: Int64 = 0
            for offset in digitsStart..<digitsEnd {
                magnitude = magnitude * 10 + Int64(bytes[offset] - UInt8(ascii: "0"))
            }
            let integer = negative ? -magnitude : magnitude
            return JSONNumber(Double(integer), integer: integer)
        }
        if let exact = exactDecimal(digitsStart: digitsStart, digitsEnd: digitsEnd, end: index, negative: negative) {
            return JSONNumber(exact)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw failure("number \(shown) is out of range (beyond ±1.8e308)", at: start)
        }
        return JSONNumber(value, integer: integral ? Int64(text) : nil)
    }

    /// `12.345` without an exponent, when the digits (at most 15) and the power of ten (at most
    /// 10^22) are exact doubles: one division then rounds correctly, to the value `Double(text)`
    /// gives. `nil` for anything else (the general path decides).
    private func exactDecimal(digitsStart: Int, digitsEnd: Int, end: Int, negative: Bool) -> Double? {
        guard digitsEnd < end, bytes[digitsEnd] == UInt8(ascii: "."), end - digitsStart - 1 <= 15 else { return nil }
        var mantissa: Int64 = 0
        for offset in digitsStart..<end where offset != digitsEnd {
            let digit = bytes[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil } // an exponent follows: not this path
            mantissa = mantissa * 10 + Int64(digit)
        }
        let fractionDigits = end - digitsEnd - 1
        guard fractionDigits <= 22 else { return nil }
        var power: Double = 1
        for _ in 0..<fractionDigits { power *= 10 }
        let value = Double(mantissa) / power
        return negative ? -value : value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
