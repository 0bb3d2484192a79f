/// X30 (D1), web: the SDK's periodic data flush. What the app logs is sent at the next tick of
/// a timer; a tick with something to send restarts the timer when its request completes, one
/// with nothing waits one more period. A session started by an event (after an idle gap) asks
/// for its triggers with the next flush, so its sync and `open` wait for that tick; a page load
/// sends its session start at once and restarts the timer when the answer arrives.
///
/// Times are whole milliseconds of the run: the SDK counts milliseconds and ticks are sums, so
/// a tick lands exactly on a step's instant when the sums say so.
public struct FlushTimer: Sendable, Equatable {
    /// The period, in milliseconds.
    let period: Int64
    /// A request's round trip (the scenario's `syncLatency`), in milliseconds.
    let latency: Int64
    /// The next tick.
    var nextTick: Int64
    /// Something was logged since the last request went out.
    var dataPending = false
    /// A session started by an event waits for the next tick to ask for its triggers.
    public internal(set) var sessionSyncPending = false
    /// The page was hidden then (`background`): a tick that comes while it is hidden waits for
    /// it to show (the SDK's timer waits for `visibilitychange`).
    var hiddenSince: Int64?

    /// The timer after a page load at `now`: restarted when the request sent at once completes,
    /// or one period on when nothing was sent.
    init(period: Double, latency: Double, restartedAt now: Double, requestSent: Bool) {
        self.period = max(1, Self.milliseconds(period))
        self.latency = max(0, Self.milliseconds(latency))
        nextTick = Self.milliseconds(now) + (requestSent ? self.latency : 0) + self.period
    }

    /// When the tick that starts a waiting session's sync comes; `nil` when none waits.
    public var sessionSyncAt: Double? { sessionSyncPending && !waitsForPage ? Double(nextTick) / 1000 : nil }

    /// The next tick came while the page is hidden: it runs when the page shows.
    var waitsForPage: Bool { hiddenSince.map { nextTick >= $0 } ?? false }

    /// Runs the ticks up to and including `now` (a tick at a step's instant comes before it):
    /// one with data sends it, and the timer restarts when that request completes; the others
    /// find nothing and wait a period each.
    mutating func advance(to now: Double) { advance(toMilliseconds: Self.milliseconds(now)) }

    private mutating func advance(toMilliseconds now: Int64) {
        while nextTick <= now, !waitsForPage {
            if dataPending {
                dataPending = false
                nextTick += latency + period
            } else {
                let limit = hiddenSince.map { min(now, $0) } ?? now
                nextTick += ((limit - nextTick) / period + 1) * period
            }
        }
    }

    /// The page is hidden at `now` (`background`).
    mutating func hide(at now: Double) {
        advance(to: now)
        hiddenSince = Self.milliseconds(now)
    }

    /// The page shows again at `now` (`foreground`): a tick that came while it was hidden runs
    /// now. Whether that tick carries a waiting session's sync (the engine starts it).
    mutating func show(at now: Double) -> Bool {
        defer { hiddenSince = nil }
        guard waitsForPage else { return false }
        let now = Self.milliseconds(now)
        guard nextTick <= now else { return false }
        nextTick = now
        if sessionSyncPending { return true }
        nextTick += dataPending ? latency + period : period
        dataPending = false
        return false
    }

    /// Something is logged at `now`: the next tick sends it. Logged by a timer set at `setAt`
    /// and due at the tick's own instant, it goes with that tick when its timer was set no later
    /// than the tick's (timers due at one millisecond run in the order they were set).
    mutating func logged(at now: Double, setAt: Double? = nil) {
        let ms = Self.milliseconds(now)
        advance(toMilliseconds: ms - 1)
        if let setAt, nextTick == ms, Self.milliseconds(setAt) <= nextTick - period {
            dataPending = true
            return
        }
        advance(toMilliseconds: ms)
        dataPending = true
    }

    /// A session starts at `now` on an event: its start is logged and its sync waits for the tick.
    mutating func sessionStarted(at now: Double) {
        logged(at: now)
        sessionSyncPending = true
    }

    /// The tick that carries a waiting session's request: sent now, the timer restarts when it
    /// completes.
    mutating func sendSessionSync() {
        sessionSyncPending = false
        dataPending = false
        nextTick += latency + period
    }

    static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}

extension Engine {
    /// X30: the page load at `state.now` restarts the flush timer (a platform with one).
    mutating func restartFlushTimer(requestSent: Bool) {
        guard let period = state.settings.profile.flushPeriod else { return }
        state.flush = FlushTimer(
            period: period, latency: state.settings.network.syncLatency, restartedAt: state.now,
            requestSent: requestSent)
    }

    /// X30: the SDK logged something now (an event, an impression, a display failure): the next
    /// periodic flush carries it (a platform with one). A delayed trigger performing now passes
    /// when its timer was set (`timerSetAt`).
    mutating func flushCarriesLogged() { state.flush?.logged(at: state.now, setAt: timerSetAt) }

    /// X30: the SDK logs a display failure (an expired or unparsable message): it goes out with
    /// the next flush and, as anything logged, is activity that keeps the session alive.
    mutating func displayFailureLogged() {
        guard state.flush != nil else { return }
        flushCarriesLogged()
        if state.settings.sessionsEndByInactivity, state.sessionIsLive { state.lastActivity = state.now }
    }

    /// X30: the tick a session started by an event waited for: its sync starts, `open` waits behind it.
    mutating func flushSessionSync() {
        state.flush?.sendSessionSync()
        startDelivery()
        raise(.open)
    }
}

extension Profile {
    /// X30 (D1): the period of the SDK's data flush (`nil`: a session's sync starts with the
    /// session). The one reader of the row.
    public var flushPeriod: Double? { policies.periodicFlush }
}
