import IAMEngine
import IAMRender
import IAMScenario
import IAMSimulator

/// The fuzzer's `reducer` target (docs/ROBUSTNESS.md): the interactive simulator's reducer
/// driven by a key script on a scenario, both read from one input.
///
/// The input is a scenario file, then a NUL byte, then the key script. Without a NUL the whole
/// input is the scenario and `defaultScript` is played on it; a scenario that does not load (or
/// an empty one before the NUL) is replaced by the built-in demo, and so is one whose regex
/// filters come near T6's limit (the `loader` target runs those). Each script byte is one input
/// (`ReducerScript`), a click three.
///
/// After every input: the records it produced pass the `InvariantChecker` (with the engine's
/// state) and the record limits of `CheckedRun`, the kept trace ends with the newest of them and
/// stays within `TraceBuffer`'s bounds, and the state renders at the terminal's size. A save
/// the reducer asks for must load back with as many steps as it says; a split it asks to build,
/// and the rows of a split's parting it asks to work out, are handed back at the next `0xB3`
/// byte or at the end, after which the open split's parting (if any) must have its rows.
extension FuzzChecks {
    /// What one run of the reducer did.
    public struct ReducerRun: Sendable, Equatable {
        /// Inputs the script holds (at most `maxSteps`), and inputs the reducer handled: all of
        /// them, unless a check failed or the frames drawn reached `maxCells`.
        public var scripted = 0
        public var handled = 0
        /// Cells of every frame drawn (one after each input), within `maxCells`.
        public var cells = 0
        /// Trace records the inputs produced (the `--trace` file's lines but the first).
        public var records = 0
        /// Effects seen: quits, saves (each loaded back), splits built off the main loop and
        /// their partings' rows worked out there.
        public var quits = 0
        public var saves = 0
        public var splits = 0
        public var attributions = 0
        /// Whether the demo stood in for the input's scenario.
        public var demo = false
        /// What does not hold, as readable lines (empty: all holds). The run stops at the first.
        public var failures: [String] = []

        public init(
            scripted: Int = 0, handled: Int = 0, cells: Int = 0, records: Int = 0, quits: Int = 0, saves: Int = 0,
            splits: Int = 0, attributions: Int = 0, demo: Bool = false, failures: [String] = []
        ) {
            self.scripted = scripted
            self.handled = handled
            self.cells = cells
            self.records = records
            self.quits = quits
            self.saves = saves
            self.splits = splits
            self.attributions = attributions
            self.demo = demo
            self.failures = failures
        }
    }

    /// The work of one run is bounded, so that an input stays far from the fuzzer's 10 s timeout
    /// under its instrumentation (a frame of 80 × 24 cells takes about 3 ms there, one of
    /// 1,000 × 500 about 60 ms): at most this many inputs…
    public static let maxSteps = 100
    /// …and this many cells drawn in all (twenty of the largest frames); the rest of the script
    /// is left out.
    public static let maxCells = 10_000_000

    /// The reducer run on `bytes` (see above): `run.failures` empty when every check held.
    public static func reducer(_ bytes: [UInt8]) -> ReducerRun {
        let cut = bytes.firstIndex(of: 0)
        let script = cut.map { Array(bytes[($0 + 1)...]) } ?? ReducerScript.defaultScript
        let file = cut.map { Array(bytes[..<$0]) } ?? bytes
        var loaded = try? ScenarioLoader.load(bytes: file, file: "fuzz.json", keepingJSON: true)
        if let scenario = loaded?.scenario {
            let regexWork = EventWork.reachableTriggers(of: scenario).reduce(0) {
                $0 + EventWork.cost(of: $1.trigger).totalRegexInstructions
            }
            if regexWork > EventWork.maxRegexInstructions / 4 { loaded = nil }
        }
        var run = ReducerRun()
        guard let start = loaded ?? ReducerScript.demo else {
            run.failures = ["the built-in demo does not load"]
            return run
        }
        run.demo = loaded == nil
        var check = ReducerRunner(start, demo: ReducerScript.demo ?? start, run: run)
        check.play(Array(ReducerScript.steps(script).prefix(maxSteps)))
        return check.run
    }
}

