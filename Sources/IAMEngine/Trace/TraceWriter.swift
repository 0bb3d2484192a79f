/// Writes trace records as lines of bytes (spec §10), the fast way: straight into one buffer
/// through a pointer, each event described once (the records an event causes share its
/// encoding), its properties sorted and encoded once, and plain ASCII strings copied without a
/// scalar walk. The output is exactly `TraceFormat.text` / `TraceFormat.json`, which are built
/// on it; what gets escaped is decided in `TraceFormat` (`quoted`, `textField`) alone.
public struct TraceWriter: Sendable {
    public let format: TraceFormat
    private var storage: ByteStorage
    /// How many bytes the lines written so far take, each ending in `\n`.
    public private(set) var count = 0

    /// The last event encoded and its encoding in `format`: records of one event follow each
    /// other (and share one `SharedEvent`, found by identity), so one entry is enough.
    private var lastEvent: SharedEvent?
    private var lastEventBytes: [UInt8] = []

    public init(format: TraceFormat, capacity: Int = 1 << 16) {
        self.format = format
        storage = ByteStorage(capacity: capacity)
    }

    /// The lines written so far (a copy; `withBytes` lends them without one).
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Lends the lines written so far; the caller empties the writer with `removeAll` once it
    /// has flushed them.
    public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// Forgets the lines written so far, keeping the memory.
    public mutating func removeAll() { count = 0 }

    /// Appends `record` as one line with its newline.
    public mutating func append(_ record: TraceRecord) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(count: count) }
        var out = ByteCursor(storage, count: count)
        switch format {
        case .text: appendText(record, to: &out)
        case .jsonl: appendJSON(record, to: &out)
        }
        out.append(UInt8(ascii: "\n"))
        count = out.count
    }

    // MARK: - JSON

    private mutating func appendJSON(_ record: TraceRecord, to out: inout ByteCursor) {
        out.append(#"{"t":"#)
        out.number(record.t)
        out.append(#","type":""#)
        out.append(record.kind.rawValue)
        out.append(UInt8(ascii: "\""))
        if let message = record.message { out.field("message", quoted: message) }
        if let trigger = record.trigger { out.field("trigger", quoted: trigger) }
        if let event = record.sharedEvent {
            out.append(#","event":"#)
            appendEncoded(event, to: &out)
        }
        if let action = record.action { out.field("action", quoted: action) }
        if let reason = record.reason { out.field("reason", quoted: reason.rawValue) }
        if let stack = record.stack {
            out.append(#","stack":["#)
            for index in stack.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.quoted(stack[index])
            }
            out.append(UInt8(ascii: "]"))
        }
        if let depth = record.depth {
            out.append(#","depth":"#)
            out.integer(depth)
        }
        if let until = record.until {
            out.append(#","until":"#)
            out.number(until)
        }
        if let next = record.next {
            out.append(#","next":"#)
            out.number(next)
        }
        if let button = record.button { out.field("button", quoted: button) }
        if let pending = record.pending {
            out.append(#","pending":["#)
            for index in pending.indices.prefix(TraceRecord.pendingShown) {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(#"{"trigger":"#)
                out.quoted(pending[index].trigger)
                out.append(#","enabled_at":"#)
                out.number(pending[index].enabledAt)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
            if pending.count > TraceRecord.pendingShown {
                out.append(#","pending_more":"#)
                out.integer(pending.count - TraceRecord.pendingShown)
            }
        }
        if let detail = record.detail { out.field("detail", quoted: detail) }
        if let profile = record.profile { out.field("profile", quoted: profile) }
        if let more = record.more {
            out.append(#","more":"#)
            out.integer(more)
        }
        out.append(UInt8(ascii: "}"))
    }

    // MARK: - Text

    /// `  12.000  displayed         cart-reminder   impression  …`
    private mutating func appendText(_ record: TraceRecord, to out: inout ByteCursor) {
        let start = out.count
        // Seconds right-aligned in 8 columns, two spaces, the type in 18, the id in 16.
        out.fixed3(record.t)
        out.shiftRight(from: start, by: 8 - (out.count - start), filling: UInt8(ascii: " "))
        out.append("  ")
        let kind = record.kind.rawValue
        out.append(kind)
        out.append(repeating: UInt8(ascii: " "), count: max(1, 18 - kind.utf8.count))
        let columns = out.textField(record.message ?? record.trigger ?? "")
        out.append(repeating: UInt8(ascii: " "), count: max(1, 16 - columns))

        var first = true
        func separate(_ out: inout ByteCursor) {
            if !first { out.append("  ") }
            first = false
        }
        if let reason = record.reason {
            separate(&out)
            out.append(reason.rawValue)
        }
        if let action = record.action {
            separate(&out)
            out.append("action=")
            // A timeline action's name (`click`, `dismiss`, `displayNext`): printed as it is.
            out.append(action)
        }
        if let event = record.sharedEvent, record.kind == .event || record.message == nil {
            separate(&out)
            appendEncoded(event, to: &out)
        }
        if let button = record.button {
            separate(&out)
            out.append("button=")
            out.textField(button)
        }
        if let until = record.until {
            separate(&out)
            out.append("until=")
            out.fixed3(until)
        }
        if let next = record.next {
            separate(&out)
            out.append("next=")
            out.fixed3(next)
        }
        if let stack = record.stack {
            separate(&out)
            out.append("stack=[")
            for index in stack.indices {
                if index > 0 { out.append(UInt8(ascii: " ")) }
                out.textField(stack[index])
            }
            out.append(UInt8(ascii: "]"))
        }
        if let depth = record.depth {
            separate(&out)
            out.append("depth=")
            out.integer(depth)
        }
        if let pending = record.pending {
            separate(&out)
            out.append("pending=[")
            for index in pending.indices.prefix(TraceRecord.pendingShown) {
                if index > 0 { out.append(UInt8(ascii: " ")) }
                out.textField(pending[index].trigger)
                out.append("@")
                out.fixed3(pending[index].enabledAt)
            }
            if pending.count > TraceRecord.pendingShown {
                out.append(" +")
                out.integer(pending.count - TraceRecord.pendingShown)
                out.append(" more")
            }
            out.append(UInt8(ascii: "]"))
        }
        if let detail = record.detail {
            separate(&out)
            out.textField(detail)
        }
        if let profile = record.profile {
            separate(&out)
            out.textField(profile)
        }
        if let more = record.more {
            separate(&out)
            out.append("more=")
            out.integer(more)
        }
        while out.count > start, out.last == UInt8(ascii: " ") { out.count -= 1 }
    }

    // MARK: - Events, once

    /// The event in `format` (JSON object, or the text description), from the one-entry cache.
    private mutating func appendEncoded(_ event: SharedEvent, to out: inout ByteCursor) {
        if lastEvent === event {
            lastEventBytes.withUnsafeBufferPointer { out.append($0) }
            return
        }
        let start = out.count
        switch format {
        case .jsonl: out.json(event.event)
        case .text: out.describe(event.event)
        }
        lastEvent = event
        lastEventBytes.removeAll(keepingCapacity: true)
        lastEventBytes.append(contentsOf: out.bytes(from: start))
    }
}
