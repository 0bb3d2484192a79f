import IAMEngine

/// The moves the search tries from one state (explore.md, "Moves"): the scenario's events, the
/// lifecycle and display actions that apply, and waits to the next instants where a decision
/// can change.
struct MoveMaker: Sendable {
    var vocabulary: Vocabulary
    /// How many of the next boundaries a wait may jump to (the nearest first).
    var waits = 3
    /// The filter policies of the other platforms searched beside this one (a parting search):
    /// events their readings of a filter tell apart are tried too.
    var contrast: [FilterPolicy] = []
    /// The vocabulary's events by the instant they are raised at (they depend on it only
    /// through the relative date filters): many states share an instant.
    private var events: [Double: [(action: Action, why: String)]] = [:]

    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
    }

    mutating func moves(from engine: Engine) -> [Move] {
        let state = engine.state
        let now = state.now
        var moves: [Move] = []
        func add(_ action: Action, _ why: String) { moves.append(Move(at: now, action: action, why: why)) }
        let running = state.app != .notRunning
        if running {
            let unixNow = state.settings.epoch + now
            if events[unixNow] == nil {
                if events.count > 4_096 { events.removeAll() }
                events[unixNow] = vocabulary.events(
                    unixNow: unixNow, policy: state.settings.filterReading, contrast: contrast)
            }
            for (action, why) in events[unixNow] ?? [] {
                add(action, "the app logs " + why)
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
    /// The instant a trigger held back can fire (P1): a strict window opens only after its
    /// start, a tenth of a second later.
    static func canFireAt(_ next: NextAllowed) -> Double { next.after ? next.at + 0.1 : next.at }

    /// `spring-menu can fire again (P2)`.
    static func canFireAgain(_ id: String, _ next: NextAllowed) -> String {
        TraceFormat.visible(id) + " can fire again" + (next.heldBy.map { " (\($0.rawValue))" } ?? "")
    }

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
                add(canFireAt(next), canFireAgain(trigger.id, next))
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
