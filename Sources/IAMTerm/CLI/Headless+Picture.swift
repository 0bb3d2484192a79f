import IAMEngine
import IAMReport

#if canImport(Glibc)
    import Glibc
#endif

extension Headless {
    /// `iamterm run FILE --format svg`: the trace drawn as a timeline (IAMReport).
    static func picture(_ scenario: Scenario, tracePath: String?, until: Double?, _ options: PictureOptions)
        throws(CommandFailure)
    {
        // The picture's title names the platform the run starts on.
        // The records stream to --trace as they are decided; the model keeps bins, not records.
        let trace = try tracePath.map { (path) throws(CommandFailure) in try LineWriter.trace(path: path) }
        let model = try TimelineModel.build(scenario, until: until, from: options.from, to: options.to) {
            (record: TraceRecord) throws(CommandFailure) in try trace?.write(TraceFormat.json(record))
        }
        try trace?.close()
        let out = try LineWriter.output(options.output)
        let svg = TimelineSVG.render(model)
        try out.write(String(svg.dropLast()))
        try out.close()
    }
}

extension LineWriter {
    /// Standard output, or `--output PATH` (created or truncated).
    static func output(_ path: String?) throws(CommandFailure) -> LineWriter {
        guard let path else { return standardOutput() }
        return try file(path, for: "write the output")
    }

    /// Creates or truncates `path`; lines are batched. `purpose` completes "cannot ..." in the error.
    static func file(_ path: String, for purpose: String) throws(CommandFailure) -> LineWriter {
        LineWriter(fd: try FileIO.create(path, for: purpose), name: path, flushEachLine: false)
    }
}

extension FileIO {
    /// Creates or truncates `path` for writing; `purpose` completes "cannot ..." in the error (exit 74).
    static func create(_ path: String, for purpose: String) throws(CommandFailure) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CommandFailure(
                message: "\(path): cannot \(purpose): \(String(cString: strerror(errno)))", status: ExitStatus.ioError)
        }
        return fd
    }
}
