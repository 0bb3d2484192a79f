/// P3: whether a trigger may be performed again, from its re-eligibility record.
public enum ReEligibility {
    /// `re_eligibility` 0: always; negative: once only, ever; N > 0: when `time >= lastPerformed + N`.
    public static func isEligible(_ trigger: Trigger, lastPerformed: Double?, at time: Double) -> Bool {
        isEligible(reEligibility: trigger.reEligibility, lastPerformed: lastPerformed, at: time)
    }

    static func isEligible(reEligibility: Double, lastPerformed: Double?, at time: Double) -> Bool {
        guard let last = lastPerformed else { return true }
        if reEligibility == 0 { return true }
        if reEligibility < 0 { return false }
        return time >= last + reEligibility
    }

    /// Whether the answer depends on the record at all: with `re_eligibility` 0 it does not, so
    /// matching need not look the record up.
    static func readsRecord(reEligibility: Double) -> Bool { reEligibility != 0 }

    /// When the trigger becomes eligible again; `nil` when it never will (once only).
    public static func eligibleAgain(_ trigger: Trigger, lastPerformed: Double) -> Double? {
        eligibleAgain(reEligibility: trigger.reEligibility, lastPerformed: lastPerformed)
    }

    static func eligibleAgain(reEligibility: Double, lastPerformed: Double) -> Double? {
        if reEligibility == 0 { return lastPerformed }
        if reEligibility < 0 { return nil }
        return lastPerformed + reEligibility
    }
}
