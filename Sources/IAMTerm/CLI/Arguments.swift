import IAMEngine
import IAMSimulator

/// The command line, parsed. Options may come before or after positional arguments.
enum Command: Equatable {
    case run(
        file: String, format: TraceFormatChoice, tracePath: String?, until: Double?, picture: PictureOptions = .init())
    case check(file: String)
    case scenario
    case lessons
    case help
    case version
    case interactive(file: String?, options: InteractiveOptions)
}

enum TraceFormatChoice: String, Equatable { case text, jsonl, svg }

/// `run`'s `--output PATH` and the SVG's `--from`/`--to` zoom (seconds).
struct PictureOptions: Equatable {
    var output: String?
    var from: Double?
    var to: Double?
}

enum Arguments {
    static func parse(_ arguments: [String]) throws(CommandFailure) -> Command {
        var rest = arguments[...]
        if rest.contains("--help") || rest.contains("-h") { return .help }
        if rest.contains("--version") { return .version }
        switch rest.first {
        case "run":
            rest.removeFirst()
            var format = TraceFormatChoice.text
            var tracePath: String?
            var until: Double?
            var files: [String] = []
            var picture = PictureOptions()
            while let argument = rest.popFirst() {
                switch argument {
                case "--format":
                    let value = try value(of: argument, &rest)
                    guard let choice = TraceFormatChoice(rawValue: value) else {
                        throw usage("--format takes text, jsonl or svg, not '\(value)'")
                    }
                    format = choice
                case "--output": picture.output = try path(of: argument, &rest)
                case "--from", "--to":
                    let value = try value(of: argument, &rest)
                    guard let seconds = decimal(value), seconds < maxTime else {
                        throw usage("\(argument) takes a decimal number of seconds from 0 to below 1e9, not '\(value)'")
                    }
                    if argument == "--from" { picture.from = seconds } else { picture.to = seconds }
                case "--trace": tracePath = try traceFile(&rest)
                case "--demo": files.append(demoFile)
                case "--lesson": files.append(lessonFile(try value(of: argument, &rest)))
                case "--until":
                    let value = try value(of: argument, &rest)
                    guard let seconds = decimal(value), seconds < maxTime else {
                        throw usage("--until takes a decimal number of seconds from 0 to below 1e9, not '\(value)'")
                    }
                    until = seconds
                default: try files.append(positional(argument))
                }
            }
            if let from = picture.from, let to = picture.to, to <= from {
                throw usage("--to must be later than --from")
            }
            if format != .svg, picture.from != nil || picture.to != nil {
                throw usage("--from and --to zoom the picture of --format svg")
            }
            return .run(
                file: try single(files, for: "run"), format: format, tracePath: tracePath, until: until,
                picture: picture)
        case "check":
            rest.removeFirst()
            var files: [String] = []
            while let argument = rest.popFirst() {
                try files.append(argument == "--demo" ? demoFile : positional(argument))
            }
            return .check(file: try single(files, for: "check"))
        case "scenario":
            guard rest.count == 1 else { throw usage("scenario takes no arguments") }
            return .scenario
        case "lessons":
            guard rest.count == 1 else { throw usage("lessons takes no arguments") }
            return .lessons
        default:
            var settings = InteractiveOptions()
            var files: [String] = []
            while let argument = rest.popFirst() {
                switch argument {
                case "--play": settings.play = true
                case "--paused": settings.paused = true
                case "--no-color": settings.noColor = true
                case "--trace": settings.tracePath = try traceFile(&rest)
                case "--record": settings.recordPath = try path(of: argument, &rest)
                case "--expect": settings.expect = true
                case "--cast": settings.castPath = try path(of: argument, &rest)
                case "--lesson":
                    let name = try value(of: argument, &rest)
                    files.append(lessonFile(name))
                    settings.lesson = name
                    settings.paused = true // a lesson opens paused, to be read step by step
                // The simulator opens the demo without a file; `--demo` says so as run's does.
                case "--demo": files.append(demoFile)
                case "--speed":
                    let value = try value(of: argument, &rest)
                    guard let speed = decimal(value), (0.25...16).contains(speed) else {
                        throw usage("--speed takes a number from 0.25 to 16, not '\(value)'")
                    }
                    settings.speed = speed
                default: try files.append(positional(argument))
                }
            }
            guard files.count <= 1 else { throw usage("expected at most one scenario file, got \(files.count)") }
            return .interactive(file: files.first, options: settings)
        }
    }

