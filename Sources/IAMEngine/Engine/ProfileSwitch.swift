// The platform a run uses (profiles.md): named in the first record, switched by `profile`.
extension Engine {
    /// `{"t":0,"type":"app","reason":"profile","profile":NAME}`: the first record of every run
    /// (the runner and the simulator write it; the engine's own calls never do).
    public var profileRecord: TraceRecord {
        TraceRecord(t: state.now, kind: .app, reason: .profile, profile: state.settings.profile.name)
    }

    /// From now on the rules read `profile`'s policies. What is in flight stays: a parked message
    /// is still offered at the next `foreground` (X2). A platform without a stack (X1) keeps
    /// nothing waiting: what is on it is discarded (`no_stack`), top first, each with a record.
    mutating func switchProfile(to profile: Profile) {
        state.settings.profile = profile
        emit(profileRecord)
        guard !profile.keepsStack else { return }
        while let top = state.stack.popLast() {
            let (stack, depth) = stackWindow
            emit(
                TraceRecord(
                    t: state.now, kind: .discarded, message: top.id, reason: .noStack, stack: stack, depth: depth))
        }
    }
}
