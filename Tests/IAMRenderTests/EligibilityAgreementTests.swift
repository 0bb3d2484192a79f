import IAMEngine
import IAMRender
import IAMScenario
import IAMSimulator
import Testing

import struct Foundation.Data
import struct Foundation.URL

/// The trigger list, why-not and matching answer "can this trigger fire now?" from the engine's
/// one eligibility function, so they agree for every trigger at every step of the demo.
@Suite("Eligibility agreement over the demo (P1, P2, P3, T2, E2)")
struct EligibilityAgreementTests {
    /// The demo, plus a `test` trigger that also answers a custom event: after the first delivery
    /// it is always inside someone's minimum interval, the case where the views used to disagree.
    static func scenario() throws -> Scenario {
        var scenario = try DemoScenario.load().scenario
        scenario.triggers.append(
            Trigger(
                id: "qa-test-send", conditions: [.test, .customEvent(name: "qa_ping")], reEligibility: 0,
                message: Message(kind: .slideup, text: "QA")))
        return scenario
    }

    @Test("P1: trigger list, why-not and matching agree for every trigger at every demo step")
    func agreeEverywhere() throws {
        let scenario = try Self.scenario()
        var engine = Engine(scenario: scenario)
        var checked = 0
        for step in scenario.timeline {
            engine.apply(step.action, at: step.at)
            let state = engine.state
            for trigger in state.delivered.triggers where !state.disabledCampaigns.contains(trigger.id) {
                let exclusion = state.exclusion(of: trigger, at: state.now)
                let status = TriggerStatus.of(trigger, in: state)
                #expect((status.kind == .eligible) == (exclusion == nil), "\(trigger.id) at \(state.now)")
                let gates = engine.whyNot(trigger.id).filter { [RuleID.t2, .p3, .p2].contains($0.rule) }
                #expect(gates.allSatisfy(\.passes) == (exclusion == nil), "\(trigger.id) at \(state.now)")
                if let name = Self.plainEventName(trigger), state.app != .notRunning, state.delivery == nil {
                    var copy = engine
                    let records = copy.apply(.customEvent(name: name, properties: [:]), at: state.now)
                    let skipped = records.first { $0.kind == .triggerSkipped && $0.trigger == trigger.id }
                    if let exclusion {
                        #expect(skipped?.reason == exclusion.reason, "\(trigger.id) at \(state.now)")
                    } else {
                        #expect(skipped == nil || skipped?.reason == .lowerPriority, "\(trigger.id) at \(state.now)")
                    }
                    checked += 1
                }
            }
        }
        // The walk must have reached the interesting cases, or it proves nothing.
        #expect(checked > 50)
    }

    /// Every lesson and every file of docs/examples, by name.
    static func allScenarios() throws -> [(String, Scenario)] {
        var all: [(String, Scenario)] = []
        for lesson in Lesson.all {
            all.append((lesson.name, try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario))
        }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/examples").standardized
        for name in ["bridge", "custom-ui", "mid-life", "no-presenter", "server", "splash-screen", "test-send"] {
            let bytes = try Data(contentsOf: examples.appendingPathComponent(name + ".json"))
            all.append((name, try ScenarioLoader.load(bytes: Array(bytes), file: name).scenario))
        }
        return all
    }

    /// The side panel's NEXT TRIGGER ALLOWED, the trigger list, why-not and matching: one answer
    /// for every trigger, at every step of every lesson and example, under every platform, and
    /// an instant after each step (a window's edge is where they used to part: X17, T2).
    @Test("P1: NEXT TRIGGER, trigger list, why-not and matching agree in every lesson and example, every profile")
    func agreeInEveryScenario() throws {
        var checked = 0
        for (name, original) in try Self.allScenarios() {
            for profile in Profile.all {
                var scenario = original
                scenario.settings.profile = profile
                scenario.timeline.removeAll { if case .profile = $0.action { true } else { false } }
                var engine = Engine(scenario: scenario)
                for step in scenario.timeline {
                    engine.apply(step.action, at: max(engine.state.now, step.at))
                    for instant in [engine.state.now, engine.state.now + 0.25] {
                        var at = engine
                        at.apply(.wait, at: instant)
                        checked += Self.agree(at, "\(name) \(profile.name) at \(instant)")
                    }
                }
            }
        }
        #expect(checked > 500)
    }