    /// Stands for the built-in demo where a file is expected (`--demo`).
    static let demoFile = "\u{0}demo"

    /// Stands for a built-in lesson where a file is expected (`--lesson NAME`).
    static func lessonFile(_ name: String) -> String { lessonPrefix + name }
    static let lessonPrefix = "\u{0}lesson:"

    private static func value(of option: String, _ rest: inout ArraySlice<String>) throws(CommandFailure) -> String {
        guard let value = rest.popFirst() else { throw usage("\(option) needs a value") }
        return value
    }

    /// An output path (`--output`, `--trace`, `--record`, `--cast`): an empty one is refused
    /// here, before any work, rather than when the run is done and the file is opened.
    private static func path(of option: String, _ rest: inout ArraySlice<String>) throws(CommandFailure) -> String {
        let path = try value(of: option, &rest)
        guard !path.isEmpty else { throw usage("\(option) takes a file path, not an empty string") }
        return path
    }

    /// `--trace PATH`. `-` is refused rather than read as a file named `-` or as standard
    /// output (where `run` already prints the trace: `--format jsonl` puts JSON lines there).
    private static func traceFile(_ rest: inout ArraySlice<String>) throws(CommandFailure) -> String {
        let path = try Self.path(of: "--trace", &rest)
        if path == "-" {
            throw usage(
                "--trace takes a file path, not '-'; for JSON lines on standard output use 'run --format jsonl'")
        }
        return path
    }

    /// Simulation times stay below 10^9 seconds (spec §9).
    static let maxTime = 1e9

    /// A number as people write it: digits with an optional fraction (`10`, `2.5`, `.5`). No
    /// sign, exponent, hexadecimal, `inf` or `nan`, which `Double(_:)` would also accept.
    static func decimal(_ text: String) -> Double? {
        var digits = 0
        var points = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1, digits <= 30 else { return nil }
        return Double(text)
    }

    private static func positional(_ argument: String) throws(CommandFailure) -> String {
        if argument.hasPrefix("-"), argument != "-" { throw usage("unknown option '\(argument)'") }
        return argument
    }

    private static func single(_ files: [String], for command: String) throws(CommandFailure) -> String {
        guard files.count == 1 else {
            throw usage(
                files.isEmpty
                    ? "\(command) needs a scenario file (or - for standard input)"
                    : "\(command) takes one scenario file, got \(files.count)")
        }
        return files[0]
    }

    /// A positional argument of `compare` and `explore`: a scenario file, `-` for standard input;
    /// any other word starting with `-` is an unknown option.
    static func scenarioFile(_ argument: String) throws(CommandFailure) -> String {
        if argument.hasPrefix("-"), argument != "-" {
            throw usage("unknown option '\(TraceFormat.visible(argument))'")
        }
        return argument
    }

    /// The one scenario file `command` names (a file, `-`, `--demo` or `--lesson NAME`).
    static func oneScenario(_ files: [String], for command: String) throws(CommandFailure) -> String {
        guard files.count == 1 else {
            throw usage(
                files.isEmpty
                    ? "\(command) needs a scenario file (or - for standard input, --demo or --lesson NAME)"
                    : "\(command) takes one scenario file, got \(files.count)")
        }
        return files[0]
    }

    /// At most this many workers (`--jobs`).
    static let maxJobs = 256

