// X54: the screen a message is drawn on goes away (the app to the background, a configuration
// change) and the next one shows it again; the orientation lock that keeps a configuration
// change from recreating the screen.
extension Engine {
    /// X54: whether the platform carries a visible message over to the next screen.
    var carriesOver: Bool { state.settings.policies.screenTeardown == .carriedOver }

    /// X54: a new screen, as a cold start creates it (unlocked, the device's orientation and size).
    mutating func createScreen() {
        guard carriesOver else { return }
        state.sdkScreen = SDKScreen(device: state.device)
        state.restoresOrientation = false
    }

    /// X54: the screen goes away. The visible message leaves it for the carry-over slot; nothing
    /// dismisses it there (it has no view), so neither a `dismiss` nor its duration closes it.
    mutating func screenGoesAway(reason: TraceReason) {
        // A message the app's own UI draws (I3) is the app's: it stays where the app keeps it.
        guard carriesOver, let visible = state.visible, !visible.shownByApp else { return }
        // (Only a run switched from a page that holds several has messages beneath.)
        state.visible = state.beneath.popLast()
        state.carryover = CarriedOver(pending: visible.pending, shownBefore: true, clicked: visible.clicked)
        if let at = visible.dismissAt {
            state.strayDismissals.insert(
                at, at: state.strayDismissals.firstIndex { $0 > at } ?? state.strayDismissals.count)
        }
        emit(TraceRecord(t: state.now, kind: .carriedOver, message: visible.pending.id, reason: reason))
    }

    /// X54: a timer the carried-over message left runs out: it closes the message visible now,
    /// if any (it asks the SDK to hide "the current message", whichever that is).
    mutating func strayDismissal() {
        state.strayDismissals.removeFirst()
        guard let visible = state.visible, !visible.shownByApp else { return }
        state.visible = nil
        emit(
            TraceRecord(
                t: state.now, kind: .dismissed, message: visible.pending.id, reason: .auto,
                detail: "by the timer of a carried-over message"))
        unlockOrientation()
    }

    /// X54: a message is ready to show while no screen is there: it waits in the carry-over slot
    /// (replacing what it held) rather than in the parking slot.
    mutating func carryOver(_ pending: PendingMessage) {
        if let replaced = state.carryover { dropCarryover(replaced) }
        state.carryover = CarriedOver(pending: pending, shownBefore: false)
        emit(TraceRecord(t: state.now, kind: .carriedOver, message: pending.id, reason: .appInBackground))
    }

    private mutating func dropCarryover(_ carried: CarriedOver) {
        let kind: TraceRecord.Kind = carried.shownBefore ? .dismissed : .discarded
        emit(
            TraceRecord(
                t: state.now, kind: kind, message: carried.pending.id, reason: .replacedInBackground,
                detail: TraceRecord.carryoverSlot))
    }

    /// X54, X2: a screen registers (a foreground, a recreated screen). The carried-over message is
    /// shown again first, through the display checks (expiry, orientation, user; no delegate);
    /// only when there is none is the parked message offered. Returns whether one was carried.
    @discardableResult
    mutating func screenRegisters(parkedReason: TraceReason = .foreground) -> Bool {
        guard carriesOver, let carried = state.carryover else {
            offerParked(reason: parkedReason)
            return false
        }
        state.carryover = nil
        let pending = carried.pending
        if let expiry = pending.expiresAt, state.isExpired(at: expiry) {
            return finishCarryover(carried, reason: .carryoverTimeout)
        }
        if !state.fitsScreen(pending.message) { return finishCarryover(carried, reason: .carryoverOrientationMismatch) }
        if state.isPreviousUsers(pending) { return finishCarryover(carried, reason: .userChanged) }
        guard carried.shownBefore else {
            emit(TraceRecord(t: state.now, kind: .offered, message: pending.id, reason: .carryover))
            present(pending)
            return true
        }
        lockOrientation(for: pending.message)
        emit(TraceRecord(t: state.now, kind: .redisplayed, message: pending.id, reason: .carryover))
        // Its duration starts again: the auto-dismissal is set when the view opens.
        state.visible = VisibleMessage(
            pending: pending, displayedAt: state.now,
            dismissAt: state.dismissDelay(of: pending.message).map { state.now + $0 }, clicked: carried.clicked)
        return true
    }

    /// A carried-over message the next screen refuses: thrown away (a message shown before has no
    /// further fate to wait for).
    private mutating func finishCarryover(_ carried: CarriedOver, reason: TraceReason) -> Bool {
        emit(TraceRecord(t: state.now, kind: .discarded, message: carried.pending.id, reason: reason))
        return true
    }

    /// X54: a configuration change (a rotation, another screen size) while the app is in the
    /// foreground recreates the screen: it goes away and a new one registers. A screen whose
    /// orientation the SDK locked is not recreated by a rotation.
    mutating func configurationChanged(reason: TraceReason) {
        guard carriesOver, state.app == .foreground, let screen = state.sdkScreen else { return }
        let resized = screen.kind != state.device.kind
        let turned = screen.orientation != state.device.orientation && !screen.orientationLocked
        guard resized || turned else { return }
        screenGoesAway(reason: reason)
        state.sdkScreen = SDKScreen(device: state.device)
        screenRegisters(parkedReason: reason)
    }

    /// X54: at `foreground`, a screen turned or resized while the app was away is recreated
    /// before it registers (a locked one keeps its orientation).
    mutating func screenReturns() {
        guard carriesOver, let screen = state.sdkScreen else { return }
        let turned = screen.orientation != state.device.orientation && !screen.orientationLocked
        if screen.kind != state.device.kind || turned { state.sdkScreen = SDKScreen(device: state.device) }
    }

    /// X54: the SDK locks the screen's orientation while a message that names one shows on a phone.
    mutating func lockOrientation(for message: Message) {
        guard carriesOver, !state.restoresOrientation, message.orientation != .any, !message.isControl,
            state.sdkScreen?.kind == .phone
        else { return }
        state.restoresOrientation = true
        state.sdkScreen?.orientationLocked = true
    }

    /// X54: the message closed: the SDK restores the orientation it locked, and a screen the device
    /// turned meanwhile is recreated.
    mutating func unlockOrientation() {
        guard carriesOver, state.restoresOrientation, state.app == .foreground else { return }
        state.restoresOrientation = false
        state.sdkScreen?.orientationLocked = false
        configurationChanged(reason: .rotate)
    }
}

extension EngineState {
    /// L3 step 5 against the screen the SDK draws on (X54: a locked screen keeps its orientation;
    /// a tablet shows any orientation).
    /// X62: a platform that checks FULL messages only reads an absent orientation as `PORTRAIT`.
    public func fitsScreen(_ message: Message) -> Bool {
        let kind = sdkScreen?.kind ?? device.kind
        guard kind == .phone else { return true }
        let orientation = sdkScreen?.orientation ?? device.orientation
        switch settings.policies.orientationCheck {
        case .everyMessage: return message.fits(orientation)
        case .fullOnly:
            guard message.kind == .full else { return true }
            return message.orientationGiven ? message.fits(orientation) : orientation == .portrait
        }
    }
}

extension TraceRecord {
    /// X54: the detail of a record about the message in the carry-over slot when a newer one
    /// replaces it.
    public static let carryoverSlot = "the carry-over slot"
}
