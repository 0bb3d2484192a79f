import IAMEngine
import IAMExplore

/// Why-not's "find a way" (explore.md, "In the simulator"): `W` explores from the current state
/// for the shortest sequence that shows the trigger's message, off the main loop
/// (`Effect.findWay`, bounded by explore's time limit); the answer comes back as
/// `Input.wayFound` and is offered in the why-not panel; `y` or Enter plays it, one move at a
/// time through the same path as a key, `n` or Esc puts it away.
extension Simulator {
    /// What "find a way" is doing for the why-not panel on screen.
    enum Way: Equatable {
        /// Searching from the state at `now` after `actions` manual actions (the answer is
        /// taken only if the state is still that one).
        case searching(id: Int, trigger: String, now: Double, actions: Int)
        /// The moves that show it, from the current state.
        case found(trigger: String, moves: [Move])
        /// No way within the bound: the line says why.
        case none(trigger: String, line: String)

        var trigger: String {
            switch self {
            case .searching(_, let trigger, _, _), .found(let trigger, _), .none(let trigger, _): trigger
            }
        }
    }

    /// `W` in why-not: asks for a way to show the trigger's message from the current state.
    mutating func findWay(mono: Double) -> [Effect] {
        guard let id = whyNotTrigger else {
            ui.status = .init("W finds a way from why-not: select a trigger, Enter, then W", kind: .warning)
            return []
        }
        let records = tick(mono: mono)
        wayRequests += 1
        way = .searching(id: wayRequests, trigger: id, now: now, actions: manualActions)
        ui.status = .init("finding a way to show " + id + " from here (Esc stops waiting)")
        // The device the why-not is about (in the split view, B's when its side has the focus);
        // playing the way gives both devices its moves, as every key does.
        let device = panelEngine
        var scenario = scenario
        scenario.triggers = device.state.serverTriggers
        let explorer = Explorer(
            scenario, from: device,
            options: .init(depth: WayRequest.depth, messages: [id], untilShown: true))
        return Self.effects(records) + [
            .findWay(
                WayRequest(id: wayRequests, trigger: id, explorer: explorer, profile: device.state.settings.profile))
        ]
    }

    /// `Input.wayFound`: the answer, if it is for the search on screen and the state has not moved.
    mutating func takeWay(_ found: FoundWay) {
        guard case .searching(let id, let trigger, let at, let actions) = way, id == found.id else { return }
        guard whyNotTrigger == trigger, now == at, manualActions == actions else {
            way = nil
            ui.status = .init("the state changed while searching: W searches again", kind: .warning)
            return
        }
        if let moves = found.moves {
            way = .found(trigger: trigger, moves: moves)
            ui.status = .init(
                "a way in \(moves.count) move\(moves.count == 1 ? "" : "s"): y or Enter plays it, n or Esc not")
        } else {
            way = .none(trigger: trigger, line: found.line)
            ui.status = .init(found.line, kind: .warning)
        }
    }

    /// A key while a way is offered: `y`/Enter plays it, `n`/Esc puts it away; nil for any
    /// other key (it does what it always does). Esc while searching stops waiting for it.
    mutating func wayKey(_ key: Key, mono: Double) -> [Effect]? {
        guard let way, whyNotTrigger == way.trigger else { return nil }
        switch (way, key) {
        case (.found(_, let moves), .character("y")), (.found(_, let moves), .character("Y")),
            (.found(_, let moves), .enter):
            return Self.effects(play(moves, mono: mono))
        case (.found, .character("n")), (.found, .character("N")), (_, .escape):
            self.way = nil
            ui.status = .init("the way is put away")
            return []
        case (.none, .character("n")), (.none, .character("N")):
            self.way = nil
            return []
        default: return nil
        }
    }

    /// Plays `moves` as steps: the timeline is paused (the way was found without it), then each
    /// move is taken at its instant as a key would take it (`act`), a wait by the clock.
    mutating func play(_ moves: [Move], mono: Double) -> [TraceRecord] {
        var records: [TraceRecord] = []
        if ui.timeline.playing { records += toggleTimeline(mono: mono) }
        let trigger = way?.trigger
        way = nil
        whyNotTrigger = nil
        for move in moves {
            clock.jump(to: move.at, at: mono)
            if move.action == .wait {
                records += tick(mono: mono)
            } else {
                records += act(move.action, mono: mono)
            }
        }
        let shown = records.contains { ($0.message ?? $0.trigger) == trigger && Outcome($0) == .displayed }
        ui.status = .init(
            "played a way of \(moves.count) move\(moves.count == 1 ? "" : "s")"
                + (shown ? ": " + (trigger ?? "") + " displayed" : ""),
            kind: shown ? .success : .info)
        return records
    }

    /// The result line the why-not panel shows: the search, the way found, or why there is none.
    var wayLine: String? {
        guard let way, way.trigger == whyNotTrigger else { return nil }
        switch way {
        case .searching: return "finding a way…"
        case .found(_, let moves):
            return "a way in \(moves.count): " + moves.map(Self.moveWords).joined(separator: ", ")
                + " · y/Enter plays it, n/Esc not"
        case .none(_, let line): return line
        }
    }

    /// A move in a few words: `wait to 30.5`, `customEvent b`.
    static func moveWords(_ move: Move) -> String {
        move.action == .wait ? "wait to " + TraceFormat.number(move.at) : move.action.words()
    }
}

/// A search for a way, handed to the main loop (`Effect.findWay`), which runs it off the loop
/// with explore's time limit and answers with `Input.wayFound`.
package struct WayRequest: Sendable, Equatable {
    /// Moves at most, as explore's default depth.
    static let depth = 8
    /// Seconds at most, as explore's default time limit.
    package static let timeLimit = 10.0

    package var id: Int
    var trigger: String
    var explorer: Explorer
    var profile: Profile

    package static func == (a: WayRequest, b: WayRequest) -> Bool { a.id == b.id }

    /// The shortest way to show the message, or why there is none; `shouldStop` is the caller's clock.
    package func find(shouldStop: () -> Bool = { false }) -> FoundWay {
        let report = explorer.run(profiles: [profile], shouldStop: shouldStop)
        let findings = report.findings.filter { $0.message == trigger }
        if let shown = findings.first(where: { $0.outcome == .displayed || $0.outcome == .handedToApp }) {
            return FoundWay(id: id, moves: shown.moves, line: "")
        }
        let never = findings.first { $0.outcome == nil }
        var line = "no way within \(report.depth) moves" + (report.complete ? "" : " (stopped by the time limit)")
        if let gates = never?.gates, !gates.isEmpty { line += ": held back by " + gates.joined(separator: ", ") }
        if let detail = never?.detail { line += "; " + detail }
        return FoundWay(id: id, moves: nil, line: line)
    }
}

/// The answer to a `WayRequest`.
package struct FoundWay: Sendable, Equatable {
    package var id: Int
    /// The moves from the state the search started at; `nil`: none within the bound.
    var moves: [Move]?
    var line: String
}
