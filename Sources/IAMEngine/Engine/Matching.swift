// T1–T6 and P1–P5: an event meets the delivered triggers; one wins.
extension Engine {
    /// Raises an event: it waits behind a delivery in flight (D3), else is matched now.
    mutating func raise(_ event: Event) {
        emit(TraceRecord(t: state.now, kind: .event, event: event))
        guard state.app != .notRunning else {
            emit(TraceRecord(t: state.now, kind: .noMatch, event: event, reason: "app_not_running"))
            return
        }
        state.lastEvent = (event, state.now)
        if state.delivery != nil {
            state.delivery!.queued.append(QueuedEvent(event: event, at: state.now))
            emit(TraceRecord(t: state.now, kind: .eventQueued, event: event))
            return
        }
        match(event, eventTime: state.now)
    }

    /// Why a matching trigger is not a candidate (P1), or `nil` when it is one.
    func exclusion(of trigger: Trigger, at now: Double) -> (reason: String, next: Double?)? {
        // T2
        if !trigger.isInTimeWindow(unixNow: state.settings.epoch + now) { return ("outside_time_window", nil) }
        // P3
        if !ReEligibility.isEligible(trigger, lastPerformed: state.lastPerformed[trigger.id], at: now + trigger.delay) {
            let again = state.lastPerformed[trigger.id].flatMap { ReEligibility.eligibleAgain(trigger, lastPerformed: $0) }
            return ("re_eligibility", again.map { $0 - trigger.delay })
        }
        // P2
        if !MinimumInterval.passes(trigger, now: now, delay: trigger.delay,
                                   lastTriggerTime: state.lastTriggerTime, settings: state.settings) {
            let next = MinimumInterval.nextAllowed(trigger, lastTriggerTime: state.lastTriggerTime!, settings: state.settings)
            return ("min_interval", next)
        }
        return nil
    }

    /// P1, P4, P5: candidates, the winner, and a record for every matching trigger that did not win.
    mutating func match(_ event: Event, eventTime: Double) {
        let now = state.now
        let unixEventTime = state.settings.epoch + eventTime
        var winner: (position: Int, trigger: Trigger)?
        var losers: [(position: Int, trigger: Trigger, reason: String, next: Double?)] = []
        for position in state.delivered.candidates(for: event) {
            let trigger = state.delivered.triggers[position]
            guard trigger.matches(event, unixNow: unixEventTime) else { continue }
            if let (reason, next) = exclusion(of: trigger, at: now) {
                losers.append((position, trigger, reason, next))
            } else if let best = winner {
                // P4: strictly higher priority wins; on a tie the earlier one in the delivered list.
                if trigger.priority > best.trigger.priority {
                    losers.append((best.position, best.trigger, "lower_priority", nil))
                    winner = (position, trigger)
                } else {
                    losers.append((position, trigger, "lower_priority", nil))
                }
            } else {
                winner = (position, trigger)
            }
        }
        if let winner {
            emit(TraceRecord(t: now, kind: .triggerMatched, message: winner.trigger.id, trigger: winner.trigger.id, event: event))
        }
        for loser in losers.sorted(by: { $0.position < $1.position }) {
            emit(TraceRecord(t: now, kind: .triggerSkipped, message: loser.trigger.id, trigger: loser.trigger.id,
                             event: event, reason: loser.reason, next: loser.next))
        }
        guard let winner = winner?.trigger else {
            // P5: the delegate's noMatchingTriggerForEvent.
            emit(TraceRecord(t: now, kind: .noMatch, event: event))
            return
        }
        if winner.delay > 0 {
            let until = now + winner.delay
            state.delayed.append(DelayedTrigger(trigger: winner, event: event, eventTime: eventTime, performAt: until))
            emit(TraceRecord(t: now, kind: .triggerDelayed, message: winner.id, trigger: winner.id, until: until))
        } else {
            performTrigger(winner, event: event, eventTime: eventTime)
        }
    }
}
