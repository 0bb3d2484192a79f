import IAMEngine
import IAMScenario

/// The entry point: parse, dispatch, map failures to a message and an exit status.
enum CommandLineTool {
    static let version = "0.1.0"

    static func main(_ arguments: [String]) -> Int32 {
        do throws(CommandFailure) {
            if arguments.first == "compare", !arguments.contains("--help"), !arguments.contains("-h") {
                return try CompareCommand.main(Array(arguments.dropFirst()))
            }
            if arguments.first == "versions", !arguments.contains("--help"), !arguments.contains("-h") {
                return try VersionsCommand.main(Array(arguments.dropFirst()))
            }
            if arguments.first == "explore", !arguments.contains("--help"), !arguments.contains("-h") {
                return try ExploreCommand.main(Array(arguments.dropFirst()))
            }
            if arguments.first == "test", !arguments.contains("--help"), !arguments.contains("-h") {
                return try TestCommand.main(Array(arguments.dropFirst()))
            }
            if arguments.first == "profiles", !arguments.contains("--help"), !arguments.contains("-h") {
                return try ProfilesCommand.main(Array(arguments.dropFirst()))
            }
            let (profile, arguments) = try ProfileOption.extract(arguments)
            switch try Arguments.parse(arguments) {
            case .help:
                try printOut(Arguments.help)
            case .version:
                try printOut("iamterm \(version)")
            case .scenario:
                let out = LineWriter.standardOutput()
                try out.write(
                    DemoScenario.json.hasSuffix("\n") ? String(DemoScenario.json.dropLast()) : DemoScenario.json)
                try out.close()
            case .lessons:
                let out = LineWriter.standardOutput()
                try out.write(Lessons.list())
                try out.close()
            case .check(let file):
                let loaded = try load(file, profile: profile)
                let scenario = loaded.scenario
                // A file's warnings were printed as it loaded; the demo's and a lesson's are
                // built in and quiet elsewhere, but `check` is asked for them.
                if file == Arguments.demoFile || file.hasPrefix(Arguments.lessonPrefix) {
                    for warning in loaded.warnings { FileIO.printError("iamterm: \(warning)") }
                }
                try printOut(
                    "\(displayName(file)): ok: \(scenario.triggers.count) trigger\(scenario.triggers.count == 1 ? "" : "s"), \(scenario.timeline.count) timeline step\(scenario.timeline.count == 1 ? "" : "s"), \(loaded.warnings.count) warning\(loaded.warnings.count == 1 ? "" : "s")"
                )
                if file != Arguments.demoFile { print(CheckSummary.lines(loaded).joined(separator: "\n")) }
                // Issue 45: a version whose not-modelled rows the scenario exercises says so.
                let watch = NotModelledWatch.of(scenario, profile: scenario.settings.profile, until: loaded.until)
                for warning in watch.warnings { print("warning: " + warning) }
            case .run(let file, let format, let tracePath, let until, let picture):
                try FileIO.refuseShared([("--output", picture.output), ("--trace", tracePath)])
                if let tracePath { try FileIO.refuseOverwrite(at: tracePath, option: "--trace", over: file) }
                if let output = picture.output {
                    try FileIO.refuseOverwrite(at: output, option: "--output", over: file)
                    // Checked now: the picture's output is opened only once the run is done.
                    _ = try OutputFile.check(output, option: "--output", devices: true)
                }
                let loaded = try load(file, profile: profile)
                // §9: the command line's --until wins over the file's.
                if format == .svg {
                    try Headless.picture(loaded.scenario, tracePath: tracePath, until: until ?? loaded.until, picture)
                } else {
                    try Headless.run(
                        loaded.scenario, format: format == .jsonl ? .jsonl : .text, tracePath: tracePath,
                        until: until ?? loaded.until, output: picture.output)
                }
            case .interactive(let file, let options):
                let outputs = [
                    ("--trace", options.tracePath), ("--cast", options.castPath), ("--record", options.recordPath),
                ]
                try FileIO.refuseShared(outputs)
                let file = file == Arguments.demoFile ? nil : file
                if let file {
                    // The simulator reads keys from the terminal: the scenario is a regular file.
                    if file == "-" {
                        throw Arguments.usage(
                            "the simulator reads keys from the terminal, not a scenario from standard input; "
                                + "give a file path (or 'iamterm run -')")
                    }
                    for (option, path) in outputs {
                        if let path { try FileIO.refuseOverwrite(at: path, option: option, over: file) }
                    }
                }
                if let path = options.tracePath { try FileIO.refuseTerminal(path, option: "--trace") }
                var loaded = try load(file ?? Arguments.demoFile, keepingJSON: true, regularOnly: true)
                // The notes speak of the file's own platform, whatever `--profile` says.
                var options = options
                options.notesProfile = loaded.scenario.settings.profile.name
                if let profile { replaceProfile(of: &loaded, with: profile, file: file ?? Arguments.demoFile) }
                let scenario = loaded.scenario
                let title = scenario.name.isEmpty ? (file.map(displayName) ?? "demo") : scenario.name
                return runInteractive(
                    scenario: scenario, title: title, options: options, source: loaded.json,
                    warnings: loaded.warnings.map(\.description))
            }
            return ExitStatus.ok
        } catch {
            FileIO.printError("iamterm: \(error.message)")
            return error.status
        }
    }