/// How script bytes become the simulator's inputs.
enum ReducerScript {
    /// One thing the script does.
    enum Step: Equatable {
        case input(Simulator.Input)
        /// A left click at a cell, resolved against the last frame (nothing there: a wake-up).
        case click(x: Int, y: Int)
        /// Wall seconds pass, then a wake-up.
        case wait(Double)
        /// The splits being built, and their partings' rows, arrive now.
        case deliverSplits
    }

    /// Keys beyond ASCII, for the prompts and the commands.
    static let specialKeys: [Key] = [
        .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .delete, .insert, .backTab, .function(1),
        .function(13), .unknown(999), .ctrl("u"), .ctrl("l"),
    ]
    /// Characters a prompt must take whole: accents, emoji, wide, combining, invisible, bidi.
    static let specialCharacters: [Character] = ["é", "🍩", "中", "e\u{301}", "\u{200B}", "\u{202E}", "🇫🇷", "ｗ"]
    /// Terminal sizes: the smallest drawn, one cell short of it, degenerate, large, and one beyond
    /// the drawn area.
    static let sizes: [(width: Int, height: Int)] = [
        (80, 24), (79, 24), (80, 23), (1, 1), (0, 0), (120, 40), (250, 80), (10_000, 5_000),
    ]
    /// Wall seconds of a wait (at ×16, an hour is 16 simulated hours).
    static let waits: [Double] = [0, 0.01, 0.05, 0.1, 0.2, 0.5, 1, 2, 3, 5, 10, 30, 60, 300, 600, 3600]
    /// Command keys, for the bytes above the others: most random bytes do something.
    static let commands = Array("elpubkotwRc12dxnagisPV -+=.fFr>N0O/?mqy\t")

    /// The bytes as steps: control bytes as a terminal sends them (CR Enter, Tab, Esc, DEL
    /// Backspace, Ctrl-letters), printable ASCII as characters, then `specialKeys` (0x80…),
    /// `specialCharacters` (0x90…), a resize to one of `sizes` (0x98…), a wait of one of `waits`
    /// (0xA0…), a click at the next two bytes' cell (0xB0), the wheel (0xB1 up, 0xB2 down), the
    /// splits delivered (0xB3), and `commands` for the rest.
    static func steps(_ script: [UInt8]) -> [Step] {
        var steps: [Step] = []
        var index = 0
        while index < script.count {
            let byte = script[index]
            index += 1
            switch byte {
            case 0x0A, 0x0D: steps.append(.input(.key(.enter)))
            case 0x09: steps.append(.input(.key(.tab)))
            case 0x1B: steps.append(.input(.key(.escape)))
            case 0x08, 0x7F: steps.append(.input(.key(.backspace)))
            case 0x00: steps.append(.input(.key(.ctrl("@"))))
            case 0x01...0x1A: steps.append(.input(.key(.ctrl(Character(Unicode.Scalar(byte + 0x60))))))
            case 0x1C...0x1F: steps.append(.input(.key(.ctrl(Character(Unicode.Scalar(byte + 0x40))))))
            case 0x20...0x7E: steps.append(.input(.key(.character(Character(Unicode.Scalar(byte))))))
            case 0x80...0x8F: steps.append(.input(.key(specialKeys[Int(byte - 0x80)])))
            case 0x90...0x97: steps.append(.input(.key(.character(specialCharacters[Int(byte - 0x90)]))))
            case 0x98...0x9F:
                let size = sizes[Int(byte - 0x98)]
                steps.append(.input(.resize(width: size.width, height: size.height)))
            case 0xA0...0xAF: steps.append(.wait(waits[Int(byte - 0xA0)]))
            case 0xB0:
                let x = index < script.count ? Int(script[index]) : 0
                let y = index + 1 < script.count ? Int(script[index + 1]) : 0
                index = min(index + 2, script.count)
                steps.append(.click(x: x, y: y))
            case 0xB1: steps.append(.input(.wheel(up: true)))
            case 0xB2: steps.append(.input(.wheel(up: false)))
            case 0xB3: steps.append(.deliverSplits)
            default: steps.append(.input(.key(.character(commands[Int(byte - 0xB4) % commands.count]))))
            }
        }
        return steps
    }

