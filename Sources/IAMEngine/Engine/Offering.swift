// L1–L7: the stack and the offer checks.
extension Engine {
    /// L2 (a): push on top (L1, last in first out), then offer the top.
    mutating func stackAndOffer(_ pending: PendingMessage, reason: String) {
        state.stack.append(pending)
        let (stack, depth) = stackWindow
        emit(TraceRecord(t: state.now, kind: .stacked, message: pending.id, reason: reason, stack: stack, depth: depth))
        offerTop(reason: "eligible_moment")
    }

    /// L2 (b) and (c): offer the top of the stack if nothing is visible.
    mutating func eligibleMoment() {
        if state.visible == nil, !state.stack.isEmpty { offerTop(reason: "eligible_moment") }
    }

    /// L6: `displayNextInAppMessage`.
    mutating func displayNext() {
        guard !state.stack.isEmpty else {
            emit(
                TraceRecord(
                    t: state.now, kind: .offered, reason: "display_next", detail: "stack empty: nothing to offer"))
            return
        }
        offerTop(reason: "display_next")
    }

    /// L7: `addInAppMessage`: no trigger, so no P2/P3, no stamps and no analytics.
    mutating func addLocal(_ message: Message) {
        state.localCount += 1
        let pending = PendingMessage(
            id: "local-\(state.localCount)", message: message, triggerID: nil,
            stackedAt: state.now, expiresAt: nil, rollback: nil)
        stackAndOffer(pending, reason: "local")
    }

    /// The topmost ids of the stack and its depth, for a record (spec §10: linear trace).
    var stackWindow: (stack: [String], depth: Int) {
        (state.stack.suffix(TraceRecord.stackShown).map(\.id), state.stack.count)
    }

    mutating func offerTop(reason: String) {
        guard let top = state.stack.popLast() else { return }
        emit(TraceRecord(t: state.now, kind: .offered, message: top.id, reason: reason))
        offer(top)
    }

    /// L3: the checks in order; the first that applies decides.
    mutating func offer(_ pending: PendingMessage) {
        // 1–2
        if let reason = blockedByApp() { return returnToStack(pending, reason: reason) }
        // 3: L4
        let (choice, laterReason) = DisplayDecision.choice(
            delegate: state.delegate, keyboardUp: state.keyboardUp,
            messageID: pending.id)
        switch choice {
        case .now: break
        case .later: return returnToStack(pending, reason: laterReason)
        case .discard: return discard(pending, reason: "delegate_discard")
        case .reenqueue:
            rollBack(pending)
            return emit(TraceRecord(t: state.now, kind: .reenqueued, message: pending.id))
        }
        // 4–6
        if let reason = unfitReason(pending) { return discard(pending, reason: reason) }
        // 7: D4
        if let url = pending.message.assetURL {
            switch state.assets[url] {
            case .ready: break
            case .failed: return discard(pending, reason: "asset_failed")
            case .downloading, nil:
                requestAsset(url)
                state.waiting.append(pending)
                var until: Double?
                if case .downloading(_, let end, _) = state.assets[url] { until = end }
                return emit(
                    TraceRecord(t: state.now, kind: .waitingForAsset, message: pending.id, until: until, detail: url))
            }
        }
        // 8
        display(pending)
    }

    /// L3 steps 1 and 2, also re-made when an awaited asset arrives.
    func blockedByApp() -> String? {
        if state.app != .foreground { return "app_in_background" }
        if state.visible != nil { return "message_visible" }
        return nil
    }

    /// L3 steps 4–6: why the message can never show as it is.
    func unfitReason(_ pending: PendingMessage) -> String? {
        let message = pending.message
        if let expiry = pending.expiresAt, state.now >= expiry { return "timeout" }
        if state.device.kind == .phone, !message.fits(state.device.orientation) { return "orientation_mismatch" }
        if message.kind == .full, message.imageURL == nil { return "full_without_image" }
        if message.kind == .modal || message.kind == .full, message.imageStyle == .graphic, message.imageURL == nil {
            return "image_only_without_image"
        }
        return nil
    }

    /// D4: the asset arrived; L3 steps 1 and 2 are made again.
    mutating func showAfterAsset(_ pending: PendingMessage) {
        if let reason = blockedByApp() { return returnToStack(pending, reason: reason) }
        display(pending)
    }

    mutating func returnToStack(_ pending: PendingMessage, reason: String) {
        state.stack.append(pending)
        let (stack, depth) = stackWindow
        emit(
            TraceRecord(
                t: state.now, kind: .returnedToStack, message: pending.id, reason: reason, stack: stack, depth: depth))
    }

    mutating func discard(_ pending: PendingMessage, reason: String) {
        emit(TraceRecord(t: state.now, kind: .discarded, message: pending.id, reason: reason))
    }
}

extension Message {
    /// L3 step 5: `ANY` fits both orientations.
    public func fits(_ orientation: Device.Orientation) -> Bool {
        switch self.orientation {
        case .any: true
        case .portrait: orientation == .portrait
        case .landscape: orientation == .landscape
        }
    }
}
