import IAMEngine
import IAMRender
import IAMTerminal

extension Simulator {
    /// The reducer: one input, the effects it has.
    mutating func handle(_ input: Input, mono: Double) -> [Effect] {
        var records: [TraceRecord] = []
        var quit = false
        var discard = false
        switch input {
        case .resize:
            break // the next frame is laid out for the new size
        case _ where !screenFits:
            // "Terminal too small" is on screen: keys do nothing there (Ctrl-C still quits).
            quit = input == .key(.ctrl("c"))
        case .wheel(let up):
            scrollTrace(by: up ? -3 : 3)
        case .hit(let target):
            if ui.helpVisible {
                ui.helpVisible = false
                break
            }
            if ui.prompt != nil || ui.confirm != nil { break }
            records = click(target, mono: mono, quit: &quit)
        case .key(let key):
            if key == .ctrl("c") {
                quit = true
                break
            }
            if ui.helpVisible {
                ui.helpVisible = false
                break
            }
            if ui.confirm != nil {
                records = answer(key, mono: mono)
            } else if ui.prompt != nil {
                records = promptKey(key, mono: mono)
                discard = key == .escape
            } else {
                records = command(key, mono: mono, quit: &quit)
            }
        }
        holdClockWhileWaiting(mono: mono)
        var effects: [Effect] = []
        if !records.isEmpty { effects.append(.records(records)) }
        if discard { effects.append(.discardPendingInput) }
        if quit { effects.append(.quit) }
        return effects
    }

    /// The clock waits for the person: it is held while a prompt, a question, the help, why-not
    /// or a record's detail is open, and resumes where it stood. An event typed into a prompt is
    /// therefore stamped with the time the prompt opened.
    mutating func holdClockWhileWaiting(mono: Double) {
        let waiting =
            ui.prompt != nil || ui.confirm != nil || ui.helpVisible || ui.whyNot != nil || ui.recordDetail != nil
            || ui.noteExpanded
        clock.setHeld(waiting, at: mono)
    }

    /// The name a key has in `KeyHelp` ("e", "space", "enter", "up", ...).
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

    mutating func click(_ target: HitTarget, mono: Double, quit: inout Bool) -> [TraceRecord] {
        switch target {
        case .messageBody: return act(.click(button: nil), mono: mono)
        case .messageButton(let n): return act(.click(button: n), mono: mono)
        case .messageClose: return act(.dismiss, mono: mono)
        case .key(let name): return command(named: name, mono: mono, quit: &quit)
        case .triggerRow(let index):
            guard index < engine.state.serverTriggers.count else { return [] }
            if ui.selectedTrigger == index, ui.whyNot != nil {
                ui.whyNot = nil
            } else {
                ui.selectedTrigger = index
                ui.whyNot = whyNotPanel(for: engine.state.serverTriggers[index].id)
            }
            return []
        }
    }

    mutating func command(_ key: Key, mono: Double, quit: inout Bool) -> [TraceRecord] {
        if key == .character("=") { return command(named: "+", mono: mono, quit: &quit) }
        guard let name = Self.keyName(key) else {
            ui.status = .init("that key does nothing here · ? lists every key", kind: .warning)
            return []
        }
        return command(named: name, mono: mono, quit: &quit)
    }

