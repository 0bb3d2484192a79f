import IAMEngine

/// A hash of what the engine's next decisions depend on: two states with the same key cannot
/// be told apart by any move, so the search visits one of them (explore.md, "Search").
/// Analytics counts, the kept trace and the records' wording are left out: no rule reads them.
enum StateKey {
    static func of(_ engines: [Engine]) -> Int {
        var hasher = Hasher()
        for engine in engines { combine(engine.state, into: &hasher) }
        return hasher.finalize()
    }

    static func combine(_ state: EngineState, into hasher: inout Hasher) {
        hasher.combine(state.now)
        switch state.app {
        case .notRunning: hasher.combine(0)
        case .foreground: hasher.combine(1)
        case .background(let since):
            hasher.combine(2)
            hasher.combine(since)
        }
        hasher.combine(state.session?.number)
        hasher.combine(state.session?.ended)
        hasher.combine(state.keyboardUp)
        hasher.combine(state.device.orientation.rawValue)
        hasher.combine(state.device.kind.rawValue)
        hasher.combine(state.online)
        hasher.combine(state.delegate.words)
        hasher.combine(state.lastTriggerTime)
        for (id, at) in state.lastPerformed.sorted(by: { $0.key < $1.key }) {
            hasher.combine(id)
            hasher.combine(at)
        }
        hasher.combine(-1)
        for delayed in state.delayed.earliest(state.delayed.count) {
            hasher.combine(delayed.trigger.id)
            hasher.combine(delayed.performAt)
        }
        hasher.combine(-2)
        for pending in state.stack { combine(pending, into: &hasher) }
        hasher.combine(-3)
        if let parked = state.parked { combine(parked, into: &hasher) }
        hasher.combine(-4)
        for pending in state.waiting.earliest(state.waiting.count) { combine(pending, into: &hasher) }
        hasher.combine(-5)
        if let visible = state.visible {
            combine(visible.pending, into: &hasher)
            hasher.combine(visible.displayedAt)
            hasher.combine(visible.dismissAt)
            hasher.combine(visible.clicked)
            hasher.combine(visible.shownByApp)
        }
        hasher.combine(-6)
        if let delivery = state.delivery {
            hasher.combine(delivery.completesAt)
            hasher.combine(delivery.succeeds)
            hasher.combine(delivery.queued.count)
            for queued in delivery.queued {
                hasher.combine(queued.at)
                hasher.combine(queued.event.name)
            }
        }
        hasher.combine(state.lastDeliveryFailed)
        hasher.combine(state.delivered.triggers.count)
        for id in state.disabledCampaigns.sorted() { hasher.combine(id) }
        hasher.combine(-7)
        for waiting in state.waitingTestSends { combine(waiting.pending, into: &hasher) }
        for id in state.handedToApp.keys.sorted() { hasher.combine(id) }
        for pending in state.bridgeQueue { combine(pending, into: &hasher) }
        if let deferred = state.deferred { combine(deferred, into: &hasher) }
        for id in state.awaitingAppImpression.sorted() { hasher.combine(id) }
        hasher.combine(state.screen)
        hasher.combine(state.heldForScreen)
        for (url, asset) in state.assets.sorted(by: { $0.key < $1.key }) {
            hasher.combine(url)
            switch asset {
            case .downloading(let started, let until, let fails):
                hasher.combine(started)
                hasher.combine(until)
                hasher.combine(fails)
            case .ready: hasher.combine(1)
            case .failed: hasher.combine(2)
            }
        }
    }

    private static func combine(_ pending: PendingMessage, into hasher: inout Hasher) {
        hasher.combine(pending.id)
        hasher.combine(pending.stackedAt)
        hasher.combine(pending.expiresAt)
        hasher.combine(pending.isTestSend)
        hasher.combine(pending.rollback?.stampedAt)
    }
}
