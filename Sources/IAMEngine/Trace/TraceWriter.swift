/// Writes trace records as lines of bytes (spec §10), the fast way: straight into a byte
/// buffer, each event described once (the records an event causes share its encoding), its
/// properties sorted and encoded once, and plain ASCII strings copied without a scalar walk.
/// The output is exactly `TraceFormat.text` / `TraceFormat.json`, which are built on it; what
/// gets escaped is decided in `TraceFormat` (`quoted`, `textField`) alone.
public struct TraceWriter: Sendable {
    public let format: TraceFormat
    /// The lines written so far, each ending in `\n`; the caller empties it when it flushes.
    public var bytes: [UInt8] = []

    /// The last event encoded and its encoding in `format`: records of one event follow each
    /// other (and share one `SharedEvent`, found by identity), so one entry is enough.
    private var lastEvent: SharedEvent?
    private var lastEventBytes: [UInt8] = []

    public init(format: TraceFormat, capacity: Int = 1 << 16) {
        self.format = format
        bytes.reserveCapacity(capacity)
    }

    /// Appends `record` as one line with its newline.
    public mutating func append(_ record: TraceRecord) {
        switch format {
        case .text: appendText(record)
        case .jsonl: appendJSON(record)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: - JSON

    private mutating func appendJSON(_ record: TraceRecord) {
        TraceBytes.append(#"{"t":"#, to: &bytes)
        TraceBytes.number(record.t, into: &bytes)
        TraceBytes.append(#","type":""#, to: &bytes)
        TraceBytes.append(record.kind.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        if let message = record.message { field("message", quoted: message) }
        if let trigger = record.trigger { field("trigger", quoted: trigger) }
        if let event = record.sharedEvent {
            TraceBytes.append(#","event":"#, to: &bytes)
            appendEncoded(event)
        }
        if let action = record.action { field("action", quoted: action) }
        if let reason = record.reason { field("reason", quoted: reason.rawValue) }
        if let stack = record.stack {
            TraceBytes.append(#","stack":["#, to: &bytes)
            for (index, id) in stack.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                TraceBytes.quoted(id, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if let depth = record.depth {
            TraceBytes.append(#","depth":"#, to: &bytes)
            TraceBytes.integer(depth, into: &bytes)
        }
        if let until = record.until {
            TraceBytes.append(#","until":"#, to: &bytes)
            TraceBytes.number(until, into: &bytes)
        }
        if let next = record.next {
            TraceBytes.append(#","next":"#, to: &bytes)
            TraceBytes.number(next, into: &bytes)
        }
        if let button = record.button { field("button", quoted: button) }
        if let detail = record.detail { field("detail", quoted: detail) }
        if let profile = record.profile { field("profile", quoted: profile) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `,"key":"value"`.
    private mutating func field(_ key: StaticString, quoted value: String) {
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        TraceBytes.append(#"":"#, to: &bytes)
        TraceBytes.quoted(value, into: &bytes)
    }

    // MARK: - Text

    /// `  12.000  displayed         cart-reminder   impression  …`
    private mutating func appendText(_ record: TraceRecord) {
        let start = bytes.count
        // Seconds right-aligned in 8 columns, two spaces, the type in 18, the id in 16.
        TraceBytes.fixed3(record.t, into: &bytes)
        let width = bytes.count - start
        if width < 8 { bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: 8 - width), at: start) }
        TraceBytes.append("  ", to: &bytes)
        let kind = record.kind.rawValue
        TraceBytes.append(kind, to: &bytes)
        TraceBytes.pad(columns: 18 - kind.utf8.count, minimum: 1, into: &bytes)
        let columns = TraceBytes.textField(record.message ?? record.trigger ?? "", into: &bytes)
        TraceBytes.pad(columns: 16 - columns, minimum: 1, into: &bytes)

        var first = true
        func separate(_ bytes: inout [UInt8]) {
            if !first { TraceBytes.append("  ", to: &bytes) }
            first = false
        }
        if let reason = record.reason {
            separate(&bytes)
            TraceBytes.append(reason.rawValue, to: &bytes)
        }
        if let action = record.action {
            separate(&bytes)
            TraceBytes.append("action=", to: &bytes)
            // A timeline action's name (`click`, `dismiss`, `displayNext`): printed as it is.
            TraceBytes.append(action, to: &bytes)
        }
        if let event = record.sharedEvent, record.kind == .event || record.message == nil {
            separate(&bytes)
            appendEncoded(event)
        }
        if let button = record.button {
            separate(&bytes)
            TraceBytes.append("button=", to: &bytes)
            _ = TraceBytes.textField(button, into: &bytes)
        }
        if let until = record.until {
            separate(&bytes)
            TraceBytes.append("until=", to: &bytes)
            TraceBytes.fixed3(until, into: &bytes)
        }
        if let next = record.next {
            separate(&bytes)
            TraceBytes.append("next=", to: &bytes)
            TraceBytes.fixed3(next, into: &bytes)
        }
        if let stack = record.stack {
            separate(&bytes)
            TraceBytes.append("stack=[", to: &bytes)
            for (index, id) in stack.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: " ")) }
                _ = TraceBytes.textField(id, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if let depth = record.depth {
            separate(&bytes)
            TraceBytes.append("depth=", to: &bytes)
            TraceBytes.integer(depth, into: &bytes)
        }
        if let detail = record.detail {
            separate(&bytes)
            _ = TraceBytes.textField(detail, into: &bytes)
        }
        if let profile = record.profile {
            separate(&bytes)
            _ = TraceBytes.textField(profile, into: &bytes)
        }
        while bytes.count > start, bytes[bytes.count - 1] == UInt8(ascii: " ") { bytes.removeLast() }
    }

    // MARK: - Events, once

    /// The event in `format` (JSON object, or the text description), from the one-entry cache.
    private mutating func appendEncoded(_ event: SharedEvent) {
        if lastEvent != event {
            lastEventBytes.removeAll(keepingCapacity: true)
            switch format {
            case .jsonl: TraceBytes.json(event.event, into: &lastEventBytes)
            case .text: TraceBytes.describe(event.event, into: &lastEventBytes)
            }
            lastEvent = event
        }
        bytes.append(contentsOf: lastEventBytes)
    }
}

/// The pieces of a trace line, appended as bytes.
enum TraceBytes {
    static func json(_ event: Event, into out: inout [UInt8]) {
        TraceBytes.append(#"{"type":""#, to: &out)
        TraceBytes.append(event.kind.rawValue, to: &out)
        out.append(UInt8(ascii: "\""))
        if let name = event.name {
            let key =
                switch event.kind {
                case .purchase: #","product_id":"#
                case .pushClick: #","campaign_id":"#
                case .iamClick: #","id":"#
                case .open, .customEvent: #","name":"#
                }
            TraceBytes.append(key, to: &out)
            quoted(name, into: &out)
        }
        if let button = event.button {
            TraceBytes.append(#","button":"#, to: &out)
            quoted(button, into: &out)
        }
        if !event.properties.isEmpty {
            TraceBytes.append(#","properties":{"#, to: &out)
            for (index, property) in sortedProperties(event).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                quoted(property.key, into: &out)
                out.append(UInt8(ascii: ":"))
                value(property.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `purchase:latte/b {key="value", n=1}` (names and keys as text fields, values as JSON).
    static func describe(_ event: Event, into out: inout [UInt8]) {
        TraceBytes.append(event.kind.rawValue, to: &out)
        if let name = event.name {
            out.append(UInt8(ascii: ":"))
            _ = textField(name, into: &out)
        }
        if let button = event.button {
            out.append(UInt8(ascii: "/"))
            _ = textField(button, into: &out)
        }
        if !event.properties.isEmpty {
            TraceBytes.append(" {", to: &out)
            for (index, property) in sortedProperties(event).enumerated() {
                if index > 0 { TraceBytes.append(", ", to: &out) }
                _ = textField(property.key, into: &out)
                out.append(UInt8(ascii: "="))
                // JSON quoting already escapes everything `visible` would.
                value(property.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The properties in key order (keys are unique), read once: no lookup per key.
    static func sortedProperties(_ event: Event) -> [(key: String, value: PropertyValue)] {
        var properties = Array(event.properties)
        properties.sort { $0.key < $1.key }
        return properties
    }

    static func value(_ value: PropertyValue, into out: inout [UInt8]) {
        switch value {
        case .string(let text): quoted(text, into: &out)
        case .number(let number):
            if number.isFinite { self.number(number, into: &out) } else { TraceBytes.append("null", to: &out) }
        case .bool(let flag): TraceBytes.append(flag ? "true" : "false", to: &out)
        case .null: TraceBytes.append("null", to: &out)
        }
    }

    // MARK: Strings

    /// Appends `text`'s UTF-8 from its contiguous storage (faster than through `String.UTF8View`).
    @inline(__always)
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Appends `text`'s bytes when it is printable ASCII other than `"` and `\` (they go out as
    /// they are, in both forms, with no escaping decision to make); otherwise appends nothing
    /// and returns `false`.
    @inline(__always)
    static func appendIfPlain(_ text: String, into out: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            for byte in buffer where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            out.append(contentsOf: buffer)
            return true
        }
    }

    /// A JSON string: plain ASCII copied, anything else through `TraceFormat.quoted`.
    static func quoted(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if appendIfPlain(text, into: &out) {
            out.append(UInt8(ascii: "\""))
        } else {
            out.removeLast()
            TraceBytes.append(TraceFormat.quoted(text), to: &out)
        }
    }

    /// A text-trace field (`TraceFormat.textField`); returns its width in characters, which
    /// the columns are padded by.
    @discardableResult
    static func textField(_ text: String, into out: inout [UInt8]) -> Int {
        let start = out.count
        if appendIfPlain(text, into: &out) { return out.count - start }
        let escaped = TraceFormat.textField(text)
        TraceBytes.append(escaped, to: &out)
        return escaped.count
    }

    static func pad(columns: Int, minimum: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(minimum, columns)))
    }

    // MARK: Numbers

    static func integer(_ value: Int, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        digits(value.magnitude, into: &out)
    }

    static func digits(_ value: UInt, into out: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: any UInt in decimal
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &buffer) { raw in
            repeat {
                raw[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            out.append(contentsOf: raw[(24 - count)...])
        }
    }

    /// `TraceFormat.number`: milliseconds, trailing zeros dropped.
    static func number(_ value: Double, into out: inout [UInt8]) {
        guard var fraction = wholeSeconds(value, into: &out) else {
            TraceBytes.append(TraceFormat.number(value), to: &out)
            return
        }
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        var width = 3
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        appendZeroPadded(fraction, width: width, into: &out)
    }

    /// `TraceFormat.fixed3`: exactly three decimals.
    static func fixed3(_ value: Double, into out: inout [UInt8]) {
        guard let fraction = wholeSeconds(value, into: &out) else {
            TraceBytes.append(TraceFormat.fixed3(value), to: &out)
            return
        }
        out.append(UInt8(ascii: "."))
        appendZeroPadded(fraction, width: 3, into: &out)
    }

    /// Rounds to milliseconds, writes the sign and whole seconds, and returns the milliseconds
    /// left; `nil` (nothing written) for values the fast path does not handle.
    private static func wholeSeconds(_ value: Double, into out: inout [UInt8]) -> Int? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        let millis = Int64((value * 1000).rounded())
        if millis < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = millis.magnitude
        digits(UInt(magnitude / 1000), into: &out)
        return Int(magnitude % 1000)
    }

    private static func appendZeroPadded(_ value: Int, width: Int, into out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
