/// P2: the minimum interval between triggers (`ABKMinimumTriggerTimeIntervalKey`).
public enum MinimumInterval {
    /// The trigger's own `min_seconds_since_last_trigger` when it is >= 0, else the global one.
    /// X18: under `literal`, an explicit `-1` is the trigger's own interval of -1 s (none).
    public static func interval(of trigger: Trigger, settings: Settings) -> Double {
        interval(
            own: own(trigger.minSecondsSinceLastTrigger, explicit: trigger.explicitMinusOne, settings.policies),
            global: settings.minimumTriggerInterval)
    }

    /// The trigger's own interval as the platform reads it, `nil` for the global one (X18).
    @inline(__always)
    static func own(_ value: Double, explicit: ExplicitMinusOne, _ policies: Policies) -> Double? {
        if value >= 0 { return value }
        let literal = policies.explicitMinusOne == .literal && explicit.contains(.minSecondsSinceLastTrigger)
        return literal ? value : nil
    }

    static func interval(own: Double?, global: Double) -> Double {
        own ?? global
    }

    /// Whether `trigger`, performed after `delay`, passes: `now + delay >= lastTriggerTime + interval`.
    /// Before the first trigger of a launch (`lastTriggerTime == nil`) every trigger passes.
    public static func passes(
        _ trigger: Trigger, now: Double, delay: Double, lastTriggerTime: Double?, settings: Settings
    ) -> Bool {
        guard let last = lastTriggerTime else { return true }
        return now + delay >= last + interval(of: trigger, settings: settings)
    }

    static func passes(own: Double?, global: Double, now: Double, delay: Double, lastTriggerTime: Double?) -> Bool {
        guard let last = lastTriggerTime else { return true }
        return now + delay >= last + interval(own: own, global: global)
    }

    /// The earliest event time at which `trigger` would pass, for the trace's `next`.
    public static func nextAllowed(_ trigger: Trigger, lastTriggerTime: Double, settings: Settings) -> Double {
        lastTriggerTime + interval(of: trigger, settings: settings) - trigger.delay
    }

    static func nextAllowed(own: Double?, global: Double, delay: Double, lastTriggerTime: Double) -> Double {
        lastTriggerTime + interval(own: own, global: global) - delay
    }
}
