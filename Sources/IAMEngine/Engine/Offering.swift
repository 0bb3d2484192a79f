// L1–L7: the stack, and acting on L3's verdict (`offerVerdict`, Rules/OfferChecks.swift).
extension Engine {
    /// L2 (a): push on top (L1, last in first out), then offer the top.
    mutating func stackAndOffer(_ pending: PendingMessage, reason: TraceReason) {
        if reason == .new { state.performedOffers += 1 }
        push(pending)
        let (stack, depth) = stackWindow
        emit(TraceRecord(t: state.now, kind: .stacked, message: pending.id, reason: reason, stack: stack, depth: depth))
        offerTop(reason: .eligibleMoment)
    }

    /// L2 (b) and (c): offer the top of the stack if nothing is visible. R7: not when a trigger of
    /// this moment already had its message offered (L2 a) since `performedOffers` was
    /// `offersBefore`: one offer per eligible moment. X28: not at all on a platform that offers
    /// its stack only with the next message or `displayNext`.
    mutating func eligibleMoment(offersBefore: Int) {
        guard state.settings.policies.eligibleMomentsOfferStack, state.performedOffers == offersBefore else { return }
        if state.visible == nil, !state.stack.isEmpty { offerTop(reason: .eligibleMoment) }
    }

    /// L6: `displayNextInAppMessage`; M7: on an empty stack it is recorded as `ignored`.
    mutating func displayNext() {
        guard !state.stack.isEmpty else { return ignored("displayNext", .stackEmpty) }
        offerTop(reason: .displayNext, asksDelegate: state.settings.policies.displayNextAsksDelegate)
    }

    /// L7: `addInAppMessage`: no trigger, so no P2/P3, no stamps and no analytics.
    mutating func addLocal(_ message: Message) {
        state.localCount += 1
        let pending = PendingMessage(
            id: "local-\(state.localCount)", message: message, triggerID: nil,
            stackedAt: state.now, expiresAt: nil, rollback: nil)
        stackAndOffer(pending, reason: .local)
    }

    /// The topmost ids of the stack and its depth, for a record (spec §10: linear trace).
    var stackWindow: (stack: [String], depth: Int) {
        (state.stack.suffix(TraceRecord.stackShown).map(\.id), state.stack.count)
    }

    mutating func offerTop(reason: TraceReason, asksDelegate: Bool = true) {
        guard let top = state.stack.popLast() else { return }
        emit(TraceRecord(t: state.now, kind: .offered, message: top.id, reason: reason))
        offer(top, asksDelegate: asksDelegate)
    }

    /// L3: acts on the verdict of the checks.
    mutating func offer(_ pending: PendingMessage, asksDelegate: Bool = true) {
        switch state.offerVerdict(for: pending, asksDelegate: asksDelegate) {
        case .returnToStack(let reason): returnToStack(pending, reason: reason)
        case .discard(let reason): discard(pending, reason: reason)
        case .reenqueue: reenqueue(pending)
        case .waitForAsset:
            cancelWaitingDownloads(for: pending)
            waitForAssets(pending)
        case .display:
            cancelWaitingDownloads(for: pending)
            present(pending)
        }
    }

    /// X66: a platform whose UI keeps one asset download (BrazeUI's `localAssetsCancellable`)
    /// drops the message still waiting for its image when it prepares `pending` for display: that
    /// download is cancelled, and the message never goes back on the stack.
    mutating func cancelWaitingDownloads(for pending: PendingMessage) {
        guard state.settings.profile.preparingCancelsWaiting, state.integration.ui == .default,
            !state.waiting.isEmpty
        else { return }
        let dropped = Array(state.waiting)
        state.waiting.removeAll()
        for waiting in dropped {
            emit(
                TraceRecord(
                    t: state.now, kind: .discarded, message: waiting.id, reason: .downloadCancelled,
                    detail: "\(pending.id) prepared"))
        }
    }

    /// L5 through the platform's answer (X5).
    mutating func reenqueue(_ pending: PendingMessage) {
        switch state.settings.policies.reenqueue {
        case .rollBack:
            rollBack(pending)
            emit(TraceRecord(t: state.now, kind: .reenqueued, message: pending.id))
        case .pushOnStack:
            // X5: back on top, stamps kept.
            returnToStack(pending, reason: .delegateReenqueue)
        }
    }

    /// L3 step 7 (D4): the message waits for its assets; downloads start now if they have not
    /// yet (a trigger with `prefetch: false`).
    mutating func waitForAssets(_ pending: PendingMessage) {
        let urls = state.missingAssets(of: pending.message).urls
        for url in urls { requestAsset(url) }
        var pending = pending
        // X55, X64: judged when the download ends (the page checked the expiry once, at the hand-over).
        pending.waitsPastExpiry = state.settings.profile.preparesBeforeDisplayChecks || state.showsThroughPage
        state.waiting.append(pending)
        var until: Double?
        for url in urls {
            if case .downloading(_, let end, _) = state.assets[url] { until = max(until ?? end, end) }
        }
        emit(
            TraceRecord(
                t: state.now, kind: .waitingForAsset, message: pending.id, until: until,
                detail: urls.joined(separator: " ")))
    }

