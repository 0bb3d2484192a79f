import IAMEngine

extension TimelineModel {
    /// Runs `scenario` as `iamterm run` does (the one runner, `ScenarioStepper`), but one
    /// deadline at a time, so the engine's state after each batch of
    /// records is the state at those records' time: lanes read that state, marks read the records.
    /// Each record goes to `record` as it is decided (for `--trace`) and is then dropped: the
    /// model keeps bins for the stretch `from`...`to` (to the run's end without `to`).
    package static func build<E: Error>(
        _ scenario: Scenario, until: Double? = nil, from: Double? = nil, to: Double? = nil,
        record: (TraceRecord) throws(E) -> Void
    ) throws(E) -> TimelineModel {
        // As the runner: never a record at or past the time limit (spec §9).
        let limit = TimeLimit.end(until: until)
        let lastStep = scenario.timeline.last { $0.at <= limit }?.at ?? 0
        var builder = TimelineBuilder(
            scenario: scenario, profile: scenario.settings.profile.name, from: max(0, from ?? 0), to: to,
            guess: min(until ?? lastStep, limit))
        var run = ScenarioStepper(scenario, until: until, grain: .deadlines)
        try builder.take(run.engine.openingRecords, run.engine.state, record)
        var batch: [TraceRecord] = []
        while run.step(into: &batch) {
            try builder.take(batch, run.engine.state, record)
            batch.removeAll(keepingCapacity: true)
        }
        return builder.finish(at: until ?? max(builder.lastTime, lastStep))
    }

    /// The model alone, the records dropped.
    package static func build(
        _ scenario: Scenario, until: Double? = nil, from: Double? = nil, to: Double? = nil
    ) -> TimelineModel {
        build(scenario, until: until, from: from, to: to) { (_: TraceRecord) throws(Never) in }
    }
}

/// Folds batches of records and the state after each into a `TimelineModel`.
struct TimelineBuilder {
    var model: TimelineModel
    let settings: Settings
    let kinds: [String: Message.Kind]
    /// Lanes whose current span is still open: label and start.
    var openApp: (String, Double)?
    var openKeyboard: Double?
    var openOrientation: (String, Double)
    var openBar: TimelineModel.Span?
    var openBarID: String?
    /// Ids are drawn (labels, titles, `data-message`) up to this many characters, and a trace
    /// line in a hover title up to 512: a long id cannot make the picture large.
    static let idLength = 256
    var lastTriggerTime: Double?
    /// The time of the last record.
    var lastTime = 0.0

    init(scenario: Scenario, profile: String, from: Double, to: Double?, guess: Double) {
        model = TimelineModel(name: scenario.name, profile: profile, from: from, to: to, guess: guess)
        settings = scenario.settings
        var kinds: [String: Message.Kind] = [:]
        for trigger in scenario.triggers { kinds[trigger.id] = trigger.message.kind }
        self.kinds = kinds
        openOrientation = (scenario.settings.device.orientation.rawValue, 0)
    }

    mutating func take<E: Error>(
        _ records: [TraceRecord], _ state: EngineState, _ sink: (TraceRecord) throws(E) -> Void
    ) throws(E) {
        guard let t = records.last?.t else { return }
        for record in records {
            try sink(record)
            mark(record, state)
        }
        model.recordCount += records.count
        lastTime = t
        lanes(at: t, state)
    }

    /// The marks and bars a record makes.
    mutating func mark(_ record: TraceRecord, _ state: EngineState) {
        // Bins first: the grid grows to hold the record; a record outside `--from`/`--to` makes no mark.
        let bin = model.bin(record.t)
        let id = record.message ?? record.trigger ?? ""
        /// The mark, made only when its bin keeps its instants.
        func mark(_ label: String) -> TimelineModel.Mark {
            let detail = TraceFormat.text(record).trimmingCharacters()
            return .init(t: record.t, label: label.abbreviated(to: Self.idLength), detail: detail.abbreviated(to: 512))
        }
        /// `cart-reminder · keyboard_up`: the record's subject and reason (`RecordWords`).
        func reason() -> String {
            let words = record.words(clean: { $0 })
            return (words[.subject] ?? "") + " · " + (words[.reason] ?? "")
        }
        switch record.kind {
        case .event:
            if let bin { model.events.add(bin) { mark(record.event.map { $0.label() } ?? "event") } }
        case .performed:
            if let bin { model.performed.add(bin) { mark(id) } }
        case .discarded:
            if let bin { model.discards.add(bin) { mark(reason()) } }
        case .returnedToStack:
            if let bin { model.returns.add(bin) { mark(reason()) } }
        case .displayed where record.reason == .controlImpression:
            if let bin { model.controls.add(bin) { mark(id) } }
        case .handedToApp where state.visible?.pending.id != id:
            // A hand-off nothing on the SDK's side shows (a bridge's app draws it, B3): marked
            // where the app around the SDK is, as the trace has it.
            if let bin { model.integration.add(bin) { mark(id + " · handed_to_app") } }
        case .app where record.reason == .bridgeNotReady:
            if let bin { model.integration.add(bin) { mark(reason()) } }
        case .displayed, .handedToApp:
            // I3: a message handed to the app's own UI is on screen too, drawn by the app.
            close(bar: record.t)
            model.displayedCount += 1
            let local =
                record.kind == .displayed
                ? record.reason == .local : state.visible.map { $0.pending.id == id && $0.pending.isLocal } == true
            let kind =
                state.visible.flatMap { $0.pending.id == id ? $0.pending.message.kind : nil } ?? kinds[id] ?? .slideup
            openBar = .init(
                start: record.t, end: record.t, label: id.abbreviated(to: Self.idLength), style: kind.rawValue,
                local: local, byApp: record.kind == .handedToApp)
            openBarID = id
        case .app where Self.integrationReasons.contains(record.reason),
            .testSend:
            if let bin { model.integration.add(bin) { mark(Self.integrationLabel(record)) } }
        case .dismissed where openBarID == id:
            close(bar: record.t)
        default: break
        }
    }

