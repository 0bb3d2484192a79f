/// The interactive mode's options (terminal-ui.md, "Command line").
package struct InteractiveOptions: Equatable {
    package var play: Bool
    package var paused: Bool
    package var speed: Double
    package var tracePath: String?
    package var noColor: Bool
    /// `--record PATH`: where `S` and quitting save the session as a scenario.
    package var recordPath: String?
    /// `--expect` (issue 47): a saved session ends with the expectations its replay meets.
    package var expect = false
    /// `--lesson NAME`: opened paused, its notes read step by step with `>`.
    package var lesson: String?
    /// `--cast PATH`: an asciinema v2 recording of what the terminal is sent.
    package var castPath: String?
    /// The platform the scenario file was written for (its own `settings.profile`, before
    /// `--profile`): its notes speak of it. `nil`: the scenario's profile at start.
    package var notesProfile: String?

    package init(
        play: Bool = false, paused: Bool = false, speed: Double = 1.0, tracePath: String? = nil, noColor: Bool = false,
        recordPath: String? = nil, lesson: String? = nil, castPath: String? = nil
    ) {
        self.play = play
        self.paused = paused
        self.speed = speed
        self.tracePath = tracePath
        self.noColor = noColor
        self.recordPath = recordPath
        self.lesson = lesson
        self.castPath = castPath
    }
}
