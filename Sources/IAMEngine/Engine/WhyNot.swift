/// "Why not?": each gate a trigger must pass to fire now, and which one stops it.
public struct Gate: Sendable, Equatable {
    /// The rule ID of the spec (T2, P2, ...).
    public var rule: String
    public var name: String
    public var passes: Bool
    /// What the gate saw, in a few words ("next allowed at 42.5", "cart.total > 10: 7").
    public var detail: String

    public init(rule: String, name: String, passes: Bool, detail: String) {
        self.rule = rule; self.name = name; self.passes = passes; self.detail = detail
    }
}

extension Engine {
    /// The gates of `triggerID` at the current time, against the last event raised.
    public func whyNot(_ triggerID: String) -> [Gate] {
        []
    }
}
