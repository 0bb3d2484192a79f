// SC1–SC3 (integration.md): the app's screens.
extension Engine {
    /// SC1: the screen in front changes (an `app screen` record). SC2: on a platform where a
    /// screen that did not register holds messages back, a registered screen coming to the
    /// front offers the message it held back. SC3: otherwise it is not an eligible moment.
    mutating func showScreen(_ name: String) {
        state.screen = name
        emit(TraceRecord(t: state.now, kind: .app, reason: .screen, detail: name))
        guard state.settings.unregisteredScreensHoldBack, state.heldForScreen,
            state.settings.screens[name]?.registered ?? true
        else { return }
        state.heldForScreen = false
        if state.visible == nil, state.app == .foreground, !state.stack.isEmpty { offerTop(reason: .screen) }
    }

    /// SC2: the screen in front did not register the SDK's UI, and the platform holds the
    /// message back for it (Android); the next registered screen offers it.
    mutating func holdsBackForScreen() -> Bool {
        guard let name = state.screen, state.settings.holdsBack(onScreen: name) else { return false }
        state.heldForScreen = true
        return true
    }
}

extension EngineState {
    /// SC1: the delegate, with the answer of the screen in front when it has one (how apps keep
    /// messages off a splash screen).
    public var screenDelegate: Delegate {
        guard let name = screen, let answer = settings.screens[name]?.delegate else { return delegate }
        return Delegate(implements: .controller, answer: answer)
    }
}

extension Engine {
    /// Why-not's L3 gate with the screen in front named (SC1, SC2).
    func screenGate(passes: Bool, detail: String) -> (Bool, String) {
        guard let name = state.screen, let screen = state.settings.screens[name] else { return (passes, detail) }
        if let answer = screen.delegate {
            return (passes, detail + " · the screen \(name) answers \(answer.rawValue) (SC1)")
        }
        if passes, state.settings.holdsBack(onScreen: name) {
            return (false, "no_activity: the screen \(name) did not register; it would return to the stack (SC2)")
        }
        return (passes, detail)
    }
}

extension Settings {
    /// SC2: whether this platform holds messages back on a screen that did not register the
    /// SDK's UI (Android). The one reader of the row.
    public var unregisteredScreensHoldBack: Bool { policies.unregisteredScreenHoldsBack }

    /// SC2: whether the screen `name` holds messages back: it did not register the SDK's UI, on
    /// a platform that holds back for such a screen (an unknown screen registered).
    public func holdsBack(onScreen name: String) -> Bool {
        unregisteredScreensHoldBack && screens[name]?.registered == false
    }
}
