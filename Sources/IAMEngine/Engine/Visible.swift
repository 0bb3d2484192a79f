// M1–M6: the one visible message.
extension Engine {
    /// L3 step 8 and M2: an impression (a control impression for control messages, which are
    /// never drawn); local messages log nothing (L7). M3 schedules the auto-dismiss.
    mutating func display(_ pending: PendingMessage) {
        let reason: TraceReason =
            pending.message.isControl ? .controlImpression : pending.isLocal ? .local : .impression
        logImpression(pending)
        emit(TraceRecord(t: state.now, kind: .displayed, message: pending.id, reason: reason))
        // X26: the re-eligibility record of a platform that stamps it at the impression.
        if state.settings.profile.stampsReEligibilityAtImpression, let triggerID = pending.triggerID {
            stampReEligibility(triggerID)
        }
        guard !pending.message.isControl else { return }
        lockOrientation(for: pending.message)
        keepBeneath()
        state.visible = VisibleMessage(
            pending: pending, displayedAt: state.now,
            dismissAt: state.dismissDelay(of: pending.message).map { state.now + $0 })
    }

    /// M2: the impression (or control impression) of `pending`; local messages log none (L7).
    mutating func logImpression(_ pending: PendingMessage) {
        guard !pending.isLocal else { return }
        // X30: a logged impression is activity that extends the session.
        if state.settings.sessionsEndByInactivity { state.lastActivity = state.now }
        flushCarriesLogged()
        if pending.message.isControl {
            state.analytics[pending.id, default: Analytics()].controlImpressions += 1
        } else {
            state.analytics[pending.id, default: Analytics()].impressions += 1
        }
    }

    /// The user's `dismiss` (M4); M7: with nothing visible it is recorded as `ignored`.
    mutating func dismissByUser() {
        guard state.visible != nil else { return ignored("dismiss", .nothingVisible) }
        dismissVisible(reason: .user)
    }

    /// M7 (revision 2): a user action that changed nothing still leaves a record.
    mutating func ignored(_ action: String, _ reason: TraceReason, message: String? = nil, detail: String? = nil) {
        emit(
            TraceRecord(t: state.now, kind: .ignored, message: message, reason: reason, detail: detail, action: action))
    }

    mutating func dismissVisible(reason: TraceReason) {
        guard let visible = state.visible else { return }
        state.visible = nil
        emit(TraceRecord(t: state.now, kind: .dismissed, message: visible.pending.id, reason: reason))
        closeOnPage(visible)
        unlockOrientation()
    }

    /// M4: a click logs (once per message), records the action, dismisses and raises `iam_click`.
    /// M7: a click that changes nothing (nothing visible, no such button) is recorded as `ignored`.
    mutating func click(button index: Int?) {
        guard let visible = state.visible else { return ignored("click", .nothingVisible) }
        let pending = visible.pending
        // X56: on a message with buttons, only the buttons and the close control may act.
        if index == nil, state.settings.profile.bodyTapIsInert(on: pending.message) {
            return ignored("click", .hasButtons, message: pending.id, detail: "only its buttons act")
        }
        // X57: a platform that reads the click's trigger id from the payload logs nothing without one.
        let identified = !state.settings.policies.clickNeedsTriggerID || pending.message.payloadTriggerID != nil
        let logs = identified && !pending.isLocal
        var buttonID: String?
        let action: ClickAction
        if let index {
            guard pending.message.buttons.indices.contains(index) else {
                return ignored(
                    "click", .noSuchButton, message: pending.id,
                    detail: "button \(index) (it has \(pending.message.buttons.count))")
            }
            let button = pending.message.buttons[index]
            buttonID = button.id
            action = button.clickAction
            if logs { state.analytics[pending.id, default: Analytics()].buttonClicks[button.id, default: 0] += 1 }
        } else {
            action = pending.message.clickAction
            if logs, !visible.clicked { state.analytics[pending.id, default: Analytics()].clicks += 1 }
        }
        state.visible?.clicked = true
        var uri: String?
        if case .uri(let target) = action { uri = target }
        emit(
            TraceRecord(
                t: state.now, kind: .clicked, message: pending.id, reason: action.traceReason, button: buttonID,
                detail: identified ? uri : [uri, "not logged: no trigger_id"].compactMap { $0 }.joined(separator: " ")))
        dismissVisible(reason: .user)
        guard identified else { return }
        // X36: a platform that reads only ids it was given raises no click for a button without one.
        if let index, !pending.message.buttons[index].hasID, state.settings.filterReading.iamClicks == .campaignPart {
            return
        }
        raise(Event(kind: .iamClick, name: pending.id, button: buttonID))
    }

    /// M5: the keyboard dismisses a visible non-HTML message.
    mutating func setKeyboard(shown: Bool) {
        state.keyboardUp = shown
        emit(TraceRecord(t: state.now, kind: .app, reason: .keyboard, detail: shown ? "up" : "down"))
        if shown, state.settings.policies.keyboardDismissesVisible, let visible = state.visible,
            !visible.pending.message.kind.isHTML
        {
            dismissVisible(reason: .keyboard)
        }
    }
}

extension Profile {
    /// X56: whether a tap on the body of `message` does nothing on this platform. The one reader
    /// of the row.
    public func bodyTapIsInert(on message: Message) -> Bool {
        guard !message.buttons.isEmpty else { return false }
        switch policies.bodyTapWithButtons {
        case .clicks: return false
        case .ignoredOnImmersive: return message.kind == .modal || message.kind == .full
        case .ignoredWithButtons: return true
        case .ignoredOnImmersiveWithText:
            return (message.kind == .modal || message.kind == .full) && message.imageStyle != .graphic
        }
    }
}
