extension Simulator {
    /// A lesson opens paused with what it teaches on the status line; `>` then applies one step
    /// at a time and shows that step's note (terminal-ui.md, "Lessons").
    mutating func openLesson() {
        let intro = scenario.description.isEmpty ? scenario.name : scenario.description
        ui.status = .init("lesson (\(scenario.timeline.count) steps, > for each step and its note): " + intro)
    }
}
