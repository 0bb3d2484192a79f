import Foundation
import IAMScenario
import Testing

/// `iamterm lessons`, `iamterm run --lesson NAME` and `iamterm --lesson NAME` (terminal-ui.md, "Lessons").
@Suite("Lessons on the command line")
struct LessonCommandTests {
    @Test("iamterm lessons: one entry per lesson, wrapped under itself at 80 columns")
    func list() throws {
        let result = try BinaryRunner.run(["lessons"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").dropFirst(2)
        #expect(lines.filter { !$0.hasPrefix("    ") }.count == Lesson.all.count)
        for lesson in Lesson.all { #expect(lines.contains { $0.hasPrefix("  " + lesson.name + " ") }) }
        // Issue 31: every line fits an 80-column window; a continuation starts under the text.
        for line in result.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: 25)) && $0.contains("(I1 I2 I3 SC1 SC3") })
    }

    @Test("run --lesson NAME prints the lesson's trace, the same as running its scenario file")
    func run() throws {
        let lesson = try #require(Lesson.named("the-stack"))
        let byName = try BinaryRunner.run(["run", "--lesson", "the-stack", "--format", "jsonl"])
        let byFile = try BinaryRunner.run(["run", "-", "--format", "jsonl"], stdin: Data(lesson.json.utf8))
        #expect(byName.status == 0)
        #expect(byName.stdout == byFile.stdout)
        #expect(byName.stdout.contains("\"type\":\"returned_to_stack\""))
    }

    @Test("an unknown lesson: exit 64 and a message that lists the lessons")
    func unavailable() throws {
        let unknown = try BinaryRunner.run(["run", "--lesson", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("minimum-interval"))
    }

    @Test("compare --lesson platform-differences: the platforms part (exit 3) at 3.0 on X3")
    func compareLesson() throws {
        let result = try BinaryRunner.run(["compare", "--lesson", "platform-differences"])
        #expect(result.status == 3)
        #expect(result.stdout.contains("diverge at t=3.000 (X3"))
        #expect(result.stdout.contains("come-back"))
    }
}

@Suite(
    "A lesson in tmux", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct LessonTmuxTests {
    @Test("--lesson opens paused with what it teaches; > applies one step and shows its note")
    func opensPaused() throws {
        let pane = try TmuxPane()
        try pane.launchApp(["--lesson", "minimum-interval"])
        let first = try pane.waitFor("the lesson's intro") { $0.contains("lesson, 5 steps") }
        #expect(first.contains("Lesson: the minimum")) // the platform badge takes the rest at 80 columns
        #expect(first.contains("t 0.0"))
        try pane.type(">")
        try pane.waitFor("step 1 and its note") { $0.contains("step 1/5") && $0.contains("The app starts") }
        try pane.type(">")
        try pane.waitFor("step 2 and its note") { $0.contains("step 2/5") && $0.contains("welcome-offer") }
        try pane.type("q")
        try pane.expectTerminalRestored()
    }
}
