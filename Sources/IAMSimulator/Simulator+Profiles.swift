import IAMEngine
import IAMRender

/// One call into the engine: the split view gives the second device the same ones.
enum EngineInput: Equatable {
    case apply(Action, Double)
    case advance(Double)
}

extension Simulator {
    /// Moves the engine's clock to `time` (its deadlines only; actions go through `apply`,
    /// Simulator+Record.swift). The split view's second device moves with it.
    mutating func passTime(to time: Double) -> [TraceRecord] {
        let records = engine.advance(to: time)
        feedSplit(.advance(time), records)
        return records
    }

    /// Gives the split view's second device what the first one just got (`records`: its answer).
    mutating func feedSplit(_ input: EngineInput, _ records: [TraceRecord]) {
        if pendingSplit != nil { pendingSplit?.backlog.append((input, records)) }
        guard var side = split else { return }
        split = nil // so `side` is the only owner of its records: no copy on write
        side.feed(
            input, main: records, scenario: scenario, applied: session.steps, now: now,
            profile: engine.state.settings.profile)
        split = side
    }

    /// `P`: the next platform, live (profiles.md). The header shows it; what is on the stack stays
    /// (a switch to a platform without one discards it, with records).
    mutating func cycleProfile(mono: Double) -> [TraceRecord] {
        let current = engine.state.settings.profile
        // With the split open, the right device's platform is skipped: the two sides differ.
        let right = split?.engine.state.settings.profile.name
        let choices = Profile.all.filter { $0.name != right }
        // A versioned profile (`@`) counts as its platform: P goes on to the next one.
        let index = choices.firstIndex { $0.name == current.name || $0.name == current.platform } ?? -1
        let next = choices[(index + 1) % choices.count]
        let records = act(.profile(next), mono: mono)
        ui.status = .init("profile \(next.name): \(next.title) · P for the next, @ for a version")
        return records
    }

    /// `V`: opens the split view with the next other platform on the right; after the last
    /// one, closes it. The right device replays every action so far, so both have the same past.
    mutating func cycleSplit(mono: Double) -> [Effect] {
        let records = tick(mono: mono)
        let main = engine.state.settings.profile.name
        let others = Profile.all.filter { $0.name != main }
        let next: Profile?
        if let current = (split?.engine.state.settings.profile ?? pendingSplit?.right)?.name,
            let index = others.firstIndex(where: { $0.name == current })
        {
            next = index + 1 < others.count ? others[index + 1] : nil
        } else {
            next = others.first
        }
        guard let next else {
            split = nil
            pendingSplit = nil
            ui.side = .left
            ui.recordDetail = nil
            ui.status = .init("split view closed")
            return Self.effects(records)
        }
        return openSplit(right: next, records: records)
    }

    /// Opens the split view (or replaces its right device) with `next` on the right: the right
    /// device replays every action so far. `records`: the main device's, brought up to the clock.
    mutating func openSplit(right next: Profile, records: [TraceRecord]) -> [Effect] {
        let main = engine.state.settings.profile.name
        split = nil
        pendingSplit = nil
        // A record's detail of the right device belongs to the device just replaced.
        if ui.side == .right { ui.recordDetail = nil }
        let request = SplitRequest(
            id: splitRequests + 1, scenario: scenario, applied: session.steps, now: now,
            left: engine.state.settings.profile, right: next)
        splitRequests += 1
        guard session.steps.count > SplitRequest.inlineSteps else {
            split = request.build()
            ui.status = .init("split: \(main) | \(next.name), the same actions on both · V for the next, then closes")
            return Self.effects(records)
        }
        // A long past: replayed off the main loop; what happens meanwhile is kept for the split.
        pendingSplit = PendingSplit(id: request.id, right: next)
        ui.status = .init("split: \(main) | \(next.name): replaying \(session.steps.count) steps… (V: the next)")
        return Self.effects(records) + [.buildSplit(request)]
    }

