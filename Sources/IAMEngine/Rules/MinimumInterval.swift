/// P2: the minimum interval between triggers (`ABKMinimumTriggerTimeIntervalKey`).
public enum MinimumInterval {
    /// The trigger's own `min_seconds_since_last_trigger` when it is >= 0, else the global one.
    public static func interval(of trigger: Trigger, settings: Settings) -> Double {
        interval(own: trigger.minSecondsSinceLastTrigger, global: settings.minimumTriggerInterval)
    }

    static func interval(own: Double, global: Double) -> Double {
        own >= 0 ? own : global
    }

    /// Whether `trigger`, performed after `delay`, passes: `now + delay >= lastTriggerTime + interval`.
    /// Before the first trigger of a launch (`lastTriggerTime == nil`) every trigger passes.
    public static func passes(
        _ trigger: Trigger, now: Double, delay: Double, lastTriggerTime: Double?, settings: Settings
    ) -> Bool {
        passes(
            own: trigger.minSecondsSinceLastTrigger, global: settings.minimumTriggerInterval, now: now, delay: delay,
            lastTriggerTime: lastTriggerTime)
    }

    static func passes(own: Double, global: Double, now: Double, delay: Double, lastTriggerTime: Double?) -> Bool {
        guard let last = lastTriggerTime else { return true }
        return now + delay >= last + interval(own: own, global: global)
    }

    /// The earliest event time at which `trigger` would pass, for the trace's `next`.
    public static func nextAllowed(_ trigger: Trigger, lastTriggerTime: Double, settings: Settings) -> Double {
        nextAllowed(
            own: trigger.minSecondsSinceLastTrigger, global: settings.minimumTriggerInterval, delay: trigger.delay,
            lastTriggerTime: lastTriggerTime)
    }

    static func nextAllowed(own: Double, global: Double, delay: Double, lastTriggerTime: Double) -> Double {
        lastTriggerTime + interval(own: own, global: global) - delay
    }
}