    /// One line on standard output; a failed write (a full disk, a closed pipe) is exit 74.
    static func printOut(_ line: String) throws(CommandFailure) {
        let out = LineWriter.standardOutput()
        try out.write(line)
        try out.close()
    }

    static func displayName(_ file: String) -> String {
        // A file name is printed: controls in it must not reach the terminal raw.
        if file.hasPrefix(Arguments.lessonPrefix) {
            return "lesson:" + TraceFormat.visible(String(file.dropFirst(Arguments.lessonPrefix.count)))
        }
        return file == "-" ? "<stdin>" : file == Arguments.demoFile ? DemoScenario.fileName : TraceFormat.visible(file)
    }

    /// Loads a scenario with `profile` (from `--profile`) in place of its own, when given.
    static func load(
        _ file: String, profile: Profile?, keepingJSON: Bool = false, regularOnly: Bool = false
    ) throws(CommandFailure) -> LoadedScenario {
        var loaded = try load(file, keepingJSON: keepingJSON, regularOnly: regularOnly)
        if let profile { replaceProfile(of: &loaded, with: profile, file: file) }
        return loaded
    }

    /// `--profile` in place of the file's own; a setting the new profile's version lacks
    /// (versions.md) is warned about as the file's own profile's would have been.
    static func replaceProfile(of loaded: inout LoadedScenario, with profile: Profile, file: String) {
        let own = VersionedSettings.warnings(loaded.scenario.settings, file: displayName(file))
        loaded.scenario.settings.profile = profile
        for warning in VersionedSettings.warnings(loaded.scenario.settings, file: displayName(file))
        where !own.contains(warning) {
            FileIO.printError("iamterm: \(warning)")
            loaded.warnings.append(warning)
        }
    }

    /// Loads a scenario; warnings go to standard error and do not stop the run. `keepingJSON`:
    /// keep the parsed file too (the simulator saves sessions from it). `regularOnly`: anything
    /// but a regular file (a FIFO, a terminal, /dev/stdin on one) is refused without reading it,
    /// as `O` does: the simulator must not read its scenario where it reads keys.
    static func load(
        _ file: String, keepingJSON: Bool = false, regularOnly: Bool = false
    ) throws(CommandFailure) -> LoadedScenario {
        if file == Arguments.demoFile { return try demo(keepingJSON: keepingJSON) }
        if file.hasPrefix(Arguments.lessonPrefix) {
            return try Lessons.load(String(file.dropFirst(Arguments.lessonPrefix.count)), keepingJSON: keepingJSON)
        }
        let bytes = if regularOnly { try FileIO.readRegularFile(file) } else { try FileIO.read(file) }
        do {
            let loaded = try ScenarioLoader.load(bytes: bytes, file: displayName(file), keepingJSON: keepingJSON)
            for warning in loaded.warnings { FileIO.printError("iamterm: \(warning)") }
            return loaded
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.badScenario)
        }
    }

    static func demo(keepingJSON: Bool = false) throws(CommandFailure) -> LoadedScenario {
        do {
            return try ScenarioLoader.load(
                json: DemoScenario.json, file: DemoScenario.fileName, keepingJSON: keepingJSON)
        } catch {
            throw CommandFailure(message: "the built-in demo does not load: \(error)", status: ExitStatus.badScenario)
        }
    }
}

/// `iamterm run`: the timeline on the simulated clock, the trace streamed as it is decided.
enum Headless {
    static func run(
        _ scenario: Scenario, format: TraceFormat, tracePath: String?, until: Double?, output: String? = nil
    )
        throws(CommandFailure)
    {
        let out = try LineWriter.output(output)
        var lines = TraceWriter(format: format)
        let trace: LineWriter? = if let tracePath { try LineWriter.trace(path: tracePath) } else { nil }
        var traceLines = TraceWriter(format: .jsonl, capacity: 1 << 10)
        var watch = NotModelledWatch(scenario: scenario, profile: scenario.settings.profile)
        try ScenarioRunner.run(scenario, until: until) { (record: TraceRecord) throws(CommandFailure) in
            watch.take(record)
            lines.append(record)
            try out.drain(&lines)
            if let trace {
                // One write per record: a killed run leaves only whole lines.
                traceLines.append(record)
                try trace.drain(&traceLines)
            }
        }
        try out.drain(&lines, final: true)
        try trace?.close()
        try out.close()
        // Issue 45: no silent answer: a row this version has that the engine does not compute.
        for warning in watch.warnings { FileIO.printError("iamterm: warning: " + warning) }
    }
}
