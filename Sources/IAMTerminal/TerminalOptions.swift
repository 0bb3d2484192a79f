#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How to start the terminal layer.
public struct TerminalOptions: Sendable {
    /// Where curses reads and writes.
    public enum Device: Sendable, Equatable {
        /// The process's own terminal: stdin and stdout must be TTYs; the type comes from `TERM`.
        case standard
        /// Given file descriptors (duplicated, so the caller keeps ownership), a terminal type and
        /// a fixed size. No TTY is needed: tests and benchmarks use it to count the bytes written.
        case custom(input: Int32, output: Int32, term: String, width: Int, height: Int)
    }

    public var device: Device
    /// `--no-color`: use attributes only, like `NO_COLOR`.
    public var noColor: Bool
    /// The value of `NO_COLOR` (non-empty disables colour); read from the environment by
    /// default, settable so tests do not depend on the runner's environment.
    public var noColorEnvironment: String?
    /// Passed to `setlocale(LC_ALL, …)`; "" means the user's environment.
    public var locale: String
    /// Install the signal handlers that restore the terminal on kill or crash.
    public var handlesSignals: Bool
    /// `--cast`: an open file to write an asciinema v2 recording of the standard terminal's
    /// output to (the caller opens and closes it).
    public var castFD: Int32?

    public init(
        device: Device = .standard, noColor: Bool = false,
        noColorEnvironment: String? = TerminalOptions.environmentNoColor(),
        locale: String = "", handlesSignals: Bool = true, castFD: Int32? = nil
    ) {
        self.castFD = castFD
        self.device = device
        self.noColor = noColor
        self.noColorEnvironment = noColorEnvironment
        self.locale = locale
        self.handlesSignals = handlesSignals
    }
}

extension TerminalOptions {
    /// `NO_COLOR` from the process environment.
    public static func environmentNoColor() -> String? {
        getenv("NO_COLOR").map { String(cString: $0) }
    }
}

/// Why the terminal could not start; the app prints it and exits 1.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// stdin or stdout is not a terminal (piped or redirected).
    case notATerminal(stream: String)
    /// curses could not set up the terminal type (unknown `TERM`, unusable output).
    case cannotStart(term: String)
    /// The terminal type cannot draw a full screen: `TERM` unset or `dumb`, or no cursor
    /// addressing in its description.
    case cannotDraw(term: String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "\(stream) is not a terminal; iamterm needs an interactive terminal "
                + "(use `iamterm run` for headless output)"
        case .cannotStart(let term):
            "cannot start curses for terminal type \"\(term)\" (is TERM set correctly?)"
        case .cannotDraw(let term):
            (term.isEmpty ? "TERM is not set" : "terminal type \"\(term)\" cannot move the cursor")
                + ": the simulator needs a full-screen terminal (e.g. TERM=xterm-256color); "
                + "`iamterm run FILE` prints the trace without one"
        }
    }
}