    /// Played on a scenario file without a key script (71 inputs): a launch, the timeline at
    /// ×16, an event with a typed property and a purchase, a local message and a click on it,
    /// the delegate and the app's UI changed, a campaign toggled, the next deadline, a timeline
    /// step, the note, a search, a record's detail, the split view, the next platform, waits and
    /// resizes, the device's settings, a click, a save, a restart, an open, a reset declined, the
    /// help, the last message, and `q`.
    static let defaultScript: [UInt8] =
        Array("l++++r".utf8) + [0xA6] + Array("e\rv=1\rp\r\r".utf8) + [0xA8]
        + Array("a\r\r\r1g\r\ri\rs\r.>N\u{1B}/d\r\t".utf8) + [0x80] + Array("\r\u{1B}\tV".utf8)
        + [0xA9] + Array("PV".utf8) + [0x9B, 0xA7, 0x9D, 0xB1, 0x98] + Array("wbkotfF".utf8) + [0xB0, 40, 12]
        + Array("S0yOd\rRn?\u{1B}m".utf8) + [0xB3] + Array("q".utf8)

    /// The built-in demo, read once (an immutable value).
    static let demo: LoadedScenario? = try? ScenarioLoader.load(
        json: DemoScenario.json, file: DemoScenario.fileName, keepingJSON: true)
}

/// One run of the reducer with its checks.
struct ReducerRunner {
    var run: FuzzChecks.ReducerRun
    var sim: Simulator
    var checker: InvariantChecker
    var mono = 0.0
    var size = ReducerScript.sizes[0]
    var frame: Frame
    /// Splits the reducer asked for, built and handed back at `deliverSplits` or the end.
    var building: [SplitRequest] = []
    /// Partings' rows the reducer asked for, worked out and handed back with the splits.
    var attributing: [SplitRequest] = []
    var ways: [WayRequest] = []
    /// The steps and the clock at the last input, to tell a new session (`0`, `O`) apart.
    var steps = 0
    var now = 0.0

    init(_ start: LoadedScenario, demo: LoadedScenario, run: FuzzChecks.ReducerRun) {
        self.run = run
        sim = Simulator(
            scenario: start.scenario, title: "fuzz", options: InteractiveOptions(play: true, speed: 1),
            asciiOnly: false, mono: 0)
        sim.session.source = start.json
        // `O` opens the demo for a path starting with "d", the input's scenario otherwise; Tab
        // offers two names under what was typed.
        let opened = { @Sendable (path: String) -> Result<ScenarioFiles.Opened, ScenarioFiles.OpenFailure> in
            let picked = path.hasPrefix("d") ? demo : start
            return .success(
                .init(
                    scenario: picked.scenario, title: path,
                    warnings: Array(repeating: "a warning", count: path.count % 3), source: picked.json))
        }
        sim.files = ScenarioFiles(load: opened, complete: { [$0 + "a.json", $0 + "b/"] })
        checker = InvariantChecker(scenario: sim.scenario)
        frame = Frame(grid: Grid(width: 0, height: 0))
        take(sim.handle(.resize(width: size.width, height: size.height), mono: mono), opening: sim.trace)
    }

    mutating func play(_ script: [ReducerScript.Step]) {
        run.scripted = script.count
        for step in script {
            guard run.failures.isEmpty, run.cells < FuzzChecks.maxCells else { break }
            switch step {
            case .input(let input):
                if case .resize(let width, let height) = input { size = (width, height) }
                take(sim.handle(input, mono: mono))
            case .click(let x, let y):
                let target = frame.target(atX: x % max(1, frame.grid.width), y: y % max(1, frame.grid.height))
                take(sim.handle(target.map { .hit($0) } ?? .tick, mono: mono))
            case .wait(let seconds):
                mono += seconds
                // As the main loop: a tick applies a slice of the due steps, and it ticks again
                // while any are due.
                repeat { take(sim.handle(.tick, mono: mono)) } while run.failures.isEmpty && sim.stepsDue(mono: mono)
            case .deliverSplits:
                deliverSplits()
            }
            run.handled += 1
        }
        guard run.failures.isEmpty else { return }
        deliverSplits()
        let bytes = sim.trace.reduce(0) { $0 + TraceBuffer.footprint(of: $1) }
        if bytes != sim.traceBuffer.bytes {
            fail("the kept trace counts \(sim.traceBuffer.bytes) bytes, its records hold \(bytes)")
        }
    }

