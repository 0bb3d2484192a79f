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
