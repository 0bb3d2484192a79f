#if canImport(Glibc)
    import Glibc
#endif

/// The Swift runtime's backtracer, on a crash with a terminal on stdin and stdout, offers an
/// interactive prompt and waits for it (up to 30 s) while the simulator's screen is frozen.
/// The runtime reads `SWIFT_BACKTRACE` once, before `main`; so the interactive simulator sets
/// it and starts itself again (same pid, same arguments) when the user has not set it. The
/// terminal safety handlers restore the terminal first, then the backtracer writes its report
/// to standard error and the process ends by the signal.
enum CrashReports {
    static let setting = "interactive=no,output-to=stderr"

    /// Re-executes `/proc/self/exe` with `SWIFT_BACKTRACE` set; returns if nothing needs doing
    /// (a headless command, no terminal, a user setting, or the exec failed).
    static func disableInteractiveBacktraces(_ arguments: [String]) {
        guard getenv("SWIFT_BACKTRACE") == nil, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return }
        let headless = ["run", "check", "scenario"].contains(arguments.dropFirst().first ?? "")
        if headless || arguments.contains("--help") || arguments.contains("-h") || arguments.contains("--version") {
            return
        }
        guard setenv("SWIFT_BACKTRACE", setting, 1) == 0 else { return }
        var argv = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &argv)
        // Still here: the exec failed; run on with the default backtracer.
        for pointer in argv { free(pointer) }
    }
}
