// S1–S6: app and session lifecycle.
extension Engine {
    /// S1: a cold start clears the stack, the visible message and `lastTriggerTime`, keeps the
    /// cached triggers, re-eligibility records and assets, and starts a new session.
    mutating func launch() {
        let cleared = clearedIDs()
        var record = TraceRecord(
            t: state.now, kind: .app, reason: .launch, stack: cleared?.stack, depth: cleared?.depth)
        // X29: a page load inside the session continues it (no session, sync, open or test).
        let continues = state.settings.policies.launchInsideSessionContinues && state.sessionIsLive
        if continues { record.detail = "session continues" }
        emit(record)
        clearMemory(reason: .launch)
        if continues {
            state.app = .foreground
            state.lastActivity = state.now
            restartFlushTimer(requestSent: false)
            return
        }
        // X32: the records only memory held (a sync removed their stored copy) end with the process.
        for id in state.unstoredRecords { state.lastPerformed[id] = nil }
        state.unstoredRecords.removeAll()
        endSessionIfActive()
        state.app = .foreground
        createScreen()
        startSession()
        restartFlushTimer(requestSent: true)
    }

    /// S5: a fresh install. Only the server side and the device's physical setup survive.
    mutating func resetInstall() {
        let cleared = clearedIDs()
        emit(TraceRecord(t: state.now, kind: .app, reason: .reset, stack: cleared?.stack, depth: cleared?.depth))
        clearMemory(reason: .reset)
        endSessionIfActive()
        var fresh = EngineState(
            scenario: Scenario(settings: state.settings, assets: state.assetTable, triggers: state.serverTriggers))
        fresh.now = state.now
        fresh.disabledCampaigns = state.disabledCampaigns
        fresh.enabledAt = state.enabledAt
        fresh.serverPositions = state.serverPositions
        // The same server set: its built delivery set stays valid.
        fresh.serverGeneration = state.serverGeneration
        fresh.deliverable = state.deliverable
        fresh.device = state.device
        fresh.online = state.online
        fresh.delegate = state.delegate
        fresh.integration = state.integration
        state = fresh
    }

    /// S2: the session ends `sessionTimeout` seconds after this unless the app comes back.
    mutating func sendToBackground() {
        guard state.app == .foreground else {
            emit(TraceRecord(t: state.now, kind: .app, reason: .background, detail: "ignored: not in the foreground"))
            return
        }
        state.app = .background(since: state.now)
        emit(TraceRecord(t: state.now, kind: .app, reason: .background))
        screenGoesAway(reason: .background)
        // X30: the flush timer waits while the page is hidden.
        state.flush?.hide(at: state.now)
    }

    /// S3: within the timeout the same session continues (no delivery, no re-offer); after it, S4.
    /// When the app is not running, `foreground` is a launch.
    mutating func bringToForeground() {
        switch state.app {
        case .notRunning: launch()
        case .foreground:
            emit(
                TraceRecord(
                    t: state.now, kind: .app, reason: .foreground, detail: "ignored: already in the foreground"))
        case .background:
            state.app = .foreground
            emit(TraceRecord(t: state.now, kind: .app, reason: .foreground))
            // X30: a flush tick that came while the page was hidden runs now.
            if state.flush?.show(at: state.now) == true { flushSessionSync() }
            // X54: a screen turned or resized meanwhile is recreated; the carried-over message is
            // shown again, else (X2) the parked one is offered, before any new session's delivery.
            screenReturns()
            screenRegisters()
            if state.session?.ended ?? true { startSession() }
        }
    }

    /// S6: a push opened by the user launches or foregrounds the app, then raises `push_click`.
    /// X53: a platform that syncs the triggers first starts a delivery (D1); `push_click` waits
    /// behind it (D3) and is raised when it completes, after its `test` event (R8). When a
    /// session's delivery is already in flight, the event waits behind that one.
    mutating func openFromPush(campaign: String?) {
        if state.app != .foreground { bringToForeground() }
        let offersBefore = state.performedOffers
        if state.settings.policies.pushOpen == .syncFirst, state.delivery == nil { startDelivery() }
        raise(Event(kind: .pushClick, name: campaign))
        // TS2: the test send this push carried, if one waits for it.
        offerTestSend(openedBy: campaign)
        // L2 (c): opened from a push. With a delivery in flight, its completion is the moment.
        if state.delivery == nil { eligibleMoment(offersBefore: offersBefore) }
    }

