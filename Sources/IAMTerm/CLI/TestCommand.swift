import IAMEngine
import IAMScenario

#if canImport(Glibc)
    import Glibc
#endif

/// `iamterm test PATH... [--jobs N] [--profiles a,b,...] [--junit FILE]` (issue 47): every
/// scenario file under the paths, run and checked against its `expect` list, the files shared
/// among `--jobs` workers and reported in path order, so the output is the same whatever `--jobs`.
enum TestCommand {
    struct Options: Equatable {
        var paths: [String] = []
        var jobs = Parallel.cores
        /// `--profiles`: the profiles an expectation without `profile` holds under, instead of
        /// each file's own `settings.profile`.
        var profiles: [String]?
        var junit: String?
    }

    static func parse(_ arguments: [String]) throws(CommandFailure) -> Options {
        var rest = arguments[...]
        var options = Options()
        while let argument = rest.popFirst() {
            switch argument {
            case "--jobs", "-j": options.jobs = try Arguments.jobs(rest.popFirst(), option: argument)
            case "--profiles", "--profile":
                guard let value = rest.popFirst() else { throw Arguments.usage("\(argument) needs a value") }
                options.profiles = try names(value)
            case "--junit":
                guard let value = rest.popFirst(), !value.isEmpty else {
                    throw Arguments.usage("--junit takes a file path")
                }
                options.junit = value
            default:
                if argument.hasPrefix("-") {
                    throw Arguments.usage("unknown option '\(TraceFormat.visible(argument))'")
                }
                options.paths.append(argument)
            }
        }
        guard !options.paths.isEmpty else { throw Arguments.usage("test needs one or more scenario files or folders") }
        return options
    }

    /// `ios,android@8.0.0`: known names, each once (one is enough).
    static func names(_ list: String) throws(CommandFailure) -> [String] {
        var seen: Set<String> = []
        var kept: [String] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmingSpaces().lowercased()
            let profile = try ProfileOption.profile(name, option: "--profiles")
            if seen.insert(profile.name).inserted { kept.append(profile.name) }
        }
        return kept
    }

    /// What one file gave: it did not load, or each profile's unmet expectations.
    struct FileOutcome: Sendable {
        var name: String
        var loadError: String?
        var runs: [(profile: String, failures: [ExpectationCheck.Failure], checked: Int)] = []

        var passed: Bool { loadError == nil && runs.allSatisfy { $0.failures.isEmpty } }
    }

    static func main(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let options = try parse(arguments)
        let junit = try options.junit.map { (path) throws(CommandFailure) in
            try OutputFile.check(path, option: "--junit")
        }
        let files = try SuiteFiles.collect(options.paths)
        let profiles = options.profiles?.compactMap(Profile.named)
        let progress = Progress(total: files.count)
        let outcomes = Parallel.map(files.count, jobs: options.jobs, done: progress.show) { index in
            check(files[index], profiles: profiles)
        }
        progress.clear()
        let out = LineWriter.standardOutput()
        // A suite's files are known to load; their warnings are `iamterm check`'s to print.
        for outcome in outcomes {
            for line in lines(outcome) { try out.write(line) }
        }
        let passed = outcomes.count { $0.passed }
        try out.write("\(passed) passed, \(outcomes.count - passed) failed")
        try out.close()
        if let junit { try junit.write(Array(JUnitReport.xml(outcomes).utf8)) }
        if outcomes.contains(where: { $0.loadError != nil }) { return ExitStatus.badScenario }
        return passed == outcomes.count ? ExitStatus.ok : ExitStatus.failure
    }

    /// The report's lines for one file: one per unmet expectation, or the load error.
    static func lines(_ outcome: FileOutcome) -> [String] {
        if let error = outcome.loadError { return ["ERROR \(error)"] }
        return outcome.runs.flatMap { run in
            run.failures.map { failure in
                "FAIL \(outcome.name) [\(run.profile)] expect[\(failure.index)] "
                    + "\(failure.expectation.text): \(failure.instead)"
            }
        }
    }

    /// Loads and runs one file under each profile its expectations hold under.
    static func check(_ file: String, profiles: [Profile]?) -> FileOutcome {
        let name = CommandLineTool.displayName(file)
        var outcome = FileOutcome(name: name)
        let loaded: LoadedScenario
        do {
            let bytes = try FileIO.read(file)
            do {
                loaded = try ScenarioLoader.load(bytes: bytes, file: name)
            } catch {
                outcome.loadError = error.description
                return outcome
            }
        } catch {
            outcome.loadError = error.message
            return outcome
        }
        let own = loaded.scenario.settings.profile
        let base = profiles ?? [own]
        var runProfiles = base
        for expectation in loaded.expectations {
            if let profile = expectation.profile, !runProfiles.contains(where: { $0.name == profile.name }) {
                runProfiles.append(profile)
            }
        }
        for profile in runProfiles {
            var scenario = loaded.scenario
            scenario.settings.profile = profile
            let inBase = base.contains { $0.name == profile.name }
            let applicable = loaded.expectations.enumerated().filter { _, expectation in
                expectation.profile.map { $0.name == profile.name } ?? inBase
            }
            var check = ExpectationCheck(applicable.map { (index: $0.offset, expectation: $0.element) })
            if check.isEmpty {
                ScenarioRunner.run(scenario, until: loaded.until) { (_: TraceRecord) throws(Never) in }
            } else {
                ScenarioRunner.run(scenario, until: loaded.until) { (record: TraceRecord) throws(Never) in
                    check.observe(record)
                }
            }
            outcome.runs.append((profile.name, check.failures, applicable.count))
        }
        return outcome
    }

    /// The progress bar on standard error, only when it is a terminal.
    final class Progress: @unchecked Sendable {
        let total: Int
        let shown: Bool
        private var drawn = -1

        init(total: Int) {
            self.total = total
            shown = isatty(STDERR_FILENO) == 1 && total > 1
        }

        /// Called under the workers' lock (`Parallel.map`).
        func show(_ done: Int) {
            guard shown else { return }
            let width = 30
            let filled = done * width / max(1, total)
            guard filled != drawn || done == total else { return }
            drawn = filled
            FileIO.printErrorRaw(
                "\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                    + "] \(done)/\(total)")
        }

        func clear() {
            if shown { FileIO.printErrorRaw("\r\u{1B}[K") }
        }
    }
}
