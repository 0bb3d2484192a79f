/// The two printed forms of a trace record (spec §10): a line for people, a JSON object for tools.
public enum TraceFormat: String, Sendable, CaseIterable {
    case text, jsonl

    public func line(_ record: TraceRecord) -> String {
        switch self {
        case .text: Self.text(record)
        case .jsonl: Self.json(record)
        }
    }

    /// `  12.000  displayed         cart-reminder   impression  [extras]`
    public static func text(_ record: TraceRecord) -> String {
        var line = pad(fixed3(record.t), 8, left: true) + "  " + pad(record.kind.rawValue, 18)
        line += pad(textField(record.message ?? record.trigger ?? ""), 16)
        var parts: [String] = []
        if let reason = record.reason { parts.append(reason.rawValue) }
        if let action = record.action { parts.append("action=\(action)") }
        if let event = record.event, record.kind == .event || record.message == nil {
            parts.append(describe(event, field: textField))
        }
        if let button = record.button { parts.append("button=\(textField(button))") }
        if let until = record.until { parts.append("until=\(fixed3(until))") }
        if let next = record.next { parts.append("next=\(fixed3(next))") }
        if let stack = record.stack { parts.append("stack=[\(stack.map(textField).joined(separator: " "))]") }
        if let depth = record.depth { parts.append("depth=\(depth)") }
        if let detail = record.detail { parts.append(textField(detail)) }
        if let profile = record.profile { parts.append(textField(profile)) }
        line += parts.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
    }

    /// One JSON object; keys in a fixed order so that output is byte-for-byte reproducible.
    public static func json(_ record: TraceRecord) -> String {
        var fields = ["\"t\":\(number(record.t))", "\"type\":\(quoted(record.kind.rawValue))"]
        if let message = record.message { fields.append("\"message\":\(quoted(message))") }
        if let trigger = record.trigger { fields.append("\"trigger\":\(quoted(trigger))") }
        if let event = record.event { fields.append("\"event\":\(json(event))") }
        if let action = record.action { fields.append("\"action\":\(quoted(action))") }
        if let reason = record.reason { fields.append("\"reason\":\(quoted(reason.rawValue))") }
        if let stack = record.stack { fields.append("\"stack\":[\(stack.map(quoted).joined(separator: ","))]") }
        if let depth = record.depth { fields.append("\"depth\":\(depth)") }
        if let until = record.until { fields.append("\"until\":\(number(until))") }
        if let next = record.next { fields.append("\"next\":\(number(next))") }
        if let button = record.button { fields.append("\"button\":\(quoted(button))") }
        if let detail = record.detail { fields.append("\"detail\":\(quoted(detail))") }
        if let profile = record.profile { fields.append("\"profile\":\(quoted(profile))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func json(_ event: Event) -> String {
        var fields = ["\"type\":\(quoted(event.kind.rawValue))"]
        if let name = event.name {
            let key =
                switch event.kind {
                case .purchase: "product_id"
                case .pushClick: "campaign_id"
                case .iamClick: "id"
                case .open, .customEvent: "name"
                }
            fields.append("\"\(key)\":\(quoted(name))")
        }
        if let button = event.button { fields.append("\"button\":\(quoted(button))") }
        if !event.properties.isEmpty {
            let properties = event.properties.keys.sorted().map { key in
                "\(quoted(key)):\(json(event.properties[key]!))"
            }
            fields.append("\"properties\":{\(properties.joined(separator: ","))}")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func json(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): quoted(text)
        case .number(let number): number.isFinite ? self.number(number) : "null"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    /// `purchase:latte {size="grande"}`; `field` escapes names and keys (values are JSON).
    static func describe(_ event: Event, field: (String) -> String = visible) -> String {
        var text = event.kind.rawValue
        if let name = event.name { text += ":" + field(name) }
        if let button = event.button { text += "/" + field(button) }
        if !event.properties.isEmpty {
            text +=
                " {"
                + event.properties.keys.sorted().map { "\(field($0))=\(visible(json(event.properties[$0]!)))" }
                .joined(separator: ", ") + "}"
        }
        return text
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
    static func textField(_ text: String) -> String {
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
    /// C0 and C1 controls and DEL; format characters (general category Cf: bidi overrides,
    /// embeddings and isolates, zero-width spaces and joiners, the byte-order mark, soft hyphen,
    /// tags); line and paragraph separators; and a combining mark that does not follow a scalar
    /// printed raw (it would combine with the quote or the column before it) or that is more
    /// than the third in a row (stacks of marks draw over neighbouring lines).
    static func forEachScalar(of text: String, _ body: (Unicode.Scalar, Bool) -> Void) {
        var marks = 0
        var afterRaw = false
        for scalar in text.unicodeScalars {
            var unsafe = isUnsafe(scalar)
            if !unsafe, isCombiningMark(scalar) {
                marks += 1
                unsafe = !afterRaw || marks > 3
            } else {
                marks = 0
            }
            afterRaw = !unsafe
            body(scalar, unsafe)
        }
    }

    /// Controls, format characters and line separators (see `forEachScalar(of:_:)`).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return isInvisibleFormat(scalar)
        }
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Bidirectional overrides and zero-width characters: they reorder or hide what follows.
    /// (All are format characters; kept as a list for readers and older Unicode tables.)
    static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
