import Foundation
import IAMEngine
import IAMRender
import IAMScenario
import IAMTerminal
import Synchronization
import Testing

@testable import IAMSimulator
@testable import IAMTerm

/// `S` writes off the main loop (issue 35: a 60 MB session froze the keys for seconds): the
/// loop goes on reading keys while a save is written, and quitting waits for it.
@Suite("A save written off the main loop")
struct SaveOffLoopTests {
    /// A terminal that plays keys; `onRead` hears each key as the loop reads it.
    final class ScriptedTerminal: LoopTerminal {
        var keys: [Key]
        var onRead: (Key) -> Void
        private(set) var isInputClosed = false
        let size = (width: 100, height: 30)
        var pendingSignal: Int32? { nil }

        init(_ keys: [Key], onRead: @escaping (Key) -> Void) {
            self.keys = keys
            self.onRead = onRead
        }

        func draw(_ grid: Grid) {}

        func nextInput(timeout: Double?) -> InputEvent? {
            guard !keys.isEmpty else {
                isInputClosed = true
                return nil
            }
            let key = keys.removeFirst()
            onRead(key)
            return .key(key)
        }
    }

    /// A writer held until the test opens its gate (or 20 s pass: then the loop never read the
    /// keys that open it, and the test fails on `heldUntilOpened`).
    final class HeldWriter: Sendable {
        struct State {
            var open = false
            var started = 0
            var finished = 0
            var heldUntilOpened = false
            var steps: [Int] = []
        }
        let state = Mutex(State())

        func openGate() { state.withLock { $0.open = true } }

        func write(_ request: SaveRequest, _ file: OutputFile) -> Simulator.Input {
            state.withLock { $0.started += 1 }
            let deadline = Date().addingTimeInterval(20)
            var opened = false
            while Date() < deadline {
                if state.withLock({ $0.open }) {
                    opened = true
                    break
                }
                usleep(1_000)
            }
            state.withLock {
                $0.heldUntilOpened = opened
                $0.finished += 1
                $0.steps.append(request.steps)
            }
            return .saved(.success(.init(path: file.path, steps: request.steps, until: request.until)))
        }
    }

    static func loop(_ terminal: ScriptedTerminal, _ writer: HeldWriter) throws -> MainLoop {
        let scenario = Scenario(
            name: "Save", triggers: [], timeline: [TimelineStep(at: 0, action: .launch)])
        let simulator = Simulator(
            scenario: scenario, title: "Save", options: InteractiveOptions(play: true, paused: false),
            asciiOnly: true, mono: Monotonic.now())
        let path = NSTemporaryDirectory() + "iamterm-save-off-loop-\(getpid()).json"
        let record = try OutputFile.check(path, option: "--record")
        return MainLoop(
            terminal: terminal, writer: nil, simulator: simulator, record: record,
            saver: { writer.write($0, $1) })
    }

    @Test("keys are read and answered while a slow save is being written; its answer then reaches the status line")
    func keysDuringSave() throws {
        let writer = HeldWriter()
        var read = 0
        // S, then keys: the writer is let go only once the loop has read the third key after S.
        let terminal = ScriptedTerminal([.character("S"), .character("?"), .character("?"), .character("x")]) {
            _ in
            read += 1
            if read == 4 { writer.openGate() }
        }
        var loop = try Self.loop(terminal, writer)
        #expect(loop.run() == ExitStatus.ok)
        let state = writer.state.withLock { $0 }
        #expect(state.started == 1 && state.finished == 1 && state.heldUntilOpened)
        #expect(!loop.simulator.saving && loop.saving == nil)
        #expect(loop.simulator.ui.status?.kind == .success)
        #expect(loop.simulator.ui.status?.text.hasPrefix("saved 1 step to ") == true)
    }

