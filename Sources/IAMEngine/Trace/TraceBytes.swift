// The pieces of a trace line (spec §10), appended as bytes: strings, numbers and events.

extension ByteCursor {
    // MARK: Events

    /// The event as a JSON object: `{"type":"purchase","product_id":"latte",…}`.
    mutating func json(_ event: Event) {
        append(#"{"type":""#)
        append(event.kind.rawValue)
        append(UInt8(ascii: "\""))
        if let name = event.name {
            switch event.kind {
            case .purchase: append(#","product_id":"#)
            case .pushClick: append(#","campaign_id":"#)
            case .iamClick: append(#","id":"#)
            case .open, .customEvent: append(#","name":"#)
            }
            quoted(name)
        }
        if let button = event.button {
            append(#","button":"#)
            quoted(button)
        }
        if !event.properties.isEmpty {
            append(#","properties":{"#)
            Self.forEachSorted(event.properties) { index, key, value in
                if index > 0 { append(UInt8(ascii: ",")) }
                quoted(key)
                append(UInt8(ascii: ":"))
                self.value(value)
            }
            append(UInt8(ascii: "}"))
        }
        append(UInt8(ascii: "}"))
    }

    /// `purchase:latte/b {key="value", n=1}` (names and keys as text fields, values as JSON).
    mutating func describe(_ event: Event) {
        append(event.kind.rawValue)
        if let name = event.name {
            append(UInt8(ascii: ":"))
            textField(name)
        }
        if let button = event.button {
            append(UInt8(ascii: "/"))
            textField(button)
        }
        if !event.properties.isEmpty {
            append(" {")
            Self.forEachSorted(event.properties) { index, key, value in
                if index > 0 { append(", ") }
                textField(key)
                append(UInt8(ascii: "="))
                // JSON quoting already escapes everything `visible` would.
                self.value(value)
            }
            append(UInt8(ascii: "}"))
        }
    }

    /// The properties in key order (keys are unique). They are copied once into a buffer on
    /// the stack (an event has a handful) and sorted there: no array, and no dictionary
    /// look-up (with its copies of key and value) per comparison.
    private static func forEachSorted(
        _ properties: [String: PropertyValue], _ body: (Int, String, PropertyValue) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: (key: String, value: PropertyValue).self, capacity: properties.count) {
            sorted in
            var count = 0
            for property in properties {
                // Insertion sort: a few keys.
                var slot = count
                while slot > 0, property.key < sorted[slot - 1].key {
                    sorted.initializeElement(at: slot, to: sorted.moveElement(from: slot - 1))
                    slot -= 1
                }
                sorted.initializeElement(at: slot, to: property)
                count += 1
            }
            for index in 0..<count { body(index, sorted[index].key, sorted[index].value) }
            _ = sorted[..<count].deinitialize()
        }
    }

    mutating func value(_ value: PropertyValue) {
        switch value {
        case .string(let text): quoted(text)
        case .number(let number):
            if number == number.rounded(.towardZero), abs(number) < 1e15 {
                if number < 0 { append(UInt8(ascii: "-")) }
                digits(UInt64(abs(number)))
            } else {
                append(TraceFormat.shortest(number))
            }
        case .bool(let flag): append(flag ? "true" : "false")
        case .null: append("null")
        case .date(let time):
            append(#"{"$date":"#)
            quoted(ISO8601.format(time))
            append(UInt8(ascii: "}"))
        case .bigInteger(let number): self.number(number)
        case .structured(let text): append(text)
        }
    }

    // MARK: Strings

    /// `,"key":"value"`.
    mutating func field(_ key: StaticString, quoted value: String) {
        append(#",""#)
        append(key)
        append(#"":"#)
        quoted(value)
    }

    /// Appends `text`'s bytes when it is printable ASCII other than `"` and `\` (they go out as
    /// they are, in both forms, with no escaping decision to make); otherwise appends nothing
    /// and returns `false`.
    @inline(__always)
    private mutating func appendIfPlain(_ text: String) -> Bool {
        let plain: Bool? = text.utf8.withContiguousStorageIfAvailable { buffer in
            for byte in buffer where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            append(buffer)
            return true
        }
        return plain ?? false
    }

    /// A JSON string: plain ASCII copied, anything else through `TraceFormat.quoted`.
    mutating func quoted(_ text: String) {
        append(UInt8(ascii: "\""))
        if appendIfPlain(text) {
            append(UInt8(ascii: "\""))
        } else {
            count -= 1
            append(TraceFormat.quoted(text))
        }
    }

    /// A text-trace field (`TraceFormat.textField`); returns its width in characters, which
    /// the columns are padded by.
    @discardableResult
    mutating func textField(_ text: String) -> Int {
        let start = count
        if appendIfPlain(text) { return count - start }
        let escaped = TraceFormat.textField(text)
        append(escaped)
        return escaped.count
    }

    // MARK: Numbers

    mutating func integer(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude))
    }

    /// Decimal digits, written backwards into reserved room and then reversed in place.
    mutating func digits(_ value: UInt64) {
        reserve(20) // any UInt64 in decimal
        let start = count
        var rest = value
        repeat {
            base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            count += 1
        } while rest > 0
        var low = start
        var high = count - 1
        while low < high {
            base.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// `TraceFormat.number`: milliseconds, trailing zeros dropped.
    mutating func number(_ value: Double) {
        guard var fraction = wholeSeconds(value) else {
            append(TraceFormat.number(value))
            return
        }
        guard fraction != 0 else { return }
        append(UInt8(ascii: "."))
        var width = 3
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        zeroPadded(fraction, width: width)
    }

    /// `TraceFormat.fixed3`: exactly three decimals.
    mutating func fixed3(_ value: Double) {
        guard let fraction = wholeSeconds(value) else {
            append(TraceFormat.fixed3(value))
            return
        }
        append(UInt8(ascii: "."))
        zeroPadded(fraction, width: 3)
    }

    /// Rounds to milliseconds, writes the sign and whole seconds, and returns the milliseconds
    /// left; `nil` (nothing written) for values the fast path does not handle.
    private mutating func wholeSeconds(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        let millis = Int64((value * 1000).rounded())
        if millis < 0 { append(UInt8(ascii: "-")) }
        let magnitude = millis.magnitude
        digits(magnitude / 1000)
        return Int(magnitude % 1000)
    }

    /// `value` (< 10^width) in exactly `width` digits.
    private mutating func zeroPadded(_ value: Int, width: Int) {
        reserve(width)
        var rest = value
        for place in stride(from: width - 1, through: 0, by: -1) {
            base[count + place] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        count += width
    }
}

extension UnsafeMutablePointer where Pointee == UInt8 {
    fileprivate func swapAt(_ i: Int, _ j: Int) {
        let byte = self[i]
        self[i] = self[j]
        self[j] = byte
    }
}
