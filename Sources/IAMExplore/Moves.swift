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
    /// The delivered triggers by their gates, for the waits (`Boundaries`): made again only when
    /// a state holds another list of triggers (a sync).
    private var gateKinds: GateKinds?

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
        if gateKinds?.isOf(state.delivered.triggers) != true { gateKinds = GateKinds(state.delivered.triggers) }
        for (at, why) in Boundaries.next(engine, count: waits, kinds: gateKinds!) {
            moves.append(Move(at: at, action: .wait, why: "wait to " + TraceFormat.number(at) + " s: " + why))
        }
        return moves
    }
}

/// The instants after now at which a decision of the engine can change: its own deadlines, and
/// the ends of the rules' waits, each read from the engine's rule functions.
///
/// Priced by what can differ between triggers, not by the triggers (issue 48): triggers never
/// performed that share their gates (window, delay, intervals) can fire again at the same
/// instant, so one of each kind is asked (`GateKinds`); a performed trigger is asked on its own;
/// of the windows' ends only the nearest `count` distinct ones can be among the nearest. Each
/// instant keeps the reason of the first trigger (in delivered order) that gives it, as when
/// every trigger was asked.
enum Boundaries {
    /// The instant a trigger held back can fire (P1): a strict window opens only after its
    /// start, a tenth of a second later.
    static func canFireAt(_ next: NextAllowed) -> Double { next.after ? next.at + 0.1 : next.at }

    /// `spring-menu can fire again (P2)`.
    static func canFireAgain(_ id: String, _ next: NextAllowed) -> String {
        TraceFormat.visible(id) + " can fire again" + (next.heldBy.map { " (\($0.rawValue))" } ?? "")
    }

    static func next(_ engine: Engine, count: Int, kinds: GateKinds) -> [(at: Double, why: String)] {
        let state = engine.state
        let now = state.now
        let epoch = state.settings.epoch
        // Each instant with its reason and the order of what gave it (the first wins).
        var found: [Double: (why: String, order: Int)] = [:]
        func add(_ at: Double, _ why: @autoclosure () -> String, order: Int) {
            guard at > now, at.isFinite, at < 1e9 else { return }
            if let known = found[at], known.order <= order { return }
            found[at] = (why(), order)
        }
        if let deadline = engine.nextDeadline { add(deadline, "the engine's next deadline", order: -1) }
        let triggers = state.delivered.triggers
        func allowed(_ index: Int) {
            let trigger = triggers[index]
            // P1 asked forward (T2, P3, P2 on the platform's clock): the engine's one answer.
            if let next = state.nextAllowed(trigger, at: now), next.at > now || next.after {
                add(canFireAt(next), canFireAgain(trigger.id, next), order: 2 * index)
            }
        }
        for members in kinds.members {
            // The first never performed of this kind speaks for the rest of them.
            if let first = members.first(where: { state.lastPerformed[triggers[$0].id] == nil }) { allowed(first) }
        }
        for id in state.lastPerformed.keys {
            for index in kinds.positions[id] ?? [] { allowed(index) }
        }
        // The windows' ends (T2): the nearest `count` distinct ones after now.
        var low = 0
        var high = kinds.ends.count
        while low < high {
            let middle = (low + high) / 2
            if kinds.ends[middle].at - epoch > now { high = middle } else { low = middle + 1 }
        }
        var end = low
        var ends = 0
        while end < kinds.ends.count, ends < count {
            let (at, index) = kinds.ends[end]
            add(at - epoch, TraceFormat.visible(triggers[index].id) + "'s time window ends (T2)", order: 2 * index + 1)
            end += 1
            ends += 1
        }
        var order = 2 * triggers.count
        func later() -> Int {
            order += 1
            return order
        }
        for pending in state.stack {
            if let expiry = pending.expiresAt {
                add(expiry, TraceFormat.visible(pending.id) + " reaches its expiry (E1)", order: later())
                add(expiry + 1, "a second after " + TraceFormat.visible(pending.id) + "'s expiry (E1)", order: later())
            }
        }
        if let parked = state.parked, let expiry = parked.expiresAt {
            add(expiry + 1, "a second after " + TraceFormat.visible(parked.id) + "'s expiry (E1)", order: later())
        }
        if case .background(let since) = state.app {
            add(since + state.sessionTimeout, "the session times out (S2)", order: later())
        }
        var nearest = found.sorted { $0.key < $1.key }.prefix(count).map { ($0.key, $0.value.why) }
        // X30: where sessions end by inactivity, the instants the session's fate turns on come
        // besides the nearest: the first moment after its timeout since the last activity (an
        // event then starts a session), and the data flush tick that session's sync waits for.
        found = [:]
        if let end = state.sessionOutlivedAfter {
            add(end + 0.1, "the session has been idle longer than its timeout (X30)", order: 0)
        }
        if let tick = state.flush?.sessionSyncAt {
            add(tick, "the data flush carries the new session's sync (X30)", order: 1)
        }
        for (at, entry) in found.sorted(by: { $0.key < $1.key }) where !nearest.contains(where: { $0.0 == at }) {
            nearest.append((at, entry.why))
        }
        return nearest
    }
}

/// The delivered triggers by the gates `nextAllowed` reads (all but the priority), each kind's
/// members in delivered order, and the distinct ends of their windows, nearest first with the
/// first trigger that has each: made once per trigger list and kept (the last few lists).
final class GateKinds {
    let members: [[Int]]
    let ends: [(at: Double, index: Int)]
    /// Each id's positions (a performed trigger is asked on its own).
    let positions: [String: [Int]]

    /// A trigger's kind: its gates (`Gates`, the engine's own reading of them) less the
    /// priority, which `nextAllowed` does not read.
    private static func kind(_ trigger: Trigger) -> Gates {
        var gates = Gates(trigger)
        gates.priority = 0
        return gates
    }

    init(_ triggers: [Trigger]) {
        self.triggers = triggers
        var positions: [String: [Int]] = [:]
        var byKind: [Gates: Int] = [:]
        var members: [[Int]] = []
        var firstEnd: [Double: Int] = [:]
        for (index, trigger) in triggers.enumerated() {
            let kind = Self.kind(trigger)
            if let known = byKind[kind] {
                members[known].append(index)
            } else {
                byKind[kind] = members.count
                members.append([index])
            }
            if let end = trigger.endTime, firstEnd[end] == nil { firstEnd[end] = index }
            positions[trigger.id, default: []].append(index)
        }
        self.positions = positions
        self.members = members
        ends = firstEnd.map { (at: $0.key, index: $0.value) }.sorted { $0.at < $1.at }
    }

    /// The triggers it was made of (kept, so that their storage is not reused while it is).
    let triggers: [Trigger]

    /// Whether it was made of this very list (the same storage: a state's copy shares it).
    func isOf(_ list: [Trigger]) -> Bool {
        list.count == triggers.count
            && list.withUnsafeBufferPointer { a in
                triggers.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
    }
}
