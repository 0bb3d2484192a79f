/// P2: the minimum interval between triggers (`ABKMinimumTriggerTimeIntervalKey`). The gate
/// itself is `Eligibility` (`intervalExclusion`); this is how a trigger's interval is read.
enum MinimumInterval {
    /// The trigger's own interval as the platform reads it, `nil` for the global one: its own
    /// `min_seconds_since_last_trigger` when it is >= 0. X18: under `literal`, an explicit `-1`
    /// is the trigger's own interval of -1 s (none).
    @inline(__always)
    static func own(_ value: Double, explicit: ExplicitMinusOne, _ minusOne: ExplicitMinusOnePolicy) -> Double? {
        if value >= 0 { return value }
        return minusOne.literalFields(explicit).contains(.minSecondsSinceLastTrigger) ? value : nil
    }

    /// The interval in force: the trigger's own, else the global one.
    static func interval(own: Double?, global: Double) -> Double {
        own ?? global
    }
}
