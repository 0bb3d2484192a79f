import IAMEngine
import IAMRender

/// The interactive app as a value: the engine, the UI state, the trace and the clock.
/// `handle(_:mono:)` is the reducer: an input in, effects out. Nothing here touches the
/// terminal or reads a clock; the main loop passes monotonic time in.
package struct Simulator {
    /// What the reducer reads.
    package enum Input: Equatable {
        case key(Key)
        /// A mouse click already resolved against the last frame's hotspots.
        case hit(HitTarget)
        case wheel(up: Bool)
        /// The terminal's size, at the start and after every change.
        case resize(width: Int, height: Int)
        /// The clock moved (a wake-up): the engine catches up with it.
        case tick
        /// What became of a save the reducer asked for (`Effect.save`).
        case saved(Result<SavedSession, SaveFailure>)
        /// The split view built off the main loop (`Effect.buildSplit`).
        case splitBuilt(BuiltSplit)
        /// The rows of the split's parting, worked out off the main loop (`Effect.attributeSplit`).
        case splitAttributed(AttributedSplit)
        /// The scenario file `O` asked for (`Effect.open`), as read and loaded, or why not.
        case opened(path: String, Result<ScenarioFiles.Opened, ScenarioFiles.OpenFailure>)
        /// The way "find a way" searched for off the main loop (`Effect.findWay`).
        case wayFound(FoundWay)
    }

    /// A session written to a file.
    package struct SavedSession: Equatable {
        package var path: String
        package var steps: Int
        package var until: Double

        package init(path: String, steps: Int, until: Double) {
            self.path = path
            self.steps = steps
            self.until = until
        }
    }

    /// Why a save failed, in words for the status line.
    package struct SaveFailure: Error, Equatable {
        package var message: String

        package init(message: String) { self.message = message }
    }

    /// What the main loop must do after an input or a tick.
    package enum Effect: Equatable {
        case quit
        /// New trace records, to append to `--trace`.
        case records([TraceRecord])
        /// Drop the input still queued (the rest of a paste after Esc cancelled its prompt, so
        /// it is not taken as commands).
        case discardPendingInput
        /// Write the session as a scenario (`S`) and answer with `Input.saved`: off the main loop
        /// (the keys are answered meanwhile); on quit the loop waits for it.
        case save(SaveRequest)
        /// Read and load the scenario file at the path (`O`) and answer with `Input.opened`.
        case open(path: String)
        /// Build the split view (`V` on a long session) away from the main loop, and answer with
        /// `Input.splitBuilt`; the keys are answered meanwhile.
        case buildSplit(SplitRequest)
        /// Work out which rows part the open split's sides (a replay of the whole session under
        /// each row) away from the main loop, and answer with `Input.splitAttributed`.
        case attributeSplit(SplitRequest)
        /// Search for a way to show a message from the current state away from the main loop,
        /// bounded by explore's time limit, and answer with `Input.wayFound`.
        case findWay(WayRequest)
    }

    static let speeds: [Double] = [0.25, 0.5, 1, 2, 4, 8, 16]

    package var scenario: Scenario
    /// The options it started with (a restart starts again with them, speed and pause kept).
    let options: InteractiveOptions
    package var engine: Engine
    var ui: UIState
    /// The newest records, bounded in number and bytes, for the panel (the `--trace` file
    /// has all of them).
    package var traceBuffer = TraceBuffer()
    package var trace: [TraceRecord] { traceBuffer.records }
    /// The clock lives in the UI state (one source for the title bar and the reducer).
    var clock: SimClock {
        get { ui.clock }
        set { ui.clock = newValue }
    }
    /// Timeline time = simulation time − `timelineOffset` while the timeline plays.
    var timelineOffset: Double = 0
    /// Timeline time reached when it was paused (where it resumes).
    var timelinePosition: Double = 0
    /// The multi-step form behind the prompt line.
    var form: Form?
    /// What was applied, for saving the session as a scenario (Simulator+Record) and for
    /// replaying it on the split view's second device (`V`).
    package var session = SessionLog()
    /// Actions the person took since the start (timeline steps not counted): `0` asks before
    /// throwing them away.
    var manualActions = 0
    /// What a yes/no question on screen will do on `y`.
    var pendingConfirm: Confirmable?
    /// False while the terminal is too small to draw the UI: keys then do nothing.
    var screenFits = true
    /// The terminal's size (`Input.resize`).
    var screen = (width: 80, height: 24)
    /// The last trace search (`/` then Enter on an empty query searches it again, older).
    var lastSearch = ""
    /// The key bar and help the screen shows: the key table's (tests give a longer one).
    var legend = KeyBinding.legend
    /// How `O` completes a path typed in its prompt (the main loop reads the file, `Effect.open`).
    package var files = ScenarioFiles.none
    /// The trigger whose why-not is open; the panel itself is derived at render time.
    var whyNotTrigger: String? {
        didSet { if whyNotTrigger != oldValue { whyNotScroll = 0 } }
    }
    /// How many of the why-not panel's gate lines PgDn scrolled past (its verdict stays put).
    var whyNotScroll = 0
    /// Why-not's "find a way": searching, found or none (Simulator+Way.swift).
    var way: Way?
    /// Numbers the searches, so that an answer to an older one is told apart.
    var wayRequests = 0
    /// The second device of the split view, when open (Simulator+Profiles.swift).
    var split: SplitDevices?
    /// `V` on a long session: the split being built off the main loop, and what the devices
    /// were given since (Simulator+Profiles.swift).
    var pendingSplit: PendingSplit?
    /// Numbers the split and attribution requests, so that an answer to an older one is told apart.
    var splitRequests = 0
    /// A save (`Effect.save`) is being written and `Input.saved` has not come back: `S` waits,
    /// and quitting says the main loop finishes the save first.
    package var saving = false

    package init(scenario: Scenario, title: String, options: InteractiveOptions, asciiOnly: Bool, mono: Double) {
        self.scenario = scenario
        var options = options
        if options.notesProfile == nil { options.notesProfile = scenario.settings.profile.name }
        self.options = options
        engine = Engine(scenario: scenario)
        ui = UIState(title: title)
        ui.asciiOnly = asciiOnly
        let speed = options.speed
        ui.timeline = .init(
            count: scenario.timeline.count, index: 0, playing: options.play && !scenario.timeline.isEmpty)
        ui.clock = SimClock(speed: speed, paused: options.paused, sim: 0, mono: mono)
        // profiles.md: the session's first record names the platform.
        traceBuffer.append(contentsOf: engine.openingRecords)
        if ui.timeline.count == 0 {
            ui.status = .init("l launches the app · ? shows every key")
        } else if !ui.timeline.playing {
            ui.status = .init("r plays the scenario's timeline · l launches by hand · ? help")
        }
    }

    package var now: Double { engine.state.now }

    // MARK: - Time

    /// Brings the engine up to the clock: due timeline steps in order, then deadlines.
    mutating func tick(mono: Double) -> [TraceRecord] {
        advance(to: clock.time(at: mono))
    }

    /// The most timeline steps one tick applies: the rest stay due, so the main loop reads a
    /// key (`q`) between slices however many steps a long pause or a big file leaves due.
    static let stepsPerTick = 8

    mutating func advance(to target: Double) -> [TraceRecord] {
        var records: [TraceRecord] = []
        var target = target
        var applied = 0
        while ui.timeline.playing, let due = nextTimelineDue, due <= target {
            if applied == Self.stepsPerTick {
                // Time passes only up to the next step left due; the next tick applies it.
                target = due
                break
            }
            applied += 1
            let step = scenario.timeline[ui.timeline.index]
            let at = max(now, due)
            records += apply(step.action, at: at, note: Self.recordedNote(timelineStep: ui.timeline.index, step))
            ui.timeline.index += 1
            timelinePosition = step.at
            takeNote(of: step, ranAt: at)
            if ui.timeline.index >= ui.timeline.count {
                ui.timeline.playing = false
                ui.status = .init("timeline finished (\(ui.timeline.count) steps)", kind: .success)
            }
        }
        records += passTime(to: max(now, target))
        record(records)
        return records
    }

    /// The step's note stays on screen until the next step (a step without one clears it).
    /// The note keeps when this run applied the step beside the scenario's time for it, so the
    /// screen can say when the two differ (`StepNote.runDiffers`).
    mutating func takeNote(of step: TimelineStep, ranAt: Double) {
        let profile = notesProfile(before: ui.timeline.index)
        ui.note = step.note.map {
            .init(step: ui.timeline.index, text: $0, ranAt: ranAt, writtenAt: step.at, writtenFor: profile)
        }
        if ui.note == nil { ui.noteExpanded = false }
    }

    /// The platform the note of step `count` (1-based) speaks of: the file's own, or the one its
    /// last `profile` step up to there chose.
    func notesProfile(before count: Int) -> String? {
        for step in scenario.timeline.prefix(count).reversed() {
            if case .profile(let profile) = step.action { return profile.name }
        }
        return options.notesProfile
    }

    /// Simulation time of the next timeline step while the timeline plays.
    var nextTimelineDue: Double? {
        guard ui.timeline.playing, ui.timeline.index < scenario.timeline.count else { return nil }
        return scenario.timeline[ui.timeline.index].at + timelineOffset
    }

    /// Whether timeline steps are still due at `mono`: a tick applies at most `stepsPerTick`,
    /// and the main loop, whose wait is then zero, ticks again (after reading a key).
    package func stepsDue(mono: Double) -> Bool {
        nextTimelineDue.map { $0 <= clock.time(at: mono) } ?? false
    }

    /// Wall seconds to sleep before the next wake-up, or nil to block until input (paused).
    /// Wakes for the engine's next deadline, the next timeline step, and the next visible
    /// change: the clock and countdowns show tenths, so at most every 0.1 s of simulation
    /// time (and no more often than 25 times a second of wall time).
    package func wakeDelay(mono: Double) -> Double? {
        guard !clock.isStopped else { return nil } // paused, or held while a prompt is open
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
        let result = apply(action, at: clock.time(at: mono), note: Self.recordedNote(action))
        record(result)
        records += result
        ui.status = Self.summary(of: action, result)
        // A way found from the state before is not one from this state (a search going on is
        // told so when its answer comes).
        if case .searching = way {} else { way = nil }
        manualActions += 1
        ui.note?.manualActionsSince += 1
        return records
    }

    mutating func record(_ records: [TraceRecord]) {
        guard !records.isEmpty else {
            return
        }
        traceBuffer.append(contentsOf: records)
        // Keep the scrolled view and the trace cursor on the records they were on.
        if ui.traceScroll > 0 { ui.traceScroll += records.count }
        if ui.focus == .trace, ui.traceCursor > 0 || ui.recordDetail != nil { ui.traceCursor += records.count }
    }

    /// The why-not panel on screen, derived from the engine state when asked (never cached).
    var whyNot: UIState.WhyNotPanel? { whyNotTrigger.map(whyNotPanel(for:)) }

    func whyNotPanel(for id: String) -> UIState.WhyNotPanel {
        let engine = panelEngine
        let state = engine.state
        let against = state.lastEvent.map { $0.event.label(keys: true) + " at " + TraceFormat.fixed3($0.at) }
        var filters: [String] = []
        if let (event, at) = state.lastEvent, let trigger = state.serverTriggers.first(where: { $0.id == id }) {
            filters = trigger.explainFilters(
                event, unixNow: state.settings.epoch + at, filters: state.settings.filterReading
            ).flatMap(\.lines)
        }
        return .init(
            triggerID: id, gates: engine.whyNot(id), against: against, filters: filters,
            lastOutcome: lastOutcome(of: id), way: wayLine, scroll: whyNotScroll)
    }

    /// What became of the trigger's message the last time it was offered, from the trace, when
    /// it did not show (the gates say what holds it now; this says why the last one never did,
    /// e.g. `discarded no_presenter at 8.000`).
    func lastOutcome(of id: String) -> String? {
        let outcomes: Set<TraceRecord.Kind> = [
            .displayed, .handedToApp, .discarded, .returnedToStack, .parked, .reenqueued, .waitingForAsset,
        ]
        guard let record = trace.last(where: { $0.message == id && outcomes.contains($0.kind) }),
            record.kind != .displayed, let words = record.outcomeWords
        else { return nil }
        return words + " at " + TraceFormat.fixed3(record.t)
    }

    /// One line about what an action did, for the status line.
    static func summary(of action: Action, _ records: [TraceRecord]) -> UIState.StatusMessage {
        let important: [TraceRecord.Kind] = [
            .displayed, .handedToApp, .clicked, .waitingForAsset, .discarded, .returnedToStack,
            .reenqueued, .triggerDropped, .triggerDelayed, .noMatch, .dismissed,
            .eventQueued, .stacked, .triggerSkipped, .ignored, .parked, .testSend,
        ]
        guard let pick = important.lazy.compactMap({ kind in records.first { $0.kind == kind } }).first ?? records.last
        else {
            return .init("\(action.name): nothing happened", kind: .warning)
        }
        // The record's words, as the trace panel has them (`RecordWords`).
        let text = action.name + ": " + pick.words(time: formatTime, clean: { $0 }).text()
        let kind: UIState.StatusMessage.Kind =
            switch pick.kind {
            case .displayed, .clicked, .handedToApp: .success
            case .discarded, .triggerDropped, .noMatch, .deliveryFailed, .assetFailed: .error
            case .returnedToStack, .triggerSkipped, .reenqueued, .waitingForAsset, .ignored, .parked: .warning
            default: .info
            }
        return .init(text, kind: kind)
    }

    // MARK: - Drawing

    package func frame(width: Int, height: Int) -> Frame {
        let (width, height) = Layout.drawn(width: width, height: height)
        var ui = self.ui
        ui.whyNot = whyNot
        let view = ui.view(keys: legend)
        if let split { return split.frame(main: engine.state, ui: view, width: width, height: height) }
        return render(engine: engine.state, ui: view, trace: trace, width: width, height: height)
    }
}

/// The screen of an engine state and the app's UI state, with the app's keys (benchmarks and
/// tests draw one without a whole simulator).
package func render(engine: EngineState, ui: UIState, trace: [TraceRecord], width: Int, height: Int) -> Frame {
    render(engine: engine, ui: ui.view(keys: KeyBinding.legend), trace: trace, width: width, height: height)
}
