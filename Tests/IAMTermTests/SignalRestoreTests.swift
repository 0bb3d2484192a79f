import Foundation
import Testing

/// The real `iamterm` in a tmux pane, killed by signals whose default action ends a process:
/// the shell gets its screen and tty modes back, and a crash never stops at the backtracer's
/// interactive prompt (the app is gone within the wait; the prompt would hold it for 30 s).
@Suite(
    "iamterm interactive: every terminating signal restores the terminal", .serialized,
    .enabled(if: TmuxPane.available, "tmux is not installed: the interactive end-to-end tests are skipped"))
struct SignalRestoreTests {
    func killed(by signal: Int32) throws -> String {
        let pane = try TmuxPane()
        try pane.launchApp(["--paused"])
        guard let pid = try pane.appPID() else {
            Issue.record("no iamterm process in the pane")
            return ""
        }
        kill(pid, signal)
        try pane.expectTerminalRestored()
        // The app is gone: the pane's shell has no child left.
        #expect(try pane.appPID() == nil, "iamterm still runs after signal \(signal)")
        return try pane.screen()
    }

    @Test(
        "SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU: the terminal restored",
        arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU])
    func terminating(_ signal: Int32) throws {
        _ = try killed(by: signal)
    }

    @Test(
        "SIGSEGV, SIGBUS, SIGABRT, SIGQUIT, SIGFPE, SIGILL, SIGTRAP: the terminal restored, no interactive crash prompt",
        arguments: [SIGSEGV, SIGBUS, SIGABRT, SIGQUIT, SIGFPE, SIGILL, SIGTRAP])
    func crash(_ signal: Int32) throws {
        let screen = try killed(by: signal)
        #expect(!screen.contains("Press space to interact"), "\(screen)")
    }
}
