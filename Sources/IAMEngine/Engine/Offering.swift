// L1–L7: the stack, and acting on L3's verdict (`offerVerdict`, Rules/OfferChecks.swift).
extension Engine {
    /// L2 (a): push on top (L1, last in first out), then offer the top.
    mutating func stackAndOffer(_ pending: PendingMessage, reason: TraceReason) {
        state.stack.append(pending)
        emit(TraceRecord(t: state.now, kind: .stacked, message: pending.id, reason: reason, stack: stackIDs))
        offerTop(reason: .eligibleMoment)
    }

    /// L2 (b) and (c): offer the top of the stack if nothing is visible.
    mutating func eligibleMoment() {
        if state.visible == nil, !state.stack.isEmpty { offerTop(reason: .eligibleMoment) }
    }

    /// L6: `displayNextInAppMessage`.
    mutating func displayNext() {
        guard !state.stack.isEmpty else {
            emit(
                TraceRecord(
                    t: state.now, kind: .offered, reason: .displayNext, detail: "stack empty: nothing to offer"))
            return
        }
        offerTop(reason: .displayNext)
    }

    /// L7: `addInAppMessage`: no trigger, so no P2/P3, no stamps and no analytics.
    mutating func addLocal(_ message: Message) {
        state.localCount += 1
        let pending = PendingMessage(
            id: "local-\(state.localCount)", message: message, triggerID: nil,
            stackedAt: state.now, expiresAt: nil, rollback: nil)
        stackAndOffer(pending, reason: .local)
    }

    var stackIDs: [String] { state.stack.map(\.id) }

    mutating func offerTop(reason: TraceReason) {
        guard let top = state.stack.popLast() else { return }
        emit(TraceRecord(t: state.now, kind: .offered, message: top.id, reason: reason))
        offer(top)
    }

    /// L3: acts on the verdict of the checks.
    mutating func offer(_ pending: PendingMessage) {
        switch state.offerVerdict(for: pending) {
        case .returnToStack(let reason): returnToStack(pending, reason: reason)
        case .discard(let reason): discard(pending, reason: reason)
        case .reenqueue:
            rollBack(pending)
            emit(TraceRecord(t: state.now, kind: .reenqueued, message: pending.id))
        case .waitForAsset(let url):
            // D4: the download starts now if it has not yet (a trigger with `prefetch: false`).
            requestAsset(url)
            state.waiting.append(pending)
            var until: Double?
            if case .downloading(_, let end, _) = state.assets[url] { until = end }
            emit(TraceRecord(t: state.now, kind: .waitingForAsset, message: pending.id, until: until, detail: url))
        case .display: display(pending)
        }
    }

    /// D4: the asset arrived; L3 steps 1 and 2 are made again.
    mutating func showAfterAsset(_ pending: PendingMessage) {
        if let reason = state.blockedByApp() { return returnToStack(pending, reason: reason) }
        display(pending)
    }

    mutating func returnToStack(_ pending: PendingMessage, reason: TraceReason) {
        state.stack.append(pending)
        emit(TraceRecord(t: state.now, kind: .returnedToStack, message: pending.id, reason: reason, stack: stackIDs))
    }

    mutating func discard(_ pending: PendingMessage, reason: TraceReason) {
        emit(TraceRecord(t: state.now, kind: .discarded, message: pending.id, reason: reason))
    }
}