    /// `--jobs N` (`test`, `compare`): a whole number of workers from 1 to `maxJobs`.
    static func jobs(_ value: String?, option: String) throws(CommandFailure) -> Int {
        guard let value else { throw usage("\(option) needs a value") }
        guard value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let jobs = Int(value),
            (1...maxJobs).contains(jobs)
        else {
            throw usage("\(option) takes a whole number from 1 to \(maxJobs), not '\(TraceFormat.visible(value))'")
        }
        return jobs
    }

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: "\(message)\nRun 'iamterm --help' for usage.", status: ExitStatus.usage)
    }

    static let help = """
        iamterm: see how a mobile SDK decides whether and when an in-app message shows.

        USAGE
          iamterm [SCENARIO.json|--demo] [--profile NAME] [--play] [--paused]
                  [--speed X] [--trace PATH] [--record PATH] [--expect] [--cast PATH]
                  [--lesson NAME] [--no-color]
              The interactive simulator (the built-in demo without a file).
          iamterm run FILE|--demo|--lesson NAME [--profile NAME]
                  [--format text|jsonl|svg] [--output PATH] [--trace PATH]
                  [--until SECONDS] [--from SECONDS] [--to SECONDS]
              Replay FILE's timeline (or the built-in demo's, or a lesson's) on the
              simulated clock and print the trace (svg: draw it as a timeline picture).
          iamterm check FILE|--demo [--profile NAME]
              Validate FILE; print warnings; exit 0 when it loads.
          iamterm compare FILE|--demo|--lesson NAME [--profiles a,b,...]
                  [--format text|jsonl] [--until SECONDS] [--jobs N]
              Run FILE under several platforms (default: all four) and show, per
              message, its fate under each, where the traces diverge and which
              difference (X-ID) explains it; each run stops where run stops
              (--until, else the file's until); its runs on N workers (default:
              every core). Exit 0 when all agree, 3 when they differ.
          iamterm explore FILE|--demo|--lesson NAME [--profile P | --profiles a,b,...]
                  [--message ID]... [--depth N] [--time-limit SECONDS] [--out DIR]
                  [--format text|jsonl] [--from-timeline] [--expect]
              Search the moves a user, the app and the clock can make for the
              shortest way to show each message, each way it can be thrown away,
              or why it never shows; with several platforms, where they part.
              --out writes each finding as a scenario file that run replays
              (with --expect, ending with what its replay shows, for test).
          iamterm test PATH... [--jobs N] [--profiles a,b,...] [--junit FILE]
              Run every scenario file (a folder: its *.json files at any depth)
              and check its "expect" list, on N workers (default: every core).
              One line per unmet expectation, then "N passed, M failed". Exit 0
              when all pass, 1 when one fails, 65 when a file does not load.
              --junit writes JUnit XML, one testcase per file and profile.
          iamterm profiles [NAME[@VERSION]]
              Each platform's answer to every difference, with its confidence; with
              a version, the rows that version changes and those not modelled.
          iamterm versions [NAME]
              Each platform's named SDK versions and what changes at each. Any
              --profile, --profiles or settings.profile takes NAME@VERSION.
          iamterm scenario
              Print the built-in demo scenario as JSON, to copy and edit.
          iamterm lessons
              List the built-in lessons. `iamterm --lesson NAME` opens one, paused, its
              notes shown step by step (> steps); `iamterm run --lesson NAME` runs it.

        FILE may be - for standard input.

        OPTIONS
          --format text|jsonl|svg
                               How run prints the trace (default text); svg draws it.
          --output PATH        Write run's output to PATH instead of standard output.
          --from, --to SECONDS Zoom the svg picture to that stretch of simulated time.
          --trace PATH         Also write the trace to PATH as JSON lines, flushed
                               per record (not '-', and not the scenario file).
          --until SECONDS      Stop the run at this simulation time, a decimal
                               number below 1e9 (default: the timeline's end and
                               every deadline after it; it wins over the file's
                               own `until`).
          --profile NAME       The platform: ios (default), swift, android or web;
                               replaces the scenario's settings.profile (run,
                               check, the simulator).
          --record PATH        Save the session as a scenario file at PATH when it
                               ends (and on S): `iamterm run PATH` replays it to
                               the same trace.
          --expect             A saved session (S, --record) ends with an "expect"
                               list of what its replay shows: iamterm test
                               checks it.
          --cast PATH          Record the session for `asciinema play` (asciinema
                               v2 format).
          --lesson NAME        A built-in lesson instead of a file (`iamterm lessons`).
          --play               Start the scenario's timeline at once.
          --paused             Start with the clock stopped.
          --speed X            Clock rate, a decimal number from 0.25 to 16
                               (default 1).
          --no-color           No colours (also when NO_COLOR is set).
          -h, --help           This text.
          --version            The version.

        EXIT STATUS
          0 success, 1 no terminal (test: an expectation not met), 3 compare: the
          platforms differ, 64 usage, 65 bad scenario (test: a file does not load),
          66 unreadable file, 73 output path refused before the run, 74 trace or
          output not writable.
        """
}
