import IAMEngine

/// One entry of a scenario's `expect` list (issue 47, `docs/RULES.md` "Expectations"): what the
/// trace must show of one message. `iamterm test` checks each against the trace of every
/// profile it holds under.
public struct Expectation: Sendable, Equatable {
    /// What the trace must show.
    public enum Outcome: Sendable, Equatable {
        /// `"displayed": true`: at least one `displayed` record of the message; `false`: none.
        case displayed(Bool)
        /// `"displayed_at": T`: a `displayed` record of the message at simulated second T (to the
        /// millisecond, as the trace prints times).
        case displayedAt(Double)
        /// `"discarded": REASON`: a `discarded` record of the message with that reason.
        case discarded(TraceReason)
    }

    /// The message's id as the trace names it (a trigger id, a test send's id, `local-N`).
    public var message: String
    public var outcome: Outcome
    /// The one profile it is checked under (`"profile"`), or `nil`: the file's own
    /// `settings.profile`, or each of `iamterm test --profiles`.
    public var profile: Profile?

    public init(message: String, outcome: Outcome, profile: Profile? = nil) {
        self.message = message
        self.outcome = outcome
        self.profile = profile
    }

    /// The entry as a file writes it: `{"message": "promo", "discarded": "timeout"}`.
    public var json: JSONValue {
        typealias Key = ScenarioDecoder.ExpectKey
        var members = [StepEncoding.member(Key.message, .string(message))]
        switch outcome {
        case .displayed(let shown): members.append(StepEncoding.member(Key.displayed, .bool(shown)))
        case .displayedAt(let at): members.append(StepEncoding.member(Key.displayedAt, StepEncoding.number(at)))
        case .discarded(let reason): members.append(StepEncoding.member(Key.discarded, .string(reason.rawValue)))
        }
        if let profile { members.append(StepEncoding.member(Key.profile, .string(profile.name))) }
        return .object(members)
    }

    /// The entry on one line, as written (for a failure line).
    public var text: String { JSONText.compact(json) }
}

/// Two simulated times that the trace prints alike (to the millisecond).
extension Double {
    var traceMillis: Int64 { Int64((self * 1000).rounded()) }
}
