/// P2: the minimum interval between triggers (`ABKMinimumTriggerTimeIntervalKey`).
public enum MinimumInterval {
    /// The trigger's own `min_seconds_since_last_trigger` when it is >= 0, else the global one.
    public static func interval(of trigger: Trigger, settings: Settings) -> Double {
        trigger.minSecondsSinceLastTrigger >= 0 ? trigger.minSecondsSinceLastTrigger : settings.minimumTriggerInterval
    }

    /// Whether `trigger`, performed after `delay`, passes: `now + delay >= lastTriggerTime + interval`.
    /// Before the first trigger of a launch (`lastTriggerTime == nil`) every trigger passes.
    public static func passes(
        _ trigger: Trigger, now: Double, delay: Double, lastTriggerTime: Double?, settings: Settings
    ) -> Bool {
        guard let last = lastTriggerTime else { return true }
        return now + delay >= last + interval(of: trigger, settings: settings)
    }

    /// The earliest event time at which `trigger` would pass, for the trace's `next`.
    public static func nextAllowed(_ trigger: Trigger, lastTriggerTime: Double, settings: Settings) -> Double {
        lastTriggerTime + interval(of: trigger, settings: settings) - trigger.delay
    }
}
