import IAMTestSupport
import Testing

@testable import IAMEngine

/// The byte writer prints exactly what the string formatter printed (`ReferenceTraceFormat`),
/// for every kind of record and every awkward string and number.
@Suite("§10: the trace writer equals the reference formatter")
struct TraceWriterTests {
    static let strings = [
        "", "a", "cart-reminder", "with space ", " lead", "quote\"d", "back\\slash", #"a\u{001B}"#, "a\u{1B}[2J",
        "tab\there", "line\nbreak", "\u{7F}", "\u{85}", "é", "e\u{301}", "\u{301}lead", "a\u{300}\u{301}\u{302}\u{303}",
        "\u{202E}rtl", "zero\u{200B}width", "emoji 🍩", "日本語", "\u{E0041}", "\u{FEFF}", "x  ", "1234567890123456789",
    ]
    static let numbers: [Double] = [
        0, -0.0, 1, 0.5, 0.001, 0.0005, 12.345, 99.9999, -3.25, 1e9 - 0.001, 123_456_789.123, 1e15, 1e20, -1e300,
        .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
    ]

    static func random(_ rng: inout SeededGenerator) -> TraceRecord {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &rng) ? value() : nil }
        var properties: [String: PropertyValue] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            properties[pick(strings)] = pick([
                .string(pick(strings)), .number(pick(numbers)), .bool(Bool.random(using: &rng)), .null,
            ])
        }
        let event = Event(
            kind: pick(Event.Kind.allCases), name: maybe(pick(strings)), button: maybe(pick(strings)),
            properties: properties)
        let stack = maybe((0..<Int.random(in: 0...5, using: &rng)).map { _ in pick(strings) })
        return TraceRecord(
            t: pick(numbers), kind: pick(TraceRecord.Kind.allCases), message: maybe(pick(strings)),
            trigger: maybe(pick(strings)), event: maybe(event), reason: maybe(pick(TraceReason.allCases)),
            stack: stack, depth: stack.map { $0.count + Int.random(in: 0...3, using: &rng) },
            until: maybe(pick(numbers)), next: maybe(pick(numbers)), button: maybe(pick(strings)),
            detail: maybe(pick(strings)), action: maybe(pick(["click", "dismiss", "displayNext"])),
            more: maybe(Int.random(in: 1...1_000_000, using: &rng)))
    }

    @Test("§10: 20,000 random records: text and JSON byte-identical to the reference, one record or a stream")
    func equalsReference() {
        var rng = SeededGenerator(seed: 0x7ACE)
        var text = TraceWriter(format: .text)
        var json = TraceWriter(format: .jsonl)
        var expectedText = ""
        var expectedJSON = ""
        var previous: TraceRecord?
        for _ in 0..<20_000 {
            var record = Self.random(&rng)
            // Consecutive records of one event, as the engine writes them (the writer's cache).
            if let previous, Bool.random(using: &rng) { record.event = previous.event }
            previous = record
            let referenceText = ReferenceTraceFormat.text(record)
            let referenceJSON = ReferenceTraceFormat.json(record)
            #expect(TraceFormat.text(record) == referenceText)
            #expect(TraceFormat.json(record) == referenceJSON)
            text.append(record)
            json.append(record)
            expectedText += referenceText + "\n"
            expectedJSON += referenceJSON + "\n"
        }
        #expect(String(decoding: text.bytes, as: UTF8.self) == expectedText)
        #expect(String(decoding: json.bytes, as: UTF8.self) == expectedJSON)
    }
}
