/// P3: whether a trigger may be performed again, from its re-eligibility record.
public enum ReEligibility {
    /// `re_eligibility` 0: always; negative: once only, ever; N > 0: when `time >= lastPerformed + N`.
    public static func isEligible(_ trigger: Trigger, lastPerformed: Double?, at time: Double) -> Bool {
        guard let last = lastPerformed else { return true }
        if trigger.reEligibility == 0 { return true }
        if trigger.reEligibility < 0 { return false }
        return time >= last + trigger.reEligibility
    }

    /// When the trigger becomes eligible again; `nil` when it never will (once only).
    public static func eligibleAgain(_ trigger: Trigger, lastPerformed: Double) -> Double? {
        if trigger.reEligibility == 0 { return lastPerformed }
        if trigger.reEligibility < 0 { return nil }
        return lastPerformed + trigger.reEligibility
    }
}
