// Dispatch: each action goes to the rule file that owns it.
extension Engine {
    mutating func handle(_ action: Action) {
        switch action {
        case .launch: launch()
        case .background: sendToBackground()
        case .foreground: bringToForeground()
        case .reset: resetInstall()
        case .purchase(let product, let properties):
            raise(Event(kind: .purchase, name: product, properties: properties))
        case .customEvent(let name, let properties):
            raise(Event(kind: .customEvent, name: name, properties: properties))
        case .pushClick(let campaign): openFromPush(campaign: campaign)
        case .keyboard(let shown): setKeyboard(shown: shown)
        case .rotate(let orientation):
            state.device.orientation = orientation
            emit(TraceRecord(t: state.now, kind: .app, reason: .rotate, detail: orientation.rawValue))
            configurationChanged(reason: .rotate)
        case .deviceKind(let kind):
            state.device.kind = kind
            emit(TraceRecord(t: state.now, kind: .app, reason: .device, detail: kind.rawValue))
            configurationChanged(reason: .device)
        case .dismiss: dismissByUser()
        case .click(let button): click(button: button)
        case .displayNext: displayNext()
        case .addLocal(let message): addLocal(message)
        case .delegate(let delegate):
            state.delegate = delegate
            emit(
                TraceRecord(
                    t: state.now, kind: .app, reason: .delegate,
                    detail: delegate.words))
        case .network(let online):
            state.online = online
            emit(TraceRecord(t: state.now, kind: .app, reason: .network, detail: online ? "online" : "offline"))
        case .campaign(let id, let enabled): setCampaign(id: id, enabled: enabled)
        case .addCampaign(let trigger, let enabled, _): addCampaign(trigger, enabled: enabled)
        case .profile(let profile): switchProfile(to: profile)
        case .wait: break
        case .integration(let change): changeIntegration(change)
        case .appImpression(let id): appImpression(id)
        case .testSend(let id, let message): receiveTestSend(id: id, message: message)
        case .unforwardedPushClick(let campaign): openFromUnforwardedPush(campaign: campaign)
        case .screen(let name): showScreen(name)
        case .bridge(let change): changeBridge(change)
        case .showInAppMessage(let id): showHanded(id)
        case .deferInAppMessage(let id): deferHanded(id)
        case .showDeferred: showDeferred()
        case .changeUser(let id): changeUser(to: id)
        }
    }

    mutating func fire(_ due: Due) {
        switch due {
        case .delivery: completeDelivery()
        case .flushTick: flushSessionSync()
        case .asset(let position): completeDownload(at: position)
        case .delayed(let index):
            let delayed = state.delayed.remove(at: index)
            // X30: what this performance logs knows when its timer was set.
            timerSetAt = delayed.performAt - delayed.trigger.delay
            defer { timerSetAt = nil }
            performTrigger(
                delayed.trigger, event: delayed.event.map(SharedEvent.init), eventTime: delayed.eventTime,
                fallbacks: delayed.fallbacks, user: delayed.user)
        case .waitingExpiry(let index):
            discard(state.waiting.remove(at: index), reason: .timeout)
        case .autoDismiss: dismissVisible(reason: .auto)
        case .strayDismiss: strayDismissal()
        case .pageDismiss(let index): dismissBeneath(at: index)
        case .sessionEnd: endSession()
        }
    }
}
