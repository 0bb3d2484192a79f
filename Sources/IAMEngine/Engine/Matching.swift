// T1–T6 and P1–P5: an event meets the delivered triggers; one wins.
extension Engine {
    /// Raises an event: it waits behind a delivery in flight (D3), else is matched now.
    mutating func raise(_ event: consuming Event) {
        // X37, X43: the SDK refuses to log the event: nothing is logged, no trigger evaluated.
        if state.app != .notRunning, let (reason, detail) = refusal(of: event) {
            emit(
                TraceRecord(
                    t: state.now, kind: .eventRejected, sharedEvent: SharedEvent(event), reason: reason, detail: detail)
            )
            return
        }
        // X30: every event the app raises but `open` is logged (the SDK judges no session for an
        // `open`, which may come at a flush tick). On a platform whose sessions end by inactivity,
        // the first one after the timeout ends the session and starts a new one before it is
        // evaluated; then it is activity, and the next periodic flush carries it.
        if event.kind != .open, state.app != .notRunning {
            if state.settings.sessionsEndByInactivity, state.session != nil {
                if !state.sessionIsLive {
                    endSessionIfActive()
                    startSession(byEvent: true)
                }
                state.lastActivity = state.now
            }
            flushCarriesLogged()
        }
        // Every record of this event holds this one reference.
        let shared = SharedEvent(event)
        emit(TraceRecord(t: state.now, kind: .event, sharedEvent: shared))
        guard state.app != .notRunning else {
            emit(TraceRecord(t: state.now, kind: .noMatch, sharedEvent: shared, reason: .appNotRunning))
            return
        }
        state.lastSharedEvent = (shared, state.now)
        if state.delivery != nil {
            state.delivery!.queued.append(QueuedEvent(event: shared.event, at: state.now))
            emit(TraceRecord(t: state.now, kind: .eventQueued, sharedEvent: shared))
            return
        }
        match(shared, eventTime: state.now)
    }

    /// Why the SDK refuses to log `event`: a name it will not log (X37), then its size or its
    /// values (X43); `nil` when it is logged.
    private func refusal(of event: borrowing Event) -> (TraceReason, String)? {
        if state.settings.policies.refusesUnsafeNames, let refused = event.refusedName {
            return (.invalidName, refused)
        }
        return event.rejection(under: state.settings.policies.eventLimits)
    }

