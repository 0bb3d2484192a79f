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
    /// Step 7: an asset is not downloaded yet (D4); the message waits for it (`url` is the first
    /// of those missing; an HTML message waits for every one of `requiredAssets`).
    case waitForAsset(url: String)
    /// Step 8.
    case display
}

extension EngineState {
    /// L3 steps 1–8 for `pending`, without changing anything. Offering acts on the verdict;
    /// why-not shows it. The one place the offer checks are written. `asksDelegate` is false when
    /// the platform's `displayNext` skips the display choice (X6).
    public func offerVerdict(for pending: PendingMessage, asksDelegate: Bool = true) -> OfferVerdict {
        // X67: the different-user guard first, or (BrazeUI) last, once the image is here.
        let userLast = settings.profile.checksUserLast
        if !userLast, isPreviousUsers(pending) { return .discard(.userChanged) }
        // I4, X58: the Web SDK hands the message over whatever shows; `showInAppMessage` checks.
        if showsThroughPage {
            // X65: a platform whose page only hides shows the message all the same.
            if app != .foreground, settings.profile.backgroundHoldsBack { return .returnToStack(.appInBackground) }
        } else if let reason = blockedByApp(pending.message) {
            return .returnToStack(reason)
        }
        let choice = DisplayDecision.choice(
            delegate: asksDelegate ? screenDelegate : Delegate(), keyboardUp: keyboardUp, messageID: pending.id,
            keyboardHoldsBack: keyboardGateApplies)
        switch choice {
        case (.now, _): break
        case (.later, let reason): return .returnToStack(reason)
        case (.discard, _): return .discard(.delegateDiscard)
        case (.reenqueue, _): return .reenqueue
        }
        if showsThroughPage { return .display }
        // X55: a platform that prepares the message first asks for its image before expiry and
        // orientation, which it checks once the image is here.
        let preparesFirst = settings.profile.preparesBeforeDisplayChecks
        if preparesFirst, let reason = imageRequirementReason(pending) { return .discard(reason) }
        if !preparesFirst, let reason = unfitReason(pending) { return .discard(reason) }
        let missing = missingAssets(of: pending.message)
        if missing.failed { return .discard(.assetFailed) }
        if let url = missing.urls.first { return .waitForAsset(url: url) }
        if preparesFirst, let reason = displayCheckReason(pending) { return .discard(reason) }
        if userLast, isPreviousUsers(pending) { return .discard(.userChanged) }
        return .display
    }

    /// L3 step 7: the required assets not downloaded yet, and whether one of them failed.
    public func missingAssets(of message: Message) -> (urls: [String], failed: Bool) {
        var urls: [String] = []
        for url in message.requiredAssets {
            switch assets[url] {
            case .ready: break
            case .failed: return (urls, true)
            case .downloading, nil: urls.append(url)
            }
        }
        return (urls, false)
    }

    /// D2, D4: whether the download of `url` fails: the one under way says so, and one not
    /// started yet fails as the scenario's asset table says it will.
    public func assetDownloadFails(_ url: String) -> Bool {
        switch assets[url] {
        case .downloading(_, _, let fails): fails
        case .failed: true
        case .ready: false
        // Not requested yet: it fails as the asset table says, or because it starts offline.
        case nil: (assetTable[url]?.fails ?? false) || !online
        }
    }

    /// D4: a message already waiting for its images that has them by `readyAt` (none failing):
    /// it shows then, ahead of `pending`.
    public func waitingAhead(of pending: PendingMessage, readyAt: Double) -> String? {
        waiting.first { other in
            guard other.id != pending.id, !isPreviousUsers(other) else { return false }
            return missingAssets(of: other.message).urls.allSatisfy {
                !assetDownloadFails($0) && assetReadyAt($0) <= readyAt
            }
        }?.id
    }

    /// D2, D4: when the asset at `url` would be here: the download under way ends, one not
    /// started would take its time from now.
    public func assetReadyAt(_ url: String) -> Double {
        switch assets[url] {
        case .downloading(_, let until, _): until
        case .ready, .failed: now
        case nil: now + (assetTable[url] ?? AssetSpec()).download
        }
    }

    /// X40: a message triggered for a user who is no longer the user, on a platform that refuses it.
    public func isPreviousUsers(_ pending: PendingMessage) -> Bool {
        guard settings.profile.onUserChange.refusesPreviousUsers, let user = pending.user else { return false }
        return user != userEpoch
    }

    /// L3 steps 1 and 2 (X58: what the page holds), made again when an awaited asset arrives (D4).
    public func blockedByApp(_ message: Message) -> TraceReason? {
        if app != .foreground, settings.profile.backgroundHoldsBack { return .appInBackground }
        return pageRefusal(message)
    }

    /// L3 steps 4–6: why the message can never show as it is.
    public func unfitReason(_ pending: PendingMessage) -> TraceReason? {
        displayCheckReason(pending) ?? imageRequirementReason(pending)
    }

    /// L3 steps 4–5: expired, or not fitting the screen's orientation.
    public func displayCheckReason(_ pending: PendingMessage) -> TraceReason? {
        if let expiry = pending.expiresAt, isExpired(at: expiry) { return .timeout }
        if !fitsScreen(pending.message) { return .orientationMismatch }
        return nil
    }

    /// L3 step 6: a message whose layout needs an image it does not name.
    public func imageRequirementReason(_ pending: PendingMessage) -> TraceReason? {
        let message = pending.message
        if message.kind == .full, message.imageURL == nil, settings.policies.fullNeedsImage { return .fullWithoutImage }
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
