import IAMEngine
import IAMScenario

/// What the session applied to the engine, kept to save it as a scenario (terminal-ui.md,
/// "Record and share"): `S` and `--record PATH`.
package struct SessionLog {
    /// The scenario file the session started from, as read.
    package var source: JSONValue = .null
    /// Every action the engine received, at the simulated time it received it.
    package var steps: [TimelineStep] = []
}

/// A session to write as a scenario, and the simulated time it ends at. It carries the values,
/// not the text: the text is made where it is written (`text`), off the main loop, so a long
/// session's save does not hold up the keys.
package struct SaveRequest: Equatable, Sendable {
    /// The scenario file the session started from, as read.
    package var source: JSONValue
    /// Every action the session applied, at the time it applied it.
    package var timeline: [TimelineStep]
    package var until: Double
    /// The platform the session started on (written into `settings.profile`).
    package var profile: Profile
    /// `--expect` (issue 47): the file ends with the expectations its replay meets.
    package var expect = false
    /// Timeline steps in it (the status line says how many were saved).
    package var steps: Int { timeline.count }

    /// The scenario text (`RecordedScenario`): linear in the session, made when asked.
    package var text: String {
        RecordedScenario.text(source: source, timeline: timeline, until: until, profile: profile, expect: expect)
    }
}

extension Simulator {
    /// Every action reaches the engine through here, so the log misses none. The time logged is
    /// the one the engine used (it never goes back), so a replay applies it at the same instant.
    mutating func apply(_ action: Action, at time: Double, note: String) -> [TraceRecord] {
        let records = engine.apply(action, at: time)
        session.steps.append(TimelineStep(at: engine.state.now, action: action, note: note))
        feedSplit(.apply(action, time), records)
        return records
    }

    /// The note of a step the person took by hand: the action's words (`Action.words`).
    static func recordedNote(_ action: Action) -> String { "recorded: " + action.words() }

    /// The note of a scenario timeline step the session played.
    static func recordedNote(timelineStep index: Int, _ step: TimelineStep) -> String {
        "recorded: timeline step \(index + 1)" + (step.note.map { ": " + $0 } ?? "")
    }

    /// The session as a scenario file, ending now.
    package func recordedScenario() -> SaveRequest {
        SaveRequest(
            source: session.source, timeline: session.steps, until: now, profile: scenario.settings.profile,
            expect: options.expect)
    }

    /// `S`: brings the engine up to the clock, then asks the main loop to save the session
    /// (the reducer does no I/O). The main loop writes it off the loop and answers with
    /// `Input.saved`; until then the status line says "saving…" and another `S` waits its turn.
    mutating func saveSession(mono: Double) -> [Effect] {
        let records = tick(mono: mono)
        guard !saving else {
            ui.status = .init("still writing the last save: S again once it is saved", kind: .warning)
            return Self.effects(records)
        }
        saving = true
        let save = recordedScenario()
        let n = session.steps.count
        ui.status = .init("saving the session (\(n) step\(n == 1 ? "" : "s"))…")
        return Self.effects(records) + [.save(save)]
    }
}
