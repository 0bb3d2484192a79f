// I4 (integration.md): the Web SDK's automatic display, the app's subscribers, its manual
// `showInAppMessage` and the single deferred slot.
extension Engine {
    /// L3 step 8 on the Web SDK: automatic display first, then each subscriber in turn
    /// (`handed_to_app`, one record each); a `show` subscriber calls `showInAppMessage`, so a
    /// message automatic display already showed is offered again (`shown_again`). Neither: I2.
    mutating func presentOnWeb(_ pending: PendingMessage) {
        let web = state.integration.web
        guard web.automaticallyShow || !web.subscribers.isEmpty else { return withoutPresenter(pending) }
        var shown = false
        if web.automaticallyShow {
            showOnPage(pending)
            shown = true
        }
        for (index, subscriber) in web.subscribers.enumerated() {
            state.handedToApp[pending.id] = pending
            emit(
                TraceRecord(
                    t: state.now, kind: .handedToApp, message: pending.id, reason: .customUI,
                    fact: .subscriber(position: index + 1, subscriber)))
            guard subscriber == .show else { continue }
            showManually(pending, reason: shown ? .shownAgain : .manual)
            shown = true
        }
    }

    /// `showInAppMessage`: the app shows a message it was handed, whatever the rules say
    /// (`offered manual`); M7: any other id is `ignored`.
    mutating func showHanded(_ id: String) {
        guard let pending = state.handedToApp[id] else {
            return ignored("showInAppMessage", .notHandedToApp, message: id)
        }
        showManually(pending, reason: .manual)
    }

    /// `deferInAppMessage`: the single slot keeps the newest; the one it held is lost.
    mutating func deferHanded(_ id: String) {
        guard let pending = state.handedToApp[id] else {
            return ignored("deferInAppMessage", .notHandedToApp, message: id)
        }
        if let replaced = state.deferred {
            emit(
                TraceRecord(
                    t: state.now, kind: .discarded, message: replaced.id, reason: .deferred,
                    detail: "replaced in the deferred slot"))
        }
        state.deferred = pending
        emit(TraceRecord(t: state.now, kind: .parked, message: pending.id, reason: .deferred))
    }

    /// `getDeferredInAppMessage` then `showInAppMessage`: the slot empties (`offered deferred`).
    mutating func showDeferred() {
        guard let pending = state.deferred else {
            return ignored("showDeferred", .stackEmpty, detail: "the deferred slot is empty")
        }
        state.deferred = nil
        // X63: the slot keeps the message without its `trusted` flag.
        var shown = pending
        if state.settings.profile.htmlNeedsPermission { shown.message.trusted = false }
        showManually(shown, reason: .deferred)
    }

    /// `offered`, then L3's checks 4–8 (no delegate, no stack); one visible message (M1): a
    /// second one is refused (`discarded message_visible`), as the Web SDK refuses it.
    mutating func showManually(_ pending: PendingMessage, reason: TraceReason) {
        emit(TraceRecord(t: state.now, kind: .offered, message: pending.id, reason: reason))
        guard state.showsThroughPage else {
            if state.visible != nil { return discard(pending, reason: .messageVisible) }
            if let unfit = state.unfitReason(pending) { return discard(pending, reason: unfit) }
            let missing = state.missingAssets(of: pending.message)
            if missing.failed { return discard(pending, reason: .assetFailed) }
            if !missing.urls.isEmpty { return waitForAssets(pending) }
            return display(pending)
        }
        showOnPage(pending)
    }
}

extension EngineState {
    /// X35: the reason a performed message is refused at its hand-over when nothing would take
    /// it (I2, I4: no automatic display and no subscriber), asked before anything is stamped;
    /// `nil` when something presents it.
    var handOverRefusal: TraceReason? {
        guard case .discard(let reason) = settings.profile.answerWithoutPresenter else { return nil }
        switch integration.ui {
        case .none: return reason
        case .custom: return nil
        case .default:
            guard settings.profile.showsThroughSubscribers, integration.bridge == nil else { return nil }
            let web = integration.web
            return web.automaticallyShow || !web.subscribers.isEmpty ? nil : reason
        }
    }
}
