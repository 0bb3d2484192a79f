import IAMEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Writing saved sessions: the only file I/O of `S` and `--record` (the reducer only asks).
extension MainLoop {
    /// Writes the save `S` asked for, to `--record PATH` or a fresh `iamterm-session*.json`,
    /// and says where (or why not) on the status line.
    mutating func performPendingSave() {
        guard let request = simulator.session.pendingSave else { return }
        simulator.session.pendingSave = nil
        let path = recordPath ?? Self.freshSessionPath()
        do {
            try Self.write(request.text, to: path)
            simulator.ui.status = .init(
                "saved \(simulator.session.steps.count) steps to \(path) (until \(TraceFormat.fixed3(request.until))): "
                    + "iamterm run \(path) replays it",
                kind: .success)
        } catch {
            simulator.ui.status = .init(error.message, kind: .error)
        }
    }

    /// On quit with `--record PATH`: the clock's last stretch reaches the trace, then the session
    /// is saved ending at that moment, so `iamterm run PATH` reproduces the `--trace` file.
    mutating func saveAtQuit() -> Int32 {
        guard let recordPath else { return ExitStatus.ok }
        guard write(simulator.tick(mono: Monotonic.now())) else { return ExitStatus.ioError }
        do {
            try Self.write(simulator.recordedScenario().text, to: recordPath)
        } catch {
            failure = error
            return error.status
        }
        return ExitStatus.ok
    }

    /// `iamterm-session.json`, or `-2`, `-3`, ... when taken: `S` never overwrites an earlier save.
    static func freshSessionPath() -> String {
        var n = 1
        while true {
            let path = n == 1 ? "iamterm-session.json" : "iamterm-session-\(n).json"
            if access(path, F_OK) != 0 { return path }
            n += 1
        }
    }

    static func write(_ text: String, to path: String) throws(CommandFailure) {
        let writer = try LineWriter.file(path, for: "save the session")
        try writer.write(String(text.dropLast()))
        try writer.close()
    }
}
