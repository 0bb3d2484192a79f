import IAMEngine
import IAMScenario

/// How `O` (open another scenario) reaches scenario files: loading one (the main loop, on
/// `Effect.open`), and completing a path typed in the prompt (the reducer, on Tab). A value of two
/// functions, so tests pass their own; `iamterm` passes the disk's (`ScenarioFiles.disk`, in the
/// executable). Nothing is printed (the screen is curses').
package struct ScenarioFiles: Sendable {
    /// The scenario in `path` and its title, or a message saying what is wrong.
    package var load: @Sendable (String) -> Result<Opened, OpenFailure>
    /// Paths that complete `prefix`: entries of its directory that start with its last part
    /// (directories end with `/`), sorted.
    package var complete: @Sendable (String) -> [String]

    package init(
        load: @escaping @Sendable (String) -> Result<Opened, OpenFailure>,
        complete: @escaping @Sendable (String) -> [String]
    ) {
        self.load = load
        self.complete = complete
    }

    package struct OpenFailure: Error, Equatable {
        package var message: String

        package init(message: String) { self.message = message }
    }

    /// A file that loaded: the scenario, the title to show, the warnings it loaded with, and
    /// the file as read (`S` saves the session from it).
    package struct Opened: Sendable, Equatable {
        package var scenario: Scenario
        package var title: String
        package var warnings: [String]
        package var source: JSONValue

        package init(scenario: Scenario, title: String, warnings: [String], source: JSONValue) {
            self.scenario = scenario
            self.title = title
            self.warnings = warnings
            self.source = source
        }
    }

    /// No files at all: every path fails to open and nothing completes. The simulator's own
    /// default, so a reducer that nobody gave the disk never reads it.
    package static let none = ScenarioFiles(
        load: { .failure(OpenFailure(message: "\(TraceFormat.visible($0)): no files can be opened here")) },
        complete: { _ in [] })
}
