import CNcurses
import CTerminalSafety
import IAMRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one full-screen terminal. Create one, use it only from the single-threaded main loop,
/// and call `restore()` (or let it deinit) before the process prints anything else.
public final class Terminal {
    /// Whether the locale is UTF-8, so the renderer may use box drawing and non-ASCII text.
    public let supportsUTF8: Bool
    /// The colours the blitter uses, fixed at start-up.
    public let colorSupport: ColorSupport
    /// True once `nextInput` found the input at end of file (custom devices; on the real TTY
    /// that is a hang-up: the terminal is restored and the process dies by SIGHUP).
    public internal(set) var isInputClosed = false

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let isStandard: Bool
    let handlesSignals: Bool
    private(set) var inputFile: UnsafeMutablePointer<FILE>?
    private(set) var outputFile: UnsafeMutablePointer<FILE>?
    var isActive = true
    /// `--cast`: curses writes through this tee to the terminal and the recording.
    var tee: OutputTee?
    /// The last grid drawn, to touch only changed cells; nil forces a full repaint.
    var previous: Grid?
    /// Per role (by raw value): colour pair and attributes.
    var roleLooks: [(pair: Int16, attributes: attr_t)] = []
    var glyphBuffer = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
    /// Colour pairs made for messages' own colours, by foreground and background.
    var tintPairs: [Int32: Int16] = [:]
    /// Whether clusters curses cannot hold are written around it: needs UTF-8 and a hidden
    /// cursor (curses then leaves the cursor where it believes it is, which can be restored).
    var canWriteAround = false
    /// The clusters written around curses now on screen.
    var around = AroundClusters()

    /// Starts curses: locale, raw keyboard with keypad decoding, mouse clicks, a 25 ms Escape
    /// delay, hidden cursor, colours. Throws when stdin/stdout is not a TTY or curses refuses.
    public init(options: TerminalOptions = TerminalOptions()) throws(TerminalError) {
        setlocale(LC_ALL, options.locale)
        supportsUTF8 = iam_locale_is_utf8() != 0

        var termName: String
        let input: UnsafeMutablePointer<FILE>?
        let output: UnsafeMutablePointer<FILE>?
        switch options.device {
        case .standard:
            guard isatty(0) == 1 else { throw .notATerminal(stream: "stdin") }
            guard isatty(1) == 1 else { throw .notATerminal(stream: "stdout") }
            termName = getenv("TERM").map { String(cString: $0) } ?? ""
            // Without a terminal type, or with one that only prints lines, nothing can be drawn.
            if termName.isEmpty || termName == "dumb" { throw .cannotDraw(term: termName) }
            input = iam_stdin()
            if let castFD = options.castFD {
                let tee = try OutputTee(castFD: castFD, terminalFD: 1, inputFD: 0, term: termName)
                self.tee = tee
                output = fdopen(tee.writeFD, "w")
            } else {
                output = iam_stdout()
            }
            isStandard = true
        case .custom(let inFD, let outFD, let term, _, _):
            termName = term
            input = fdopen(dup(inFD), "r")
            output = fdopen(dup(outFD), "w")
            isStandard = false
        }

        // Before newterm, so curses does not put its own exit(1) handlers on SIGINT/SIGTERM.
        handlesSignals = options.handlesSignals
        if handlesSignals { iam_safety_install() }

        let started: OpaquePointer? = termName.withCString { name in
            newterm(UnsafeMutablePointer(mutating: name), output, input)
        }
        guard let started, let std = iam_stdscr() else {
            if handlesSignals { iam_safety_uninstall() }
            if let tee {
                tee.finish()
                if let output { fclose(output) }
            }
            if !isStandard {
                if let input { fclose(input) }
                if let output { fclose(output) }
            }
            throw .cannotStart(term: termName)
        }
        // A description without cursor addressing draws nothing useful: say so and leave.
        let cup = "cup".withCString { tigetstr(UnsafeMutablePointer(mutating: $0)) }
        if cup == nil || Int(bitPattern: cup) == -1 {
            endwin()
            delscreen(started)
            if handlesSignals { iam_safety_uninstall() }
            if !isStandard {
                if let input { fclose(input) }
                if let output { fclose(output) }
            }
            throw .cannotDraw(term: termName)
        }
        screen = started
        window = std
        inputFile = input
        outputFile = output
        iam_safety_set_active(1)

        if case .custom(_, _, _, let width, let height) = options.device {
            resizeterm(Int32(height), Int32(width))
            flushinp() // resizeterm queues a KEY_RESIZE the caller did not cause
        }
        if let size = tee?.size {
            // curses cannot ask a pipe for the size: tell it the terminal's.
            resizeterm(Int32(size.height), Int32(size.width))
            flushinp()
        }
        raw()
        noecho()
        keypad(window, true)
        set_escdelay(25)
        Self.defineCommonKeys()
        if curs_set(0) == ERR {
            leaveok(window, true)
        } else {
            canWriteAround = supportsUTF8
        }
        // Presses only, reported at once (no click-resolution delay).
        let buttons =
            iam_button1_pressed() | iam_button2_pressed() | iam_button3_pressed()
            | iam_button4_pressed() | iam_button5_pressed()
        mousemask(buttons, nil)
        mouseinterval(0)

        // Colour is not even started when it is refused, so no colour sequence is ever sent.
        let refused = options.noColor || !(options.noColorEnvironment ?? "").isEmpty
        var support = ColorSupport.none
        if !refused && has_colors() {
            start_color()
            support = ColorSupport.detect(
                hasColors: true, colors: Int(iam_colors()), pairs: Int(iam_color_pairs()),
                noColorFlag: false, noColorEnvironment: nil)
        }
        colorSupport = support
        roleLooks = Self.makeLooks(support)
    }

