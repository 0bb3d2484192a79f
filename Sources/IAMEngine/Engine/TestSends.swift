// TS1–TS4 (integration.md): test in-app messages delivered by push.
/// TS2: when a test send is shown.
public enum TestSendPolicy: Sendable, Equatable {
    /// As soon as the push arrives (`test_send received`, then offered), Android.
    case atOnce
    /// When its push is opened, or else at the next session start (`test_send waiting`); iOS, Swift.
    case whenPushOpened
    /// At the next session start (`test_send waiting`); Web.
    case nextSession
}

extension Engine {
    /// TS1: no trigger, no P2 or P3, no trigger logged; shown per the platform (TS2).
    mutating func receiveTestSend(id: String?, message: Message) {
        state.testSendCount += 1
        var pending = PendingMessage(
            id: id ?? "test-\(state.testSendCount)", message: message, triggerID: nil,
            stackedAt: state.now, expiresAt: nil, rollback: nil)
        pending.isTestSend = true
        switch state.settings.testSends {
        case .atOnce:
            emit(TraceRecord(t: state.now, kind: .testSend, message: pending.id, reason: .received))
            offerTestSend(pending)
        case .whenPushOpened, .nextSession:
            emit(TraceRecord(t: state.now, kind: .testSend, message: pending.id, reason: .waiting))
            state.waitingTestSends.append(WaitingTestSend(pending: pending))
        }
    }

    /// TS2: a push opened (and passed to the SDK) shows the test send it carried: the one whose
    /// id is the push's campaign. The open of another campaign's push, or of one that names
    /// none, shows none, however many wait (round 4).
    mutating func offerTestSend(openedBy campaign: String?) {
        guard state.settings.testSends == .whenPushOpened, let campaign,
            let position = state.waitingTestSends.firstPosition(forKey: campaign)
        else { return }
        offerTestSend(state.waitingTestSends.remove(at: position).pending)
    }

    /// TS2: at a session start every waiting test send is offered, oldest first.
    mutating func offerWaitingTestSends() {
        let waiting = state.waitingTestSends
        state.waitingTestSends = []
        for waitingSend in waiting { offerTestSend(waitingSend.pending) }
    }

    /// `offered test_send`, then L3's checks (TS3: a discarded test send is gone).
    mutating func offerTestSend(_ pending: PendingMessage) {
        emit(TraceRecord(t: state.now, kind: .offered, message: pending.id, reason: .testSend))
        offer(pending)
    }

    /// TS4: the app opens (the user tapped the notification) but the SDK never hears of it: no
    /// `push_click` event, no eligible moment (L2 c), no test send shown.
    mutating func openFromUnforwardedPush(campaign: String?) {
        if state.app != .foreground { bringToForeground() }
        emit(TraceRecord(t: state.now, kind: .app, reason: .pushNotForwarded, detail: campaign))
    }
}