    /// P1, P4, P5: candidates, the winner, and a record for every matching trigger that did not win.
    mutating func match(_ shared: SharedEvent, eventTime: Double) {
        let event = shared.event
        let now = state.now
        let unixEventTime = state.settings.epoch + eventTime
        var filterPolicy = state.settings.filterReading
        // R3, T6: every backtracking search of this event draws on one budget.
        if state.delivered.hasBacktrackingFilter { filterPolicy.eventRegexBudget = EventRegexBudget() }
        let tie = state.settings.profile.priorityTieBreak
        var winner: Int?
        var losers = Losers()
        let gateInputs = state.gateInputs
        // Triggers are read in place by position, through `self` (exclusive, so nothing can
        // change them during a call and no copy is needed; through an unsafe buffer or a local
        // copy of the list, each candidate Trigger was copied), and the gates and priority from
        // the set's short list beside them.
        for position in state.delivered.candidateList(for: event, clickIDs: filterPolicy.clickIDs) {
            if filterPolicy.regexDialect.syntaxErrorAbortsEvent,
                let thrown = regexThrow(at: position, shared, unixNow: unixEventTime, gateInputs, filterPolicy)
            {
                return abortEvent(shared, trigger: position, detail: thrown)
            }
            guard state.delivered.matches(at: position, event, unixNow: unixEventTime, filters: filterPolicy) else {
                // T4 (revision 2): say so when only a filter the engine cannot evaluate stopped it.
                if state.delivered.hasUnsupportedFilter(at: position),
                    let filter = state.delivered.triggers[position].blockingUnsupportedFilter(
                        event, unixNow: unixEventTime, filters: filterPolicy)
                {
                    losers.append((position, .unsupportedFilter, nil, filter.unsupportedDescription))
                } else if let filter = regexBudgetFilter(at: position, event, unixNow: unixEventTime, filterPolicy) {
                    // R3: or a regex filter whose step budget ran out.
                    losers.append(
                        (
                            position, .regexBudget, nil,
                            filter.regexBudgetDescription(event.properties, policy: filterPolicy)
                        ))
                }
                continue
            }
            if let exclusion = gateInputs.exclusion(
                of: state.delivered.gates[position], id: state.delivered.triggers[position].id, at: now)
            {
                losers.append((position, exclusion.reason, exclusion.next, nil))
            } else if let best = winner {
                // P4: strictly higher priority wins; on a tie the earlier one in the delivered list,
                // or X16 the later one.
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
            let id = state.delivered.triggers[winner].id
            var matched = TraceRecord(t: now, kind: .triggerMatched, message: id, trigger: id, sharedEvent: shared)
            // X52: a pass only the platform's whole seconds allow is named.
            if let owed = gateInputs.passOwed(to: state.delivered.gates[winner], id: id, at: now, moment: .event) {
                matched.fact = .passOwed(owed.0, owed.1)
            }
            emit(matched)
        }
        // §10: at most `skippedShownPerReason` records of one reason, then one summary of each
        // reason cut short (counting is needed only when there are more losers than that).
        var cut = SkippedCut(counting: losers.count > TraceRecord.skippedShownPerReason)
        losers.forEachInPositionOrder { loser in
            guard cut.admits(loser.reason) else { return }
            let id = state.delivered.triggers[loser.position].id
            emit(
                TraceRecord(
                    t: now, kind: .triggerSkipped, message: id, trigger: id,
                    sharedEvent: shared, reason: loser.reason, next: loser.next, detail: loser.detail))
        }
        for (reason, more) in cut.summaries {
            emit(TraceRecord(t: now, kind: .triggerSkipped, sharedEvent: shared, reason: reason, more: more))
        }
        guard let winner else {
            // P5: the delegate's noMatchingTriggerForEvent; SV1: with the triggers still on the server.
            var record = TraceRecord(t: now, kind: .noMatch, sharedEvent: shared)
            record.pending = state.pendingTriggers(for: event, unixNow: unixEventTime, filters: filterPolicy)
            emit(record)
            return
        }
        let trigger = state.delivered.triggers[winner]
        // X39: a message the platform will refuse keeps the other candidates to fall back to.
        var fallbacks = Fallbacks.none
        if state.settings.profile.fallsBackFromRefusedMessage, trigger.message.refusal != nil {
            fallbacks = fallbackOrder(losers)
        }
        // X44: so does a message whose templating aborts, on a platform that falls back.
        if trigger.templating != nil, state.settings.profile.fallsBackFromAbortedTemplating {
            fallbacks = fallbackOrder(losers)
        }
        if trigger.delay > 0 {
            let until = now + trigger.delay
            state.delayed.append(
                DelayedTrigger(
                    trigger: trigger, event: event, eventTime: eventTime, performAt: until, fallbacks: fallbacks,
                    user: state.userEpoch))
            emit(TraceRecord(t: now, kind: .triggerDelayed, message: trigger.id, trigger: trigger.id, until: until))
        } else {
            performTrigger(trigger, event: shared, eventTime: eventTime, fallbacks: fallbacks)
        }
    }
}

extension Engine {
    /// X39: the candidates that lost only on priority, in the order the SDK falls back through
    /// them: sorted by priority (stable), the next one last.
    func fallbackOrder(_ losers: Losers) -> Fallbacks {
        var positions: [Int] = []
        losers.forEachInPositionOrder { loser in
            if loser.reason == .lowerPriority { positions.append(loser.position) }
        }
        let gates = state.delivered.gates
        positions.sort { (gates[$0].priority, $0) < (gates[$1].priority, $1) }
        return Fallbacks(positions.map { state.delivered.triggers[$0] })
    }

    /// P4: whether the candidate at `position` beats the one at `best`: a strictly higher
    /// priority, or X16 on a tie the one the platform prefers by delivered position.
    @inline(__always)
    static func outranks(_ position: Int, _ best: Int, _ priority: Int, _ bestPriority: Int, _ tie: PriorityTiePolicy)
        -> Bool
    {
        if priority != bestPriority { return priority > bestPriority }
        switch tie {
        case .firstDelivered: return false
        case .lastDelivered: return position > best
        }
    }
}

// R3: the regex outcomes matching reports (budget, and under `web` a pattern that throws).
extension Engine {
    /// The backtracking regex filter whose budget ran out and alone stopped the trigger at
    /// `position`, if any.
    private func regexBudgetFilter(at position: Int, _ event: Event, unixNow: Double, _ policy: FilterPolicy)
        -> PropertyFilter?
    {
        guard state.delivered.hasBacktrackingFilter(at: position) else { return nil }
        return state.delivered.triggers[position].blockingBudgetFilter(event, unixNow: unixNow, filters: policy)
    }