    @Test("q while a save is being written: the loop reads it, then waits for the save before it returns")
    func quitWaitsForSave() throws {
        let writer = HeldWriter()
        let terminal = ScriptedTerminal([.character("S"), .character("q")]) { key in
            if key == .character("q") { writer.openGate() }
        }
        var loop = try Self.loop(terminal, writer)
        #expect(loop.run() == ExitStatus.ok)
        let state = writer.state.withLock { $0 }
        // Finished before run() returned, and let go by the q the loop read while it was held.
        #expect(state.finished == 1 && state.heldUntilOpened && state.steps == [1])
        #expect(!loop.simulator.saving && loop.saving == nil && loop.failure == nil)
    }

    @Test("a save that fails while the session ends is reported on exit")
    func failedSaveAtQuit() throws {
        let terminal = ScriptedTerminal([.character("S"), .character("q")]) { _ in }
        let scenario = Scenario(name: "Save", triggers: [], timeline: [TimelineStep(at: 0, action: .launch)])
        let simulator = Simulator(
            scenario: scenario, title: "Save", options: InteractiveOptions(play: true), asciiOnly: true,
            mono: Monotonic.now())
        let record = try OutputFile.check(NSTemporaryDirectory() + "iamterm-save-fail-\(getpid()).json", option: "S")
        var loop = MainLoop(
            terminal: terminal, writer: nil, simulator: simulator, record: record,
            saver: { _, _ in .saved(.failure(.init(message: "x.json: no space left on device"))) })
        #expect(loop.run() == ExitStatus.ok)
        #expect(
            loop.failure == CommandFailure(message: "S: x.json: no space left on device", status: ExitStatus.ioError))
    }
}

/// The interactive `--trace` file is what `iamterm run` writes for the session it saved,
/// line for line, its opening records too (`app initial`, SV3, issue 35).
@Suite("The interactive --trace, replayed")
struct InteractiveTraceOpeningTests {
    @Test(
        "a mid-life scenario: --trace starts with the profile and app initial, and equals run's jsonl of the saved session"
    )
    func openingRecordsInTrace() throws {
        let source = try String(
            contentsOf: BinaryRunner.fixtures.appendingPathComponent("../../../docs/examples/mid-life.json"),
            encoding: .utf8)
        let loaded = try ScenarioLoader.load(json: source, file: "mid-life.json", keepingJSON: true)
        let dir = NSTemporaryDirectory() + "iamterm-opening-\(getpid())/"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let tracePath = dir + "trace.jsonl"
        let recordPath = dir + "session.json"
        let writer = try LineWriter.trace(path: tracePath)
        var simulator = Simulator(
            scenario: loaded.scenario, title: "t", options: InteractiveOptions(paused: true), asciiOnly: true,
            mono: Monotonic.now())
        simulator.session.source = loaded.json
        // e browse Enter Enter: an event typed by hand, then quit.
        let keys: [Key] = [.character("e")] + "browse".map { .character($0) } + [.enter, .enter, .character("q")]
        let terminal = SaveOffLoopTests.ScriptedTerminal(keys) { _ in }
        var loop = MainLoop(
            terminal: terminal, writer: writer, simulator: simulator,
            record: try OutputFile.check(recordPath, option: "--record"))
        #expect(loop.run() == ExitStatus.ok)
        #expect(loop.saveAtQuit() == ExitStatus.ok)
        try writer.close()
        let written = try String(contentsOfFile: tracePath, encoding: .utf8)
        let saved = try ScenarioLoader.load(json: String(contentsOfFile: recordPath, encoding: .utf8), file: "s.json")
        let replay = ScenarioRunner.trace(saved.scenario, until: saved.until).map(TraceFormat.json)
        #expect(written.split(separator: "\n").map(String.init) == replay)
        #expect(
            Array(replay.prefix(2)) == [
                #"{"t":0,"type":"app","reason":"profile","profile":"ios"}"#,
                #"{"t":0,"type":"app","reason":"initial","detail":"mid-session: 2 cached triggers, last trigger at -12.000"}"#,
            ])
        #expect(replay.contains { $0.contains(#""name":"browse""#) })
    }
}
