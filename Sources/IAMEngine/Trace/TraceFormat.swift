/// The two printed forms of a trace record (spec §10): a line for people, a JSON object for tools.
public enum TraceFormat: String, Sendable, CaseIterable {
    case text, jsonl

    public func line(_ record: TraceRecord) -> String { Self.line(record, self) }

    /// `  12.000  displayed         cart-reminder   impression  [extras]`
    public static func text(_ record: TraceRecord) -> String { line(record, .text) }

    /// One JSON object; keys in a fixed order so that output is byte-for-byte reproducible.
    public static func json(_ record: TraceRecord) -> String { line(record, .jsonl) }

    /// One record through `TraceWriter`, the one implementation of both forms.
    private static func line(_ record: TraceRecord, _ format: TraceFormat) -> String {
        var writer = TraceWriter(format: format, capacity: 256)
        writer.append(record)
        return writer.withBytes { String(decoding: $0.dropLast(), as: UTF8.self) } // without the newline
    }

    // MARK: - Formatting without Foundation

    /// Seconds rounded to the millisecond, trailing zeros dropped: `12`, `12.5`, `0.001`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return value.isFinite ? "\(value)" : "null" }
        let millis = Int64((value * 1000).rounded())
        let sign = millis < 0 ? "-" : ""
        let magnitude = millis.magnitude
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return sign + String(magnitude / 1000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// A property's or filter's number in its shortest round-trip form: `12`, `2.5`, `0.0004`,
    /// `1e-05`, `1e+15` (Swift's shortest digits; whole numbers below 10^15 without `.0`). Times
    /// keep `number`'s milliseconds; a value is the user's and must read back as it was.
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Seconds with exactly three decimals: `12.000`.
    public static func fixed3(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let millis = Int64((value * 1000).rounded())
        let magnitude = millis.magnitude
        let fraction = String(magnitude % 1000)
        return (millis < 0 ? "-" : "") + String(magnitude / 1000) + "."
            + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        // A value wider than its column still keeps one space before the next one.
        let fill = String(repeating: " ", count: max(left ? 0 : 1, width - text.count))
        return left ? fill + text : text + fill
    }

    /// JSON string with every control character escaped (so a line never carries a raw ESC).
    /// Escaped as well, losslessly (`\\uXXXX`): C1 controls, format characters (bidi controls,
    /// zero-width characters), line separators and stray combining marks (see `isUnsafe`).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        forEachScalar(of: text) { scalar, unsafe in
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if !unsafe {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value > 0xFFFF {
                    // JSON escapes beyond the BMP are UTF-16 surrogate pairs.
                    let v = scalar.value - 0x10000
                    out += "\\u" + hex4(0xD800 + (v >> 10)) + "\\u" + hex4(0xDC00 + (v & 0x3FF))
                } else {
                    out += "\\u" + hex4(scalar.value)
                }
            }
        }
        return out + "\""
    }

    /// A field of the text trace: as `visible`, and `\` doubled, so that an id holding the six
    /// characters `\u{1B}` and one holding a real ESC print differently.
    public static func textField(_ text: String) -> String {
        var out = ""
        forEachScalar(of: text) { scalar, unsafe in
            if unsafe {
                out += "\\u{" + hex4(scalar.value) + "}"
            } else if scalar == "\\" {
                out += "\\\\"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text for a terminal: controls, bidi/zero-width characters and stray combining marks
    /// become `\u{…}` escapes.
    public static func visible(_ text: String) -> String {
        var out = ""
        forEachScalar(of: text) { scalar, unsafe in
            if unsafe { out += "\\u{" + hex4(scalar.value) + "}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Hands each scalar of `text` to `body` with whether it must not reach a terminal raw:
    /// the one classification the screen uses too (`UnsafeText`).
    static func forEachScalar(of text: String, _ body: (Unicode.Scalar, Bool) -> Void) {
        UnsafeText.forEachScalar(of: text.unicodeScalars, body)
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
