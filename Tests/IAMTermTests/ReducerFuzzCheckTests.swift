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

    /// Inputs in `FuzzChecks`' default key script: 172 bytes, two clicks of three bytes each.
    static let defaultScriptInputs = 168

    @Test("every seed: the whole script is handled and every check holds")
    func seeds() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).sorted()
        #expect(names.contains("reducer-keys.bin") && names.count >= 7, "\(names)")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.seeds.appendingPathComponent(name)))
            let run = FuzzChecks.reducer(bytes)
            #expect(run.failures == [], "\(name)")
            #expect(run.handled == run.scripted, "\(name)")
            #expect(run.records > 0, "\(name): the script launches the app")
            if bytes.contains(0) { continue }
            // A scenario file alone gets the default script: its one `S` and its one `q`.
            #expect(run.scripted == Self.defaultScriptInputs, "\(name)")
            #expect(run.saves == 1 && run.quits == 1, "\(name): \(run)")
        }
    }

    @Test("q, q and Ctrl-C: three inputs, three quits, no records")
    func quits() {
        let run = FuzzChecks.reducer([0] + Array("qq".utf8) + [3])
        #expect(run == FuzzChecks.ReducerRun(scripted: 3, handled: 3, records: 0, quits: 3, demo: true))
    }

    @Test("a click is three bytes; a save loads back, twice")
    func clickAndSaves() {
        let run = FuzzChecks.reducer([0, 0xB0, 200, 3] + Array("SS".utf8))
        #expect(run.scripted == 3 && run.handled == 3)
        #expect(run.saves == 2 && run.failures == [])
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
