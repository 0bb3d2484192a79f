import IAMEngine

/// Issue 47: what a run showed, written as expectations, so that a session saved with `S` or
/// `--record`, or a finding `explore --out` writes, is a regression test for `iamterm test` in
/// one step (`--expect`).
package enum ObservedExpectations {
    /// For each message the trace names and each trigger of the scenario, in the order first
    /// seen (the triggers never named last): `displayed: true` and `displayed_at` its first
    /// display, or `displayed: false`; then `discarded` with each reason it was discarded for,
    /// once each. Under the file's own profile no entry names one; `under` another profile,
    /// the run is under that one and each entry names it.
    package static func of(_ scenario: Scenario, until: Double?, under other: Profile? = nil) -> [Expectation] {
        var scenario = scenario
        if let other { scenario.settings.profile = other }
        var order: [String] = []
        var firstDisplay: [String: Double] = [:]
        var discards: [String: [TraceReason]] = [:]
        var named: Set<String> = []
        ScenarioRunner.run(scenario, until: until) { (record: TraceRecord) throws(Never) in
            guard let message = record.message, record.kind == .displayed || record.kind == .discarded else { return }
            if named.insert(message).inserted { order.append(message) }
            if record.kind == .displayed {
                if firstDisplay[message] == nil { firstDisplay[message] = record.t }
            } else if let reason = record.reason, discards[message]?.contains(reason) != true {
                discards[message, default: []].append(reason)
            }
        }
        for trigger in scenario.triggers where named.insert(trigger.id).inserted { order.append(trigger.id) }
        var expectations: [Expectation] = []
        for message in order {
            if let at = firstDisplay[message] {
                expectations.append(Expectation(message: message, outcome: .displayed(true), profile: other))
                // As the trace prints it (to the millisecond), so the file reads like the trace.
                expectations.append(
                    Expectation(message: message, outcome: .displayedAt(Double(at.traceMillis) / 1000), profile: other))
            } else {
                expectations.append(Expectation(message: message, outcome: .displayed(false), profile: other))
            }
            for reason in discards[message] ?? [] {
                expectations.append(Expectation(message: message, outcome: .discarded(reason), profile: other))
            }
        }
        return expectations
    }
}
