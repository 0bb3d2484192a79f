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
    /// Standard output, or `--output PATH`, written under a temporary name and renamed into
    /// place at `close` (a device or FIFO is written in place).
    static func output(_ path: String?) throws(CommandFailure) -> LineWriter {
        guard let path else { return standardOutput() }
        return LineWriter(pending: try OutputFile.check(path, option: "--output", devices: true).begin())
    }
}
