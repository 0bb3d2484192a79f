/// L3's verdict on a message at the moment it is offered: the first check that applies.
public enum OfferVerdict: Sendable, Equatable {
    /// Steps 1–3: back on the stack (`app_in_background`, `message_visible`, `keyboard_up`,
    /// `delegate_later`).
    case returnToStack(TraceReason)
    /// Steps 3–7: thrown away (`delegate_discard`, `timeout`, `orientation_mismatch`,
    /// `full_without_image`, `image_only_without_image`, `asset_failed`).
    case discard(TraceReason)
    /// Step 3: the delegate answered `reenqueue` (L5).
    case reenqueue
    /// Step 7: the asset is not downloaded yet (D4); the message waits for it.
    case waitForAsset(url: String)
    /// Step 8.
    case display
}

extension EngineState {
    /// L3 steps 1–8 for `pending`, without changing anything. Offering acts on the verdict;
    /// why-not shows it. The one place the offer checks are written. `asksDelegate` is false when
    /// the platform's `displayNext` skips the display choice (X6).
    public func offerVerdict(for pending: PendingMessage, asksDelegate: Bool = true) -> OfferVerdict {
        if let reason = blockedByApp() { return .returnToStack(reason) }
        let choice = DisplayDecision.choice(
            delegate: asksDelegate ? delegate : Delegate(), keyboardUp: keyboardUp, messageID: pending.id,
            keyboardHoldsBack: settings.policies.keyboardHoldsBack)
        switch choice {
        case (.now, _): break
        case (.later, let reason): return .returnToStack(reason)
        case (.discard, _): return .discard(.delegateDiscard)
        case (.reenqueue, _): return .reenqueue
        }
        if let reason = unfitReason(pending) { return .discard(reason) }
        if let url = pending.message.assetURL {
            switch assets[url] {
            case .ready: break
            case .failed: return .discard(.assetFailed)
            case .downloading, nil: return .waitForAsset(url: url)
            }
        }
        return .display
    }

    /// L3 steps 1 and 2, made again when an awaited asset arrives (D4).
    public func blockedByApp() -> TraceReason? {
        if app != .foreground { return .appInBackground }
        if visible != nil { return .messageVisible }
        return nil
    }

    /// L3 steps 4–6: why the message can never show as it is.
    public func unfitReason(_ pending: PendingMessage) -> TraceReason? {
        let message = pending.message
        if let expiry = pending.expiresAt, isExpired(at: expiry) { return .timeout }
        if device.kind == .phone, !message.fits(device.orientation) { return .orientationMismatch }
        if message.kind == .full, message.imageURL == nil { return .fullWithoutImage }
        if message.kind == .modal || message.kind == .full, message.imageStyle == .graphic, message.imageURL == nil {
            return .imageOnlyWithoutImage
        }
        return nil
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
