// R11: the user. X40 (`Policies.userChange`) says what a `changeUser` clears and whether a
// message triggered for the previous user may still show; re-eligibility records and the last
// trigger time belong to the device and stay.
extension Engine {
    /// `changeUser`: `user_changed` with the new id, then what the platform clears, in the order
    /// visible, stack (top first), waiting for an asset, parked, deferred. The same id again
    /// changes nothing (`ignored`).
    mutating func changeUser(to id: String) {
        guard id != state.user else {
            return ignored("changeUser", .userChanged, detail: "already the user")
        }
        state.user = id
        state.userEpoch += 1
        emit(TraceRecord(t: state.now, kind: .userChanged, detail: id))
        let policy = state.settings.profile.onUserChange
        if policy.dismissesVisible { dismissVisible(reason: .userChanged) }
        if policy.clearsWaiting {
            while let top = state.stack.popLast() { discard(top, reason: .userChanged) }
            for waiting in state.waiting { discard(waiting, reason: .userChanged) }
            state.waiting.removeAll()
            if let parked = state.parked {
                state.parked = nil
                discard(parked, reason: .userChanged)
            }
        }
        if policy.clearsDeferred, let deferred = state.deferred {
            state.deferred = nil
            discard(deferred, reason: .userChanged)
        }
    }
}

extension Profile {
    /// X40 (R11): what `changeUser` clears, and whether a message triggered for the previous
    /// user may show to the new one. The one reader of the row.
    public var onUserChange: UserChangePolicy { policies.userChange }
}
