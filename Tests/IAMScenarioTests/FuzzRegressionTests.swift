import Foundation
import IAMEngine
import IAMScenario
import IAMTestSupport
import Testing

/// Every input the fuzzer (`scripts/fuzz`) ever found, kept in `FuzzRegressions/`: each must
/// either load and replay with every invariant holding (`CheckedRun`), or fail with a clean
/// `ScenarioError`, and do so quickly.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "FuzzRegressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    @Test("the regressions folder is not empty")
    func folderExists() {
        #expect(!Self.inputs.isEmpty, "no files in \(Self.folder.path)")
    }

    @Test("each input loads and runs with clean invariants, or fails with a ScenarioError", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        do throws(ScenarioError) {
            let loaded = try ScenarioLoader.load(bytes: bytes, file: name)
            let failures = CheckedRun.underEveryProfile(loaded.scenario)
            #expect(failures.isEmpty, "\(name): \(failures.prefix(4))")
        } catch {
            // Typed throws: only a ScenarioError can arrive here; it must say where and what.
            #expect(!error.path.isEmpty && !error.message.isEmpty, "\(name): \(error)")
        }
    }
}
