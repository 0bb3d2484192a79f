// B1–B4 (integration.md): cross-platform bridges hand each message to the app's JavaScript,
// Dart or C# side through a listener.
extension Engine {
    /// L3 step 8 with a bridge and the SDK's own UI attached (`ui: default`). Without a listener
    /// the bridge is not in the way (I1). B2: with the native UI on, displayed and handed over.
    /// B3: with it off, handed over, then the bridge's native answer (L4). B4: the app's side
    /// not running.
    mutating func presentThroughBridge(_ pending: PendingMessage, _ bridge: Bridge, _ policy: BridgePolicy) {
        switch BridgeHandling.of(bridge, policy) {
        case .noListener: display(pending)
        case .nativeUI:
            display(pending)
            handToBridge(pending, bridge)
        case .handed(let answer):
            handToBridge(pending, bridge)
            follow(answer, pending)
        case .nativeUIBeforeSubscribe:
            display(pending)
            missedByApp(pending, detail: "lost: the native UI showed it before the app subscribed")
        case .discardedNotReady:
            discard(pending, reason: .bridgeNotReady)
        case .lost(let answer):
            missedByApp(pending, detail: "lost")
            follow(answer, pending)
        case .queued(let answer):
            missedByApp(pending, detail: "queued")
            state.bridgeQueue.append(pending)
            follow(answer, pending)
        }
    }

    /// B1: `handed_to_app bridge`; the app can show it later (`showInAppMessage`).
    mutating func handToBridge(_ pending: PendingMessage, _ bridge: Bridge, detail: String? = nil) {
        state.handedToApp[pending.id] = pending
        emit(
            TraceRecord(
                t: state.now, kind: .handedToApp, message: pending.id, reason: .bridge,
                detail: detail.map { bridge.kind.rawValue + " " + $0 } ?? bridge.kind.rawValue))
    }

    /// B4: the app's side did not get the message (`app bridge_not_ready`).
    mutating func missedByApp(_ pending: PendingMessage, detail: String) {
        emit(TraceRecord(t: state.now, kind: .app, message: pending.id, reason: .bridgeNotReady, detail: detail))
    }

    /// B3: the native SDK acts on the bridge's display choice as on a delegate's (L4, L5).
    mutating func follow(_ answer: DisplayChoice, _ pending: PendingMessage) {
        switch answer {
        case .now: display(pending)
        case .later: returnToStack(pending, reason: .delegateLater)
        case .discard: discard(pending, reason: .delegateDiscard)
        case .reenqueue: reenqueue(pending)
        }
    }

    /// The `bridge` step (B1): an `app integration` record; B4: when the app's side becomes ready
    /// with its listener set, the bridge hands over what it queued, oldest first.
    mutating func changeBridge(_ change: BridgeChange) {
        guard var bridge = state.integration.bridge else {
            return ignored("bridge", .noBridge, detail: "settings.integration.bridge is null")
        }
        if let ready = change.ready { bridge.ready = ready }
        if let listener = change.listener { bridge.listener = listener }
        state.integration.bridge = bridge
        emit(TraceRecord(t: state.now, kind: .app, reason: .integration, fact: .integration(state.integration)))
        guard bridge.ready, bridge.listener else { return }
        let queued = state.bridgeQueue
        state.bridgeQueue = []
        for pending in queued { handToBridge(pending, bridge, detail: "queued") }
    }
}

/// B1–B4: what a bridge with the SDK's own UI does with a message offered now: the one
/// decision the offer acts on and why-not reads.
enum BridgeHandling: Equatable {
    /// No listener: the bridge is not in the way (I1).
    case noListener
    /// B2: the native UI shows it, and the app's side gets it too.
    case nativeUI
    /// B3: handed over, then the bridge's native answer (L4).
    case handed(DisplayChoice)
    /// B4, the app's side not running: the native UI shows it before the app subscribed.
    case nativeUIBeforeSubscribe
    /// B4: answered `discard` with nobody there.
    case discardedNotReady
    /// B4: lost, then the bridge's answer.
    case lost(DisplayChoice)
    /// B4: queued for the app's side, then the bridge's answer.
    case queued(DisplayChoice)

    static func of(_ bridge: Bridge, _ policy: BridgePolicy) -> BridgeHandling {
        guard bridge.listener else { return .noListener }
        let answer = bridge.nativeUI ? .now : bridge.answer ?? policy.withoutNativeUI
        if bridge.ready { return bridge.nativeUI ? .nativeUI : .handed(answer) }
        let notReady: BridgeNotReady =
            switch bridge.whenNotReady {
            case .queue?: .queued
            case .default?: .answered
            case nil: policy.notReady
            }
        switch notReady {
        case .nativeUIShows: return .nativeUIBeforeSubscribe
        case .answered where answer == .discard: return .discardedNotReady
        case .answered: return .lost(answer)
        case .queued: return .queued(answer)
        }
    }

    /// Whether the message shows or reaches the app's side; otherwise the offer's record.
    var refusal: (reason: TraceReason, words: String)? {
        switch self {
        case .noListener, .nativeUI, .handed, .nativeUIBeforeSubscribe: nil
        case .discardedNotReady: (.bridgeNotReady, "it would be discarded: the app's side is not ready")
        case .lost(let answer), .queued(let answer):
            switch answer {
            case .now: nil
            case .later: (.delegateLater, "the bridge answers later: it would return to the stack")
            case .discard: (.delegateDiscard, "the bridge answers discard: it would be discarded")
            case .reenqueue: (.delegateReenqueue, "the bridge answers reenqueue: it would be rolled back")
            }
        }
    }
}

extension Engine {
    /// B3, B4: how the bridge would refuse a message offered now (`nil`: it shows or reaches
    /// the app's side, or no bridge is in the way).
    func bridgeRefusal() -> (reason: TraceReason, words: String)? {
        guard state.integration.ui == .default, let bridge = state.integration.bridge,
            let policies = state.settings.profile.bridgeAnswers
        else { return nil }
        return BridgeHandling.of(bridge, policies[bridge.kind]).refusal
    }

    /// Why-not's words for a message that would be offered now through a bridge with its
    /// listener set (B1–B4), with the bridge's answer on this platform and its confidence.
    func bridgeWords() -> String? {
        guard let bridge = state.integration.bridge, bridge.listener, state.settings.profile.bridgeAnswers != nil else {
            return nil
        }
        let profile = state.settings.profile
        let answer = bridge.kind.answer(on: profile.name)
        let side = bridge.ready ? "" : " (its side is not ready)"
        return "through the \(bridge.kind.rawValue) bridge\(side) · \(profile.name) "
            + "(\(answer.confidence.rawValue)): \(answer.summary)"
    }
}
