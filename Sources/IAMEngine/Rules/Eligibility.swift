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
package struct Gates: Sendable, Equatable {
    package var startTime: Double?
    package var endTime: Double?
    package var delay: Double
    package var reEligibility: Double
    package var minSecondsSinceLastTrigger: Double
    package var priority: Int
    package var isTest: Bool
    /// X18: which of the fields above were written as an explicit `-1`.
    package var explicitMinusOne: ExplicitMinusOne

    package init(_ trigger: Trigger) {
        startTime = trigger.startTime
        endTime = trigger.endTime
        delay = trigger.delay
        reEligibility = trigger.reEligibility
        minSecondsSinceLastTrigger = trigger.minSecondsSinceLastTrigger
        priority = trigger.priority
        isTest = trigger.isTest
        explicitMinusOne = trigger.explicitMinusOne
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
            lastTriggerTime: lastTriggerTime, lastPerformed: lastPerformed, policies: settings.policies)
    }

    /// P2 with the global interval, for the side panel's countdown: when the next trigger (of the
    /// default interval) is allowed, or `nil` when one is allowed now.
    public func globalCooldown(at now: Double) -> (next: Double, interval: Double)? {
        guard let lastTriggerTime else { return nil }
        let interval = settings.minimumTriggerInterval
        let next = lastTriggerTime + interval
        return next > now ? (next, interval) : nil
    }
}

/// P1's gates over what they read of the state (`EngineState.gateInputs`).
package struct GateInputs: Sendable {
    var epoch: Double
    var minimumTriggerInterval: Double
    var lastTriggerTime: Double?
    var lastPerformed: [String: Double]
    /// X17, X18: how the platform reads the time window and an explicit `-1`.
    var policies: Policies

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

    /// T2 at event time `now`.
    @inline(__always)
    func timeWindowExclusion(of gates: Gates, at now: Double) -> Exclusion? {
        let unixNow = epoch + now
        let (start, end) = TimeWindow.bounds(
            start: gates.startTime, end: gates.endTime, explicit: gates.explicitMinusOne, policies.explicitMinusOne)
        let window = policies.timeWindow
        guard !TimeWindow.contains(start: start, end: end, unixNow: unixNow, window) else { return nil }
        return .outsideTimeWindow(notYet: !TimeWindow.hasOpened(start: start, unixNow: unixNow, window))
    }

    /// P3, as of the time the trigger would be performed.
    @inline(__always)
    func reEligibilityExclusion(
        of gates: Gates, id: () -> String, at now: Double, moment: EligibilityMoment
    ) -> Exclusion? {
        guard ReEligibility.readsRecord(reEligibility: gates.reEligibility) else { return nil }
        let delay = moment == .event ? gates.delay : 0
        let last = lastPerformed[id()]
        guard !ReEligibility.isEligible(reEligibility: gates.reEligibility, lastPerformed: last, at: now + delay)
        else { return nil }
        let again = last.flatMap { ReEligibility.eligibleAgain(reEligibility: gates.reEligibility, lastPerformed: $0) }
        return .reEligibility(again: again.map { $0 - delay })
    }

    /// P2, as of the time the trigger would be performed; never for a `test` trigger (E2).
    @inline(__always)
    func intervalExclusion(of gates: Gates, at now: Double, moment: EligibilityMoment) -> Exclusion? {
        guard !gates.isTest, let lastTriggerTime else { return nil }
        let delay = moment == .event ? gates.delay : 0
        let own = MinimumInterval.own(gates.minSecondsSinceLastTrigger, explicit: gates.explicitMinusOne, policies)
        let global = minimumTriggerInterval
        guard
            !MinimumInterval.passes(own: own, global: global, now: now, delay: delay, lastTriggerTime: lastTriggerTime)
        else { return nil }
        let next = MinimumInterval.nextAllowed(
            own: own, global: global, delay: gates.delay, lastTriggerTime: lastTriggerTime)
        return .minimumInterval(next: next + gates.delay - delay)
    }
}
