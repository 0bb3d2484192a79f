import CTerminalSafety
import IAMEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `iamterm compare FILE|--demo|--lesson NAME [--profiles a,b,...] [--format text|jsonl] [--until S]`
/// (profiles.md). Each run stops where `run` stops: at `--until`, else the file's `until`, else
/// when nothing is pending.
enum CompareCommand {
    struct Options: Equatable {
        var file: String
        var profiles: [String]
        var format: TraceFormatChoice
        var until: Double? = nil
        /// `--jobs N` (issue 47): the platforms' and the rows' runs on N workers (default: every core).
        var jobs = Parallel.cores
    }

    static func parse(_ arguments: [String]) throws(CommandFailure) -> Options {
        var rest = arguments[...]
        var files: [String] = []
        var format = TraceFormatChoice.text
        var profiles = Profile.all.map(\.name)
        var until: Double?
        var jobs = Parallel.cores
        while let argument = rest.popFirst() {
            switch argument {
            case "--demo": files.append(Arguments.demoFile)
            case "--lesson":
                guard let name = rest.popFirst() else { throw Arguments.usage("--lesson needs a value") }
                files.append(Arguments.lessonFile(name))
            case "--format":
                guard let value = rest.popFirst() else { throw Arguments.usage("--format needs a value") }
                guard let choice = TraceFormatChoice(rawValue: value) else {
                    throw Arguments.usage("--format takes text or jsonl, not '\(TraceFormat.visible(value))'")
                }
                format = choice
            case "--profiles":
                guard let value = rest.popFirst() else { throw Arguments.usage("--profiles needs a value") }
                profiles = try names(value)
            case "--profile":
                throw Arguments.usage("compare takes --profiles a,b,... (two or more), not --profile")
            case "--jobs", "-j": jobs = try Arguments.jobs(rest.popFirst(), option: argument)
            case "--until":
                guard let value = rest.popFirst() else { throw Arguments.usage("--until needs a value") }
                guard let seconds = Arguments.decimal(value), seconds < Arguments.maxTime else {
                    throw Arguments.usage(
                        "--until takes a decimal number of seconds from 0 to below 1e9, not '\(TraceFormat.visible(value))'"
                    )
                }
                until = seconds
            default: files.append(try Arguments.scenarioFile(argument))
            }
        }
        return Options(
            file: try Arguments.oneScenario(files, for: "compare"), profiles: profiles, format: format, until: until,
            jobs: jobs)
    }

    /// `ios,web`: known names, each once, at least two.
    static func names(_ list: String) throws(CommandFailure) -> [String] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingSpaces().lowercased()
        }
        // A platform named twice, also as the same version written otherwise (`android@6.0.0`,
        // `android@06.0.0`, `android@6.0`), counts once: the first spelling is kept.
        var seen: Set<String> = []
        var kept: [String] = []
        for name in names {
            let profile = try ProfileOption.profile(
                name, option: "--profiles",
                unknown: "--profiles takes names among \(Profile.namesList), not '\(TraceFormat.visible(name))'")
            if seen.insert(profile.name).inserted { kept.append(name) }
        }
        guard kept.count >= 2 else {
            let one = names.count >= 2 ? " (\(kept.joined()) is named \(names.count) times)" : ""
            throw Arguments.usage("--profiles needs two or more different names, e.g. ios,android\(one)")
        }
        return kept
    }

    /// The window's columns when standard output is a terminal (the table fits it), else nil.
    static func terminalWidth() -> Int? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard isatty(STDOUT_FILENO) == 1, iam_tty_size(STDOUT_FILENO, &width, &height) == 0 else { return nil }
        return Int(width)
    }

    static func main(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let options = try parse(arguments)
        let loaded = try CommandLineTool.load(options.file)
        let scenario = loaded.scenario
        if scenario.timeline.contains(where: { $0.action.name == "profile" }) {
            FileIO.printError("iamterm: compare leaves out the timeline's profile steps: each run keeps its platform")
        }
        let profiles = options.profiles.compactMap(Profile.named)
        // Where `run` stops (issue 44): the option, else the file's own `until`.
        let comparison = Comparison(
            scenario, profiles: profiles, until: options.until ?? loaded.until,
            fanout: Parallel.fanout(jobs: options.jobs))
        let title = scenario.name.isEmpty ? CommandLineTool.displayName(options.file) : scenario.name
        // Issue 45: a version's rows the engine does not compute are named, never "the same".
        let unmodelled = profiles.map {
            NotModelledWatch.of(
                Comparison.withoutProfileSteps(scenario), profile: $0, until: options.until ?? loaded.until)
        }
        let lines =
            options.format == .jsonl
            ? CompareReport.jsonLines(comparison, title: title, unmodelled: unmodelled)
            : CompareReport.text(comparison, title: title, width: terminalWidth(), unmodelled: unmodelled)
        let out = LineWriter.standardOutput()
        for line in lines { try out.write(line) }
        try out.close()
        return comparison.agree ? ExitStatus.ok : ExitStatus.differ
    }
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
