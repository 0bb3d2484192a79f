import IAMEngine

/// Checks expectations against one run's trace as its records stream by (nothing of the trace
/// is kept but, for each message an expectation names, its first displays and discards and its
/// last record, which a failure line quotes).
public struct ExpectationCheck: Sendable {
    /// An expectation the trace did not meet, and what the trace did instead.
    public struct Failure: Sendable, Equatable {
        /// Its place in the file's `expect` list.
        public var index: Int
        public var expectation: Expectation
        /// What the trace did instead, with the records' times (`displayed at 0.5`).
        public var instead: String
    }

    /// What the trace showed of one message.
    private struct Seen: Sendable {
        static let kept = 3
        var displays: [Double] = []
        var displayCount = 0
        var discards: [(t: Double, reason: TraceReason?)] = []
        var discardCount = 0
        var last: (t: Double, kind: TraceRecord.Kind, reason: TraceReason?)?
    }

    private let expectations: [(index: Int, expectation: Expectation)]
    /// For each expectation, whether the trace has a record of what it asks for (for
    /// `displayed: false`, whether it has a display).
    private var hit: [Bool]
    /// The expectations of each message named, by their position in `expectations`.
    private var byMessage: [String: [Int]] = [:]
    private var seen: [String: Seen] = [:]

    /// `expectations`: the entries that hold under the run's profile, with their places in the file.
    public init(_ expectations: [(index: Int, expectation: Expectation)]) {
        self.expectations = expectations
        hit = Array(repeating: false, count: expectations.count)
        for (position, entry) in expectations.enumerated() {
            byMessage[entry.expectation.message, default: []].append(position)
        }
    }

    /// Whether there is nothing to check (a file without `expect` passes when it runs).
    public var isEmpty: Bool { expectations.isEmpty }

    public mutating func observe(_ record: TraceRecord) {
        guard let message = record.message, let positions = byMessage[message] else { return }
        var facts = seen[message] ?? Seen()
        facts.last = (record.t, record.kind, record.reason)
        if record.kind == .displayed {
            if facts.displays.count < Seen.kept { facts.displays.append(record.t) }
            facts.displayCount += 1
        } else if record.kind == .discarded {
            if facts.discards.count < Seen.kept { facts.discards.append((record.t, record.reason)) }
            facts.discardCount += 1
        }
        seen[message] = facts
        for position in positions where !hit[position] {
            hit[position] = Self.meets(record, expectations[position].expectation.outcome)
        }
    }

    /// Whether `record` (of the expectation's message) is what `outcome` looks for.
    private static func meets(_ record: TraceRecord, _ outcome: Expectation.Outcome) -> Bool {
        switch outcome {
        case .displayed: record.kind == .displayed
        case .displayedAt(let at): record.kind == .displayed && record.t.traceMillis == at.traceMillis
        case .discarded(let reason): record.kind == .discarded && record.reason == reason
        }
    }

    /// The expectations the trace did not meet, in file order.
    public var failures: [Failure] {
        var failures: [Failure] = []
        for (position, entry) in expectations.enumerated() {
            let met =
                if case .displayed(false) = entry.expectation.outcome { !hit[position] } else { hit[position] }
            if met { continue }
            failures.append(
                Failure(
                    index: entry.index, expectation: entry.expectation,
                    instead: instead(of: entry.expectation, seen[entry.expectation.message] ?? Seen())))
        }
        return failures
    }

    /// What the trace did instead of `expectation`, in the trace's words and times.
    private func instead(of expectation: Expectation, _ facts: Seen) -> String {
        switch expectation.outcome {
        case .displayed(false):
            return "displayed at " + Self.times(facts.displays, count: facts.displayCount)
        case .displayed(true):
            return "never displayed" + lastRecord(facts)
        case .displayedAt:
            if facts.displayCount > 0 { return "displayed at " + Self.times(facts.displays, count: facts.displayCount) }
            return "never displayed" + lastRecord(facts)
        case .discarded(let reason):
            if facts.discardCount > 0 {
                let shown = facts.discards.map { "\(TraceFormat.number($0.t)) (\($0.reason?.rawValue ?? "-"))" }
                return "discarded at " + shown.joined(separator: ", ")
                    + (facts.discardCount > shown.count ? " and \(facts.discardCount - shown.count) more" : "")
            }
            return "never discarded (\(reason.rawValue))" + lastRecord(facts)
        }
    }

    private func lastRecord(_ facts: Seen) -> String {
        guard let last = facts.last else { return "; no record names it" }
        return "; its last record: \(last.kind.rawValue) at \(TraceFormat.number(last.t))"
            + (last.reason.map { " (\($0.rawValue))" } ?? "")
    }

    private static func times(_ times: [Double], count: Int) -> String {
        times.map(TraceFormat.number).joined(separator: ", ")
            + (count > times.count ? " and \(count - times.count) more" : "")
    }
}
