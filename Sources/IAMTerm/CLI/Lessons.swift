import IAMEngine
import IAMScenario

/// `iamterm lessons` and `--lesson NAME`: the built-in lessons on the command line.
enum Lessons {
    /// One line a lesson: name, rule IDs, what it teaches (or that it is coming).
    static func list() -> String {
        let width = Lesson.all.map(\.name.count).max() ?? 0
        var lines = ["Built-in lessons (iamterm --lesson NAME opens one; iamterm run --lesson NAME runs it):"]
        for lesson in Lesson.all {
            let name = lesson.name.padding(width)
            let rules = lesson.rules.joined(separator: " ")
            lines.append("  \(name)  \(lesson.summary) (\(rules))" + (lesson.coming != nil ? " [coming]" : ""))
        }
        return lines.joined(separator: "\n")
    }

    /// The lesson's scenario; an unknown name or a lesson still coming is a usage error (64).
    static func load(_ name: String, keepingJSON: Bool = false) throws(CommandFailure) -> LoadedScenario {
        guard let lesson = Lesson.named(name) else {
            throw Arguments.usage(
                "no lesson named \(TraceFormat.quoted(name)); the lessons are: "
                    + Lesson.all.map(\.name).joined(separator: ", "))
        }
        guard let json = lesson.json else {
            throw CommandFailure(
                message: "lesson \(lesson.name) is \(lesson.coming ?? "not written yet")", status: ExitStatus.usage)
        }
        do {
            return try ScenarioLoader.load(json: json, file: lesson.fileName, keepingJSON: keepingJSON)
        } catch {
            throw CommandFailure(message: "the built-in lesson does not load: \(error)", status: ExitStatus.badScenario)
        }
    }
}

extension String {
    /// Padded with spaces to `width` characters.
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
