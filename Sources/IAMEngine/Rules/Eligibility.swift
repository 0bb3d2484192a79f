/// Why a trigger that matches an event cannot fire now: the first gate it fails (P1).
public enum Exclusion: Sendable, Equatable {
    /// T2: `start_time < now < end_time` does not hold. `notYet` when the window has not opened.
    case outsideTimeWindow(notYet: Bool)
    /// P3: performed before; `again` is the event time from which it passes, `nil` when never.
    case reEligibility(again: Double?)
    /// P2: inside the minimum interval; `next` is the event time from which it passes.
    case minimumInterval(next: Double)

    /// The `trigger_skipped` / `trigger_dropped` reason.
    public var reason: TraceReason {
        switch self {
        case .outsideTimeWindow: .outsideTimeWindow
        case .reEligibility: .reEligibility
        case .minimumInterval: .minInterval
        }
    }

    /// The time the trace reports as `next`, when there is one.
    public var next: Double? {
        switch self {
        case .outsideTimeWindow: nil
        case .reEligibility(let again): again
        case .minimumInterval(let next): next
        }
    }
}

/// When the gates are asked: at the event (P1) or when a delayed winner is performed (E1).
public enum EligibilityMoment: Sendable, Equatable {
    /// An event at the current time: T2, then P3 and P2 as of `now + delay` (the trigger would be
    /// performed then). Times in the result are event times.
    case event
    /// E1's re-check when the trigger is performed: P3 and P2 as of now (T2 is not asked again).
    case perform
}

/// What P1's gates (T2, P3, P2, E2) and P4 read of a trigger, apart from its id. `TriggerSet`
/// keeps one per position, so that matching reads a short contiguous list, not the triggers.
package struct Gates: Sendable, Hashable {
    package var startTime: Double?
    package var endTime: Double?
    package var delay: Double
    package var reEligibility: Double
    package var minSecondsSinceLastTrigger: Double
    package var priority: Int
    package var isTest: Bool
    /// X18: which of the fields above were written as an explicit `-1`.
    package var explicitMinusOne: ExplicitMinusOne
    /// X34: `re_eligibility` was written `null`.
    package var reEligibilityIsNull = false

    /// A trigger with no gate of its own: no window, no delay, always re-eligible, the global
    /// minimum interval.
    static let onGlobalInterval = Gates(
        startTime: nil, endTime: nil, delay: 0, reEligibility: 0, minSecondsSinceLastTrigger: -1, priority: 0,
        isTest: false)

    init(
        startTime: Double?, endTime: Double?, delay: Double, reEligibility: Double, minSecondsSinceLastTrigger: Double,
        priority: Int, isTest: Bool, explicitMinusOne: ExplicitMinusOne = []
    ) {
        self.explicitMinusOne = explicitMinusOne
        self.startTime = startTime
        self.endTime = endTime
        self.delay = delay
        self.reEligibility = reEligibility
        self.minSecondsSinceLastTrigger = minSecondsSinceLastTrigger
        self.priority = priority
        self.isTest = isTest
    }

    package init(_ trigger: Trigger) {
        startTime = trigger.startTime
        endTime = trigger.endTime
        delay = trigger.delay
        reEligibility = trigger.reEligibility
        minSecondsSinceLastTrigger = trigger.minSecondsSinceLastTrigger
        priority = trigger.priority
        isTest = trigger.isTest
        explicitMinusOne = trigger.explicitMinusOne
        reEligibilityIsNull = trigger.reEligibilityIsNull
    }
}

extension EngineState {
    /// P1: the one answer to "can this trigger fire now?". Matching, E1's re-check, why-not, the
    /// trigger list and its countdowns all ask this (or its three gates, for why-not's list);
    /// nothing else restates the gates (`GateInputs` below holds them).
    ///
    /// Gates in the engine's order: T2 (at an event only), P3, P2. E2: a trigger with a `test`
    /// condition is never held back by the minimum interval, whatever event reaches it.
    public func exclusion(of trigger: Trigger, at now: Double, moment: EligibilityMoment = .event) -> Exclusion? {
        gateInputs.exclusion(of: Gates(trigger), id: trigger.id, at: now, moment: moment)
    }

    /// X50–X52: the platform row alone that lets `trigger` pass P1 now, and the gate it passes,
    /// where the rules as written would hold it back; the trace names it on the pass's record.
    public func passOwed(by trigger: Trigger, at now: Double, moment: EligibilityMoment = .event) -> (
        row: Difference, rule: RuleID
    )? {
        gateInputs.passOwed(to: Gates(trigger), id: trigger.id, at: now, moment: moment)
    }

