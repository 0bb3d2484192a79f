@testable import IAMEngine

/// The trace formatter as it was before the byte writer (string concatenation, each event
/// described per record): the oracle the fast formatter must equal byte for byte.
enum ReferenceTraceFormat {
    /// `  12.000  displayed         cart-reminder   impression  [extras]`
    static func text(_ record: TraceRecord) -> String {
        var line = pad(fixed3(record.t), 8, left: true) + "  " + pad(record.kind.rawValue, 18)
        line += pad(TraceFormat.textField(record.message ?? record.trigger ?? ""), 16)
        var parts: [String] = []
        if let reason = record.reason { parts.append(reason.rawValue) }
        if let action = record.action { parts.append("action=\(action)") }
        if let event = record.event, record.kind == .event || record.message == nil {
            parts.append(describe(event, field: TraceFormat.textField))
        }
        if let button = record.button { parts.append("button=\(TraceFormat.textField(button))") }
        if let until = record.until { parts.append("until=\(fixed3(until))") }
        if let next = record.next { parts.append("next=\(fixed3(next))") }
        if let stack = record.stack {
            parts.append("stack=[\(stack.map(TraceFormat.textField).joined(separator: " "))]")
        }
        if let depth = record.depth { parts.append("depth=\(depth)") }
        if let pending = record.pending {
            parts.append(
                "pending=["
                    + (pending.prefix(16).map { TraceFormat.textField($0.trigger) + "@" + fixed3($0.enabledAt) }
                    + (pending.count > 16 ? ["+\(pending.count - 16) more"] : []))
                    .joined(separator: " ") + "]")
        }
        if let detail = record.detail { parts.append(TraceFormat.textField(detail)) }
        if let profile = record.profile { parts.append(TraceFormat.textField(profile)) }
        if let more = record.more { parts.append("more=\(more)") }
        line += parts.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
    }

    /// One JSON object; keys in a fixed order so that output is byte-for-byte reproducible.
    static func json(_ record: TraceRecord) -> String {
        var fields = ["\"t\":\(number(record.t))", "\"type\":\(TraceFormat.quoted(record.kind.rawValue))"]
        if let message = record.message { fields.append("\"message\":\(TraceFormat.quoted(message))") }
        if let trigger = record.trigger { fields.append("\"trigger\":\(TraceFormat.quoted(trigger))") }
        if let event = record.event { fields.append("\"event\":\(json(event))") }
        if let action = record.action { fields.append("\"action\":\(TraceFormat.quoted(action))") }
        if let reason = record.reason { fields.append("\"reason\":\(TraceFormat.quoted(reason.rawValue))") }
        if let stack = record.stack {
            fields.append("\"stack\":[\(stack.map(TraceFormat.quoted).joined(separator: ","))]")
        }
        if let depth = record.depth { fields.append("\"depth\":\(depth)") }
        if let until = record.until { fields.append("\"until\":\(number(until))") }
        if let next = record.next { fields.append("\"next\":\(number(next))") }
        if let button = record.button { fields.append("\"button\":\(TraceFormat.quoted(button))") }
        if let pending = record.pending {
            let entries = pending.prefix(16).map {
                "{\"trigger\":\(TraceFormat.quoted($0.trigger)),\"enabled_at\":\(number($0.enabledAt))}"
            }
            fields.append("\"pending\":[\(entries.joined(separator: ","))]")
            if pending.count > 16 { fields.append("\"pending_more\":\(pending.count - 16)") }
        }
        if let detail = record.detail { fields.append("\"detail\":\(TraceFormat.quoted(detail))") }
        if let profile = record.profile { fields.append("\"profile\":\(TraceFormat.quoted(profile))") }
        if let more = record.more { fields.append("\"more\":\(more)") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func json(_ event: Event) -> String {
        var fields = ["\"type\":\(TraceFormat.quoted(event.kind.rawValue))"]
        if let name = event.name {
            let key =
                switch event.kind {
                case .purchase: "product_id"
                case .pushClick: "campaign_id"
                case .iamClick: "id"
                case .open, .customEvent: "name"
                }
            fields.append("\"\(key)\":\(TraceFormat.quoted(name))")
        }
        if let button = event.button { fields.append("\"button\":\(TraceFormat.quoted(button))") }
        if !event.properties.isEmpty {
            let properties = event.properties.keys.sorted().map { key in
                "\(TraceFormat.quoted(key)):\(json(event.properties[key]!))"
            }
            fields.append("\"properties\":{\(properties.joined(separator: ","))}")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func json(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): TraceFormat.quoted(text)
        case .number(let number): shortest(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .date(let time): "{\"$date\":\"" + ISO8601.format(time) + "\"}"
        case .bigInteger(let number): self.number(number)
        case .structured(let text): text
        }
    }

    /// `purchase:latte {size="grande"}`; `field` escapes names and keys (values are JSON).
    static func describe(_ event: Event, field: (String) -> String = TraceFormat.visible) -> String {
        var text = event.kind.rawValue
        if let name = event.name { text += ":" + field(name) }
        if let button = event.button { text += "/" + field(button) }
        if !event.properties.isEmpty {
            text +=
                " {"
                + event.properties.keys.sorted().map {
                    "\(field($0))=\(TraceFormat.visible(json(event.properties[$0]!)))"
                }
                .joined(separator: ", ") + "}"
        }
        return text
    }

    // MARK: - Formatting without Foundation

    /// A property's number: whole numbers below 10^15 as integers, others in Swift's shortest
    /// round-trip digits (`0.0004`, `1e-07`); `null` when not finite.
    static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Seconds rounded to the millisecond, trailing zeros dropped: `12`, `12.5`, `0.001`.
    static func number(_ value: Double) -> String {
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
    static func fixed3(_ value: Double) -> String {
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

}
