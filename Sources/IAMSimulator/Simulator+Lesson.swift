extension Simulator {
    /// A lesson opens paused with what it teaches on the status line; `>` then applies one step
    /// at a time and shows that step's note (terminal-ui.md, "Lessons").
    package mutating func openLesson() {
        let intro = scenario.description.isEmpty ? scenario.name : scenario.description
        // The introduction is the first note: read in the note panel, whole with `N`.
        ui.note = .init(step: 0, text: intro, writtenFor: options.notesProfile)
        let n = scenario.timeline.count
        ui.status = .init(
            n == 1
                ? "lesson, 1 step: > applies it with its note; N: intro"
                : "lesson, \(n) steps: > applies each with its note; N: intro")
    }

    /// The warnings the file loaded with (standard error is hidden behind the screen): on the
    /// status line, whole with `m`.
    package mutating func showLoadWarnings(_ warnings: [String]) {
        guard !warnings.isEmpty else { return }
        let count = warnings.count == 1 ? "1 load warning" : "\(warnings.count) load warnings"
        ui.status = .init(count + ": " + warnings.joined(separator: "; "), kind: .warning)
    }
}