    /// Issue 31's consistency property: random scenarios (windows opening and closing at whole
    /// and fractional seconds, own intervals, delays, re-eligibility) under every profile, and at
    /// random instants between steps, the side panel's countdown, the trigger list, why-not and
    /// what an event would do agree.
    @Test("P1, T2, X17: NEXT TRIGGER, trigger list, why-not and matching agree on random scenarios, every profile")
    func agreeOnRandomScenarios() {
        var checked = 0
        for run in 0..<100 {
            var rng = SplitMix(state: 0x31_2026 &+ UInt64(run))
            let epoch = 1_767_225_600.0
            let triggers = (0..<Int.random(in: 2...6, using: &rng)).map { index in
                Trigger(
                    id: "t\(index)", conditions: [.customEvent(name: ["a", "b"].randomElement(using: &rng)!)],
                    startTime: Bool.random(using: &rng)
                        ? epoch + [5, 10, 10.5, 20, 20.25].randomElement(using: &rng)! : nil,
                    endTime: Int.random(in: 0..<3, using: &rng) == 0
                        ? epoch + [15, 30, 30.5, 60].randomElement(using: &rng)! : nil,
                    priority: Int.random(in: 0...2, using: &rng),
                    minSecondsSinceLastTrigger: [-1, -1, 0, 3, 12].randomElement(using: &rng)!,
                    delay: [0, 0, 2].randomElement(using: &rng)!,
                    reEligibility: [-1, 0, 0, 8].randomElement(using: &rng)!,
                    message: Message(kind: .slideup, text: "m\(index)", duration: 1000))
            }
            let profile = Profile.all[run % Profile.all.count]
            let scenario = Scenario(
                settings: Settings(minimumTriggerInterval: [0, 5, 30].randomElement(using: &rng)!, profile: profile),
                triggers: triggers)
            var engine = Engine(scenario: scenario)
            var now = 0.0
            engine.apply(.launch, at: now)
            for _ in 0..<40 {
                now += [0.25, 0.5, 1, 2.5, 5].randomElement(using: &rng)!
                let action: Action =
                    switch Int.random(in: 0..<6, using: &rng) {
                    case 0, 1, 2: .customEvent(name: ["a", "b"].randomElement(using: &rng)!, properties: [:])
                    case 3: .dismiss
                    default: .wait
                    }
                engine.apply(action, at: now)
                for instant in [now, now + [0, 0.001, 0.5].randomElement(using: &rng)!] {
                    var at = engine
                    at.apply(.wait, at: instant)
                    checked += Self.agree(at, "run \(run) \(profile.name) at \(instant)", matching: true)
                }
            }
        }
        #expect(checked > 5000)
    }

    /// One instant's check; the number of triggers checked. With `matching`, an event for each
    /// trigger (on a copy) is skipped for the very reason the others give, or not at all.
    static func agree(_ engine: Engine, _ context: String, matching: Bool = false) -> Int {
        let state = engine.state
        var checked = 0
        for trigger in state.delivered.triggers where !trigger.isTest {
            let exclusion = state.exclusion(of: trigger, at: state.now)
            let status = TriggerStatus.of(trigger, in: state)
            let label = "\(trigger.id) \(context)"
            if !state.disabledCampaigns.contains(trigger.id) {
                #expect((status.kind == .eligible) == (exclusion == nil), "list: \(label)")
            }
            let gates = engine.whyNot(trigger.id).filter { [RuleID.t2, .p3, .p2].contains($0.rule) }
            #expect(gates.allSatisfy(\.passes) == (exclusion == nil), "why-not: \(label)")
            // NEXT TRIGGER ALLOWED: "ready" (held by nothing) only when the trigger passes now.
            let next = state.nextAllowed(trigger, at: state.now)
            #expect(
                (next != nil && next?.heldBy == nil) == (exclusion == nil),
                "next: \(label) \(String(describing: next))")
            // And its countdown's promise holds: at that time (just after, for a strict bound)
            // nothing holds it, and a moment before, something still does.
            if let next, next.heldBy != nil {
                let at = next.after ? next.at + 0.001 : next.at
                #expect(state.exclusion(of: trigger, at: at) == nil, "next: \(label) \(next)")
                #expect(state.exclusion(of: trigger, at: next.at - 0.001) != nil, "next: \(label) \(next)")
            }
            if matching, let name = Self.plainEventName(trigger), state.app == .foreground, state.delivery == nil {
                var copy = engine
                let records = copy.apply(.customEvent(name: name, properties: [:]), at: state.now)
                let skipped = records.first { $0.kind == .triggerSkipped && $0.trigger == trigger.id }
                if let exclusion {
                    #expect(skipped?.reason == exclusion.reason, "event: \(label)")
                } else {
                    #expect(skipped == nil || skipped?.reason == .lowerPriority, "event: \(label)")
                }
            }
            checked += 1
        }
        return checked
    }

    /// A custom event name that reaches `trigger` with no property filters in the way.
    static func plainEventName(_ trigger: Trigger) -> String? {
        for condition in trigger.conditions {
            if case .customEvent(let name) = condition { return name }
        }
        return nil
    }
}

