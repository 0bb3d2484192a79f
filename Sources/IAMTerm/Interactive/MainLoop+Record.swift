import IAMEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Writing saved sessions: the only file I/O of `S` and `--record` (the reducer only asks).
extension MainLoop {
    /// Writes the save `S` asked for, to `--record PATH` or a fresh `iamterm-session*.json`; the
    /// reducer hears where (or why not) as `Input.saved`.
    func perform(_ request: SaveRequest) -> Simulator.Input {
        let path = recordPath ?? Self.freshSessionPath()
        do {
            try Self.write(request.text, to: path)
            return .saved(.success(.init(path: path, steps: request.steps, until: request.until)))
        } catch {
            return .saved(.failure(error))
        }
    }

    /// On quit with `--record PATH`: the clock's last stretch reaches the trace, then the session
    /// is saved ending at that moment, so `iamterm run PATH` reproduces the `--trace` file.
    mutating func saveAtQuit() -> Int32 {
        guard let recordPath else { return ExitStatus.ok }
        guard perform(simulator.handle(.tick, mono: Monotonic.now())) != .failed else { return ExitStatus.ioError }
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