    /// T2 at event time `now`.
    public func timeWindowExclusion(of trigger: Trigger, at now: Double) -> Exclusion? {
        gateInputs.timeWindowExclusion(of: Gates(trigger), at: now)
    }

    /// P3, as of the time the trigger would be performed.
    public func reEligibilityExclusion(
        of trigger: Trigger, at now: Double, moment: EligibilityMoment = .event
    ) -> Exclusion? {
        gateInputs.reEligibilityExclusion(of: Gates(trigger), id: { trigger.id }, at: now, moment: moment)
    }

    /// P2, as of the time the trigger would be performed; never for a `test` trigger (E2).
    public func intervalExclusion(of trigger: Trigger, at now: Double, moment: EligibilityMoment = .event) -> Exclusion?
    {
        gateInputs.intervalExclusion(of: Gates(trigger), at: now, moment: moment)
    }

    /// What P1 reads of the state. Matching takes it once per event: a question asked of the
    /// whole state copied it (over a kilobyte) for every candidate.
    @inline(__always)
    package var gateInputs: GateInputs {
        GateInputs(
            epoch: settings.epoch, minimumTriggerInterval: settings.minimumTriggerInterval,
            lastTriggerTime: lastTriggerTime, lastPerformed: lastPerformed, reading: settings.profile.gateReading)
    }

    /// P1 asked forward in time: the earliest event time, from `now` on, at which `trigger`
    /// passes every gate (T2, P3, P2, each with its own interval), or `nil` when it never will
    /// again (a window that has closed, a once-only trigger already performed). The side panel's
    /// countdown and the timeline picture ask this; nothing restates the gates.
    public func nextAllowed(_ trigger: Trigger, at now: Double) -> NextAllowed? {
        gateInputs.nextAllowed(of: Gates(trigger), id: trigger.id, at: now).map {
            NextAllowed(triggerID: trigger.id, at: $0.at, heldBy: $0.heldBy, since: $0.since, after: $0.after)
        }
    }

    /// The trigger on the device that can fire first, from `now` on (ties: the first delivered),
    /// or `nil` when none can fire again (or none is on the device). `test` triggers fire at
    /// delivery (E2), not on an event, and are left out.
    public func nextTriggerAllowed(at now: Double) -> NextAllowed? {
        let set = delivered
        let inputs = gateInputs
        var best: NextAllowed?
        for (index, gates) in set.gates.enumerated() where !gates.isTest {
            let id = set.triggers[index].id
            guard let next = inputs.nextAllowed(of: gates, id: id, at: now),
                next.at < (best?.at ?? .infinity) || (next.at == best?.at && best?.after == true && !next.after)
            else {
                continue
            }
            best = NextAllowed(triggerID: id, at: next.at, heldBy: next.heldBy, since: next.since, after: next.after)
        }
        return best
    }

    /// P2 for a trigger on the global interval (no `min_seconds_since_last_trigger` of its own,
    /// no delay): the event time from which it passes, or `nil` when it passes now. The timeline
    /// picture shades this span; a trigger with its own interval can fire sooner or later
    /// (`nextAllowed` answers for it).
    public func globalIntervalEnds(at now: Double) -> Double? {
        gateInputs.intervalExclusion(of: .onGlobalInterval, at: now, moment: .event)?.next
    }

    /// X3 asked of the profile: whether a keyboard on screen holds messages back when no delegate
    /// answers (the side panel's delegate line says so).
    public var keyboardGateApplies: Bool { settings.policies.keyboardHoldsBack }
}

/// X17, X18, X34, X50–X52: how a platform reads P1's gates (T2, P2, P3) and a trigger's
/// explicit `-1`s (T2, P2, E1).
package struct GateReading: Sendable, Equatable {
    /// X17 (T2): how the time window's bounds are compared with the event's time.
    package var timeWindow: TimeWindowPolicy
    /// X18: what an explicit `-1` in `end_time`, `min_seconds_since_last_trigger` or `timeout` means.
    package var explicitMinusOne: ExplicitMinusOnePolicy
    /// X34 (P3): whether `re_eligibility: null` means always re-eligible.
    package var nullReEligibilityAlways: Bool
    /// X50 (E1): whether a delayed message's hand-over checks P2 again.
    package var handOverChecksInterval: Bool
    /// X51 (E1, P3): how a delayed message's hand-over checks P3 again.
    package var handOverReEligibility: HandOverReEligibility
    /// X52 (P2, P3): the clock the gates are stamped and read on.
    package var gateClock: GateClock
}

