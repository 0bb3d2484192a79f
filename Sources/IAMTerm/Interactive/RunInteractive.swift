import IAMEngine
import IAMRender
import IAMScenario
import IAMSimulator
import IAMTerminal
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the full-screen simulator until `q` / Ctrl-C. Exit status: 0 after a normal quit,
/// 1 without a terminal (or when curses cannot start), 74 when the trace cannot be written.
func runInteractive(
    scenario: Scenario, title: String, options: InteractiveOptions, source: JSONValue = .null, warnings: [String] = []
) -> Int32 {
    // The output files first: a bad path must fail before the screen is taken over.
    var writer: LineWriter?
    var record: OutputFile?
    var cast: PendingFile?
    do {
        if let path = options.tracePath { writer = try LineWriter.trace(path: path) }
        if let path = options.recordPath { record = try OutputFile.check(path, option: "--record") }
        if let path = options.castPath { cast = try OutputFile.check(path, option: "--cast").begin() }
    } catch {
        FileIO.printError("iamterm: \(error.message)")
        return error.status
    }
    let terminal: Terminal
    do {
        terminal = try Terminal(options: TerminalOptions(noColor: options.noColor, castFD: cast?.fd))
    } catch {
        FileIO.printError("iamterm: \(error.description)")
        return ExitStatus.failure
    }
    if let cast { Terminal.renameOnSignal(cast.temporary, to: cast.file.target) }
    // With work to save, SIGTERM, SIGHUP and the like end the session the way `q` does.
    if record != nil || cast != nil { terminal.deferSignals() }
    var simulator = Simulator(
        scenario: scenario, title: title, options: options, asciiOnly: !terminal.supportsUTF8, mono: Monotonic.now())
    var outputs = SessionOutputs()
    if let writer, let path = options.tracePath {
        outputs.add(fd: writer.descriptor, option: "--trace")
        outputs.paths.append(("--trace", path))
    }
    if let cast {
        outputs.add(fd: cast.fd, option: "--cast")
        outputs.paths.append(("--cast", cast.file.target))
    }
    if let record { outputs.paths.append(("--record", record.target)) }
    simulator.files = .disk(refusing: outputs)
    simulator.session.source = source
    if options.lesson != nil { simulator.openLesson() }
    simulator.showLoadWarnings(warnings)
    var loop = MainLoop(terminal: terminal, writer: writer, simulator: simulator, record: record)
    var status = loop.run()
    let signal = terminal.pendingSignal
    if status == ExitStatus.ok { status = loop.saveAtQuit() }
    terminal.restore()
    Terminal.renameOnSignal(nil, to: "")
    var failures: [CommandFailure] = loop.failure.map { [$0] } ?? []
    do { try writer?.close() } catch { failures.append(error) }
    if let cast {
        if let code = terminal.castWriteError {
            // What was recorded stops short: the path keeps what it held.
            cast.discard()
            failures.append(
                CommandFailure(
                    message: "\(cast.file.path): --cast write failed: \(String(cString: strerror(code))); not saved",
                    status: ExitStatus.ioError))
        } else {
            do { try cast.commit() } catch { failures.append(error) }
        }
    }
    for failure in failures { FileIO.printError("iamterm: \(failure.message)") }
    if let signal {
        if let record, loop.failure == nil {
            FileIO.printError(
                "iamterm: \(String(cString: strsignal(signal))): saved the session to \(record.path); "
                    + "iamterm run \(record.path) replays it")
        }
        Terminal.end(by: signal)
    }
    return failures.first?.status ?? status
}

/// What the main loop needs of the terminal (tests give it a scripted one).
protocol LoopTerminal: AnyObject {
    var size: (width: Int, height: Int) { get }
    func draw(_ grid: Grid)
    func nextInput(timeout: Double?) -> InputEvent?
    var pendingSignal: Int32? { get }
    var isInputClosed: Bool { get }
}

extension Terminal: LoopTerminal {}

/// Single-threaded: draw, sleep in `nextInput` until input or the next wake-up, reduce, repeat.
/// The heavy work the reducer asks for (a split built, its parting's rows, a save written) runs
/// off the loop (`OffLoop`), its answer fed back as an input.
struct MainLoop {
    let terminal: any LoopTerminal
    let writer: LineWriter?
    var simulator: Simulator
    var failure: CommandFailure?
    /// `--record PATH`, checked at start.
    let record: OutputFile?
    /// Writes a save off the loop and says what came of it (`writeSave`; tests give a slow one).
    let saver: @Sendable (SaveRequest, OutputFile) -> Simulator.Input