    /// `Input.splitBuilt`: the split built for the latest request, given what the devices were
    /// given since the request; an answer to an older request (V again, a restart) is dropped.
    mutating func takeSplit(_ built: BuiltSplit) {
        guard let pending = pendingSplit, pending.id == built.id else { return }
        var devices = built.devices
        for (input, records) in pending.backlog {
            devices.feed(
                input, main: records, scenario: scenario, applied: session.steps, now: now,
                profile: engine.state.settings.profile)
        }
        pendingSplit = nil
        split = devices
        let main = engine.state.settings.profile.name
        ui.status = .init(
            "split: \(main) | \(pending.right.name), the same actions on both · V for the next, then closes")
    }
}

/// The session's actions so far on two platforms: what the split view is built from
/// (`Effect.buildSplit`), and what the rows explaining where its sides part are worked out
/// from (`Effect.attributeSplit`), both off the main loop.
package struct SplitRequest: Sendable, Equatable {
    /// Up to this many applied steps, `V` builds the split at once (a few milliseconds); a
    /// longer past is replayed off the main loop (`Effect.buildSplit`).
    static let inlineSteps = 2_000

    package var id: Int
    var scenario: Scenario
    var applied: [TimelineStep]
    var now: Double
    var left: Profile
    var right: Profile

    package func build() -> SplitDevices {
        SplitDevices(scenario: scenario, applied: applied, now: now, left: left, right: right)
    }

    /// Which rows explain where the two platforms part: the actions replayed under each row in
    /// turn (`SplitDevices.rows`).
    package func attribute() -> AttributedSplit {
        let explained = SplitDevices.explanation(scenario: scenario, applied: applied, now: now, left, right)
        return AttributedSplit(id: id, rows: explained.rows, also: explained.also)
    }

    package static func == (a: SplitRequest, b: SplitRequest) -> Bool { a.id == b.id }
}

/// The answer to a `SplitRequest`.
package struct BuiltSplit: Sendable, Equatable {
    package var id: Int
    package var devices: SplitDevices

    package init(id: Int, devices: SplitDevices) {
        self.id = id
        self.devices = devices
    }

    package static func == (a: BuiltSplit, b: BuiltSplit) -> Bool { a.id == b.id }
}

extension Simulator {
    /// The split's parting waiting for its rows, numbered like the split requests, so that an
    /// answer to an older one is told apart; `handle` hands it to the main loop.
    mutating func attributionRequest() -> SplitRequest? {
        guard var request = split?.unsentAttribution else { return nil }
        splitRequests += 1
        request.id = splitRequests
        split?.unsentAttribution = nil
        split?.attributing = request.id
        return request
    }

    /// Whether the open split's sides have parted and the rows that part them are not known yet.
    package var partingRowsPending: Bool { split?.marker.map { $0.rows == nil } ?? false }

    /// `Input.splitAttributed`: the rows of the open split's parting. An answer for a split no
    /// longer shown (V again, closed, a restart) is dropped.
    mutating func takeAttribution(_ answer: AttributedSplit) {
        guard let id = split?.attributing, id == answer.id else { return }
        split?.attributing = nil
        split?.marker?.rows = answer.rows
        split?.marker?.also = answer.also
    }
}

/// The answer to a `SplitRequest` handed over as `Effect.attributeSplit`.
package struct AttributedSplit: Sendable, Equatable {
    package var id: Int
    package var rows: [Difference]
    /// Besides the rows: the version boundaries and settings that explain the parting.
    package var also: [String]

    package init(id: Int, rows: [Difference], also: [String] = []) {
        self.id = id
        self.rows = rows
        self.also = also
    }
}

/// A split being built: the platform it shows, and the engine inputs given since the request
/// (with the left device's records), fed to it when it arrives.
struct PendingSplit {
    var id: Int
    var right: Profile
    var backlog: [(EngineInput, [TraceRecord])] = []
}

extension Simulator {
    /// The records the trace cursor moves over and a record's detail comes from: in the split
    /// view, the chosen device's (`ui.side`).
    var panelTrace: [TraceRecord] {
        guard let split else { return trace }
        return ui.side == .left ? split.left : split.right
    }

    /// The engine why-not asks: in the split view, the chosen device's.
    var panelEngine: Engine {
        guard let split, ui.side == .right else { return engine }
        return split.engine
    }

