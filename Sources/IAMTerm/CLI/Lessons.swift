import IAMEngine
import IAMScenario

/// `iamterm lessons` and `--lesson NAME`: the built-in lessons on the command line.
enum Lessons {
    /// One line a lesson: name, rule IDs, what it teaches.
    static func list() -> String {
        let width = Lesson.all.map(\.name.count).max() ?? 0
        var lines = ["Built-in lessons (iamterm --lesson NAME opens one; iamterm run --lesson NAME", "runs it):"]
        for lesson in Lesson.all {
            let name = lesson.name.padding(width)
            let rules = lesson.rules.joined(separator: " ")
            // 80 columns, each summary wrapped under itself.
            lines += CompareReport.hanging("  \(name)  \(lesson.summary) (\(rules))", width: 80)
        }
        return lines.joined(separator: "\n")
    }

    /// The lesson's scenario; an unknown name is a usage error (64).
    static func load(_ name: String, keepingJSON: Bool = false) throws(CommandFailure) -> LoadedScenario {
        guard let lesson = Lesson.named(name) else {
            throw Arguments.usage(
                "no lesson named \(TraceFormat.quoted(name)); the lessons are: "
                    + Lesson.all.map(\.name).joined(separator: ", "))
        }
        do {
            return try ScenarioLoader.load(json: lesson.json, file: lesson.fileName, keepingJSON: keepingJSON)
        } catch {
            throw CommandFailure(message: "the built-in lesson does not load: \(error)", status: ExitStatus.badScenario)
        }
    }
}

extension String {
    /// Padded with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
