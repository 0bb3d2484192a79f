import IAMEngine

/// The interactive simulator's entry point. Until the terminal front end lands, it says so.
enum Interactive {
    static func run(scenario: Scenario, title: String, options: InteractiveSettings) -> Int32 {
        FileIO.printError(Arguments.help)
        FileIO.printError("\niamterm: the interactive mode is not built yet; use 'iamterm run' for now.")
        return ExitStatus.failure
    }
}