    /// D4: the asset arrived; L3 steps 1 and 2 are made again. An asset arriving at exactly the
    /// expiry still shows, unless the platform expires a message at that instant (X14).
    /// X55: a platform that prepares first makes its display checks now, in its order: a message
    /// already visible sends it back to the stack, no screen carries it over (X54), then expiry
    /// and orientation.
    mutating func showAfterAsset(_ pending: PendingMessage) {
        var pending = pending
        pending.waitsPastExpiry = false
        // I4: `showInAppMessage` checked when it was called; the image is here: it shows.
        if state.showsThroughPage {
            let held = state.app != .foreground && state.settings.profile.backgroundHoldsBack
            return held ? discard(pending, reason: .appInBackground) : display(pending)
        }
        if state.settings.profile.preparesBeforeDisplayChecks {
            if state.visible != nil { return returnToStack(pending, reason: .messageVisible) }
            if carriesOver, state.app != .foreground { return carryOver(pending) }
            if let reason = state.displayCheckReason(pending) { return discard(pending, reason: reason) }
            if state.isPreviousUsers(pending) { return discard(pending, reason: .userChanged) }
            return present(pending)
        }
        // X67: a platform that checks the user last checks it once the image is here, last.
        let userLast = state.settings.profile.checksUserLast
        if !userLast, state.isPreviousUsers(pending) { return discard(pending, reason: .userChanged) }
        if let expiry = pending.expiresAt, state.isExpired(at: expiry) { return discard(pending, reason: .timeout) }
        if let reason = state.blockedByApp(pending.message) { return returnToStack(pending, reason: reason) }
        if userLast, state.isPreviousUsers(pending) { return discard(pending, reason: .userChanged) }
        present(pending)
    }

    /// L3 steps 1–3 and 7. X1: without a stack the message is discarded with the same reason.
    /// X2: a platform that parks background messages moves it off the stack into the slot.
    mutating func returnToStack(_ pending: PendingMessage, reason: TraceReason) {
        guard state.settings.profile.keepsStack else { return discard(pending, reason: reason) }
        push(pending)
        let (stack, depth) = stackWindow
        emit(
            TraceRecord(
                t: state.now, kind: .returnedToStack, message: pending.id, reason: reason, stack: stack, depth: depth))
        if reason == .appInBackground, state.settings.policies.background == .parkUntilForeground {
            park(state.stack.removeLast())
        }
    }

    /// L1: on top of the stack. X15: a platform that keeps one copy of a message takes the older
    /// one off first, with a record (nothing leaves the stack unrecorded).
    mutating func push(_ pending: PendingMessage) {
        if state.settings.policies.duplicates == .removeOlder,
            let older = state.stack.lastIndex(where: { $0.id == pending.id })
        {
            let removed = state.stack.remove(at: older)
            let (stack, depth) = stackWindow
            emit(
                TraceRecord(
                    t: state.now, kind: .discarded, message: removed.id, reason: .duplicateOnStack, stack: stack,
                    depth: depth))
        }
        state.stack.append(pending)
    }

    /// X2: the single parking slot. A message parked while the slot is full replaces it, and the
    /// replaced one is lost.
    mutating func park(_ pending: PendingMessage, reason: TraceReason = .appInBackground) {
        if let replaced = state.parked { discard(replaced, reason: .replacedInBackground) }
        state.parked = pending
        let (stack, depth) = stackWindow
        emit(
            TraceRecord(
                t: state.now, kind: .parked, message: pending.id, reason: reason, stack: stack, depth: depth))
    }

    /// X2: at `foreground` the parked message is offered, unless a message is still visible
    /// (then it stays parked).
    mutating func offerParked(reason: TraceReason = .foreground) {
        guard state.visible == nil, let parked = state.parked else { return }
        state.parked = nil
        emit(TraceRecord(t: state.now, kind: .offered, message: parked.id, reason: reason))
        offer(parked)
    }

    mutating func discard(_ pending: PendingMessage, reason: TraceReason) {
        emit(TraceRecord(t: state.now, kind: .discarded, message: pending.id, reason: reason))
    }
}

extension Profile {
    /// X66: whether preparing a message cancels the image download of the one waiting for it.
    /// The one reader of the row.
    public var preparingCancelsWaiting: Bool { policies.preparingCancelsWaiting }

    /// X67: whether the different-user guard comes after the delegate, orientation and the image.
    /// The one reader of the row.
    public var checksUserLast: Bool { policies.userGuardLast }

    /// X1 (L1): whether refused messages wait on a stack; without one a message is discarded
    /// with the reason that would have returned it. The one reader of the row.
    public var keepsStack: Bool { policies.stack == .lifo }
}
