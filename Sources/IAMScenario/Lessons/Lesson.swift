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
    /// The scenario, or `nil` for a lesson that is announced but not written yet.
    public var json: String?

    /// Why a lesson without a scenario is not there yet.
    public var coming: String?

    /// Every lesson, in teaching order.
    public static let all: [Lesson] = [
        minimumInterval, priority, theStack, returnedToStack, discards, delegateAnswers,
        sessionsAndDelivery, assetsAndLatency, platformDifferences,
    ]

    public static func named(_ name: String) -> Lesson? { all.first { $0.name == name } }

    /// The file name errors and warnings use for the lesson's scenario.
    public var fileName: String { "lesson:\(name)" }

    init(name: String, summary: String, rules: [String], json: String? = nil, coming: String? = nil) {
        self.name = name
        self.summary = summary
        self.rules = rules
        self.json = json
        self.coming = coming
    }

    /// Platform differences need the delivery profiles of profiles.md, which the scenario
    /// loader does not read yet; the lesson is listed and says so until they land.
    static let platformDifferences = Lesson(
        name: "platform-differences",
        summary: "how iOS, Swift, Android and Web deliver the same session differently",
        rules: ["X1", "X2", "X5"],
        coming: "coming with the delivery profiles (profiles.md): the scenario file cannot name a profile yet")
}
