import IAMEngine
import IAMRender
import IAMTerminal

/// The interactive app as a value: the engine, the UI state, the trace and the clock.
/// `handle(_:mono:)` is the reducer: an input in, effects out. Nothing here touches the
/// terminal or reads a clock; the main loop passes monotonic time in.
struct Simulator {
    /// What the reducer reads.
    enum Input: Equatable {
        case key(Key)
        /// A mouse click already resolved against the last frame's hotspots.
        case hit(HitTarget)
        case wheel(up: Bool)
        case resize
    }

    /// What the main loop must do after an input or a tick.
    enum Effect: Equatable {
        case quit
        /// New trace records, to append to `--trace`.
        case records([TraceRecord])
    }

    static let speeds: [Double] = [0.25, 0.5, 1, 2, 4, 8, 16]

    let scenario: Scenario
    var engine: Engine
    var ui: UIState
    /// The newest records, bounded in number and bytes, for the panel (the `--trace` file
    /// has all of them).
    var traceBuffer = TraceBuffer()
    var trace: [TraceRecord] { traceBuffer.records }
    var clock: SimClock
    /// Timeline time = simulation time − `timelineOffset` while the timeline plays.
    var timelineOffset: Double = 0
    /// Timeline time reached when it was paused (where it resumes).
    var timelinePosition: Double = 0
    /// The multi-step form behind the prompt line.
    var form: Form?
    /// Every action given to the engine, with its time: what the split view replays (`V`).
    var applied: [TimelineStep] = []
    /// The second device of the split view, when open (Simulator+Profiles.swift).
    var split: SplitDevices?

    init(scenario: Scenario, title: String, options: InteractiveOptions, asciiOnly: Bool, mono: Double) {
        self.scenario = scenario
        engine = Engine(scenario: scenario)
        ui = UIState(title: title)
        ui.asciiOnly = asciiOnly
        ui.paused = options.paused
        ui.speed = Self.speeds.min { abs($0 - options.speed) < abs($1 - options.speed) } ?? 1
        if !Self.speeds.contains(options.speed) { ui.speed = options.speed }
        ui.timeline = .init(
            count: scenario.timeline.count, index: 0, playing: options.play && !scenario.timeline.isEmpty)
        clock = SimClock(speed: ui.speed, paused: options.paused, sim: 0, mono: mono)
        // profiles.md: the session's first record names the platform.
        traceBuffer.append(contentsOf: [engine.profileRecord])
        if ui.timeline.count == 0 {
            ui.status = .init("l launches the app · ? shows every key")
        } else if !ui.timeline.playing {
            ui.status = .init("r plays the scenario's timeline · l launches by hand · ? help")
        }
    }

    var now: Double { engine.state.now }

    // MARK: - Time

    /// Brings the engine up to the clock: due timeline steps in order, then deadlines.
    mutating func tick(mono: Double) -> [TraceRecord] {
        advance(to: clock.time(at: mono))
    }

    mutating func advance(to target: Double) -> [TraceRecord] {
        var records: [TraceRecord] = []
        while ui.timeline.playing, let due = nextTimelineDue, due <= target {
            let step = scenario.timeline[ui.timeline.index]
            records += feed(.apply(step.action, max(now, due)))
            ui.timeline.index += 1
            timelinePosition = step.at
            if let note = step.note { ui.status = .init("step \(ui.timeline.index): " + note) }
            if ui.timeline.index >= ui.timeline.count {
                ui.timeline.playing = false
                ui.status = .init("timeline finished (\(ui.timeline.count) steps)", kind: .success)
            }
        }
        records += feed(.advance(max(now, target)))
        record(records)
        return records
    }

    /// Simulation time of the next timeline step while the timeline plays.
    var nextTimelineDue: Double? {
        guard ui.timeline.playing, ui.timeline.index < scenario.timeline.count else { return nil }
        return scenario.timeline[ui.timeline.index].at + timelineOffset
    }

