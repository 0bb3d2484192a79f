import Foundation
import IAMEngine
import IAMScenario
import IAMTestSupport
import Testing

/// The fuzzer's `reducer` target, run as a test: the check `scripts/fuzz` runs on every input
/// (`FuzzChecks.reducer`), on every file of Fuzz/seeds and on a few fixed key scripts.
@Suite("The fuzzer's reducer check")
struct ReducerFuzzCheckTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/seeds").standardized

    /// Inputs in `FuzzChecks`' default key script: 73 bytes, one click of three bytes.
    static let defaultScriptInputs = 71

    @Test("every seed: the whole script is handled and every check holds")
    func seeds() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).sorted()
        #expect(names.contains("reducer-keys.bin") && names.count >= 7, "\(names)")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.seeds.appendingPathComponent(name)))
            let run = FuzzChecks.reducer(bytes)
            #expect(run.failures == [], "\(name)")
            #expect(run.handled == run.scripted && run.scripted < FuzzChecks.maxSteps, "\(name): the script runs whole")
            #expect(run.records > 0, "\(name): the script launches the app")
            if name == "reducer-keys.bin" {
                // A key script on the demo: 97 inputs, two saves (the first written, the second
                // failed), `q` at the end.
                #expect(run.demo && run.scripted == 97 && run.saves == 2 && run.quits == 1, "\(run)")
            }
            if bytes.contains(0) { continue }
            // A scenario file alone gets the default script: its one `S` and its one `q`.
            #expect(run.scripted == Self.defaultScriptInputs, "\(name)")
            #expect(run.saves == 1 && run.quits == 1, "\(name): \(run)")
        }
    }

    @Test("q, q and Ctrl-C: three inputs, three quits, four frames, no records")
    func quits() {
        let run = FuzzChecks.reducer([0] + Array("qq".utf8) + [3])
        // Four 80 × 24 frames: the first, then one after each input.
        #expect(
            run == FuzzChecks.ReducerRun(scripted: 3, handled: 3, cells: 4 * 80 * 24, records: 0, quits: 3, demo: true))
    }

    @Test("a click is three bytes; a save loads back, twice")
    func clickAndSaves() {
        let run = FuzzChecks.reducer([0, 0xB0, 200, 3] + Array("SS".utf8))
        #expect(run.scripted == 3 && run.handled == 3)
        #expect(run.saves == 2 && run.failures == [])
    }

    @Test("V, then the demo's timeline parts the platforms: the parting's rows are asked for once and handed back")
    func splitAttribution() {
        let run = FuzzChecks.reducer([0] + Array("V".utf8) + [0xAF, 0xB3])
        #expect(run.failures == [] && run.handled == 3)
        #expect(run.splits == 0 && run.attributions == 1, "\(run)")
    }

    @Test("the work is bounded: 100 inputs at most, and frames of 10,000,000 cells in all")
    func bounded() {
        let waits = FuzzChecks.reducer([0] + [UInt8](repeating: 0xA0, count: 300))
        #expect(waits.scripted == 100 && waits.handled == 100 && waits.failures == [])
        // 10,000 × 5,000 is drawn in 1,000 × 500 cells: the first frame (80 × 24) and twenty of
        // those reach the bound, and the 21st resize is left out.
        let huge = FuzzChecks.reducer([0] + [UInt8](repeating: 0x9F, count: 21))
        #expect(huge.scripted == 21 && huge.handled == 20 && huge.cells == 80 * 24 + 20 * 500_000)
    }

    @Test("an hour's wait plays the demo's timeline whole: the records of the headless run")
    func waitPlaysTimeline() throws {
        let demo = try ScenarioLoader.load(json: DemoScenario.json, file: DemoScenario.fileName).scenario
        let headless = CheckedRun(demo)
        #expect(headless.failures == [])
        let run = FuzzChecks.reducer([0, 0xAF])
        // The headless count includes the opening record, which the reducer wrote before any input.
        #expect(run.records + 1 == headless.recordCount)
        #expect(run.failures == [] && run.handled == 1)
    }

    @Test("a file that does not load gets the demo; one that loads is kept")
    func demoStandsIn() {
        #expect(FuzzChecks.reducer(Array("{".utf8) + [0] + Array("q".utf8)).demo)
        #expect(!FuzzChecks.reducer(Array(#"{"triggers": []}"#.utf8) + [0] + Array("q".utf8)).demo)
    }
}