    init(
        terminal: any LoopTerminal, writer: LineWriter?, simulator: Simulator, record: OutputFile? = nil,
        saver: @escaping @Sendable (SaveRequest, OutputFile) -> Simulator.Input = MainLoop.writeSave
    ) {
        self.terminal = terminal
        self.writer = writer
        self.simulator = simulator
        self.record = record
        self.saver = saver
    }

    /// The most inputs reduced before the next frame: a paste is applied in batches of this
    /// many keys, one redraw each, so Esc and the screen stay responsive during a long one.
    static let batchLimit = 4096

    /// Input read ahead while deciding whether Esc cut a paste short (handled before new input).
    var queued: [InputEvent] = []
    /// The split view being built off the main loop (`Effect.buildSplit`), if any.
    var building: OffLoop<BuiltSplit>?
    /// The rows of the split's parting being worked out off the main loop (`Effect.attributeSplit`).
    var attributing: OffLoop<AttributedSplit>?
    /// Why-not's "find a way" searching off the main loop (`Effect.findWay`), if any.
    var finding: OffLoop<FoundWay>?
    /// The save being written off the main loop (`Effect.save`), answered as `Input.saved`.
    var saving: OffLoop<Simulator.Input>?
    /// How often the loop looks for a finished split (or its rows) while one is being worked out.
    static let buildPoll = 0.05

    mutating func nextInput(timeout: Double?) -> InputEvent? {
        if !queued.isEmpty { return queued.removeFirst() }
        return terminal.nextInput(timeout: timeout)
    }

    /// Reads keys until the session ends, then finishes a save still being written.
    mutating func run() -> Int32 {
        let status = readKeys()
        finishSave()
        return status
    }

    mutating func readKeys() -> Int32 {
        var lastFrame = Frame(grid: Grid(width: 0, height: 0))
        var size = (width: -1, height: -1)
        // The opening records (the platform, profiles.md; `app initial` when the scenario starts
        // mid-life, SV3) are in the trace before any input, as `iamterm run` writes them.
        guard write(simulator.engine.openingRecords) else { return ExitStatus.ioError }
        while true {
            // SIGTERM, SIGHUP, ... deferred (`Terminal.deferSignals`): end as `q` does.
            if terminal.pendingSignal != nil { return ExitStatus.ok }
            let now = terminal.size
            if now.width != size.width || now.height != size.height {
                size = (now.width, now.height)
                guard
                    perform(simulator.handle(.resize(width: size.width, height: size.height), mono: Monotonic.now()))
                        == .continue
                else { return ExitStatus.ioError }
            }
            if let built = building?.take() {
                building = nil
                guard perform(simulator.handle(.splitBuilt(built), mono: Monotonic.now())) == .continue else {
                    return ExitStatus.ioError
                }
            }
            if let answer = attributing?.take() {
                attributing = nil
                guard perform(simulator.handle(.splitAttributed(answer), mono: Monotonic.now())) == .continue else {
                    return ExitStatus.ioError
                }
            }
            if let found = finding?.take() {
                finding = nil
                if let status = exitStatus(after: .wayFound(found)) { return status }
            }
            if let answer = saving?.take() {
                saving = nil
                if let status = exitStatus(after: answer) { return status }
            }
            guard perform(simulator.handle(.tick, mono: Monotonic.now())) == .continue else {
                return ExitStatus.ioError
            }
            lastFrame = simulator.frame(width: size.width, height: size.height)
            terminal.draw(lastFrame.grid)
            var timeout = simulator.wakeDelay(mono: Monotonic.now())
            if building != nil || attributing != nil || finding != nil || saving != nil {
                timeout = min(timeout ?? Self.buildPoll, Self.buildPoll)
            }
            guard var event = nextInput(timeout: queued.isEmpty ? timeout : 0) else {
                if terminal.isInputClosed { return ExitStatus.ok }
                continue // a wake-up: the clock moved
            }
            // Everything already typed (a paste, a held key) is reduced before one redraw.
            for _ in 0..<Self.batchLimit {
                if case .resize = event { break } // lay out for the new size before going on
                if let input = Self.input(for: event, frame: lastFrame) {
                    if let status = exitStatus(after: input) { return status }
                }
                guard let next = nextInput(timeout: 0) else { break }
                event = next
            }
        }
    }

    /// How the loop goes on after a batch of effects.
    enum Outcome: Equatable { case `continue`, quit, failed }

    /// Hands `input` to the simulator and performs its effects: `nil` while the session goes on,
    /// else the status it ends with (a quit, or output that could not be written).
    mutating func exitStatus(after input: Simulator.Input) -> Int32? {
        switch perform(simulator.handle(input, mono: Monotonic.now())) {
        case .continue: nil
        case .quit: ExitStatus.ok
        case .failed: ExitStatus.ioError
        }
    }

