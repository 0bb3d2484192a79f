import IAMEngine
import IAMRender

extension Simulator {
    /// The reducer: one input, the effects it has. Every effect comes out here, as the value
    /// returned: the functions below return theirs, and nothing waits on the state to be taken.
    package mutating func handle(_ input: Input, mono: Double) -> [Effect] {
        var effects: [Effect] = []
        switch input {
        case .resize(let width, let height):
            screen = (width, height)
            screenFits = Layout.fits(width: width, height: height)
        case .tick:
            effects = Self.effects(tick(mono: mono))
        case .saved(let outcome):
            saving = false
            switch outcome {
            case .success(let saved):
                let steps = "\(saved.steps) step\(saved.steps == 1 ? "" : "s")"
                ui.status = .init(
                    "saved \(steps) to \(saved.path) (until \(TraceFormat.fixed3(saved.until))): "
                        + "iamterm run \(saved.path) replays it",
                    kind: .success)
            case .failure(let failure):
                ui.status = .init(failure.message, kind: .error)
            }
        case .opened(let path, let outcome):
            effects = Self.effects(open(path: path, outcome, mono: mono))
        case .splitBuilt(let built):
            takeSplit(built)
        case .splitAttributed(let answer):
            takeAttribution(answer)
        case .wayFound(let found):
            takeWay(found)
        case _ where !screenFits:
            // "Terminal too small" is on screen: keys do nothing there but quit (`q`, Ctrl-C).
            if input == .key(.ctrl("c")) || input == .key(.character("q")) { effects = [.quit] }
        case .wheel(let up):
            scrollTrace(by: up ? -3 : 3)
        case .hit(let target):
            if ui.helpVisible {
                ui.helpVisible = false
                ui.helpPage = 0
                break
            }
            if ui.prompt != nil || ui.confirm != nil { break }
            effects = click(target, mono: mono)
        case .key(let key):
            if key == .ctrl("c") {
                effects = [.quit]
                break
            }
            if ui.helpVisible {
                turnHelpPage(key)
                break
            }
            if ui.confirm != nil {
                effects = Self.effects(answer(key, mono: mono))
            } else if ui.prompt != nil {
                effects = promptKey(key, mono: mono)
                if key == .escape { effects.append(.discardPendingInput) }
            } else if let answered = wayKey(key, mono: mono) {
                effects = answered
            } else {
                effects = command(key, mono: mono)
            }
        }
        holdClockWhileWaiting(mono: mono)
        if let request = attributionRequest() { effects.append(.attributeSplit(request)) }
        if saving, effects.contains(.quit) {
            // The main loop finishes the save before it ends (nothing the person made is lost).
            ui.status = .init("quitting once the save is written…")
        }
        return Self.inOrder(effects)
    }

    /// New records as effects: none, or one `Effect.records`.
    static func effects(_ records: [TraceRecord]) -> [Effect] { records.isEmpty ? [] : [.records(records)] }

    /// The effects of one input in the order the main loop carries them out: the records (one
    /// effect), dropping queued input, the save, the file to open, the split's work, and quit last.
    static func inOrder(_ effects: [Effect]) -> [Effect] {
        func rank(_ effect: Effect) -> Int {
            switch effect {
            case .records: 0
            case .discardPendingInput: 1
            case .save: 2
            case .open: 3
            case .buildSplit: 4
            case .attributeSplit: 5
            case .findWay: 6
            case .quit: 7
            }
        }
        var records: [TraceRecord] = []
        var rest: [(rank: Int, at: Int, effect: Effect)] = []
        for (at, effect) in effects.enumerated() {
            if case .records(let new) = effect { records += new } else { rest.append((rank(effect), at, effect)) }
        }
        rest.sort { ($0.rank, $0.at) < ($1.rank, $1.at) }
        return Self.effects(records) + rest.map(\.effect)
    }

    /// A key while the help is open: PgDn and PgUp turn its pages when the keys take more than
    /// one at this size; any other key closes it.
    mutating func turnHelpPage(_ key: Key) {
        let size = Layout.drawn(width: screen.width, height: screen.height)
        let pages = HelpOverlay.pages(
            legend.help, width: size.width, height: size.height, ascii: ui.asciiOnly
        ).count
        guard pages > 1, key == .pageDown || key == .pageUp else {
            ui.helpVisible = false
            ui.helpPage = 0
            return
        }
        ui.helpPage = (ui.helpPage + (key == .pageDown ? 1 : pages - 1)) % pages
    }

