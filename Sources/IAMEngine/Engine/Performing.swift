// E1–E2: performing the winner.
extension Engine {
    /// E1: re-check P3 and P2 (the SDK checks at trigger and at display time; X50, X51 say what a
    /// platform checks again), stamp both records, and hand the message to the display layer
    /// with its expiry.
    ///
    /// X39, X44: a candidate that falls back hands over to the next one in this loop, not one
    /// call deeper; `fallbacks` stays the event's one shared list.
    mutating func performTrigger(
        _ trigger: Trigger, event: SharedEvent?, eventTime: Double, fallbacks: Fallbacks = .none, user: Int? = nil
    ) {
        var candidate = trigger
        var rest = fallbacks
        var user = user
        while performOne(candidate, event: event, eventTime: eventTime, fallback: rest.next, user: user) {
            let owner = user ?? state.userEpoch
            user = owner
            guard let next = fallBack(&rest, event: event, eventTime: eventTime, user: owner) else { return }
            candidate = next
        }
    }

    /// E1 for one candidate; `true` when it falls back (X39, X44) to the event's next candidate
    /// (`fallback`, named in the record), which the caller then tries.
    private mutating func performOne(
        _ trigger: Trigger, event: SharedEvent?, eventTime: Double, fallback: Trigger?, user: Int?
    ) -> Bool {
        let now = state.now
        let lastPerformed = state.lastPerformed[trigger.id]
        // X38: where the platform drops a message type it cannot build (read once, asked twice).
        let unsupportedTypes = state.settings.policies.unsupportedMessageTypes
        // X39: a message the platform refuses is dropped before anything is checked or stamped,
        // and the event's next candidate is performed in its place.
        if state.settings.profile.fallsBackFromRefusedMessage, let refusal = trigger.message.refusal {
            emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
            var record = TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .invalidMessage)
            record.detail = fallback.map { refusal + "; falls back to " + $0.id } ?? refusal
            emit(record)
            return true
        }
        // X38: a platform that builds the trigger but cannot parse its message drops it here,
        // before anything is checked or stamped, and falls back to nothing.
        if unsupportedTypes == .unparsedWhenPerformed,
            let type = trigger.message.unsupportedType
        {
            emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
            emit(TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .unsupportedType, detail: type))
            displayFailureLogged()
            return false
        }
        // X44: the server's templating aborts: nothing is shown or stamped; a platform that falls
        // back performs the event's next candidate by priority.
        if let templating = trigger.templating {
            emit(
                TraceRecord(
                    t: now, kind: .triggerSkipped, message: trigger.id, trigger: trigger.id, reason: .templatingAborted,
                    detail: templating.rawValue))
            return state.settings.profile.fallsBackFromAbortedTemplating
        }
        // X35: a platform that checks the hand-over before it stamps: an expired message is
        // neither re-checked nor stamped.
        let checksFirst = state.settings.profile.checksHandOverBeforeStamp
        if checksFirst, let expiry = state.expiry(of: trigger, eventTime: eventTime), state.isExpired(at: expiry) {
            emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
            emit(TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .timeout))
            displayFailureLogged()
            return false
        }
        // A delayed winner's hand-over (E1): the rows that alone let it through are named.
        let owed = eventTime < now ? state.passOwed(by: trigger, at: now, moment: .perform) : nil
        if let exclusion = state.exclusion(of: trigger, at: now, moment: .perform) {
            // Only P2's drop says when it would pass; a re-eligibility drop is final for this event.
            let next = exclusion.reason == .minInterval ? exclusion.next : nil
            emit(
                TraceRecord(
                    t: now, kind: .triggerDropped, message: trigger.id, trigger: trigger.id,
                    reason: exclusion.reason, next: next))
            return false
        }
        // X35: then the app's subscriber; with none, nothing is stamped.
        if checksFirst, let reason = state.handOverRefusal {
            emit(TraceRecord(t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event))
            emit(TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: reason))
            return false
        }
        let rollback = PendingMessage.Rollback(
            stampedAt: now, lastTriggerTime: state.lastTriggerTime, lastPerformed: lastPerformed)
        state.lastTriggerTime = now
        // X26: a platform that stamps re-eligibility at the impression does it in `display`.
        if !state.settings.profile.stampsReEligibilityAtImpression { stampReEligibility(trigger.id) }
        var performed = TraceRecord(
            t: now, kind: .performed, message: trigger.id, trigger: trigger.id, sharedEvent: event)
        if let owed { performed.fact = .passOwed(owed.row, owed.rule) }
        emit(performed)
        // X38: a type no SDK builds (on a platform that built its trigger) is dropped at once.
        if unsupportedTypes == .discardedWhenPerformed,
            let type = trigger.message.unsupportedType, type != "none"
        {
            emit(TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .unsupportedType, detail: type))
            return false
        }
        // X27: a platform that cannot build the message drops it at once.
        if state.settings.profile.discardsDefectiveMessages, let defect = trigger.message.defect {
            emit(
                TraceRecord(t: now, kind: .discarded, message: trigger.id, reason: .invalidMessage, detail: defect))
            return false
        }
        let expiresAt = state.expiry(of: trigger, eventTime: eventTime)
        let pending = PendingMessage(
            id: trigger.id, message: trigger.message, triggerID: trigger.id,
            stackedAt: now, expiresAt: expiresAt, rollback: rollback, user: user ?? state.userEpoch)
        stackAndOffer(pending, reason: .new)
        return false
    }

    /// P3's record of `id`, stamped now (E1, or X26 at the impression). X32: the stamp is stored
    /// again, so a later `launch` keeps it.
    mutating func stampReEligibility(_ id: String) {
        state.lastPerformed[id] = state.now
        if !state.unstoredRecords.isEmpty { state.unstoredRecords.remove(id) }
    }

    /// R8 (delivery-rules §13), for every profile: a completed delivery that holds `test` triggers
    /// fires one `test` event. Its candidates are those triggers (T2 and P3 apply; P2 does not,
    /// E2); the highest priority wins (ties: X16), the others are `trigger_skipped
    /// lower_priority`, and the winner is performed after its own delay (E1), as `match` does
    /// for any other event.
    mutating func performTestTriggers() {
        let positions = state.delivered.testTriggers
        guard !positions.isEmpty else { return }
        let now = state.now
        let tie = state.settings.profile.priorityTieBreak
        var winner: Int?
        var losers = Losers()
        for position in positions {
            let trigger = state.delivered.triggers[position]
            if let exclusion = state.exclusion(of: trigger, at: now) {
                losers.append((position, exclusion.reason, exclusion.next, nil))
            } else if let best = winner {
                if Self.outranks(
                    position, best, state.delivered.gates[position].priority, state.delivered.gates[best].priority, tie)
                {
                    losers.append((best, .lowerPriority, nil, nil))
                    winner = position
                } else {
                    losers.append((position, .lowerPriority, nil, nil))
                }
            } else {
                winner = position
            }
        }
        if let winner {
            let trigger = state.delivered.triggers[winner]
            var matched = TraceRecord(
                t: now, kind: .triggerMatched, message: trigger.id, trigger: trigger.id, reason: .test)
            if let owed = state.passOwed(by: trigger, at: now) { matched.fact = .passOwed(owed.row, owed.rule) }
            emit(matched)
        }
        losers.forEachInPositionOrder { loser in
            let id = state.delivered.triggers[loser.position].id
            emit(
                TraceRecord(
                    t: now, kind: .triggerSkipped, message: id, trigger: id, reason: loser.reason, next: loser.next))
        }
        guard let winner else { return }
        let trigger = state.delivered.triggers[winner]
        guard trigger.delay > 0 else { return performTrigger(trigger, event: nil, eventTime: now) }
        let until = now + trigger.delay
        state.delayed.append(
            DelayedTrigger(trigger: trigger, event: nil, eventTime: now, performAt: until, user: state.userEpoch))
        emit(TraceRecord(t: now, kind: .triggerDelayed, message: trigger.id, trigger: trigger.id, until: until))
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

    /// X39: the next candidate (the last of `fallbacks`, taken off it) to perform now. One
    /// already past its expiry is dropped (`timeout`) and the next one tried; one whose own delay,
    /// counted from the event, is not over waits it out with the rest of the list (shared), and
    /// `nil` is returned, as when none is left.
    mutating func fallBack(_ fallbacks: inout Fallbacks, event: SharedEvent?, eventTime: Double, user: Int)
        -> Trigger?
    {
        while let next = fallbacks.popNext() {
            if let expiry = state.expiry(of: next, eventTime: eventTime), state.isExpired(at: expiry) {
                emit(
                    TraceRecord(
                        t: state.now, kind: .triggerDropped, message: next.id, trigger: next.id, reason: .timeout))
                displayFailureLogged()
                continue
            }
            let performAt = eventTime + next.delay
            guard performAt > state.now else { return next }
            state.delayed.append(
                DelayedTrigger(
                    trigger: next, event: event?.event ?? .open, eventTime: eventTime, performAt: performAt,
                    fallbacks: fallbacks, user: user))
            emit(TraceRecord(t: state.now, kind: .triggerDelayed, message: next.id, trigger: next.id, until: performAt))
            return nil
        }
        return nil
    }
}

extension Profile {
    /// X39: whether a chosen message the SDK refuses at perform time falls back to the event's
    /// next candidate by priority. The one reader of the row.
    public var fallsBackFromRefusedMessage: Bool { policies.refusedMessageFallsBack }

    /// X44 (P4): whether a message whose server templating aborts falls back to the event's next
    /// candidate by priority. The one reader of the row.
    public var fallsBackFromAbortedTemplating: Bool { policies.templatingAbortFallsBack }

    /// X35 (E1, L3): whether a performed message's expiry and the app's subscriber are checked
    /// before P2 and P3 are stamped. The one reader of the row.
    public var checksHandOverBeforeStamp: Bool { policies.handOverChecksBeforeStamp }

    /// X26 (P3): whether the re-eligibility record is stamped at the impression (else when the
    /// trigger is performed). The one reader of the row.
    public var stampsReEligibilityAtImpression: Bool { policies.reEligibilityStamp == .atImpression }

    /// X27: whether a message the SDK cannot build is discarded once performed (else shown). The
    /// one reader of the row.
    public var discardsDefectiveMessages: Bool { policies.defectiveMessages == .discarded }
}
