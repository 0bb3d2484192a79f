/// The engine's timers, computed from state rather than kept in a schedule, so none goes stale.
extension Engine {
    /// The earliest time at which something will happen without input; `nil` when nothing will.
    public var nextDeadline: Double? { nextDue()?.at }

    enum Due: Sendable {
        case delivery
        case asset(String)
        case delayed(Int)
        case autoDismiss, sessionEnd
        case waitingExpiry(Int)
    }

    /// The earliest deadline. On a tie the order of `Due`'s cases decides, then list order.
    /// E1 (revision 2): a waiting message's expiry comes after everything else due at that
    /// instant, so an asset that arrives at exactly the expiry still shows.
    func nextDue() -> (at: Double, due: Due)? {
        var best: (at: Double, due: Due)?
        func consider(_ at: Double, _ due: Due) {
            if best == nil || at < best!.at { best = (at, due) }
        }
        if let delivery = state.delivery { consider(delivery.completesAt, .delivery) }
        for url in state.downloads {
            if case .downloading(_, let until, _)? = state.assets[url] { consider(until, .asset(url)) }
        }
        for (i, delayed) in state.delayed.enumerated() { consider(delayed.performAt, .delayed(i)) }
        if let dismissAt = state.visible?.dismissAt { consider(dismissAt, .autoDismiss) }
        if case .background(let since) = state.app, let session = state.session, !session.ended {
            consider(since + state.sessionTimeout, .sessionEnd)
        }
        for (i, pending) in state.waiting.enumerated() {
            if let expiry = pending.expiresAt { consider(expiry, .waitingExpiry(i)) }
        }
        return best
    }

    mutating func runDeadlines(through time: Double) {
        while let (at, due) = nextDue(), at <= time {
            state.now = max(state.now, at)
            fire(due)
        }
        state.now = max(state.now, time)
    }
}