/// X52: the side panel's countdown, why-not and matching read the engine's one answer, also
/// where the platform reads the minimum interval in whole seconds.
@Suite("X52: NEXT TRIGGER, why-not and matching agree in whole seconds")
struct WholeSecondsAgreementTests {
    /// A display at 0.5 s (global interval 30 s), the screen at 30.2 s.
    static func engine(_ profile: Profile) -> Engine {
        var settings = Settings()
        settings.profile = profile
        let brief = Message(kind: .slideup, text: "hi", close: .autoDismiss, duration: 1000)
        var engine = Engine(
            scenario: Scenario(
                settings: settings,
                triggers: [Trigger(id: "a", conditions: [.customEvent(name: "a")], reEligibility: 0, message: brief)]
            ))
        engine.apply(.launch, at: 0)
        engine.apply(.customEvent(name: "a", properties: [:]), at: 0.5)
        engine.advance(to: 30.2)
        return engine
    }

    static func nextTriggerLine(_ engine: Engine) -> String {
        let frame = render(engine: engine.state, ui: Fixtures.ui(), trace: [], width: 120, height: 36)
        let rows = (0..<frame.grid.height).map(frame.grid.rowText)
        guard let header = rows.firstIndex(where: { $0.contains("NEXT TRIGGER ALLOWED") }) else { return "" }
        return rows[header + 1]
    }

    @Test("X52: at 30.2 s after a display at 0.5 s, android says ready everywhere; ios waits 0.3 s")
    func countdownWhyNotAndMatching() throws {
        let android = Self.engine(.android)
        #expect(Self.nextTriggerLine(android).contains("    ready  (a)    "))
        let gate = try #require(android.whyNot("a").first { $0.rule == .p2 })
        #expect(gate.passes)
        #expect(gate.detail == "ready · android X52 (executed): whole seconds: stamps and checks read floor(now)")
        var matched = android
        let lines = matched.apply(.customEvent(name: "a", properties: [:]), at: 30.2).map {
            TraceFormat.text($0).split(separator: " ").joined(separator: " ")
        }
        #expect(lines.dropFirst().first == "30.200 trigger_matched a X52: P2 passes in whole seconds")

        let ios = Self.engine(.ios)
        #expect(Self.nextTriggerLine(ios).contains("    in 0.3 s "))
        let iosGate = try #require(ios.whyNot("a").first { $0.rule == .p2 })
        #expect(!iosGate.passes)
        #expect(iosGate.detail == "next allowed at 30.500")
    }
}

/// A seeded generator (SplitMix64), so the random scenarios are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Issue 44, finding 11: NEXT TRIGGER ALLOWED during the global interval counts it down and
/// names the trigger whose own interval lets it fire sooner; it never says "ready" with nothing
/// on the device.
@Suite("NEXT TRIGGER ALLOWED says the global interval")
struct NextTriggerAllowedTests {
    @Test("at the demo's step about the 30 s interval: the global countdown, and rewards-followup ready on its own")
    func globalInterval() throws {
        let scenario = try DemoScenario.load().scenario
        var engine = Engine(scenario: scenario)
        for step in scenario.timeline where step.at <= 12 { engine.apply(step.action, at: step.at) }
        let state = engine.state
        #expect(state.globalIntervalEnds(at: state.now) == 30.5)
        #expect(state.nextTriggerAllowed(at: state.now)?.heldBy == nil)
        let text = render(
            engine: state, ui: ViewState(title: "demo", keys: KeyBinding.legend), trace: [], width: 120, height: 36
        ).grid.text
        #expect(text.contains("in 18.5 s"), "\(text)")
        #expect(text.contains("░ global"))
        #expect(text.contains("ready now: rewards-followup"))
        #expect(!text.contains("ready  (rewards-followup)"))

        let empty = EngineState(scenario: Scenario(triggers: []))
        let nothing = render(
            engine: empty, ui: ViewState(title: "empty", keys: KeyBinding.legend), trace: [], width: 120, height: 36
        ).grid.text
        #expect(nothing.contains("nothing on the device"))
        #expect(!nothing.contains(" ready"))
    }
}
