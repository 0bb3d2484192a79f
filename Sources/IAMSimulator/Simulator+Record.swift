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

/// A scenario text to write, and the simulated time it ends at.
package struct SaveRequest: Equatable {
    package var text: String
    package var until: Double
    /// Timeline steps in it (the status line says how many were saved).
    package var steps: Int = 0
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
            text: RecordedScenario.text(
                source: session.source, timeline: session.steps, until: now, profile: scenario.settings.profile),
            until: now, steps: session.steps.count)
    }

    /// `S`: brings the engine up to the clock, then asks the main loop to save the session
    /// (the reducer does no I/O).
    mutating func saveSession(mono: Double) -> [Effect] {
        let records = tick(mono: mono)
        let save = recordedScenario()
        let n = session.steps.count
        ui.status = .init("saving the session (\(n) step\(n == 1 ? "" : "s"))…")
        return Self.effects(records) + [.save(save)]
    }
}
