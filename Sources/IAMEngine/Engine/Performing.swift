// E1–E2: performing the winner.
extension Engine {
    /// E1: re-check P3 and P2 (the SDK checks at trigger and at display time), stamp both
    /// records, and hand the message to the display layer with its expiry.
    mutating func performTrigger(
        _ trigger: Trigger, event: SharedEvent?, eventTime: Double, fallbacks: [Trigger] = []
    ) {
        let now = state.now
        let lastPerformed = state.lastPerformed[trigger.id]
        // X39: a message the platform refuses is dropped before anything is checked or stamped,
        // and the event's next candidate is performed in its place.
        if state.settings.policies.refusedMessageFallsBack, let refusal = trigger.message.refusal {
            emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
            var record = TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .invalidMessage)
            record.detail = fallbacks.last.map { refusal + "; falls back to " + $0.id } ?? refusal
            emit(record)
            return fallBack(fallbacks, event: event, eventTime: eventTime)
        }
        // X35: a platform that checks the hand-over before it stamps: an expired message is
        // neither re-checked nor stamped.
        let checksFirst = state.settings.policies.handOverChecksBeforeStamp
        if checksFirst, let expiry = state.expiry(of: trigger, eventTime: eventTime), state.isExpired(at: expiry) {
            emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
            emit(TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .timeout))
            return
        }
        if let exclusion = state.exclusion(of: trigger, at: now, moment: .perform) {
            // Only P2's drop says when it would pass; a re-eligibility drop is final for this event.
            let next = exclusion.reason == .minInterval ? exclusion.next : nil
            emit(
                TraceRecord(
                    t: now, kind: .triggerDropped, message: trigger.id, trigger: trigger.id,
                    reason: exclusion.reason, next: next))
            return
        }
        // X35: then the app's subscriber; with none, nothing is stamped.
        if checksFirst, let reason = state.handOverRefusal {
            emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
            emit(TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: reason))
            return
        }
        let rollback = PendingMessage.Rollback(
            stampedAt: now, lastTriggerTime: state.lastTriggerTime, lastPerformed: lastPerformed)
        state.lastTriggerTime = now
        // X26: a platform that stamps re-eligibility at the impression does it in `display`.
        if state.settings.policies.reEligibilityStamp == .whenPerformed { state.lastPerformed[trigger.id] = now }
        emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
        // X38: a type no SDK builds (on a platform that built its trigger) is dropped at once.
        if let type = trigger.message.unsupportedType, type != "none" {
            emit(TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .unsupportedType, detail: type))
            return
        }
        // X27: a platform that cannot build the message drops it at once.
        if state.settings.policies.defectiveMessages == .discarded, let defect = trigger.message.defect {
            emit(
                TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .invalidMessage, detail: defect))
            return
        }
        let expiresAt = state.expiry(of: trigger, eventTime: eventTime)
        let pending = PendingMessage(
            id: trigger.id, message: trigger.message, triggerID: trigger.id,
            stackedAt: now, expiresAt: expiresAt, rollback: rollback)
        stackAndOffer(pending, reason: .new)
    }

    /// E2 (T1 `test`): every test trigger of a completed delivery fires once, at once.
    mutating func performTestTriggers() {
        for position in state.delivered.testTriggers {
            let trigger = state.delivered.triggers[position]
            // E2 is inside `exclusion`: the minimum interval never holds a test trigger back.
            if let exclusion = state.exclusion(of: trigger, at: state.now) {
                emit(
                    TraceRecord(
                        t: state.now, kind: .triggerSkipped, message: trigger.id, trigger: trigger.id,
                        reason: exclusion.reason, next: exclusion.next))
                continue
            }
            emit(
                TraceRecord(
                    t: state.now, kind: .triggerMatched, message: trigger.id, trigger: trigger.id, reason: .test))
            performTrigger(trigger, event: nil, eventTime: state.now)
        }
    }

    /// L5: `reenqueue` undoes E1's stamps, as if the message had never been triggered. A stamp
    /// made since by another trigger is left alone.
    mutating func rollBack(_ pending: PendingMessage) {
        guard let rollback = pending.rollback, let triggerID = pending.triggerID else { return }
        if state.lastTriggerTime == rollback.stampedAt { state.lastTriggerTime = rollback.lastTriggerTime }
        if state.lastPerformed[triggerID] == rollback.stampedAt {
            state.lastPerformed[triggerID] = rollback.lastPerformed
        }
    }

    /// X39: the next candidate (the last of `fallbacks`) is performed after the rest of its own
    /// delay, counted from the event; one already past its expiry is dropped (`timeout`) and the
    /// next one tried.
    mutating func fallBack(_ fallbacks: [Trigger], event: SharedEvent?, eventTime: Double) {
        var rest = fallbacks
        while let next = rest.popLast() {
            if let expiry = state.expiry(of: next, eventTime: eventTime), state.isExpired(at: expiry) {
                emit(
                    TraceRecord(
                        t: state.now, kind: .triggerDropped, message: next.id, trigger: next.id, reason: .timeout))
                continue
            }
            let performAt = eventTime + next.delay
            guard performAt > state.now else {
                return performTrigger(next, event: event, eventTime: eventTime, fallbacks: rest)
            }
            state.delayed.append(
                DelayedTrigger(
                    trigger: next, event: event?.event ?? .open, eventTime: eventTime, performAt: performAt,
                    fallbacks: rest))
            emit(TraceRecord(t: state.now, kind: .triggerDelayed, message: next.id, trigger: next.id, until: performAt))
            return
        }
    }
}
