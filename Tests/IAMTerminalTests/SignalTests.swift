import CTerminalSafety
import Glibc
import IAMRender
import Testing

@testable import IAMTerminal

/// The process dies by the signal it got (so the shell sees it), but only after curses has
/// given the terminal back. Each case runs in a child process (a Swift Testing exit test) whose
/// stdout is the terminal's output.
struct SignalTests {
    @Test func sigtermRestoresTheTerminalAndReRaises() async {
        let result = await #expect(
            processExitsWith: .signal(SIGTERM),
            observing: [\.standardOutputContent]
        ) {
            drawThenRaise(SIGTERM)
        }
        expectRestored(result)
    }

    @Test func sighupRestoresTheTerminalAndReRaises() async {
        let result = await #expect(
            processExitsWith: .signal(SIGHUP),
            observing: [\.standardOutputContent]
        ) {
            drawThenRaise(SIGHUP)
        }
        expectRestored(result)
    }

    @Test func sigintRestoresTheTerminalAndReRaises() async {
        let result = await #expect(
            processExitsWith: .signal(SIGINT),
            observing: [\.standardOutputContent]
        ) {
            drawThenRaise(SIGINT)
        }
        expectRestored(result)
    }

    /// Every other signal whose default action ends the process (signal(7)), sent with `kill`.
    @Test(
        "a terminating signal restores the terminal and still ends the process by it",
        arguments: [
            SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO, SIGSYS, SIGSTKFLT, SIGPWR,
            SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP, iam_safety_rtmin(), iam_safety_rtmax(),
        ])
    func terminatingSignal(_ signal: Int32) async {
        let result = await #expect(
            processExitsWith: .signal(signal),
            observing: [\.standardOutputContent]
        ) { [signal] in
            drawThenRaise(signal)
        }
        expectRestored(result)
    }

    @Test("the handlers cover every terminating signal of signal(7), the real-time ones included")
    func everyTerminatingSignalIsHandled() {
        let handled = Set((0..<iam_safety_signal_count()).map { iam_safety_signal($0) })
        let expected: [Int32] =
            [
                SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
                SIGPIPE, SIGIO, SIGSYS, SIGSTKFLT, SIGPWR, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE,
            ] + Array(iam_safety_rtmin()...iam_safety_rtmax())
        #expect(Set(expected).isSubset(of: handled), "missing: \(Set(expected).subtracting(handled).sorted())")
    }

    @Test func aCrashRestoresTheTerminalAndStillCrashes() async {
        let result = await #expect(
            processExitsWith: .signal(SIGILL),
            observing: [\.standardOutputContent]
        ) {
            let terminal = try startOnStdout()
            terminal.draw(Grid(width: 80, height: 24).writing("running", x: 0, y: 0))
            fatalError("simulated crash")
        }
        expectRestored(result)
    }

    @Test func withoutATTYStartingFailsWithAClearError() async {
        // The test runner's stdin/stdout are not TTYs when run by `swift test` in CI; only
        // assert when that is so.
        guard isatty(0) == 0 || isatty(1) == 0 else { return }
        #expect(throws: TerminalError.self) { try Terminal(options: TerminalOptions()) }
    }
}

/// In the child: curses on stdout (captured by the parent), signal handlers installed.
private func startOnStdout() throws -> Terminal {
    try Terminal(
        options: TerminalOptions(
            device: .custom(input: 0, output: 1, term: "xterm-256color", width: 80, height: 24),
            noColorEnvironment: nil, locale: "C.UTF-8"))
}

private func drawThenRaise(_ signal: Int32) {
    guard let terminal = try? startOnStdout() else { return } // exits 0: the test fails
    terminal.draw(Grid(width: 80, height: 24).writing("running", x: 0, y: 0))
    // Sent to the process, like `kill` from a shell: any thread may run the handler, so wait
    // here for it to restore the terminal and re-raise instead of returning (which would exit 0).
    kill(getpid(), signal)
    withExtendedLifetime(terminal) {
        while true { pause() }
    }
}

private func expectRestored(_ result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation) {
    let output = result?.standardOutputContent ?? []
    #expect(contains(output, "running"), sourceLocation: sourceLocation)
    // rmcup (the shell's screen back) and cnorm (cursor visible), sent by endwin in the handler.
    #expect(contains(output, "\u{1B}[?1049l"), sourceLocation: sourceLocation)
    #expect(contains(output, "\u{1B}[?25h"), sourceLocation: sourceLocation)
}