    /// Wall seconds to sleep before the next wake-up, or nil to block until input (paused).
    /// Wakes for the engine's next deadline, the next timeline step, and the next visible
    /// change: the clock and countdowns show tenths, so at most every 0.1 s of simulation
    /// time (and no more often than 25 times a second of wall time).
    func wakeDelay(mono: Double) -> Double? {
        guard !clock.paused else { return nil }
        let t = clock.time(at: mono)
        var exact: [Double] = []
        if let deadline = engine.nextDeadline { exact.append(deadline) }
        if let due = nextTimelineDue { exact.append(due) }
        let nextTenth = Double(Int(t * 10 + 1e-9) + 1) / 10
        let visible = clock.wallDelay(until: nextTenth, at: mono).map { max($0, 0.04) }
        let deadline = exact.min().flatMap { clock.wallDelay(until: $0, at: mono) }
        switch (visible, deadline) {
        case (let v?, let d?): return min(v, d)
        case (let v?, nil): return v
        case (nil, let d?): return d
        default: return nil
        }
    }

    // MARK: - Engine actions

    /// Applies a user action at the current clock time and reports what came of it.
    mutating func act(_ action: Action, mono: Double) -> [TraceRecord] {
        var records = tick(mono: mono)
        let result = feed(.apply(action, clock.time(at: mono)))
        record(result)
        records += result
        ui.status = Self.summary(of: action, result)
        return records
    }

    mutating func record(_ records: [TraceRecord]) {
        guard !records.isEmpty else {
            refreshWhyNot()
            return
        }
        traceBuffer.append(contentsOf: records)
        if ui.traceScroll > 0 { ui.traceScroll += records.count } // keep the scrolled view still
        refreshWhyNot()
    }

    mutating func refreshWhyNot() {
        guard let id = ui.whyNot?.triggerID else { return }
        ui.whyNot = whyNotPanel(for: id)
    }

    func whyNotPanel(for id: String) -> UIState.WhyNotPanel {
        let against = engine.state.lastEvent.map { Self.describe($0.event) + " at " + TraceFormat.fixed3($0.at) }
        return .init(triggerID: id, gates: engine.whyNot(id), against: against)
    }

    /// One line about what an action did, for the status line.
    static func summary(of action: Action, _ records: [TraceRecord]) -> UIState.StatusMessage {
        let important: [TraceRecord.Kind] = [
            .displayed, .clicked, .waitingForAsset, .discarded, .returnedToStack,
            .reenqueued, .triggerDropped, .triggerDelayed, .noMatch, .dismissed,
            .eventQueued, .stacked, .triggerSkipped, .ignored,
        ]
        guard let pick = important.lazy.compactMap({ kind in records.first { $0.kind == kind } }).first ?? records.last
        else {
            return .init("\(action.name): nothing happened", kind: .warning)
        }
        var text = "\(action.name): \(pick.kind.rawValue)"
        if let id = pick.message ?? pick.trigger { text += " \(id)" }
        if let reason = pick.reason { text += " (\(reason.rawValue))" }
        if let next = pick.next { text += " next at \(TraceFormat.fixed3(next))" }
        if let detail = pick.detail, pick.kind == .app { text += " \(detail)" }
        let kind: UIState.StatusMessage.Kind =
            switch pick.kind {
            case .displayed, .clicked: .success
            case .discarded, .triggerDropped, .noMatch, .deliveryFailed, .assetFailed: .error
            case .returnedToStack, .triggerSkipped, .reenqueued, .waitingForAsset, .ignored: .warning
            default: .info
            }
        return .init(text, kind: kind)
    }

    static func describe(_ e: Event) -> String {
        var s = e.kind.rawValue
        if let name = e.name { s += " " + name }
        if let button = e.button { s += "/" + button }
        if !e.properties.isEmpty { s += " {" + e.properties.keys.sorted().joined(separator: ", ") + "}" }
        return s
    }

    // MARK: - Drawing

    func frame(width: Int, height: Int) -> Frame {
        var shown = ui
        shown.paused = clock.paused
        shown.speed = clock.speed
        if let split { return split.frame(main: engine.state, ui: shown, width: width, height: height) }
        return render(engine: engine.state, ui: shown, trace: trace, width: width, height: height)
    }
}
