import IAMEngine

/// The moves the search tries from one state (explore.md, "Moves"): the scenario's events, the
/// lifecycle and display actions that apply, and waits to the next instants where a decision
/// can change.
struct MoveMaker {
    var vocabulary: Vocabulary
    /// How many of the next boundaries a wait may jump to (the nearest first).
    var waits = 3
    /// The filter policies of the other platforms searched beside this one (a parting search):
    /// events their readings of a filter tell apart are tried too.
    var contrast: [FilterPolicy] = []
    /// Each event name's moves (its `Vocabulary.events`, each reason worded as the move's),
    /// built once when no filter of the name reads the instant (`fixed`), else once per
    /// instant (`timed`, kept for at most 4,096 instants): a new instant re-judges only the
    /// filters that read it, never every event's.
    private var fixed: [[(action: Action, why: String)]?] = []
    private var timed: [Double: [Int: [(action: Action, why: String)]]] = [:]
    /// The filters whose events the cap cut (`Vocabulary.maxVariantsPerEvent`), by trigger:
    /// the most any instant cut. The report names them.
    private(set) var leftOut: [String: Int] = [:]
    /// Counts the work of building events and asks the clock; `nil`: unmetered.
    var meter: Meter?

    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        fixed = Array(repeating: nil, count: vocabulary.raised.count)
    }

    /// The moves of event name `index` at `unixNow`; `nil` when the meter stopped their building.
    private mutating func events(_ index: Int, unixNow: Double, policy: FilterPolicy) -> [(
        action: Action, why: String
    )]? {
        let isTimed = vocabulary.raised[index].timed
        if !isTimed, let known = fixed[index] { return known }
        if isTimed, let known = timed[unixNow]?[index] { return known }
        let built = vocabulary.events(of: index, unixNow: unixNow, policy: policy, contrast: contrast, meter: meter)
        if meter?.stopped == true { return nil }
        for (trigger, count) in built.leftOut where count > leftOut[trigger] ?? 0 { leftOut[trigger] = count }
        let list = built.list.map { (action: $0.action, why: "the app logs " + $0.why) }
        if isTimed {
            if timed[unixNow] == nil, timed.count >= 4_096 { timed.removeAll() }
            timed[unixNow, default: [:]][index] = list
        } else {
            fixed[index] = list
        }
        return list
    }

    /// The moves from `engine`'s state; `nil` when the meter stopped their building.
    mutating func moves(from engine: Engine) -> [Move]? {
        let state = engine.state
        let now = state.now
        var moves: [Move] = []
        func add(_ action: Action, _ why: String) { moves.append(Move(at: now, action: action, why: why)) }
        let running = state.app != .notRunning
        if running {
            let unixNow = state.settings.epoch + now
            for index in vocabulary.raised.indices {
                guard let list = events(index, unixNow: unixNow, policy: state.settings.filterReading) else {
                    return nil
                }
                for (action, why) in list { add(action, why) }
            }
            for campaign in vocabulary.pushes {
                add(
                    .pushClick(campaignID: campaign),
                    campaign.map { "the user opens a push of campaign " + TraceFormat.visible($0) }
                        ?? "the user opens a push that names no campaign")
            }
            for (action, words) in vocabulary.appSteps where words != state.delegate.words {
                add(action, "the app's delegate answers as the scenario's timeline sets it: " + words)
            }
            for send in vocabulary.testSends {
                add(
                    .testSend(id: send.id, message: send.message),
                    "a test send " + (send.id.map(TraceFormat.visible) ?? "") + " arrives")
            }
        }
        if let visible = state.visible {
            add(.click(button: nil), "the user clicks the body of " + TraceFormat.visible(visible.pending.id))
            for index in visible.pending.message.buttons.indices {
                add(
                    .click(button: index),
                    "the user clicks button \(index + 1) of " + TraceFormat.visible(visible.pending.id))
            }
            add(.dismiss, "the user dismisses " + TraceFormat.visible(visible.pending.id))
        }
        if !state.stack.isEmpty { add(.displayNext, "the app asks for the next message on the stack") }
        switch state.app {
        case .notRunning: add(.launch, "the app starts")
        case .foreground:
            add(.background, "the app goes to the background")
            add(.launch, "the app is started again (a cold start)")
        case .background:
            add(.foreground, "the app comes back to the foreground")
            add(.launch, "the app is started again (a cold start)")
        }
        if running {
            add(
                .keyboard(shown: !state.keyboardUp),
                state.keyboardUp ? "the keyboard goes down" : "the keyboard comes up")
            let other: Device.Orientation = state.device.orientation == .portrait ? .landscape : .portrait
            add(.rotate(other), "the device turns to " + other.rawValue)
        }
        for (at, why) in Boundaries.next(engine, count: waits) {
            moves.append(Move(at: at, action: .wait, why: "wait to " + TraceFormat.number(at) + " s: " + why))
        }
        return moves
    }
}

/// The instants after now at which a decision of the engine can change: its own deadlines, and
/// the ends of the rules' waits, each read from the engine's rule functions.
enum Boundaries {
    static func next(_ engine: Engine, count: Int) -> [(at: Double, why: String)] {
        let state = engine.state
        let now = state.now
        let epoch = state.settings.epoch
        var found: [Double: String] = [:]
        func add(_ at: Double, _ why: String) {
            guard at > now, at.isFinite, at < 1e9 else { return }
            if found[at] == nil { found[at] = why }
        }
        if let deadline = engine.nextDeadline { add(deadline, "the engine's next deadline") }
        for trigger in state.delivered.triggers {
            let id = TraceFormat.visible(trigger.id)
            // P1 asked forward (T2, P3, P2 on the platform's clock): the engine's one answer.
            if let next = state.nextAllowed(trigger, at: now), next.at > now || next.after {
                let rule = next.heldBy.map { " (\($0.rawValue))" } ?? ""
                // A strict window opens only after its start: a tenth of a second later.
                add(next.after ? next.at + 0.1 : next.at, id + " can fire again" + rule)
            }
            if let end = trigger.endTime { add(end - epoch, id + "'s time window ends (T2)") }
        }
        for pending in state.stack {
            if let expiry = pending.expiresAt {
                add(expiry, TraceFormat.visible(pending.id) + " reaches its expiry (E1)")
                add(expiry + 1, "a second after " + TraceFormat.visible(pending.id) + "'s expiry (E1)")
            }
        }
        if let parked = state.parked, let expiry = parked.expiresAt {
            add(expiry + 1, "a second after " + TraceFormat.visible(parked.id) + "'s expiry (E1)")
        }
        if case .background(let since) = state.app {
            add(since + state.sessionTimeout, "the session times out (S2)")
        }
        var nearest = found.sorted { $0.key < $1.key }.prefix(count).map { ($0.key, $0.value) }
        // X30: where sessions end by inactivity, the instants the session's fate turns on come
        // besides the nearest: the first moment after its timeout since the last activity (an
        // event then starts a session), and the data flush tick that session's sync waits for.
        found = [:]
        if let end = state.sessionOutlivedAfter {
            add(end + 0.1, "the session has been idle longer than its timeout (X30)")
        }
        if let tick = state.flush?.sessionSyncAt { add(tick, "the data flush carries the new session's sync (X30)") }
        for (at, why) in found.sorted(by: { $0.key < $1.key }) where !nearest.contains(where: { $0.0 == at }) {
            nearest.append((at, why))
        }
        return nearest
    }
}
