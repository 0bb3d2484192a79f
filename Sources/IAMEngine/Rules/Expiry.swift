/// E1: a message's expiry, and when it counts as expired.
extension EngineState {
    /// Event time + `timeout` (milliseconds); a trigger without one (`-1`) has none, unless the
    /// platform gives it a default (X11).
    public func expiry(of trigger: Trigger, eventTime: Double) -> Double? {
        if trigger.timeout >= 0 { return eventTime + trigger.timeout / 1000 }
        switch settings.policies.defaultTimeout {
        case .none: return nil
        case .afterDelay(let seconds): return eventTime + trigger.delay + seconds
        }
    }

    /// Expired only once `now > expiry`: at exactly the expiry it still shows (revision 2);
    /// X14: unless the platform expires it at that instant.
    public func isExpired(at expiry: Double) -> Bool {
        settings.policies.expiredAtExpiry ? now >= expiry : now > expiry
    }
}