    /// Every key of `KeyHelp.entries` (and a few aliases) lands here.
    mutating func command(named name: String, mono: Double, quit: inout Bool) -> [TraceRecord] {
        let s = engine.state
        switch name {
        // Events
        case "e": openForm(.customEventName, mono: mono)
        case "p": openForm(.purchaseProduct, mono: mono)
        case "u": openForm(.pushCampaign, mono: mono)
        case "l": return act(.launch, mono: mono)
        // Device
        case "b": return act(s.app == .foreground ? .background : .foreground, mono: mono)
        case "k": return act(.keyboard(shown: !s.keyboardUp), mono: mono)
        case "o": return act(.rotate(s.device.orientation == .portrait ? .landscape : .portrait), mono: mono)
        case "t": return act(.deviceKind(s.device.kind == .phone ? .tablet : .phone), mono: mono)
        case "w": return act(.network(online: !s.online), mono: mono)
        case "R": ask(.reset, "reset the app (fresh install): the device forgets everything? (y/n)")
        // Messages
        case "c": return act(.click(button: nil), mono: mono)
        case "1": return act(.click(button: 0), mono: mono)
        case "2": return act(.click(button: 1), mono: mono)
        case "d", "x": return act(.dismiss, mono: mono)
        case "n": return act(.displayNext, mono: mono)
        case "a": openForm(.localType, mono: mono)
        // Delegate, server
        case "g": openForm(.delegateImplements, mono: mono)
        case "s": openForm(.campaign, mono: mono)
        // Platforms (profiles.md)
        case "P": return cycleProfile(mono: mono)
        case "V": return cycleSplit(mono: mono)
        // Time
        case "space":
            clock.setPaused(!clock.paused, at: mono)
            ui.status = .init(
                clock.paused ? "paused: the clock stands still" : "running at \(formatSpeed(clock.speed, ascii: true))")
            return tick(mono: mono)
        case "-", "+":
            let records = tick(mono: mono)
            let next =
                name == "+"
                ? (Self.speeds.first { $0 > clock.speed } ?? Self.speeds.last!)
                : (Self.speeds.last { $0 < clock.speed } ?? Self.speeds.first!)
            clock.setSpeed(next, at: mono)
            ui.status = .init("speed \(formatSpeed(clock.speed, ascii: true))")
            return records
        case ".": return stepToNextDeadline(mono: mono)
        case "f": return jump(by: 1, mono: mono)
        case "F": return jump(by: 10, mono: mono)
        // Timeline
        case "r": return toggleTimeline(mono: mono)
        case ">": return stepTimeline(mono: mono)
        // Panel
        case "tab":
            ui.focus = ui.focus == .triggers ? .trace : .triggers
            if ui.focus == .trace { ui.traceCursor = min(ui.traceScroll, max(0, trace.count - 1)) }
            ui.status = .init(
                ui.focus == .trace ? "trace: ↑ ↓ move, Enter shows the record" : "triggers: ↑ ↓ select, Enter why not")
        case "up" where ui.focus == .trace: moveTraceCursor(-1)
        case "down" where ui.focus == .trace: moveTraceCursor(1)
        case "enter" where ui.focus == .trace: toggleRecordDetail()
        case "up": moveSelection(-1)
        case "down": moveSelection(1)
        case "enter":
            let triggers = s.serverTriggers
            guard !triggers.isEmpty else {
                ui.status = .init("no triggers in this scenario", kind: .warning)
                break
            }
            let id = triggers[min(ui.selectedTrigger, triggers.count - 1)].id
            ui.whyNot = ui.whyNot?.triggerID == id ? nil : whyNotPanel(for: id)
        case "escape":
            ui.whyNot = nil
            ui.recordDetail = nil
            ui.noteExpanded = false
        case "/": openForm(.traceSearch, mono: mono)
        case "N":
            guard ui.note != nil else {
                ui.status = .init("no step note: notes come with the scenario's timeline steps", kind: .warning)
                break
            }
            ui.noteExpanded.toggle()
        case "pageUp": scrollTrace(by: -10)
        case "pageDown": scrollTrace(by: 10)
        case "home": ui.traceScroll = max(0, trace.count - 1)
        case "end": ui.traceScroll = 0
        // App
        case "S": return saveSession(mono: mono)
        case "0": return askRestart(mono: mono)
        case "O": openForm(.openScenario, mono: mono)
        case "?": ui.helpVisible = true
        case "q": quit = true
        default:
            ui.status = .init("\(name): no such key · ? lists every key", kind: .warning)
        }
        return []
    }

    mutating func moveSelection(_ delta: Int) {
        let count = engine.state.serverTriggers.count
        guard count > 0 else { return }
        ui.selectedTrigger = min(max(0, ui.selectedTrigger + delta), count - 1)
        if ui.whyNot != nil { ui.whyNot = whyNotPanel(for: engine.state.serverTriggers[ui.selectedTrigger].id) }
    }

    /// PgUp goes back in time (older records); 0 is the newest at the top.
    mutating func scrollTrace(by delta: Int) {
        ui.traceScroll = min(max(0, ui.traceScroll - delta), max(0, trace.count - 1))
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
                .init("stepped to \(TraceFormat.fixed3(target)): \($0.kind.rawValue) \($0.message ?? $0.trigger ?? "")")
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
        takeNote(of: step)
        ui.status = status
        return records
    }
}