    /// The clock waits for the person: it is held while a prompt, a question, the help, why-not
    /// or a record's detail is open, and resumes where it stood. An event typed into a prompt is
    /// therefore stamped with the time the prompt opened.
    mutating func holdClockWhileWaiting(mono: Double) {
        let waiting =
            ui.prompt != nil || ui.confirm != nil || ui.helpVisible || whyNotTrigger != nil || ui.recordDetail != nil
            || ui.noteExpanded || ui.messageExpanded || ui.statusExpanded
        clock.setHeld(waiting, at: mono)
    }

    /// A key as the status line names it ("e", "space", "enter", "up", ...).
    static func keyName(_ key: Key) -> String? {
        switch key {
        case .character(" "): "space"
        case .character(let c): String(c)
        case .enter: "enter"
        case .escape: "escape"
        case .tab: "tab"
        case .up: "up"
        case .down: "down"
        case .pageUp: "pageUp"
        case .pageDown: "pageDown"
        case .home: "home"
        case .end: "end"
        default: nil
        }
    }

    mutating func click(_ target: HitTarget, mono: Double) -> [Effect] {
        switch target {
        case .messageBody: return Self.effects(act(.click(button: nil), mono: mono))
        case .messageButton(let n): return Self.effects(act(.click(button: n), mono: mono))
        case .messageClose: return Self.effects(act(.dismiss, mono: mono))
        case .command(let tag):
            guard let command = KeyBinding.command(for: tag) else { return [] }
            return perform(command, mono: mono)
        case .trace:
            if ui.focus != .trace { return perform(.focus, mono: mono) }
            return []
        case .triggerRow(let index):
            guard index < engine.state.serverTriggers.count else { return [] }
            if ui.selectedTrigger == index, whyNotTrigger != nil {
                whyNotTrigger = nil
            } else {
                ui.selectedTrigger = index
                whyNotTrigger = engine.state.serverTriggers[index].id
            }
            return []
        }
    }

    mutating func command(_ key: Key, mono: Double) -> [Effect] {
        guard let command = KeyBinding.command(for: key) else {
            let name = Self.keyName(key).map { "\($0): no such key" } ?? "that key does nothing here"
            ui.status = .init("\(name) · ? lists every key", kind: .warning)
            return []
        }
        return perform(command, mono: mono)
    }