    mutating func close(bar t: Double) {
        guard var bar = openBar else { return }
        bar.end = t
        model.bars.append(bar, model.grid)
        openBar = nil
        openBarID = nil
    }

    /// The state lanes after a batch: app, keyboard, orientation, stack depth, cooldown.
    mutating func lanes(at t: Double, _ state: EngineState) {
        let app: String? =
            switch state.app {
            case .notRunning: nil
            case .foreground: "foreground"
            case .background: "background"
            }
        if openApp?.0 != app {
            if let (label, start) = openApp { model.app.append(.init(start: start, end: t, label: label), model.grid) }
            openApp = app.map { ($0, t) }
        }
        if state.keyboardUp, openKeyboard == nil { openKeyboard = t }
        if !state.keyboardUp, let start = openKeyboard {
            model.keyboard.append(.init(start: start, end: t, label: "up"), model.grid)
            openKeyboard = nil
        }
        let orientation = state.device.orientation.rawValue
        if orientation != openOrientation.0 {
            model.orientation.append(.init(start: openOrientation.1, end: t, label: openOrientation.0), model.grid)
            openOrientation = (orientation, t)
        }
        model.depth.set(state.stack.count, bin: model.grid.index(t), before: t < model.from)
        if state.lastTriggerTime != lastTriggerTime {
            // A new stamp starts a span; a launch (cleared) or a rollback (L5) cuts the open one short.
            if let open = model.cooldowns.last, open.end > t { model.cooldowns.cutLast(at: t) }
            if let stamp = state.lastTriggerTime, stamp == t {
                // P2 as the engine answers it for a trigger on the global interval.
                if let end = state.globalIntervalEnds(at: stamp) {
                    model.cooldowns.append(.init(start: stamp, end: end, label: "global interval"), model.grid)
                }
            }
            lastTriggerTime = state.lastTriggerTime
        }
    }

    /// Closes every open span at `end`.
    mutating func finish(at end: Double) -> TimelineModel {
        let grid = model.grid
        if let (label, start) = openApp {
            model.app.append(.init(start: start, end: max(start, end), label: label), grid)
        }
        if let start = openKeyboard {
            model.keyboard.append(.init(start: start, end: max(start, end), label: "up"), grid)
        }
        model.orientation.append(
            .init(start: openOrientation.1, end: max(openOrientation.1, end), label: openOrientation.0), grid)
        close(bar: max(openBar?.start ?? 0, end))
        for lane in TimelineModel.spanLanes {
            model[keyPath: lane].settle(grid, whole: true)
        }
        model.end = end
        return model
    }

    /// The `app` records of the app around the SDK (integration.md).
    static let integrationReasons: Set<TraceReason?> = [
        .integration, .screen, .pushNotForwarded, .initial,
    ]

    /// `UI none`, `screen splash`, `test_send qa-check waiting`, `push_not_forwarded`: the
    /// record's words (`RecordWords`) without the `app` every record of this lane has; the app's
    /// integration in the screen's brief words (`IntegrationSettings.presenter`).
    static func integrationLabel(_ record: TraceRecord) -> String {
        if record.reason == .integration, case .integration(let settings) = record.fact {
            // With a bridge, what the bridge does is the news (B1-B4), not the presenter alone.
            guard let bridge = settings.bridge, settings.ui == .default else { return settings.presenter }
            guard bridge.listener else { return bridge.kind.rawValue + ", no listener" }
            return bridge.kind.rawValue + (bridge.ready ? " ready" : " not ready") + ", UI "
                + (bridge.nativeUI ? "on" : "off")
        }
        return record.words(clean: { $0 }).text { $0 != .kind || record.kind != .app }
    }
}

extension String {
    /// Without the leading and trailing spaces the text trace pads with.
    func trimmingCharacters() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