    deinit { restore() }

    /// The terminal's size in cells (updated on `.resize`).
    public var size: (width: Int, height: Int) {
        guard isActive else { return (0, 0) }
        return (Int(getmaxx(window)), Int(getmaxy(window)))
    }

    /// Gives the terminal back: mouse reporting off, cursor visible, `endwin`, signal handlers
    /// removed. Safe to call more than once; `draw` and `nextInput` do nothing afterwards.
    public func restore() {
        guard isActive else { return }
        isActive = false
        set_term(screen)
        mousemask(0, nil)
        curs_set(1)
        iam_safety_set_active(0)
        endwin()
        if handlesSignals {
            iam_safety_uninstall()
            iam_safety_defer(0)
        }
        delscreen(screen)
        if !isStandard {
            if let inputFile { fclose(inputFile) }
            if let outputFile { fclose(outputFile) }
        }
        if let tee {
            tee.finish()
            if let outputFile { fclose(outputFile) }
        }
        inputFile = nil
        outputFile = nil
    }

    /// For a session with work to save (`--record`, `--cast`): the first terminating signal
    /// that is not a crash (SIGTERM, SIGHUP, SIGINT, ...) and a hang-up of the terminal no
    /// longer end the process at once; `nextInput` returns nil and `pendingSignal` names the
    /// signal, so the caller saves, restores the terminal and calls `end(by:)`. A second
    /// signal ends the process at once.
    public func deferSignals() {
        if handlesSignals { iam_safety_defer(1) }
    }

    /// The signal deferred by `deferSignals`, once one arrived.
    public var pendingSignal: Int32? {
        let signal = iam_safety_pending()
        return signal == 0 ? nil : signal
    }

    /// Ends the process by `signal`'s default action, so the shell sees how it ended.
    public static func end(by signal: Int32) -> Never {
        iam_safety_die_by(signal)
        fatalError("still alive after signal \(signal)")
    }

    /// `--cast` written under a temporary name: a signal that ends the process at once (a crash,
    /// a second signal) renames it to `target` first, so what was recorded is kept. nil clears it.
    public static func renameOnSignal(_ temporary: String?, to target: String) {
        guard let temporary else { return iam_safety_set_commit(nil, nil) }
        iam_safety_set_commit(temporary, target)
    }

    /// The first error writing the `--cast` recording (an errno), if any: the recording stopped there.
    public var castWriteError: Int32? { tee?.recorder.failed }

    /// Home/End sequences that terminals send whatever their terminfo entry says (xterm in
    /// either cursor mode, VT220 style, rxvt), so a slightly wrong TERM still gets the keys.
    private static func defineCommonKeys() {
        let keys: [(String, Int32)] = [
            ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME),
            ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
        ]
        for (sequence, code) in keys where key_defined(sequence) == 0 {
            _ = sequence.withCString { define_key($0, code) }
        }
    }

    /// Defines one colour pair per role (pair = role raw value + 1) and records each role's
    /// pair and attributes for the blitter.
    private static func makeLooks(_ support: ColorSupport) -> [(pair: Int16, attributes: attr_t)] {
        var defaultsOK = false
        if support != .none { defaultsOK = use_default_colors() == OK }
        return StyleRole.allCases.map { role in
            let style = Palette.style(for: role, support)
            guard support != .none else { return (0, style.attributes.cursesValue) }
            let pair = Int16(role.rawValue) + 1
            // Without default-colour support, -1 falls back to white on black.
            let fg = style.foreground >= 0 || defaultsOK ? style.foreground : 7
            let bg = style.background >= 0 || defaultsOK ? style.background : 0
            init_pair(pair, fg, bg)
            return (pair, style.attributes.cursesValue)
        }
    }
}