    /// S1, S4: a new session, its delivery, then the `open` event queued behind it (D3); X30: a session started by an event on a platform
    /// with a periodic flush sends its start, and asks for its triggers, at the next tick.
    mutating func startSession(byEvent: Bool = false) {
        let number = (state.session?.number ?? 0) + 1
        state.session = Session(number: number)
        state.lastActivity = state.now
        if byEvent, state.settings.profile.flushPeriod != nil {
            if state.flush == nil { restartFlushTimer(requestSent: false) }
            state.flush!.sessionStarted(at: state.now)
            var record = TraceRecord(t: state.now, kind: .sessionStarted, fact: .sessionSyncAtFlush(session: number))
            record.until = state.flush!.sessionSyncAt
            emit(record)
        } else {
            emit(TraceRecord(t: state.now, kind: .sessionStarted, detail: "session \(number)"))
            startDelivery()
            raise(.open)
        }
        // TS2: test sends never opened from their push arrive with the new session.
        offerWaitingTestSends()
    }

    mutating func endSession() {
        state.session?.ended = true
        emit(TraceRecord(t: state.now, kind: .sessionEnded, detail: state.session.map { "session \($0.number)" }))
    }

    mutating func endSessionIfActive() {
        if let session = state.session, !session.ended, state.app != .notRunning { endSession() }
    }

    /// The messages a cold start or reset throws away (the stack, those waiting for an asset,
    /// the parked one), as a record lists a stack: the 16 last ids and how many (spec §10).
    func clearedIDs() -> (stack: [String], depth: Int)? {
        let parked = (state.parked.map { [$0] } ?? []) + (state.unshownCarryover.map { [$0] } ?? [])
        let count = state.stack.count + state.waiting.count + parked.count
        guard count > 0 else { return nil }
        let shown = TraceRecord.stackShown
        let fromWaiting = state.waiting.suffix(shown - parked.count)
        let fromStack = state.stack.suffix(shown - parked.count - fromWaiting.count)
        return ((fromStack + fromWaiting + parked).map(\.id), count)
    }

    /// What lives only in the app's memory: stack, visible, waiting, delays, the queue, P2's stamp
    /// (X20: unless the platform stores it, as the Web SDK's `localStorage` does; a reset starts
    /// from a fresh state anyway).
    mutating func clearMemory(reason: TraceReason) {
        // X58: the page's older messages go first, then the newest.
        for beneath in state.beneath {
            emit(
                TraceRecord(
                    t: state.now, kind: .dismissed, message: beneath.pending.id, reason: reason,
                    detail: TraceRecord.beneathTheNewest))
        }
        state.beneath.removeAll()
        state.closingModalsUntil.removeAll()
        if let visible = state.visible {
            state.visible = nil
            emit(TraceRecord(t: state.now, kind: .dismissed, message: visible.pending.id, reason: reason))
        }
        // X31: a platform that stores its delayed triggers with the page keeps them across a launch.
        if reason != .launch || !state.settings.policies.delayedTriggersSurviveLaunch {
            for delayed in state.delayed {
                emit(
                    TraceRecord(
                        t: state.now, kind: .triggerDropped, message: delayed.trigger.id,
                        trigger: delayed.trigger.id, reason: reason))
            }
            state.delayed.removeAll()
        }
        state.stack = []
        state.parked = nil
        state.carryover = nil
        state.strayDismissals.removeAll()
        state.waiting.removeAll()
        state.delivery = nil
        if !state.settings.profile.keepsLastTriggerTimeAtLaunch { state.lastTriggerTime = nil }
        state.keyboardUp = false
    }
}

extension Profile {
    /// X20 (P2, S1): whether the last trigger time survives a `launch` (else S1 clears it). The
    /// one reader of the row.
    public var keepsLastTriggerTimeAtLaunch: Bool { policies.lastTriggerTimeSurvivesLaunch }
}
