// T2: a trigger matches only while `start_time < now < end_time` (unix seconds; nil = no bound).
// X17: how a platform compares the bounds; X18: what an explicit -1 bound is.
extension Trigger {
    public func isInTimeWindow(unixNow: Double, under profile: Profile) -> Bool {
        let reading = profile.gateReading
        let (start, end) = TimeWindow.bounds(
            start: startTime, end: endTime, explicit: explicitMinusOne, reading.explicitMinusOne)
        return TimeWindow.contains(start: start, end: end, unixNow: unixNow, reading.timeWindow)
    }
}

enum TimeWindow {
    /// The bounds as the platform reads them. X18: an explicit `-1` is no bound (as absent), or
    /// under `literal` a bound at -1 s, a second before 1970: as an end it has always passed.
    @inline(__always)
    static func bounds(
        start: Double?, end: Double?, explicit: ExplicitMinusOne, _ minusOne: ExplicitMinusOnePolicy
    ) -> (start: Double?, end: Double?) {
        let literal = minusOne.literalFields(explicit)
        guard !literal.isEmpty else { return (start, end) }
        return (literal.contains(.startTime) ? -1 : start, literal.contains(.endTime) ? -1 : end)
    }

    /// Whether the window holds at `unixNow` (X17: strict, strict on whole seconds, or inclusive).
    @inline(__always)
    static func contains(start: Double?, end: Double?, unixNow: Double, _ policy: TimeWindowPolicy) -> Bool {
        hasOpened(start: start, unixNow: unixNow, policy) && !hasClosed(end: end, unixNow: unixNow, policy)
    }

    /// Whether the start bound is behind `unixNow`.
    @inline(__always)
    static func hasOpened(start: Double?, unixNow: Double, _ policy: TimeWindowPolicy) -> Bool {
        guard let start else { return true }
        switch policy {
        case .strict: return start < unixNow
        // The SDK reads the clock in whole seconds and holds the bounds as integers.
        case .strictWholeSeconds: return start.rounded(.towardZero) < unixNow.rounded(.down)
        // The SDK truncates a bound to an integer (`parseInt`), then compares milliseconds.
        case .inclusive: return start.rounded(.towardZero) <= unixNow
        }
    }

    /// The first instant the start bound is behind, as `hasOpened` reads it: `after` when the
    /// window opens only after `at` (a strict comparison of exact times), not at it.
    static func opening(start: Double, _ policy: TimeWindowPolicy) -> (at: Double, after: Bool) {
        switch policy {
        case .strict: (start, true)
        case .strictWholeSeconds: (start.rounded(.towardZero) + 1, false)
        case .inclusive: (start.rounded(.towardZero), false)
        }
    }

    /// Whether the end bound is no longer ahead of `unixNow`.
    @inline(__always)
    static func hasClosed(end: Double?, unixNow: Double, _ policy: TimeWindowPolicy) -> Bool {
        guard let end else { return false }
        switch policy {
        case .strict: return !(unixNow < end)
        case .strictWholeSeconds: return !(unixNow.rounded(.down) < end.rounded(.towardZero))
        case .inclusive: return !(unixNow <= end.rounded(.towardZero))
        }
    }
}