extension Profile {
    /// P1 as this platform reads it: the one reader of its rows X17, X18, X34 and X50–X52
    /// (the gates, expiry's `-1`, and the invariant checker ask this).
    package var gateReading: GateReading {
        GateReading(
            timeWindow: policies.timeWindow, explicitMinusOne: policies.explicitMinusOne,
            nullReEligibilityAlways: policies.nullReEligibilityAlways,
            handOverChecksInterval: policies.handOverChecksInterval,
            handOverReEligibility: policies.handOverReEligibility, gateClock: policies.gateClock)
    }
}

/// When a trigger can fire next (`EngineState.nextAllowed`).
public struct NextAllowed: Sendable, Equatable {
    public var triggerID: String
    /// Event time from which every gate passes (`now` when it passes now).
    public var at: Double
    /// The gate that holds it until then (`nil` when it passes now): T2, P3 or P2.
    public var heldBy: RuleID?
    /// When that wait began, for a progress bar: the last trigger's time for P2, its last
    /// performance for P3; `nil` for T2 or when it passes now.
    public var since: Double?
    /// It passes only after `at`, not at it: a strict window's start (T2, X17). At that very
    /// instant it is still held (`heldBy` T2), as matching would skip it.
    public var after: Bool

    public init(triggerID: String, at: Double, heldBy: RuleID?, since: Double?, after: Bool = false) {
        self.triggerID = triggerID
        self.at = at
        self.heldBy = heldBy
        self.since = since
        self.after = after
    }
}

