/// E1: a message's expiry, and when it counts as expired.
extension EngineState {
    /// Event time + `timeout` (milliseconds); a trigger without one (absent, `null`, `-1`) has
    /// none, unless the platform gives it a default (X11). X18: a platform that reads an explicit
    /// `-1` literally expires the message a millisecond before its event (at once), and gives no
    /// default to such a trigger: only an absent or `null` timeout gets X11's.
    public func expiry(of trigger: Trigger, eventTime: Double) -> Double? {
        if trigger.timeout >= 0 { return eventTime + trigger.timeout / 1000 }
        if settings.profile.gateReading.explicitMinusOne.literalFields(trigger.explicitMinusOne).contains(.timeout) {
            return eventTime + trigger.timeout / 1000
        }
        switch settings.policies.defaultTimeout {
        case .none: return nil
        case .afterDelay(let seconds): return eventTime + trigger.delay + seconds
        }
    }

    /// Expired only once `now > expiry`: at exactly the expiry it still shows (revision 2);
    /// X14: unless the platform expires it at that instant.
    public func isExpired(at expiry: Double) -> Bool { isExpired(at: expiry, by: now) }

    /// The same asked of a later moment (why-not: a message that would wait for its image).
    public func isExpired(at expiry: Double, by time: Double) -> Bool {
        settings.policies.expiredAtExpiry ? time >= expiry : time > expiry
    }
}