    /// Every command lands here: one case each, checked by the compiler.
    mutating func perform(_ command: KeyCommand, mono: Double) -> [Effect] {
        let s = engine.state
        switch command {
        // Events
        case .customEvent: openForm(.customEventName, mono: mono)
        case .purchase: openForm(.purchaseProduct, mono: mono)
        case .pushClick: openForm(.pushCampaign, mono: mono)
        case .launch: return Self.effects(act(.launch, mono: mono))
        case .changeUser: openForm(.userID, mono: mono)
        // Device
        case .backgroundForeground:
            return Self.effects(act(s.app == .foreground ? .background : .foreground, mono: mono))
        case .keyboard: return Self.effects(act(.keyboard(shown: !s.keyboardUp), mono: mono))
        case .rotate:
            return Self.effects(act(.rotate(s.device.orientation == .portrait ? .landscape : .portrait), mono: mono))
        case .deviceKind: return Self.effects(act(.deviceKind(s.device.kind == .phone ? .tablet : .phone), mono: mono))
        case .network: return Self.effects(act(.network(online: !s.online), mono: mono))
        case .reset: ask(.reset, "reset the app (fresh install): the device forgets everything? (y/n)")
        // Messages
        case .clickBody: return Self.effects(act(.click(button: nil), mono: mono))
        case .button1: return Self.effects(act(.click(button: 0), mono: mono))
        case .button2: return Self.effects(act(.click(button: 1), mono: mono))
        case .dismiss: return Self.effects(act(.dismiss, mono: mono))
        case .displayNext: return Self.effects(act(.displayNext, mono: mono))
        case .addLocal: openForm(.localType, mono: mono)
        // Delegate, server, platforms (profiles.md)
        case .delegate: openForm(.delegateImplements, mono: mono)
        case .integration: openForm(.integration, mono: mono)
        case .campaign: openForm(.campaign, mono: mono)
        case .nextProfile: return Self.effects(cycleProfile(mono: mono))
        case .chooseProfile: openForm(.profileName, mono: mono)
        case .split: return cycleSplit(mono: mono)
        // Time
        case .pause:
            clock.setPaused(!clock.paused, at: mono)
            ui.status = .init(
                clock.paused ? "paused: the clock stands still" : "running at \(formatSpeed(clock.speed, ascii: true))")
            return Self.effects(tick(mono: mono))
        case .slower, .faster:
            let records = tick(mono: mono)
            let next =
                command == .faster
                ? (Self.speeds.first { $0 > clock.speed } ?? Self.speeds.last!)
                : (Self.speeds.last { $0 < clock.speed } ?? Self.speeds.first!)
            clock.setSpeed(next, at: mono)
            ui.status = .init("speed \(formatSpeed(clock.speed, ascii: true))")
            return Self.effects(records)
        case .stepToDeadline: return Self.effects(stepToNextDeadline(mono: mono))
        case .plusOne: return Self.effects(jump(by: 1, mono: mono))
        case .plusTen: return Self.effects(jump(by: 10, mono: mono))
        // Timeline
        case .timelinePlay: return Self.effects(toggleTimeline(mono: mono))
        case .timelineStep: return Self.effects(stepTimeline(mono: mono))
        case .note:
            if ui.note == nil, !scenario.description.isEmpty {
                // No step note yet: the scenario's introduction (its description) is the note.
                ui.note = .init(step: 0, text: scenario.description, writtenFor: options.notesProfile)
            }
            guard ui.note != nil else {
                ui.status = .init("no note: notes come with the scenario's timeline steps", kind: .warning)
                break
            }
            ui.noteExpanded.toggle()
        case .restart: return Self.effects(askRestart(mono: mono))
        case .open: openForm(.openScenario, mono: mono)
        // Panel
        case .focus where split != nil: cycleSplitFocus()
        case .focus:
            ui.focus = ui.focus == .triggers ? .trace : .triggers
            if ui.focus == .trace { ui.traceCursor = min(ui.traceScroll, max(0, trace.count - 1)) }
            ui.status = .init(
                ui.focus == .trace ? "trace: ↑ ↓ move, Enter shows the record" : "triggers: ↑ ↓ select, Enter why not")
        case .up where ui.focus == .trace: moveTraceCursor(-1)
        case .down where ui.focus == .trace: moveTraceCursor(1)
        case .enter where ui.focus == .trace: toggleRecordDetail()
        case .up: moveSelection(-1)
        case .down: moveSelection(1)
        case .enter:
            let triggers = s.serverTriggers
            guard !triggers.isEmpty else {
                ui.status = .init("no triggers in this scenario", kind: .warning)
                break
            }
            let id = triggers[min(ui.selectedTrigger, triggers.count - 1)].id
            whyNotTrigger = whyNotTrigger == id ? nil : id
        case .escape:
            whyNotTrigger = nil
            ui.recordDetail = nil
            ui.noteExpanded = false
            ui.messageExpanded = false
            ui.statusExpanded = false
        case .search: openForm(.traceSearch, mono: mono)
        case .findWay: return findWay(mono: mono)
        case .pageUp where whyNotTrigger != nil: whyNotScroll = max(0, whyNotScroll - Self.whyNotPage)
        case .pageDown where whyNotTrigger != nil:
            // The panel stops at its last line; this bound only keeps PgUp from having far to come back.
            let panel = whyNotPanel(for: whyNotTrigger ?? "")
            whyNotScroll = min(whyNotScroll + Self.whyNotPage, 4 * (panel.gates.count + panel.filters.count))
        // The trace lists the newest first: PgUp and Home go up the list (newer, the newest),
        // PgDn and End down it (older, the oldest). With the focus they move the cursor, and
        // the list follows it.
        case .pageUp where ui.focus == .trace: moveTraceCursor(-tracePage)
        case .pageDown where ui.focus == .trace: moveTraceCursor(tracePage)
        case .top where ui.focus == .trace: moveTraceCursor(-panelTrace.count)
        case .bottom where ui.focus == .trace: moveTraceCursor(panelTrace.count)
        case .pageUp: scrollTrace(by: -tracePage)
        case .pageDown: scrollTrace(by: tracePage)
        // Home: the top (the newest); End: the last page, ending at the oldest record.
        case .top: ui.traceScroll = 0
        case .bottom: ui.traceScroll = max(0, trace.count - tracePage)
        // App
        case .save: return saveSession(mono: mono)
        case .lastMessage:
            guard ui.status != nil else {
                ui.status = .init("no message yet", kind: .warning)
                break
            }
            ui.messageExpanded.toggle()
        case .details:
            ui.statusExpanded.toggle()
            if ui.statusExpanded {
                whyNotTrigger = nil
                ui.recordDetail = nil
                ui.messageExpanded = false
                ui.noteExpanded = false
            }
        case .help: ui.helpVisible = true
        case .quit: return [.quit]
        }
        return []
    }

