import IAMEngine

/// The trace the interactive view keeps in memory (spec §10, revision 2): the newest records,
/// bounded in number *and* in bytes, so that records carrying long property values cannot
/// grow memory without bound either. `--trace PATH` still receives every record.
package struct TraceBuffer {
    /// At most this many records…
    package static let maxRecords = 10_000
    /// …and at most this many bytes, by `footprint(of:)`. The newest record is always kept.
    package static let maxBytes = 4 << 20

    package private(set) var records: [TraceRecord] = []
    /// The sum of `footprint(of:)` over `records`.
    package private(set) var bytes = 0

    package mutating func append(contentsOf new: [TraceRecord]) {
        for record in new { bytes += Self.footprint(of: record) }
        records += new
        var drop = 0
        while records.count - drop > 1, records.count - drop > Self.maxRecords || bytes > Self.maxBytes {
            bytes -= Self.footprint(of: records[drop])
            drop += 1
        }
        // One shift per batch, not one per record.
        if drop > 0 { records.removeFirst(drop) }
    }

    /// An upper bound of the memory a record holds: its fixed size plus every string's bytes
    /// (small strings are stored inline and shared ones once, so the real figure is lower).
    package static func footprint(of record: TraceRecord) -> Int {
        let stringSize = MemoryLayout<String>.stride
        var total = MemoryLayout<TraceRecord>.stride
        for text in [record.message, record.trigger, record.button, record.detail] {
            total += text?.utf8.count ?? 0
        }
        if let stack = record.stack {
            total += stack.count * stringSize
            for id in stack { total += id.utf8.count }
        }
        if let event = record.event {
            total += MemoryLayout<Event>.stride + (event.name?.utf8.count ?? 0) + (event.button?.utf8.count ?? 0)
            for (key, value) in event.properties {
                total += 2 * stringSize + MemoryLayout<PropertyValue>.stride + key.utf8.count
                if case .string(let text) = value { total += text.utf8.count }
            }
        }
        return total
    }
}
