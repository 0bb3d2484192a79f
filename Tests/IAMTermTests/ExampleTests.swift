import Foundation
import Testing

/// The worked examples of "When nothing shows" (docs/examples/): each replays with
/// `iamterm run` to its golden trace, one per cause the trace names.
@Suite("The worked examples of docs/examples")
struct ExampleTests {
    static let examples = ["no-presenter", "custom-ui", "test-send", "splash-screen", "mid-life", "bridge", "server"]

    @Test("I2, I3, TS2, TS4, SC2, SV3: iamterm run replays each example to its golden trace", arguments: examples)
    func replays(_ name: String) throws {
        let result = try BinaryRunner.run(["run", "../../../docs/examples/\(name).json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        if let problem = try BinaryRunner.assertGolden(result.stdout, "examples/\(name).txt") {
            Issue.record("\(problem)")
        }
    }

    @Test("docs/demo-timeline.svg is the picture iamterm draws of the demo (scripts/demo-svg remakes it)")
    func demoPicture() throws {
        let result = try BinaryRunner.run(["run", "--demo", "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs")
        let committed = try String(contentsOf: root.appendingPathComponent("demo-timeline.svg"), encoding: .utf8)
        #expect(
            result.stdout == committed, "docs/demo-timeline.svg is out of date: run scripts/demo-svg and look at it")
    }
}

/// Issue 31: what docs/examples and the README say of an example is what its trace does,
/// under every platform.
@Suite("What the examples say holds under every platform")
struct ExampleClaimTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")

    @Test("no-presenter: the note at 45 s and the README say what each platform does there (I2, X26)")
    func noPresenterAt45() throws {
        let json = try String(
            contentsOf: Self.root.appendingPathComponent("docs/examples/no-presenter.json"), encoding: .utf8)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let last = try #require(json.components(separatedBy: "\"at\": 45").last)
        for profile in ["ios", "swift", "android", "web"] {
            let result = try BinaryRunner.run(["run", "../../../docs/examples/no-presenter.json", "--profile", profile])
            let at45 = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  45.000") }.joined(separator: "\n")
            let shows = at45.contains("displayed         cart-reminder")
            let skipped = at45.contains("trigger_skipped   cart-reminder   re_eligibility")
            #expect(shows != skipped, "\(profile): \(at45)")
            // The note names the platform beside what it does at 45 s.
            let clause = try #require(
                last.components(separatedBy: ";").first { $0.contains(profile) }, "\(profile) not in the note")
            #expect(
                clause.contains(shows ? "displayed" : "re_eligibility") || (!shows && clause.contains("skips")),
                "\(profile): \(clause)")
            if shows { #expect(readme.contains("Swift stamps re-eligibility only at an impression (X26)")) }
        }
        #expect(!json.contains("shown once only"))
    }
}
