import IAMEngine
import IAMRender
import IAMTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive mode's options (terminal-ui.md, "Command line").
struct InteractiveOptions: Equatable {
    var play = false
    var paused = false
    var speed = 1.0
    var tracePath: String? = nil
    var noColor = false
}

/// Runs the full-screen simulator until `q` / Ctrl-C. Exit status: 0 after a normal quit,
/// 1 without a terminal (or when curses cannot start), 74 when the trace cannot be written.
func runInteractive(scenario: Scenario, title: String, options: InteractiveOptions) -> Int32 {
    // The trace file first: a bad path must fail before the screen is taken over.
    var writer: LineWriter?
    if let path = options.tracePath {
        do { writer = try LineWriter.trace(path: path) } catch {
            FileIO.printError("iamterm: \(error.message)")
            return ExitStatus.ioError
        }
    }
    let terminal: Terminal
    do {
        terminal = try Terminal(options: TerminalOptions(noColor: options.noColor))
    } catch {
        FileIO.printError("iamterm: \(error.description)")
        return ExitStatus.failure
    }
    var loop = MainLoop(
        terminal: terminal, writer: writer,
        simulator: Simulator(
            scenario: scenario, title: title, options: options,
            asciiOnly: !terminal.supportsUTF8, mono: Monotonic.now()))
    let status = loop.run()
    terminal.restore()
    if let failure = loop.failure {
        FileIO.printError("iamterm: \(failure.message)")
        return failure.status
    }
    do { try writer?.close() } catch {
        FileIO.printError("iamterm: \(error.message)")
        return ExitStatus.ioError
    }
    return status
}

/// Single-threaded: draw, sleep in `nextInput` until input or the next wake-up, reduce, repeat.
struct MainLoop {
    let terminal: Terminal
    let writer: LineWriter?
    var simulator: Simulator
    var failure: CommandFailure?

    init(terminal: Terminal, writer: LineWriter?, simulator: Simulator) {
        self.terminal = terminal
        self.writer = writer
        self.simulator = simulator
    }

    mutating func run() -> Int32 {
        var lastFrame = Frame(grid: Grid(width: 0, height: 0))
        // The first record (the platform, profiles.md) is in the trace before any input.
        guard write(Array(simulator.trace.prefix(1))) else { return ExitStatus.ioError }
        while true {
            guard write(simulator.tick(mono: Monotonic.now())) else { return ExitStatus.ioError }
            let size = terminal.size
            lastFrame = simulator.frame(width: size.width, height: size.height)
            terminal.draw(lastFrame.grid)
            let timeout = simulator.wakeDelay(mono: Monotonic.now())
            guard let event = terminal.nextInput(timeout: timeout) else {
                if terminal.isInputClosed { return ExitStatus.ok }
                continue // a wake-up: the clock moved
            }
            let input: Simulator.Input
            switch event {
            case .key(let key): input = .key(key)
            case .resize: input = .resize
            case .mouse(_, _, .wheelUp): input = .wheel(up: true)
            case .mouse(_, _, .wheelDown): input = .wheel(up: false)
            case .mouse(let x, let y, .left):
                guard let target = lastFrame.target(atX: x, y: y) else { continue }
                input = .hit(target)
            case .mouse: continue
            }
            for effect in simulator.handle(input, mono: Monotonic.now()) {
                switch effect {
                case .records(let records): guard write(records) else { return ExitStatus.ioError }
                case .quit: return ExitStatus.ok
                }
            }
        }
    }

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