    /// In the order asked for; a split built may ask for its parting's rows, handed back too.
    mutating func deliverSplits() {
        while run.failures.isEmpty, !building.isEmpty || !attributing.isEmpty || !ways.isEmpty {
            // "Find a way": answered at once, the search cut short after its first states (a
            // random key stream asks often; what is checked is the answer's path).
            let searches = ways
            ways = []
            for request in searches { take(sim.handle(.wayFound(request.find(shouldStop: { true })), mono: mono)) }
            let requests = building
            building = []
            for request in requests {
                take(sim.handle(.splitBuilt(BuiltSplit(id: request.id, devices: request.build())), mono: mono))
                run.splits += 1
            }
            let attributions = attributing
            attributing = []
            for request in attributions {
                take(sim.handle(.splitAttributed(request.attribute()), mono: mono))
                run.attributions += 1
            }
        }
        if run.failures.isEmpty, sim.partingRowsPending {
            fail("every answer is in, yet the split's parting has no rows")
        }
    }

    /// Checks what an input did; carries out its effects as the main loop would, without I/O.
    mutating func take(_ effects: [Simulator.Effect], opening: [TraceRecord] = []) {
        if sim.session.steps.count < steps || sim.now < now {
            // A new session (`0` then `y`, `O`): its records are checked from its start. (One that
            // replaces a session without steps at t=0 goes unseen: nothing of the old one is left.)
            checker = InvariantChecker(scenario: sim.scenario)
        }
        steps = sim.session.steps.count
        now = sim.now
        var records = opening
        var saves: [SaveRequest] = []
        var opens: [String] = []
        for effect in effects {
            switch effect {
            case .records(let more): records += more
            case .quit: run.quits += 1
            case .discardPendingInput: break
            case .buildSplit(let request): building.append(request)
            case .attributeSplit(let request): attributing.append(request)
            case .findWay(let request): ways.append(request)
            case .save(let request): saves.append(request)
            case .open(let path): opens.append(path)
            }
        }
        run.records += records.count - opening.count
        for record in records {
            checker.check(record)
            if let problem = CheckedRun.limitProblem(record) { fail("\(TraceFormat.text(record)): \(problem)") }
        }
        checker.check(against: sim.engine.state)
        if let failure = checker.failures.first { fail(failure) }
        if let last = records.last, sim.trace.last != last {
            fail("the kept trace does not end with the input's last record \(TraceFormat.text(last))")
        }
        if sim.trace.count > TraceBuffer.maxRecords || sim.traceBuffer.bytes > TraceBuffer.maxBytes {
            fail("the kept trace holds \(sim.trace.count) records, \(sim.traceBuffer.bytes) bytes")
        }
        frame = sim.frame(width: size.width, height: size.height)
        run.cells += frame.grid.width * frame.grid.height
        let drawn = Layout.drawn(width: size.width, height: size.height)
        if frame.grid.width != drawn.width || frame.grid.height != drawn.height {
            fail("a \(size.width)×\(size.height) terminal got a \(frame.grid.width)×\(frame.grid.height) frame")
        }
        // The main loop writes a save after the input's records, and answers with `Input.saved`.
        for request in saves { save(request) }
        // And reads a file `O` asks for (the simulator's own files: none, unless given).
        for path in opens { take(sim.handle(.opened(path: path, sim.files.load(path)), mono: mono)) }
    }

    /// `S`: the text must load, with the steps it says; odd saves fail to write, even ones succeed.
    mutating func save(_ request: SaveRequest) {
        run.saves += 1
        do {
            let back = try ScenarioLoader.load(json: request.text, file: "saved.json")
            if back.scenario.timeline.count != request.steps {
                fail("the saved session reads back \(back.scenario.timeline.count) steps of \(request.steps)")
            }
        } catch {
            fail("the saved session does not load: \(error)")
        }
        let answer: Simulator.Input =
            run.saves % 2 == 1
            ? .saved(.success(.init(path: "saved.json", steps: request.steps, until: request.until)))
            : .saved(.failure(.init(message: "saved.json: no space left on device")))
        take(sim.handle(answer, mono: mono))
    }

    mutating func fail(_ message: String) {
        if run.failures.isEmpty { run.failures.append("reducer: " + message) }
    }
}
