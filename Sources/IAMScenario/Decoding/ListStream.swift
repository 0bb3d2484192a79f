import IAMEngine

/// Decodes the top-level `triggers` and `timeline` lists element by element while the reader
/// reads them, so that the tape never holds a long list whole (a loaded scenario's peak is the
/// file and the decoded values, not also a tape of it).
///
/// The results are handed over when the file's decoding reaches the list (`triggerList`,
/// `timeline`), in the order and with the checks it always had: a syntax error anywhere still
/// wins; an error here is thrown there, after whatever the decoding finds first; warnings and
/// ignored fields join the decoder's then. The timeline is taken only after `triggers` (its
/// `campaign` steps must name a trigger); a file that writes it first is decoded from the tape.
final class ListStream: JSONListSink {
    /// A list decoded here: its entry on the tape, its values and the decoder state they left.
    /// A class: the list grows in place, element by element.
    final class List<Value> {
        let arrayEntry: Int
        // Reached only from `ListStream.element`, one access at a time: no dynamic checks.
        @exclusivity(unchecked) var values: [Value] = []
        @exclusivity(unchecked) var failure: DecodeIssue?
        @exclusivity(unchecked) var decoder = ScenarioDecoder()

        init(arrayEntry: Int) { self.arrayEntry = arrayEntry }
    }

    private let bytes: [UInt8]
    private(set) var triggers: List<Trigger>?
    private(set) var timeline: List<TimelineStep>?
    private var decodingTimeline = false
    @exclusivity(unchecked) private var previousAt: Double?
    /// Where the list being read starts in the file (to guess its length, see `reserve`).
    private var listStart = 0

    private static let triggersPath = JSONPath([.key(ScenarioDecoder.ScenarioKey.triggers.rawValue)])
    private static let timelinePath = JSONPath([.key(ScenarioDecoder.ScenarioKey.timeline.rawValue)])

    init(bytes: [UInt8]) { self.bytes = bytes }

    func takes(key: UnsafeBufferPointer<UInt8>, arrayEntry: Int, parser: borrowing JSONParser) -> Bool {
        listStart = parser.position
        if ScenarioDecoder.ScenarioKey.schema.match(key) == .triggers, triggers == nil {
            triggers = List(arrayEntry: arrayEntry)
            decodingTimeline = false
            return true
        }
        if ScenarioDecoder.ScenarioKey.schema.match(key) == .timeline, timeline == nil, let triggers {
            let list = List<TimelineStep>(arrayEntry: arrayEntry)
            list.decoder.triggerIndex = triggers.decoder.triggerIndex
            timeline = list
            decodingTimeline = true
            return true
        }
        return false
    }

    func element(_ entry: Int, index: Int, parser: borrowing JSONParser) {
        // A tape over the reader's lists as they are (shared, not copied); gone when this returns.
        let tape = JSONTape(bytes: bytes, entries: parser.entries, unescaped: parser.unescaped, numbers: parser.numbers)
        if decodingTimeline {
            guard let list = timeline else { return }
            reserve(&list.values, index: index, position: parser.position, limit: ScenarioLoader.maxTimelineSteps)
            if list.failure == nil, index < ScenarioLoader.maxTimelineSteps {
                let warnings = list.decoder.warnings.count
                do {
                    list.values.append(
                        try list.decoder.step(
                            tape, entry, index: index, listPath: Self.timelinePath, previousAt: &previousAt))
                } catch {
                    list.failure = error.final
                }
                list.decoder.makeWarningPathsFinal(from: warnings)
            }
        } else {
            guard let list = triggers else { return }
            reserve(&list.values, index: index, position: parser.position, limit: ScenarioLoader.maxTriggers)
            if list.failure == nil, index < ScenarioLoader.maxTriggers {
                let warnings = list.decoder.warnings.count
                let node = Node(tape: tape, entry: entry, parent: Self.triggersPath, step: .index(index))
                do {
                    list.values.append(try list.decoder.trigger(node, index: index, listPath: Self.triggersPath))
                } catch {
                    list.failure = error.final
                }
                list.decoder.makeWarningPathsFinal(from: warnings)
            }
        }
    }

    /// Room for the list, guessed once its first 64 elements are read: as many as the rest of
    /// the file holds of elements their average size (at most `limit`), and a sixteenth more.
    /// One copy of 64 values instead of a doubling list's copies and its up to twice the room.
    private func reserve<Value>(_ values: inout [Value], index: Int, position: Int, limit: Int) {
        if index == 0 { values.reserveCapacity(64) }
        guard index == 63 else { return }
        let average = max((position - listStart) / 64, 1)
        let guess = (bytes.count - listStart) / average
        values.reserveCapacity(min(guess + guess / 16 + 16, limit))
    }
}

extension DecodeIssue {
    /// The issue with a path that no longer reads keys from a tape.
    var final: DecodeIssue { DecodeIssue(path: JSONPath(path.components), message: message) }
}
