import IAMEngine

extension TimelineModel {
    /// Runs `scenario` as `iamterm run` does (each timeline step at its time, then the deadlines,
    /// up to `until`), but one deadline at a time, so the engine's state after each batch of
    /// records is the state at those records' time: lanes read that state, marks read the records.
    package static func build(_ scenario: Scenario, until: Double? = nil) -> TimelineModel {
        var builder = TimelineBuilder(scenario: scenario, profile: scenario.settings.profile.name)
        var engine = Engine(scenario: scenario)
        builder.take([engine.profileRecord], engine.state)
        // As the runner: never a record at or past the time limit (spec §9).
        let limit = min(until ?? .infinity, TimeLimit.seconds.nextDown)
        for step in scenario.timeline {
            guard step.at <= limit else { break }
            while let deadline = engine.nextDeadline, deadline < step.at {
                builder.take(engine.advance(to: deadline), engine.state)
            }
            builder.take(engine.apply(step.action, at: step.at), engine.state)
        }
        while let deadline = engine.nextDeadline, deadline <= limit {
            builder.take(engine.advance(to: deadline), engine.state)
        }
        let lastStep = scenario.timeline.last { $0.at <= limit }?.at ?? 0
        let last = max(builder.model.records.last?.t ?? 0, lastStep)
        return builder.finish(at: until ?? last)
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
    var openBar: TimelineModel.Bar?
    var lastTriggerTime: Double?

    init(scenario: Scenario, profile: String) {
        model = TimelineModel(name: scenario.name, profile: profile, end: 0)
        settings = scenario.settings
        var kinds: [String: Message.Kind] = [:]
        for trigger in scenario.triggers { kinds[trigger.id] = trigger.message.kind }
        self.kinds = kinds
        openOrientation = (scenario.settings.device.orientation.rawValue, 0)
    }

    mutating func take(_ records: [TraceRecord], _ state: EngineState) {
        guard let t = records.last?.t else { return }
        for record in records { mark(record, state) }
        model.records += records
        lanes(at: t, state)
    }

    /// The marks and bars a record makes.
    mutating func mark(_ record: TraceRecord, _ state: EngineState) {
        let detail = TraceFormat.text(record).trimmingCharacters()
        let id = record.message ?? record.trigger ?? ""
        switch record.kind {
        case .event:
            model.events.append(.init(t: record.t, label: record.event.map(Self.label) ?? "event", detail: detail))
        case .performed:
            model.performed.append(.init(t: record.t, label: id, detail: detail))
        case .discarded:
            model.discards.append(.init(t: record.t, label: "\(id) · \(record.reason?.rawValue ?? "")", detail: detail))
        case .returnedToStack:
            model.returns.append(.init(t: record.t, label: "\(id) · \(record.reason?.rawValue ?? "")", detail: detail))
        case .displayed where record.reason == .controlImpression:
            model.controls.append(.init(t: record.t, label: id, detail: detail))
        case .displayed:
            close(bar: record.t)
            let local = record.reason == .local
            let kind =
                state.visible.flatMap { $0.pending.id == id ? $0.pending.message.kind : nil } ?? kinds[id] ?? .slideup
            openBar = .init(start: record.t, end: record.t, id: id, kind: kind, local: local)
        case .dismissed where openBar?.id == id:
            close(bar: record.t)
        default: break
        }
    }

    mutating func close(bar t: Double) {
        guard var bar = openBar else { return }
        bar.end = t
        model.bars.append(bar)
        openBar = nil
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
            if let (label, start) = openApp { model.app.append(.init(start: start, end: t, label: label)) }
            openApp = app.map { ($0, t) }
        }
        if state.keyboardUp, openKeyboard == nil { openKeyboard = t }
        if !state.keyboardUp, let start = openKeyboard {
            model.keyboard.append(.init(start: start, end: t, label: "up"))
            openKeyboard = nil
        }
        let orientation = state.device.orientation.rawValue
        if orientation != openOrientation.0 {
            model.orientation.append(.init(start: openOrientation.1, end: t, label: openOrientation.0))
            openOrientation = (orientation, t)
        }
        let depth = state.stack.count
        if model.depth.last?.depth != depth { model.depth.append((t, depth)) }
        if state.lastTriggerTime != lastTriggerTime {
            // A new stamp starts a span; a launch (cleared) or a rollback (L5) cuts the open one short.
            if let open = model.cooldowns.last, open.end > t { model.cooldowns[model.cooldowns.count - 1].end = t }
            if let stamp = state.lastTriggerTime, stamp == t {
                // P2 as the engine answers it for a trigger on the global interval.
                if let end = state.globalIntervalEnds(at: stamp) {
                    model.cooldowns.append(.init(start: stamp, end: end, label: "global interval"))
                }
            }
            lastTriggerTime = state.lastTriggerTime
        }
    }

    /// Closes every open span at `end`.
    mutating func finish(at end: Double) -> TimelineModel {
        if let (label, start) = openApp { model.app.append(.init(start: start, end: max(start, end), label: label)) }
        if let start = openKeyboard { model.keyboard.append(.init(start: start, end: max(start, end), label: "up")) }
        model.orientation.append(
            .init(start: openOrientation.1, end: max(openOrientation.1, end), label: openOrientation.0))
        close(bar: max(openBar?.start ?? 0, end))
        model.end = end
        return model
    }

    static func label(_ event: Event) -> String {
        event.kind.rawValue + (event.name.map { " " + $0 } ?? "")
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
