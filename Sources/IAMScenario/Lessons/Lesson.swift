/// A built-in lesson (terminal-ui.md, "Lessons"): a scenario file whose timeline notes explain
/// one family of rules in plain words and name their rule IDs. `iamterm lessons` lists them,
/// `iamterm --lesson NAME` opens one paused, `iamterm run --lesson NAME` runs it headless.
public struct Lesson: Sendable, Equatable {
    /// The command-line name (`minimum-interval`).
    public var name: String
    /// One line for `iamterm lessons`.
    public var summary: String
    /// The rule IDs its notes teach.
    public var rules: [String]
    /// The scenario, with a note on every step.
    public var json: String

    /// Every lesson, in teaching order.
    public static let all: [Lesson] = [
        minimumInterval, priority, theStack, returnedToStack, discards, delegateAnswers,
        sessionsAndDelivery, assetsAndLatency, platformDifferences, sdkCodeRows, nothingShows, findingEdgeCases,
        upgradingTheSDK, afterTheHandOver, theWebPage,
    ]

    public static func named(_ name: String) -> Lesson? { all.first { $0.name == name } }

    /// The file name errors and warnings use for the lesson's scenario.
    public var fileName: String { "lesson:\(name)" }

    init(name: String, summary: String, rules: [String], json: String) {
        self.name = name
        self.summary = summary
        self.rules = rules
        self.json = json
    }
}