    /// Lines PgUp and PgDn move the why-not panel by.
    static let whyNotPage = 5

    /// Trace records one page shows on the screen as it is now.
    var tracePage: Int { frame(width: screen.width, height: screen.height).tracePage }

    mutating func moveSelection(_ delta: Int) {
        let count = engine.state.serverTriggers.count
        guard count > 0 else { return }
        ui.selectedTrigger = min(max(0, ui.selectedTrigger + delta), count - 1)
        if whyNotTrigger != nil { whyNotTrigger = engine.state.serverTriggers[ui.selectedTrigger].id }
    }

    /// Rows down the newest-first list (PgDn: older records); 0 is the newest at the top.
    mutating func scrollTrace(by delta: Int) {
        ui.traceScroll = min(max(0, ui.traceScroll + delta), max(0, trace.count - tracePage))
    }

    mutating func stepToNextDeadline(mono: Double) -> [TraceRecord] {
        let current = clock.time(at: mono)
        let candidates = [engine.nextDeadline, nextTimelineDue].compactMap { $0 }
        guard let target = candidates.min() else {
            ui.status = .init("nothing is scheduled: no deadline ahead", kind: .warning)
            return tick(mono: mono)
        }
        clock.jump(to: max(current, target), at: mono)
        let records = tick(mono: mono)
        ui.status =
            records.last.map {
                // The record's words, as the trace panel has them (`RecordWords`).
                .init("stepped to \(TraceFormat.fixed3(target)): " + $0.words(time: formatTime, clean: { $0 }).text())
            }
            ?? .init("stepped to \(TraceFormat.fixed3(target))")
        return records
    }

    mutating func jump(by seconds: Double, mono: Double) -> [TraceRecord] {
        clock.jump(to: clock.time(at: mono) + seconds, at: mono)
        let records = tick(mono: mono)
        ui.status = .init("+\(Int(seconds)) s: \(records.count) record\(records.count == 1 ? "" : "s")")
        return records
    }

    mutating func toggleTimeline(mono: Double) -> [TraceRecord] {
        guard ui.timeline.count > 0 else {
            ui.status = .init("this scenario has no timeline", kind: .warning)
            return []
        }
        let records = tick(mono: mono)
        if ui.timeline.playing {
            timelinePosition = clock.time(at: mono) - timelineOffset
            ui.timeline.playing = false
            ui.status = .init("timeline paused at step \(ui.timeline.index)/\(ui.timeline.count)")
        } else if ui.timeline.index >= ui.timeline.count {
            ui.status = .init("timeline already finished", kind: .warning)
        } else {
            timelineOffset = clock.time(at: mono) - timelinePosition
            ui.timeline.playing = true
            let due = records + tick(mono: mono)
            if clock.paused, ui.timeline.playing {
                // The steps due now ran; the next ones wait for the clock, which stands still.
                ui.status = .init(
                    "timeline playing, but the clock is paused: space runs it (> steps one by one)", kind: .warning)
            } else if ui.timeline.playing {
                ui.status = .init("timeline playing")
            }
            return due
        }
        return records
    }

    /// Jumps the clock to the next timeline step (keeping the timeline's spacing from the last
    /// step applied; never backwards) and applies it. Deadlines on the way run first.
    mutating func stepTimeline(mono: Double) -> [TraceRecord] {
        var records = tick(mono: mono)
        guard ui.timeline.index < scenario.timeline.count else {
            ui.status = .init(
                ui.timeline.count == 0 ? "this scenario has no timeline" : "timeline finished", kind: .warning)
            return records
        }
        let current = clock.time(at: mono)
        let offset = ui.timeline.playing ? timelineOffset : current - timelinePosition
        let step = scenario.timeline[ui.timeline.index]
        let due = max(current, step.at + offset)
        clock.jump(to: due, at: mono)
        let passing = passTime(to: due)
        record(passing)
        records += passing
        let result = apply(step.action, at: due, note: Self.recordedNote(timelineStep: ui.timeline.index, step))
        record(result)
        records += result
        ui.timeline.index += 1
        timelinePosition = step.at
        timelineOffset = due - step.at
        if ui.timeline.index >= ui.timeline.count { ui.timeline.playing = false }
        var status = Self.summary(of: step.action, result)
        status.text = "step \(ui.timeline.index)/\(ui.timeline.count) " + status.text
        takeNote(of: step, ranAt: due)
        ui.status = status
        return records
    }
}
