/// The engine's timers, read from the state's queues (`DeadlineQueue`), so none goes stale.
extension Engine {
    /// The earliest time at which something will happen without input; `nil` when nothing will.
    public var nextDeadline: Double? { nextDue()?.at }

    enum Due: Sendable {
        case delivery
        case flushTick
        case asset(Int)
        case delayed(Int)
        case autoDismiss, sessionEnd
        case waitingExpiry(Int)
        case strayDismiss
        case pageDismiss(Int)
    }

    /// The earliest deadline. On a tie the order of `Due`'s cases decides, then the order in
    /// which the items were added. Each kind's earliest comes from its `DeadlineQueue`, so this
    /// costs the same however many delays, downloads and waiting messages are pending.
    /// E1 (revision 2): a waiting message's expiry comes after everything else due at that
    /// instant, so an asset that arrives at exactly the expiry still shows.
    /// Inlined: called on `self` in place, a large struct is otherwise copied whole for the call
    /// (over a kilobyte, several times per step).
    @inline(__always)
    func nextDue() -> (at: Double, due: Due)? {
        // A value, not a local captured by a nested function: a captured `var` is checked for
        // exclusive access at run time on every use, and this runs several times per step.
        var earliest = Earliest()
        if let delivery = state.delivery { earliest.consider(delivery.completesAt, .delivery) }
        if let tick = state.flush?.sessionSyncAt { earliest.consider(tick, .flushTick) }
        if let download = state.downloads.earliest { earliest.consider(download.at, .asset(download.position)) }
        if let delayed = state.delayed.earliest { earliest.consider(delayed.at, .delayed(delayed.position)) }
        // X58: the messages beneath were displayed earlier, so on a tie their timers run first.
        if !state.beneath.isEmpty, let (index, at) = state.earliestBeneathDismissal {
            earliest.consider(at, .pageDismiss(index))
        }
        if let dismissAt = state.visible?.dismissAt { earliest.consider(dismissAt, .autoDismiss) }
        // X30: a platform whose sessions end by inactivity ends them at the next event instead.
        if case .background(let since) = state.app, let session = state.session, !session.ended,
            !state.settings.sessionsEndByInactivity
        {
            earliest.consider(since + state.sessionTimeout, .sessionEnd)
        }
        if let expiry = state.waiting.earliest { earliest.consider(expiry.at, .waitingExpiry(expiry.position)) }
        if let stray = state.strayDismissals.first { earliest.consider(stray, .strayDismiss) }
        return earliest.best
    }

    /// The earliest deadline seen so far; the first of equal times is kept.
    private struct Earliest {
        var best: (at: Double, due: Due)?

        mutating func consider(_ at: Double, _ due: Due) {
            if best == nil || at < best!.at { best = (at, due) }
        }
    }

    mutating func runDeadlines(through time: Double) {
        while let (at, due) = nextDue(), at <= time {
            state.now = max(state.now, at)
            fire(due)
        }
        state.now = max(state.now, time)
    }
}