    /// Under `web` (R3): the filter of the trigger at `position` whose pattern throws when the SDK
    /// evaluates it, described for the trace. The SDK reads a trigger's conditions only inside
    /// its time window and once it is re-eligible; a minimum interval is checked after them.
    private func regexThrow(
        at position: Int, _ shared: SharedEvent, unixNow: Double, _ gateInputs: GateInputs, _ policy: FilterPolicy
    ) -> String? {
        guard state.delivered.hasJavaScriptErrorFilter(at: position) else { return nil }
        let trigger = state.delivered.triggers[position]
        if let exclusion = gateInputs.exclusion(of: state.delivered.gates[position], id: trigger.id, at: state.now),
            exclusion.reason != .minInterval
        {
            return nil
        }
        return trigger.throwingFilter(shared.event, unixNow: unixNow, filters: policy)?
            .sdkErrorDescription
    }

    /// R3, `web`: the SDK threw out of the event's logging. Nothing it evaluated before counts:
    /// `trigger_skipped sdk_error` for the trigger that threw, then `no_match`.
    private mutating func abortEvent(_ shared: SharedEvent, trigger position: Int, detail: String) {
        let id = state.delivered.triggers[position].id
        emit(
            TraceRecord(
                t: state.now, kind: .triggerSkipped, message: id, trigger: id, sharedEvent: shared,
                reason: .sdkError, detail: detail))
        emit(TraceRecord(t: state.now, kind: .noMatch, sharedEvent: shared))
    }
}

/// The matching triggers that did not win, for their `trigger_skipped` records. Most events
/// have none or one: that one is kept inline, so an event allocates nothing for it.
struct Losers {
    typealias Loser = (position: Int, reason: TraceReason, next: Double?, detail: String?)
    private var first: Loser?
    private var rest: [Loser] = []

    var count: Int { first == nil ? 0 : 1 + rest.count }

    mutating func append(_ loser: Loser) {
        if first == nil { first = loser } else { rest.append(loser) }
    }

    /// In delivered order (P5 lists them so). They are appended in candidate order, so only a
    /// winner displaced by a later candidate puts them out of order: sorted only then.
    func forEachInPositionOrder(_ body: (Loser) -> Void) {
        guard let first else { return }
        if rest.isEmpty { return body(first) }
        var inOrder = first.position < rest[0].position
        for index in rest.indices.dropFirst() where rest[index - 1].position >= rest[index].position {
            inOrder = false
            break
        }
        guard inOrder else {
            for loser in ([first] + rest).sorted(by: { $0.position < $1.position }) { body(loser) }
            return
        }
        body(first)
        for loser in rest { body(loser) }
    }
}

/// Spec §10: the `trigger_skipped` records of one event, cut at `skippedShownPerReason` per
/// reason; `summaries` are the reasons cut short with how many records each did not write,
/// in the order the reasons first appeared.
struct SkippedCut {
    private let counting: Bool
    private var seen: [(reason: TraceReason, count: Int)] = []

    init(counting: Bool) { self.counting = counting }

    /// Whether the next loser of `reason` gets its own record.
    mutating func admits(_ reason: TraceReason) -> Bool {
        guard counting else { return true }
        guard let index = seen.firstIndex(where: { $0.reason == reason }) else {
            seen.append((reason, 1))
            return true
        }
        seen[index].count += 1
        return seen[index].count <= TraceRecord.skippedShownPerReason
    }

    var summaries: [(reason: TraceReason, more: Int)] {
        seen.compactMap { entry in
            entry.count > TraceRecord.skippedShownPerReason
                ? (entry.reason, entry.count - TraceRecord.skippedShownPerReason) : nil
        }
    }
}

extension Profile {
    /// X16 (P4): which of several candidates of the same highest priority wins. The one reader
    /// of the row (the event's match and the test triggers' ask this).
    public var priorityTieBreak: PriorityTiePolicy { policies.priorityTie }
}
