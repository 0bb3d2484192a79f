import IAMEngine
import IAMSimulator

#if canImport(Glibc)
    import Glibc
#endif

/// Writing saved sessions: the only file I/O of `S` and `--record` (the reducer only asks).
extension MainLoop {
    /// Where the save `S` asked for goes: `--record PATH` or a fresh `iamterm-session*.json`
    /// (checked as every output is).
    func saveFile() -> Result<OutputFile, Simulator.SaveFailure> {
        if let record { return .success(record) }
        do {
            return .success(try OutputFile.check(Self.freshSessionPath(), option: "S"))
        } catch {
            return .failure(.init(message: error.message))
        }
    }

    /// Makes the save's text and writes it whole (temporary file, fsync, rename), off the main
    /// loop; the reducer hears where (or why not) as `Input.saved`.
    @Sendable static func writeSave(_ request: SaveRequest, to file: OutputFile) -> Simulator.Input {
        do {
            try Self.write(request.text, to: file)
            return .saved(.success(.init(path: file.path, steps: request.steps, until: request.until)))
        } catch {
            return .saved(.failure(.init(message: error.message)))
        }
    }

    /// When the session ends with a save still being written: waits for it (the screen says
    /// so), and hands its answer to the reducer; a save that failed is reported on exit.
    mutating func finishSave() {
        guard let pending = saving else { return }
        saving = nil
        let size = terminal.size
        terminal.draw(simulator.frame(width: size.width, height: size.height).grid)
        var answer = pending.take()
        while answer == nil {
            usleep(2_000)
            answer = pending.take()
        }
        guard let answer else { return }
        _ = simulator.handle(answer, mono: Monotonic.now())
        if case .saved(.failure(let failed)) = answer, failure == nil {
            failure = CommandFailure(message: "S: " + failed.message, status: ExitStatus.ioError)
        }
    }

    /// On quit with `--record PATH`: the clock's last stretch reaches the trace, then the session
    /// is saved ending at that moment, so `iamterm run PATH` reproduces the `--trace` file.
    mutating func saveAtQuit() -> Int32 {
        guard let record else { return ExitStatus.ok }
        guard perform(simulator.handle(.tick, mono: Monotonic.now())) != .failed else { return ExitStatus.ioError }
        do {
            try Self.write(simulator.recordedScenario().text, to: record)
        } catch {
            failure = error
            return error.status
        }
        return ExitStatus.ok
    }

    /// `iamterm-session.json`, or `-2`, `-3`, ... when taken (by anything, a dangling symbolic
    /// link too): `S` never overwrites an earlier save.
    static func freshSessionPath() -> String {
        var n = 1
        var info = stat()
        while true {
            let path = n == 1 ? "iamterm-session.json" : "iamterm-session-\(n).json"
            if lstat(path, &info) != 0 { return path }
            n += 1
        }
    }

    /// The scenario text, ending in one newline, written whole (temporary file, fsync, rename).
    static func write(_ text: String, to file: OutputFile) throws(CommandFailure) {
        try file.write(Array(text.dropLast().utf8) + [10])
    }
}