/// P1's gates over what they read of the state (`EngineState.gateInputs`).
package struct GateInputs: Sendable {
    var epoch: Double
    var minimumTriggerInterval: Double
    var lastTriggerTime: Double?
    var lastPerformed: [String: Double]
    /// X17, X18, X34, X50–X52: how the platform reads the gates (`Profile.gateReading`).
    var reading: GateReading

    /// P1 for the trigger `id` whose gates are `gates` (matching keeps them by position). `id`
    /// is read only when P3 needs the trigger's record (matching then skips reading the trigger).
    @inline(__always)
    package func exclusion(
        of gates: Gates, id: @autoclosure () -> String, at now: Double, moment: EligibilityMoment = .event
    ) -> Exclusion? {
        if moment == .event, let closed = timeWindowExclusion(of: gates, at: now) { return closed }
        return reEligibilityExclusion(of: gates, id: id, at: now, moment: moment)
            ?? intervalExclusion(of: gates, at: now, moment: moment)
    }

    /// The earliest event time from `now` on at which every gate passes, the last gate to open
    /// and when its wait began; `nil` when one never opens again. Each gate, once open, stays
    /// open (T2 until its end), so the answer is the latest of the three opening times.
    func nextAllowed(
        of gates: Gates, id: String, at now: Double
    ) -> (at: Double, heldBy: RuleID?, since: Double?, after: Bool)? {
        var at = now
        var heldBy: RuleID?
        var since: Double?
        var after = false
        func hold(until time: Double, by rule: RuleID, since start: Double?) {
            guard time > at else { return }
            at = time
            heldBy = rule
            since = start
            after = false
        }
        switch timeWindowExclusion(of: gates, at: now) {
        case .outsideTimeWindow(notYet: true)?:
            let (start, _) = TimeWindow.bounds(
                start: gates.startTime, end: gates.endTime, explicit: gates.explicitMinusOne, reading.explicitMinusOne)
            guard let start else { return nil }
            // X17: where the window opens as the platform reads it; held by T2 even at a strict
            // window's very start, which T2 does not pass.
            let opening = TimeWindow.opening(start: start, reading.timeWindow)
            at = max(now, opening.at - epoch)
            heldBy = .t2
            after = opening.after
        case .some: return nil
        case nil: break
        }
        switch reEligibilityExclusion(of: gates, id: { id }, at: now, moment: .event) {
        case .reEligibility(let again?)?: hold(until: again, by: .p3, since: lastPerformed[id])
        case .some: return nil
        case nil: break
        }
        if case .minimumInterval(let next)? = intervalExclusion(of: gates, at: now, moment: .event) {
            hold(until: next, by: .p2, since: lastTriggerTime)
        }
        // T2's end as the platform reads it (X17, X18): a window that has closed by then never
        // lets it pass again.
        let (_, end) = TimeWindow.bounds(
            start: gates.startTime, end: gates.endTime, explicit: gates.explicitMinusOne, reading.explicitMinusOne)
        if TimeWindow.hasClosed(end: end, unixNow: epoch + at, reading.timeWindow) { return nil }
        return (at, heldBy, since, after)
    }

    /// T2 at event time `now`.
    @inline(__always)
    func timeWindowExclusion(of gates: Gates, at now: Double) -> Exclusion? {
        let unixNow = epoch + now
        let (start, end) = TimeWindow.bounds(
            start: gates.startTime, end: gates.endTime, explicit: gates.explicitMinusOne, reading.explicitMinusOne)
        let window = reading.timeWindow
        guard !TimeWindow.contains(start: start, end: end, unixNow: unixNow, window) else { return nil }
        return .outsideTimeWindow(notYet: !TimeWindow.hasOpened(start: start, unixNow: unixNow, window))
    }

    /// P3, as of the time the trigger would be performed. X51: at a delayed message's hand-over
    /// a platform may add the trigger's delay again; X52: on the platform's clock.
    @inline(__always)
    func reEligibilityExclusion(
        of gates: Gates, id: () -> String, at now: Double, moment: EligibilityMoment
    ) -> Exclusion? {
        // X34: a platform that keeps `null` reads it as always re-eligible.
        if gates.reEligibilityIsNull, reading.nullReEligibilityAlways { return nil }
        guard ReEligibility.readsRecord(reEligibility: gates.reEligibility), let last = lastPerformed[id()] else {
            return nil
        }
        guard gates.reEligibility > 0 else { return .reEligibility(again: nil) }
        let delay = moment == .event || reading.handOverReEligibility == .delayAddedAgain ? gates.delay : 0
        if reached(now, plus: delay, since: last, span: gates.reEligibility) { return nil }
        return .reEligibility(again: reachedFrom(plus: delay, since: last, span: gates.reEligibility))
    }

    /// P2, as of the time the trigger would be performed; never for a `test` trigger (E2). X50: a
    /// platform may hand a delayed message over without this check; X52: on the platform's clock.
    @inline(__always)
    func intervalExclusion(of gates: Gates, at now: Double, moment: EligibilityMoment) -> Exclusion? {
        guard !gates.isTest, let lastTriggerTime else { return nil }
        if moment == .perform, !reading.handOverChecksInterval { return nil }
        let delay = moment == .event ? gates.delay : 0
        let own = MinimumInterval.own(
            gates.minSecondsSinceLastTrigger, explicit: gates.explicitMinusOne, reading.explicitMinusOne)
        let interval = MinimumInterval.interval(own: own, global: minimumTriggerInterval)
        if reached(now, plus: delay, since: lastTriggerTime, span: interval) { return nil }
        return .minimumInterval(next: reachedFrom(plus: delay, since: lastTriggerTime, span: interval))
    }

    /// X52: whether `time + plus >= since + span` on the platform's clock (P2, P3). In whole
    /// seconds both stamps are the floor of the unix time (`epoch` + simulated seconds).
    @inline(__always)
    func reached(_ time: Double, plus: Double, since: Double, span: Double) -> Bool {
        switch reading.gateClock {
        case .asGiven: time + plus >= since + span
        case .wholeSeconds: (epoch + time).rounded(.down) + plus >= (epoch + since).rounded(.down) + span
        }
    }

    /// X52: the earliest simulated time at which `reached` holds.
    func reachedFrom(plus: Double, since: Double, span: Double) -> Double {
        switch reading.gateClock {
        case .asGiven: since + span - plus
        case .wholeSeconds: ((epoch + since).rounded(.down) + span - plus).rounded(.up) - epoch
        }
    }

    /// X50–X52: the row alone that lets the trigger pass P1 now, where the rules as written
    /// (P2 and P3 checked again at the hand-over, as of its time, on the time as given) would
    /// hold it back; `nil` when they would let it pass too.
    func passOwed(to gates: Gates, id: String, at now: Double, moment: EligibilityMoment) -> (Difference, RuleID)? {
        guard
            !reading.handOverChecksInterval || reading.handOverReEligibility != .atHandOver
                || reading.gateClock != .asGiven
        else { return nil }
        var written = self
        written.reading.handOverChecksInterval = true
        written.reading.handOverReEligibility = .atHandOver
        written.reading.gateClock = .asGiven
        guard let exclusion = written.exclusion(of: gates, id: id, at: now, moment: moment) else { return nil }
        switch exclusion {
        case .minimumInterval:
            return (moment == .perform && !reading.handOverChecksInterval ? .x50 : .x52, .p2)
        case .reEligibility:
            var exactClock = self
            exactClock.reading.gateClock = .asGiven
            let addsDelay = moment == .perform && reading.handOverReEligibility == .delayAddedAgain
            let row: Difference =
                addsDelay && exactClock.reEligibilityExclusion(of: gates, id: { id }, at: now, moment: moment) == nil
                ? .x51 : .x52
            return (row, .p3)
        case .outsideTimeWindow:
            return nil
        }
    }
}
