import IAMEngine

/// The interactive simulator's entry point: hands over to the terminal front end.
/// (render branch: wired to `runInteractive`; the lead owns this file.)
enum Interactive {
    static func run(scenario: Scenario, title: String, options: InteractiveSettings) -> Int32 {
        runInteractive(scenario: scenario, title: title, options: InteractiveOptions(
            play: options.play, paused: options.paused, speed: options.speed,
            tracePath: options.tracePath, noColor: options.noColor))
    }
}