    /// Carries out the reducer's effects; a save's or an opened file's result goes back in as an input.
    mutating func perform(_ effects: [Simulator.Effect]) -> Outcome {
        var outcome = Outcome.continue
        for effect in effects {
            switch effect {
            case .records(let records): guard write(records) else { return .failed }
            case .quit: outcome = .quit
            case .discardPendingInput: discardPendingInput()
            case .buildSplit(let request):
                building = OffLoop { BuiltSplit(id: request.id, devices: request.build()) }
            case .attributeSplit(let request): attributing = OffLoop { request.attribute() }
            case .findWay(let request):
                // Bounded by explore's time limit, on the clock of the loop.
                finding = OffLoop {
                    let started = Monotonic.now()
                    return request.find(shouldStop: { Monotonic.now() - started > WayRequest.timeLimit })
                }
            case .save(let request):
                // Where is decided here (a fresh name, checked); the text is made and written off the loop.
                switch saveFile() {
                case .success(let file):
                    let saver = self.saver
                    saving = OffLoop.onThread { saver(request, file) }
                case .failure(let failure):
                    let more = perform(simulator.handle(.saved(.failure(failure)), mono: Monotonic.now()))
                    if more != .continue { return more }
                }
            case .open(let path):
                // `O`: the file read here, as every input file is; the reducer hears what came of it.
                let opened = Simulator.Input.opened(path: path, simulator.files.load(path))
                let more = perform(simulator.handle(opened, mono: Monotonic.now()))
                if more != .continue { return more }
            }
        }
        return outcome
    }

    /// The reducer's input for a terminal event (a click resolved against the last frame).
    static func input(for event: InputEvent, frame: Frame) -> Simulator.Input? {
        switch event {
        case .key(let key): .key(key)
        case .resize: nil // the loop reads the new size before the next frame
        case .mouse(_, _, .wheelUp): .wheel(up: true)
        case .mouse(_, _, .wheelDown): .wheel(up: false)
        case .mouse(let x, let y, .left): frame.target(atX: x, y: y).map { .hit($0) }
        case .mouse: nil
        }
    }

    /// After Esc closed a prompt: what is already queued is the rest of a paste when there is a
    /// lot of it (dropped, bounded so a paste cannot keep it busy for ever); a few keys are what
    /// the person typed next, and are kept.
    mutating func discardPendingInput() {
        var ahead: [InputEvent] = []
        while ahead.count < Self.pasteThreshold, let event = terminal.nextInput(timeout: 0) { ahead.append(event) }
        guard ahead.count >= Self.pasteThreshold else {
            queued += ahead
            return
        }
        var dropped = 0
        while dropped < 1 << 20, terminal.nextInput(timeout: 0) != nil { dropped += 1 }
    }

    /// Keys already waiting beyond which they are taken for a paste, not typing.
    static let pasteThreshold = 32

    /// Appends records to `--trace`, one flushed JSON line each (the headless runner's form).
    mutating func write(_ records: [TraceRecord]) -> Bool {
        guard let writer, !records.isEmpty else { return true }
        do {
            for record in records { try writer.write(TraceFormat.json(record)) }
            return true
        } catch {
            failure = error
            return false
        }
    }
}

/// Work done on a task of its own while the main loop answers keys (the split view built, the
/// rows of its parting worked out); the loop looks for the answer (`take`) at each wake-up. An
/// older piece of work still running when a newer one of its kind starts finishes unread.
final class OffLoop<Answer: Sendable>: Sendable {
    private let result = Mutex<Answer?>(nil)

    init(_ work: @escaping @Sendable () -> Answer) {
        Task.detached { [self] in
            let answer = work()
            self.result.withLock { $0 = answer }
        }
    }

    /// On a thread of its own, not the shared task pool: for work that waits on the disk (a
    /// save), which must not hold a pool thread, nor wait for one (the loop may wait for it).
    static func onThread(_ work: @escaping @Sendable () -> Answer) -> OffLoop {
        let loop = OffLoop(started: ())
        let job = Unmanaged.passRetained(
            OffLoopJob {
                let answer = work()
                loop.result.withLock { $0 = answer }
            })
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<OffLoopJob>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, job.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: the work is done here, as before.
            job.takeRetainedValue().run()
        }
        return loop
    }

    /// An answer slot, the work started by the caller.
    private init(started: Void) {}

    /// The answer, once; `nil` while it is being worked out.
    func take() -> Answer? {
        result.withLock { slot in
            let answer = slot
            slot = nil
            return answer
        }
    }
}

/// The work an `OffLoop` thread runs, handed to it through `pthread_create`'s one pointer.
private final class OffLoopJob: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