    /// Tab in the split view: A's triggers, A's trace, B's triggers, B's trace, then A's again.
    /// A record's detail belongs to one device's list, so it closes when the side changes; an
    /// open why-not stays, now the other device's answer.
    mutating func cycleSplitFocus() {
        if ui.focus == .triggers {
            ui.focus = .trace
            ui.traceCursor = 0
        } else {
            ui.focus = .triggers
            ui.side = ui.side == .left ? .right : .left
            ui.recordDetail = nil
        }
        let device = "\(ui.side.tag) \((ui.side == .left ? engine : panelEngine).state.settings.profile.name)"
        ui.status = .init(
            ui.focus == .trace
                ? "\(device) trace: ↑ ↓ move, Enter shows the record · Tab: \(ui.side == .left ? "B" : "A")'s triggers"
                : "\(device) triggers: ↑ ↓ select, Enter why not · Tab: \(ui.side.tag)'s trace")
    }
}

/// The split view's state (`V`): the right device's engine, both sides' records without the
/// `profile` records, and where they first part.
package struct SplitDevices: Sendable {
    var engine: Engine
    var left: [TraceRecord] = []
    var right: [TraceRecord] = []
    var marker: SplitMarker?
    /// Where `P` switched the left device's platform while the split was open (its records
    /// before are the old platform's; the left list leaves the `profile` records out).
    var switches: [SplitSwitch] = []
    /// The left device's platform as its last `profile` record named it.
    var leftProfile: String?
    /// Records already found equal on both sides: each new one is compared once.
    var checked = 0
    /// The parting's rows to work out, found by `append` and not yet handed to the main loop
    /// (`Simulator.attributionRequest` numbers it and takes it).
    var unsentAttribution: SplitRequest?
    /// The request whose answer fills `marker.rows`; any other answer is stale.
    var attributing: Int?

    /// Replays `applied` on a fresh device under `right`'s rules (its `profile` steps left out:
    /// the right device keeps its platform) and on one under the scenario's (the left's past),
    /// each through the one runner (`ScenarioStepper`), up to `now`. The two are compared step
    /// by step and trimmed as they go, so a long past is never held.
    init(scenario: Scenario, applied: [TimelineStep], now: Double, left: Profile, right profile: Profile) {
        leftProfile = scenario.settings.profile.name
        var mainReplay = scenario
        mainReplay.timeline = applied
        var rightReplay = mainReplay
        rightReplay.settings.profile = profile
        rightReplay.timeline = applied.filter {
            if case .profile = $0.action { false } else { true }
        }
        var mainRun = ScenarioStepper(mainReplay, until: now)
        var rightRun = ScenarioStepper(rightReplay, until: now)
        engine = rightRun.engine
        var mainStep: [TraceRecord] = []
        var rightStep: [TraceRecord] = []
        while true {
            mainStep.removeAll(keepingCapacity: true)
            rightStep.removeAll(keepingCapacity: true)
            let mainStepped = mainRun.step(into: &mainStep)
            let rightStepped = rightRun.step(into: &rightStep)
            guard mainStepped || rightStepped else { break }
            take(main: mainStep, right: rightStep)
        }
        // The clocks up to `now` (every deadline up to it has run).
        var mainEngine = mainRun.engine
        engine = rightRun.engine
        take(main: mainEngine.advance(to: now), right: engine.advance(to: now))
        if marker == nil, let index = Self.firstDifference(self.left, right, from: checked) {
            marker = SplitMarker(
                index: index, rows: nil, left: index < self.left.count ? self.left[index] : nil,
                right: index < right.count ? right[index] : nil)
        }
        if marker != nil {
            let explained = Self.explanation(scenario: scenario, applied: applied, now: now, left, profile)
            marker?.rows = explained.rows
            marker?.also = explained.also
        }
    }

    /// One replayed step: its records appended, compared as far as both sides go (a side that is
    /// only shorter may catch up in the next step), and the oldest dropped in pairs.
    private mutating func take(main: [TraceRecord], right records: [TraceRecord]) {
        noteSwitches(main)
        left += main.filter { $0.reason != .profile }
        right += records.filter { $0.reason != .profile }
        if marker == nil {
            let shared = min(left.count, right.count)
            if let index = (min(checked, shared)..<shared).first(where: { left[$0] != right[$0] }) {
                marker = SplitMarker(index: index, rows: nil, left: left[index], right: right[index])
            } else {
                checked = shared
            }
        }
        trim()
    }

    /// Which rows explain the first divergence of the session's actions under the two platforms.
    static func rows(scenario: Scenario, applied: [TimelineStep], now: Double, _ left: Profile, _ right: Profile)
        -> [Difference]
    {
        explanation(scenario: scenario, applied: applied, now: now, left, right).rows
    }

    /// The same, with what explains it besides rows (a version boundary between two versions
    /// of one platform, a per-platform setting), worded as compare words them.
    static func explanation(
        scenario: Scenario, applied: [TimelineStep], now: Double, _ left: Profile, _ right: Profile
    ) -> (rows: [Difference], also: [String]) {
        var replay = scenario
        replay.timeline = applied
        guard let divergence = Comparison.firstDivergence(replay, profiles: [left, right], until: now) else {
            return ([], [])
        }
        return (
            divergence.rows,
            Comparison.explanationWords(settings: divergence.settings, versions: divergence.versions)
        )
    }

    mutating func feed(
        _ input: EngineInput, main: [TraceRecord], scenario: Scenario, applied: [TimelineStep], now: Double,
        profile: Profile
    ) {
        let records = Self.give(&engine, input)
        append(main: main, right: records, scenario: scenario, applied: applied, now: now, profile: profile)
    }

    /// Records kept per side; older ones are dropped in pairs, so the sides stay aligned.
    static let keep = 4_000

    /// The right device takes every action but a `profile` switch, which is the left's own.
    static func give(_ engine: inout Engine, _ input: EngineInput) -> [TraceRecord] {
        switch input {
        case .apply(.profile, let at): engine.advance(to: at)
        case .apply(let action, let at): engine.apply(action, at: at)
        case .advance(let to): engine.advance(to: to)
        }
    }

    /// `profile`: the left device's platform now (`P` may have switched it).
    mutating func append(
        main: [TraceRecord], right records: [TraceRecord], scenario: Scenario, applied: [TimelineStep], now: Double,
        profile: Profile
    ) {
        noteSwitches(main)
        left += main.filter { $0.reason != .profile }
        right += records.filter { $0.reason != .profile }
        if marker == nil, let index = Self.firstDifference(left, right, from: checked) {
            // Which row: the same actions as a scenario, each row tried in turn (Comparison). That
            // replays the whole session, so it is worked out off the main loop (`Effect.attributeSplit`).
            marker = SplitMarker(
                index: index, rows: nil, left: index < left.count ? left[index] : nil,
                right: index < right.count ? right[index] : nil)
            unsentAttribution = SplitRequest(
                id: 0, scenario: scenario, applied: applied, now: now, left: profile,
                right: engine.state.settings.profile)
        }
        if marker == nil { checked = min(left.count, right.count) }
        trim()
    }

    /// Where the left device's `profile` records (left out of `left`) changed its platform.
    private mutating func noteSwitches(_ main: [TraceRecord]) {
        var index = left.count
        for record in main {
            guard record.reason == .profile else {
                index += 1
                continue
            }
            guard let name = record.profile else { continue }
            if let from = leftProfile, from != name, index > 0 {
                switches.append(SplitSwitch(index: index, t: record.t, from: from, to: name))
            }
            leftProfile = name
        }
    }

    /// Drops the oldest records in pairs once both sides hold half again `keep`.
    private mutating func trim() {
        let drop = min(left.count, right.count) - Self.keep
        if drop > Self.keep / 2 {
            left.removeFirst(drop)
            right.removeFirst(drop)
            marker?.index -= drop
            switches = switches.compactMap {
                $0.index - drop >= 0 ? SplitSwitch(index: $0.index - drop, t: $0.t, from: $0.from, to: $0.to) : nil
            }
            checked = max(0, checked - drop)
        }
    }

    static func firstDifference(_ a: [TraceRecord], _ b: [TraceRecord], from start: Int = 0) -> Int? {
        let shared = min(a.count, b.count)
        for index in min(start, shared)..<shared where a[index] != b[index] { return index }
        return a.count == b.count ? nil : shared
    }

    func frame(main: EngineState, ui: ViewState, width: Int, height: Int) -> Frame {
        renderSplit(
            left: SplitSide(engine: main, records: left, switches: switches),
            right: SplitSide(engine: engine.state, records: right),
            marker: marker, ui: ui, width: width, height: height)
    }
}
