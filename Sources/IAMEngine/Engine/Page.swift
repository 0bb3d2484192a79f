// X58–X63: what a message on screen keeps from showing, and the Web SDK's `showInAppMessage`,
// which makes its display checks each time the app (or automatic display) calls it.
extension Engine {
    /// X58: whether the platform's page holds several messages.
    var pageHoldsSeveral: Bool { state.settings.profile.closingHold != nil }

    /// `showInAppMessage` on a platform that checks at each call (I4): a control message logs its
    /// impression whatever shows; then (X63) an HTML message without permission, (X58) what is on
    /// the page, (X62) the orientation, the image requirement, and the assets. No expiry: the
    /// hand-over checked it (X35); the app may show a handed message any time later.
    mutating func showOnPage(_ pending: PendingMessage) {
        if pending.message.isControl { return display(pending) }
        if let reason = state.pageShowRefusal(pending.message) { return discard(pending, reason: reason) }
        if let reason = state.imageRequirementReason(pending) { return discard(pending, reason: reason) }
        // X64: the page loads the image of a MODAL or SLIDEUP now, each time; nothing else waits.
        if state.settings.profile.imagesLoadAtShow {
            guard pending.message.kind == .modal || pending.message.kind == .slideup,
                let url = pending.message.imageURL
            else { return display(pending) }
            state.assets[url] = nil
            return waitForAssets(pending)
        }
        let missing = state.missingAssets(of: pending.message)
        if missing.failed { return discard(pending, reason: .assetFailed) }
        if !missing.urls.isEmpty {
            // Shown again while its first showing waits for the image: that one takes the page.
            if state.waiting.contains(where: { $0.id == pending.id }) {
                return discard(pending, reason: .messageVisible)
            }
            return waitForAssets(pending)
        }
        display(pending)
    }

    /// X58: a message displayed over the one visible keeps that one on the page beneath it.
    mutating func keepBeneath() {
        guard pageHoldsSeveral, let current = state.visible else { return }
        state.beneath.append(current)
        state.visible = nil
    }

    /// X58: the visible message has closed: a modal-like one blocks the next modal-like message
    /// while its close animation runs, and the newest message left on the page is the one a
    /// `dismiss` or a `click` acts on next.
    /// (Messages left beneath by a platform switched away from still come up one by one.)
    mutating func closeOnPage(_ closed: VisibleMessage) {
        if state.visible == nil { state.visible = state.beneath.popLast() }
        guard let hold = state.settings.profile.closingHold else { return }
        state.closingModalsUntil.removeAll { $0 <= state.now }
        // Kept to the microsecond, so that 3.999 + 0.5 ends at 4.499 exactly.
        if closed.pending.message.kind != .slideup {
            state.closingModalsUntil.append(((state.now + hold) * 1e6).rounded() / 1e6)
        }
    }

    /// X58: a message beneath the newest dismisses itself (its own timer).
    mutating func dismissBeneath(at index: Int) {
        let closed = state.beneath.remove(at: index)
        emit(
            TraceRecord(
                t: state.now, kind: .dismissed, message: closed.pending.id, reason: .auto,
                detail: TraceRecord.beneathTheNewest))
        closeOnPage(closed)
    }
}

extension TraceRecord {
    /// X58: the detail of a `dismissed` record whose message was beneath the newest on the page.
    public static let beneathTheNewest = "beneath the newest"
}

extension EngineState {
    /// Whether display goes through the Web SDK's `showInAppMessage`, which checks at each call
    /// (I4 with the SDK's own UI), as `present` routes it.
    public var showsThroughPage: Bool {
        guard settings.profile.showsThroughSubscribers, integration.ui == .default else { return false }
        // A bridge takes the message first only where the platform has bridges (`present`).
        return integration.bridge == nil || settings.profile.bridgeAnswers == nil
    }

