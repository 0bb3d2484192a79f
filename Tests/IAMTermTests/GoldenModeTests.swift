import Foundation
import Testing

/// A golden cannot be made to pass by recording it: record mode writes a golden that differs
/// and fails; only the next run, which compares, passes.
@Suite("Golden files: record mode fails")
struct GoldenModeTests {
    @Test("recording a new or changed golden fails; the next run passes; a wrong one fails")
    func recordFails() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory() + "iamterm-golden-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let missing = try BinaryRunner.assertGolden("a\n", "g.txt", in: dir, recording: false)
        #expect(missing == "missing golden g.txt; run with IAMTERM_RECORD=1 to record it")
        let recorded = try BinaryRunner.assertGolden("a\n", "g.txt", in: dir, recording: true)
        #expect(recorded == "recorded golden g.txt; look at its diff, then run again without IAMTERM_RECORD")
        #expect(try String(contentsOf: dir.appendingPathComponent("g.txt"), encoding: .utf8) == "a\n")
        #expect(try BinaryRunner.assertGolden("a\n", "g.txt", in: dir, recording: false) == nil)
        // Recording what is already there changes nothing and passes.
        #expect(try BinaryRunner.assertGolden("a\n", "g.txt", in: dir, recording: true) == nil)
        let wrong = try BinaryRunner.assertGolden("b\n", "g.txt", in: dir, recording: false)
        #expect(wrong == "g.txt differs at line 1:\n  expected: a\n  actual:   b")
    }
}
