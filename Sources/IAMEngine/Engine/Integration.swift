// I1–I3 (integration.md): the presenter, the app's own UI, and who logs impressions.
extension Engine {
    /// L3 step 8 through the app's presenter: the SDK's own UI displays (I1), nothing presents
    /// (I2, per platform), or the app's own code receives the message (I3).
    mutating func present(_ pending: PendingMessage) {
        if holdsBackForScreen() { return returnToStack(pending, reason: .noActivity) }
        switch state.integration.ui {
        case .default:
            // X41: the SDK's own UI has no window to draw in.
            if state.integration.scenes, state.settings.profile.findsNoWindowInSceneApps {
                return discard(pending, reason: .noWindow)
            }
            if let bridge = state.integration.bridge, let policies = state.settings.profile.bridgeAnswers {
                presentThroughBridge(pending, bridge, policies[bridge.kind])
            } else if state.settings.profile.showsThroughSubscribers {
                presentOnWeb(pending)
            } else {
                display(pending)
            }
        case .none where pending.isTestSend: discard(pending, reason: .noPresenter)
        case .none: withoutPresenter(pending)
        case .custom: handToApp(pending, reason: .customUI)
        }
    }

    /// I2: nothing can present; the platform's answer (`Policies.withoutPresenter`).
    mutating func withoutPresenter(_ pending: PendingMessage) {
        switch state.settings.profile.answerWithoutPresenter {
        case .discard(let reason): discard(pending, reason: reason)
        case .park:
            returnToStack(pending, reason: .noActivity)
            if state.stack.last?.id == pending.id { park(state.stack.removeLast(), reason: .noActivity) }
        }
    }

    /// I3: the message goes to the app's code instead of `displayed`; the device shows it as
    /// drawn by the app for the message's duration (M1 still holds: one visible message).
    /// Impressions follow `integration.impressions`; local messages log none (L7).
    mutating func handToApp(_ pending: PendingMessage, reason: TraceReason) {
        let impressions = state.integration.impressions
        emit(
            TraceRecord(
                t: state.now, kind: .handedToApp, message: pending.id, reason: reason,
                detail: "impressions " + impressions.rawValue))
        switch impressions {
        case .sdk:
            logImpression(pending)
            state.loggedHandOffImpressions.insert(pending.id)
        case .app: if !pending.isLocal { state.awaitingAppImpression.insert(pending.id) }
        case .never: break
        }
        guard !pending.message.isControl else { return }
        state.visible = VisibleMessage(
            pending: pending, displayedAt: state.now,
            dismissAt: state.dismissDelay(of: pending.message).map { state.now + $0 }, shownByApp: true)
    }

    /// I3: the app logs the impression of a message it was handed (`impressions: app`), once.
    mutating func appImpression(_ id: String) {
        guard state.awaitingAppImpression.remove(id) != nil else {
            let logged = state.loggedHandOffImpressions.contains(id)
            return ignored("appImpression", logged ? .impressionLogged : .notHandedToApp, message: id)
        }
        state.loggedHandOffImpressions.insert(id)
        if state.visible?.pending.id == id, let pending = state.visible?.pending {
            logImpression(pending)
        } else {
            state.analytics[id, default: Analytics()].impressions += 1
        }
        emit(TraceRecord(t: state.now, kind: .app, message: id, reason: .impression))
    }

    /// The `integration` step: the given keys change from now on. A message Android parked for
    /// want of a presenter (I2) is offered once something presents again.
    mutating func changeIntegration(_ change: IntegrationChange) {
        let before = state.integration
        state.integration = change.applied(to: before)
        emit(TraceRecord(t: state.now, kind: .app, reason: .integration, fact: .integration(state.integration)))
        if before.ui == .none, state.integration.ui != .none, state.app == .foreground {
            offerParked(reason: .integration)
        }
    }

    /// Why-not's words when nothing presents messages: the platform's answer (I2).
    func noPresenterWords() -> String {
        let profile = state.settings.profile
        let answer = profile.answer(Difference.i2)
        return "nothing presents messages in this app (ui none) · \(profile.name) I2 "
            + "(\(answer.confidence.rawValue)): \(answer.summary)"
    }
}

extension Profile {
    /// I2: what the SDK does with a message when nothing presents messages. The one reader of
    /// the row (the offer and the hand-over's refusal ask this).
    public var answerWithoutPresenter: NoPresenterPolicy { policies.withoutPresenter }

    /// I4: whether display goes through automatic display and the app's subscribers (the Web
    /// SDK). The one reader of the row.
    public var showsThroughSubscribers: Bool { policies.displaysThroughSubscribers }

    /// B3, B4: each bridge's native answers on this platform; `nil` where no bridge runs. The
    /// one reader of the row.
    public var bridgeAnswers: BridgePolicies? { policies.bridges }
}