    /// X63, X58, X62: why `showInAppMessage` refuses the message now, in the SDK's order.
    public func pageShowRefusal(_ message: Message) -> TraceReason? {
        if settings.profile.htmlNeedsPermission, message.kind.isHTML, !message.trusted,
            !integration.web.allowUserSuppliedJavascript
        {
            return .htmlNotAllowed
        }
        if let reason = pageRefusal(message) { return reason }
        if !fitsScreen(message) { return .orientationMismatch }
        if settings.profile.htmlNeedsPermission, !integration.web.allowUserSuppliedJavascript,
            message.clickURIRunsScript
        {
            return .javascriptNotAllowed
        }
        // X64: while a message's image loads on the page, no other message shows (an HTML message
        // is built another way, without that check).
        if settings.profile.imagesLoadAtShow, integration.ui == .default, !message.kind.isHTML, !waiting.isEmpty {
            return .messageVisible
        }
        return nil
    }

    /// X58 (M1): what is on screen refuses `message` (`message_visible`).
    public func pageRefusal(_ message: Message) -> TraceReason? {
        // The page holds several only where the SDK's own UI draws (the app's own UI shows one, I3).
        guard settings.profile.closingHold != nil, integration.ui == .default else {
            return visible == nil ? nil : .messageVisible
        }
        guard message.kind != .slideup else { return nil }
        // Asked at every offer: no array is built for it.
        func blocks(_ shown: VisibleMessage) -> Bool { !shown.shownByApp && shown.pending.message.kind != .slideup }
        if beneath.contains(where: blocks) || visible.map(blocks) == true { return .messageVisible }
        if closingModalsUntil.contains(where: { $0 > now }) { return .messageVisible }
        return nil
    }

    /// M3, X59, X60: seconds until `message` dismisses itself; `nil` when it waits for the user.
    public func dismissDelay(of message: Message) -> Double? {
        let timing = settings.policies.dismissTiming
        let manual = !message.closeGiven && timing.manualUnlessSlideup && message.kind != .slideup
        guard message.close == .autoDismiss, !manual else { return nil }
        if timing.raisesShortDurations { return message.displayDuration }
        return Double(message.duration == 0 ? 5000 : max(0, message.duration)) / 1000
    }
}

extension EngineState {
    /// X58: the earliest timer among the messages beneath the newest (the first displayed on a tie).
    var earliestBeneathDismissal: (index: Int, at: Double)? {
        var best: (index: Int, at: Double)?
        for (index, message) in beneath.enumerated() {
            if let at = message.dismissAt, best == nil || at < best!.at { best = (index, at) }
        }
        return best
    }
}

extension Profile {
    /// X58: how long a closing modal-like message keeps the next one off the page; `nil` on a
    /// platform with one visible message (M1). The one reader of the row.
    public var closingHold: Double? {
        guard case .modalLikeBlocksModalLike(let hold) = policies.page else { return nil }
        return hold
    }

    /// X63: whether an HTML message that is not `trusted` needs `allowUserSuppliedJavascript`.
    /// The one reader of the row.
    public var htmlNeedsPermission: Bool { policies.htmlNeedsPermission }

    /// X55: whether the image is prepared before expiry and orientation are checked. The one
    /// reader of the row.
    public var preparesBeforeDisplayChecks: Bool { policies.preparesBeforeDisplayChecks }
}

extension Message {
    /// X63: whether the click URI the Web SDK checks runs script (`javascript:` or `data:`, any
    /// case): with buttons, the last button whose action is a URI (each one it finds replaces the
    /// one before); without, the message's own.
    public var clickURIRunsScript: Bool {
        func runs(_ action: ClickAction?) -> Bool {
            guard case .uri(let uri)? = action else { return false }
            let lower = uri.lowercased()
            return lower.hasPrefix("javascript:") || lower.hasPrefix("data:")
        }
        guard !buttons.isEmpty else { return runs(clickAction) }
        return runs(
            buttons.last {
                if case .uri = $0.clickAction { return true }
                return false
            }?.clickAction)
    }
}
