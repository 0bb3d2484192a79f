import IAMEngine
import IAMRender

/// Starting again: `0` restarts the scenario from t=0, `O` opens another one, `R` resets the
/// app; each that throws work away asks `(y/n)` first.
extension Simulator {
    /// What `y` on the question line will do.
    enum Confirmable: Equatable {
        case restart
        case reset
    }

    mutating func ask(_ action: Confirmable, _ question: String) {
        pendingConfirm = action
        ui.confirm = question
        whyNotTrigger = nil
    }

    /// `y` does it; any other key keeps the session as it is.
    mutating func answer(_ key: Key, mono: Double) -> [TraceRecord] {
        let action = pendingConfirm
        pendingConfirm = nil
        ui.confirm = nil
        guard key == .character("y") || key == .character("Y"), let action else {
            ui.status = .init("nothing changed")
            return []
        }
        switch action {
        case .restart:
            return restart(mono: mono)
        case .reset:
            return act(.reset, mono: mono)
        }
    }

    /// `0`: asks first when the session has manual actions (they would be lost).
    mutating func askRestart(mono: Double) -> [TraceRecord] {
        guard manualActions > 0 else { return restart(mono: mono) }
        let actions = manualActions == 1 ? "1 manual action" : "\(manualActions) manual actions"
        ask(.restart, "restart from t=0? \(actions) will be lost (y/n)")
        return []
    }

    /// The scenario again from t=0, exactly as a fresh start runs it, keeping the speed and pause.
    /// The platform chosen with `P` stays.
    mutating func restart(mono: Double) -> [TraceRecord] {
        let source = session.source
        var scenario = scenario
        scenario.settings.profile = engine.state.settings.profile
        let records = start(scenario, title: ui.title, mono: mono)
        // The recording starts again with the session, from the same file.
        session.source = source
        ui.status = .init("restarted from t=0", kind: .success)
        return records
    }

    /// Replaces the session with a fresh one of `scenario` (speed, pause, ASCII mode, file access
    /// and the screen size kept).
    @discardableResult
    mutating func start(_ scenario: Scenario, title: String, mono: Double) -> [TraceRecord] {
        var options = self.options
        options.speed = clock.speed
        options.paused = clock.paused
        var fresh = Simulator(scenario: scenario, title: title, options: options, asciiOnly: ui.asciiOnly, mono: mono)
        fresh.files = files
        fresh.screenFits = screenFits
        fresh.screen = screen
        fresh.lastSearch = lastSearch
        fresh.legend = legend
        // The split view stays open, from the new start, with the same platform on the right (or,
        // when the left now runs that one, the next other platform).
        fresh.splitRequests = splitRequests
        fresh.wayRequests = wayRequests
        // A save still being written is the old session's; its answer comes back to this one.
        fresh.saving = saving
        if let right = split?.engine.state.settings.profile ?? pendingSplit?.right {
            let left = scenario.settings.profile
            let shown = right.name != left.name ? right : Profile.all.first { $0.name != left.name } ?? right
            fresh.split = SplitDevices(scenario: scenario, applied: [], now: fresh.now, left: left, right: shown)
        }
        self = fresh
        // The new session's first record names its platform; the caller writes it to --trace.
        return engine.openingRecords
    }

    /// `O`, on Enter: asks the main loop to read the file (`Effect.open`); the prompt stays open
    /// until the answer.
    mutating func requestOpen(path: String) -> [Effect] {
        guard !path.isEmpty else {
            ui.status = .init("type a scenario file's path (Tab completes)", kind: .error)
            return []
        }
        return [.open(path: path)]
    }

    /// `Input.opened`: a file that loaded replaces the session; one that does not leaves the
    /// session as it was and says why, the prompt still open with the path to correct.
    mutating func open(path: String, _ outcome: Result<ScenarioFiles.Opened, ScenarioFiles.OpenFailure>, mono: Double)
        -> [TraceRecord]
    {
        switch outcome {
        case .failure(let failure):
            ui.status = .init(failure.message, kind: .error)
        case .success(let loaded):
            let records = start(loaded.scenario, title: loaded.title, mono: mono)
            // A session saved from here (`S`) is one of the new file.
            session.source = loaded.source
            // The warnings themselves, as at start (whole with `m`), not only how many.
            let count = loaded.warnings.count
            ui.status =
                count == 0
                ? .init("opened \(path)", kind: .success)
                : .init(
                    "opened \(path); \(count) load warning\(count == 1 ? "" : "s"): "
                        + loaded.warnings.joined(separator: "; "), kind: .warning)
            return records
        }
        return []
    }
}
