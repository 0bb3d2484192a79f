/// The rule ids of delivery-rules.md that why-not and the countdowns name.
public enum RuleID: String, Sendable, Equatable, CaseIterable {
    /// On the device: delivered with the session's trigger set.
    case d1 = "D1"
    /// The app is running.
    case s1 = "S1"
    /// The event matches the trigger's conditions.
    case t1 = "T1"
    /// The time window.
    case t2 = "T2"
    /// Re-eligibility.
    case p3 = "P3"
    /// The minimum interval.
    case p2 = "P2"
    /// The offer: can the message show now.
    case l3 = "L3"
}
