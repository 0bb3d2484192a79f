import CTerminalSafety
import IAMEngine
import IAMExplore
import IAMScenario

#if canImport(Glibc)
    import Glibc
#endif

/// `iamterm explore FILE|--demo|--lesson NAME [--profile P | --profiles a,b,...] [--message ID]...
/// [--depth N] [--time-limit SECONDS] [--out DIR] [--format text|jsonl] [--from-timeline]` (explore.md).
enum ExploreCommand {
    struct Options: Equatable {
        var file: String
        var profiles: [String]?
        var messages: [String] = []
        var depth = 8
        var timeLimit = 10.0
        var out: String?
        var format = TraceFormatChoice.text
        var fromTimeline = false
        /// `--expect` (issue 47): each file written ends with the expectations its replay meets.
        var expect = false
    }

    static func parse(_ arguments: [String]) throws(CommandFailure) -> Options {
        var rest = arguments[...]
        var files: [String] = []
        var options = Options(file: "")
        func value(_ option: String) throws(CommandFailure) -> String {
            guard let value = rest.popFirst() else { throw Arguments.usage("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--demo": files.append(Arguments.demoFile)
            case "--lesson": files.append(Arguments.lessonFile(try value(argument)))
            case "--profile":
                let name = try value(argument)
                _ = try ProfileOption.profile(name, option: "--profile")
                guard options.profiles == nil else {
                    throw Arguments.usage("explore takes --profile or --profiles, once")
                }
                options.profiles = [name]
            case "--profiles":
                guard options.profiles == nil else {
                    throw Arguments.usage("explore takes --profile or --profiles, once")
                }
                options.profiles = try CompareCommand.names(try value(argument))
            case "--message":
                let id = try value(argument)
                guard !id.isEmpty else { throw Arguments.usage("--message needs a trigger id") }
                // A message named twice is searched and reported once.
                if !options.messages.contains(id) { options.messages.append(id) }
            case "--depth":
                let text = try value(argument)
                guard let depth = Int(text), (1...64).contains(depth) else {
                    throw Arguments.usage(
                        "--depth takes a whole number from 1 to 64, not '\(TraceFormat.visible(text))'")
                }
                options.depth = depth
            case "--time-limit":
                let text = try value(argument)
                guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                    throw Arguments.usage(
                        "--time-limit takes seconds above 0 and at most 86400, not '\(TraceFormat.visible(text))'")
                }
                options.timeLimit = seconds
            case "--out":
                let path = try value(argument)
                guard !path.isEmpty else { throw Arguments.usage("--out needs a folder") }
                options.out = path
            case "--format":
                let text = try value(argument)
                guard let choice = TraceFormatChoice(rawValue: text), choice != .svg else {
                    throw Arguments.usage("--format takes text or jsonl, not '\(TraceFormat.visible(text))'")
                }
                options.format = choice
            case "--from-timeline": options.fromTimeline = true
            case "--expect": options.expect = true
            default: files.append(try Arguments.scenarioFile(argument))
            }
        }
        options.file = try Arguments.oneScenario(files, for: "explore")
        if options.expect, options.out == nil { throw Arguments.usage("--expect writes into the files of --out DIR") }
        return options
    }

    static func main(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        let options = try parse(arguments)
        var loaded = try CommandLineTool.load(options.file, keepingJSON: options.out != nil)
        let scenario = loaded.scenario
        // What a written finding keeps of the file: all but its timeline (a finding writes its
        // own) and, from a fresh install, its `initial`; the rest of the document is let go.
        var source = loaded.json
        loaded.json = .null
        if case .object(var members) = source {
            members.removeAll { $0.key == "timeline" || (!options.fromTimeline && $0.key == "initial") }
            source = .object(members)
        }
        let ids = Set(scenario.triggers.map(\.id))
        for id in options.messages where !ids.contains(id) {
            throw Arguments.usage("--message names no trigger of the scenario: '\(TraceFormat.visible(id))'")
        }
        let profiles = (options.profiles ?? [scenario.settings.profile.name]).compactMap(Profile.named)
        let explorer = Explorer(
            scenario,
            options: Explorer.Options(
                depth: options.depth, fromTimeline: options.fromTimeline, messages: options.messages))
        let folder = try options.out.map { (path) throws(CommandFailure) in
            var folder = try OutFolder(
                path, input: options.file, messages: explorer.messages, profiles: profiles.map(\.name))
            folder.expect = options.expect
            return folder
        }

        let started = monotonicSeconds()
        let showProgress = isatty(STDERR_FILENO) == 1
        var shown = started
        var report = explorer.run(
            profiles: profiles, shouldStop: { monotonicSeconds() - started > options.timeLimit },
            progress: { states, depth in
                // Ten lines a second at most: the line is for a person watching.
                guard showProgress, monotonicSeconds() - shown >= 0.1 else { return }
                shown = monotonicSeconds()
                FileIO.printErrorRaw(
                    "\rexplore: \(states) states, depth \(depth), "
                        + TraceFormat.fixed3(shown - started).dropLast(2) + " s of "
                        + TraceFormat.number(options.timeLimit) + "   ")
            })
        if showProgress { FileIO.printErrorRaw("\r\u{1B}[K") }
        let seconds = monotonicSeconds() - started

        var written: [String: String] = [:]
        if var out = folder {
            // Writing is on the same clock as the search: a finding not written within the
            // limit is counted in the report, not written late.
            let unwritten: Int
            (written, unwritten) = try writeFindings(
                report, to: &out, source: source, overTime: { monotonicSeconds() - started > options.timeLimit })
            if unwritten > 0 {
                report.unfinished.append(
                    "\(unwritten) finding file\(unwritten == 1 ? "" : "s") not written (the time limit)")
            }
        }
        let title = scenario.name.isEmpty ? CommandLineTool.displayName(options.file) : scenario.name
        let lines =
            options.format == .jsonl
            ? ExploreReport.jsonLines(report, written: written, seconds: seconds)
            : ExploreReport.text(
                report, title: title, profiles: profiles.map(\.name), written: written, seconds: seconds,
                width: CompareCommand.terminalWidth() ?? 80)
        let out = LineWriter.standardOutput()
        for line in lines { try out.write(line) }
        try out.close()
        return ExitStatus.ok
    }

    /// Writes each finding and parting of `report` into `out`, while `overTime` (asked before
    /// each file and every 4,096 steps of a shared start) answers false: the paths written (by
    /// `f<index>` and `p<index>`) and how many were not. From the timeline's end every file
    /// starts with the same steps: they are encoded once and copied into each.
    static func writeFindings(
        _ report: Explorer.Report, to out: inout OutFolder, source: JSONValue, overTime: () -> Bool
    ) throws(CommandFailure) -> (written: [String: String], unwritten: Int) {
        var written: [String: String] = [:]
        var unwritten = 0
        var shared: [UInt8]? = []
        let firstFinding: [Move]? = report.findings.first(where: { $0.outcome != nil })?.start
        let sharedStart = firstFinding ?? report.partings.first?.start ?? []
        if !sharedStart.isEmpty {
            let start = sharedStart
            var lines: [UInt8] = []
            var index = 0
            while index < start.count, !overTime() {
                let end = min(start.count, index + 4_096)
                lines += RecordedScenario.sharedLines(start[index..<end].lazy.map { $0.step })
                index = end
            }
            shared = index == start.count ? lines : nil
        }
        func write(
            _ name: String, _ start: [Move], _ searched: [Move], _ profile: Profile, endless: Bool = false,
            others: [Profile] = []
        ) throws(CommandFailure) -> String? {
            guard let shared, !overTime() else {
                unwritten += 1
                return nil
            }
            // The shared lines only for the start they were made of (a pair of platforms may start
            // otherwise: each platform's first delivery ends when its own does); the others whole.
            // One list shared by every finding compares equal at once (the same storage).
            // With --expect the file is loaded again to replay it: written whole.
            let sharing = !out.expect && !start.isEmpty && start == sharedStart
            return try out.write(
                name: name, shared: sharing ? shared : [], moves: sharing ? [] : start + searched,
                steps: sharing ? searched : [], until: endless ? nil : (searched.last ?? start.last)?.at ?? 0,
                source: source, profile: profile, others: others)
        }
        for (index, finding) in report.findings.enumerated() {
            guard let outcome = finding.outcome, let profile = Profile.named(finding.profile) else { continue }
            let name = "\(finding.message).\(finding.profile).\(outcome.fileWord).json"
            written["f\(index)"] = try write(name, finding.start, finding.searched, profile)
        }
        var taken: Set<String> = []
        for (index, parting) in report.partings.enumerated() {
            guard let profile = Profile.named(parting.profiles[0]) else { continue }
            // The message's shortest parting has the spec's name; each further one (another
            // row explains it) adds its row: `<message>.<a>-vs-<b>.<row>.json`.
            let base = "\(parting.message).\(parting.profiles.joined(separator: "-vs-"))"
            var name = base + ".json"
            if !taken.insert(name).inserted {
                name = base + "." + (parting.row ?? "no-row") + ".json"
                taken.insert(name)
            }
            // No `until`: compare of the file runs every pending deadline, the horizon the
            // parting was judged over.
            // With --expect, what the file shows under each platform that parts from the first.
            written["p\(index)"] = try write(
                name, parting.start, parting.searched, profile, endless: true,
                others: parting.profiles.dropFirst().compactMap(Profile.named))
        }
        return (written, unwritten)
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// `--out DIR`: the folder the findings are written to, made when missing; each file once.
/// Checked before the search: the folder must take a new file (else exit 73), and no file there
/// that explore may write (`mayWrite`) may be the scenario it reads (exit 64). A file is
/// written under a temporary name and renamed into place: an earlier run's regular file is
/// replaced, a symbolic link never (nothing is written through it, exit 73).
struct OutFolder {
    let path: String
    /// The trigger ids findings are written for, and the platforms' names.
    let messages: [String]
    let profiles: [String]
    /// The scenario file read (`nil` for a built-in one): no finding may replace it.
    private let input: FileIdentity?
    /// The names written so far: two ids that make the same safe name get `-2`, `-3`.
    private var names: Set<String> = []
    /// `--expect`: each file ends with the expectations its replay meets (`ObservedExpectations`).
    var expect = false

    /// A file name is at most this long (ASCII): the part before `.json` is cut to fit.
    static let maxName = 120

    init(_ path: String, input: String, messages: [String], profiles: [String]) throws(CommandFailure) {
        self.path = path
        self.messages = messages
        self.profiles = profiles
        self.input = Self.identity(ofInput: input)
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw CommandFailure(
                    message: "\(path): --out needs a folder, not a file", status: ExitStatus.cannotCreate)
            }
        } else if mkdir(path, 0o755) != 0 {
            throw CommandFailure(
                message: "\(path): --out cannot make the folder: \(String(cString: strerror(errno)))",
                status: ExitStatus.cannotCreate)
        }
        try probe()
        try refuseInput()
    }

    /// The file a scenario argument names, by device and inode: standard input's for `-`;
    /// `nil` for a built-in scenario (`--demo`, `--lesson`).
    private static func identity(ofInput input: String) -> FileIdentity? {
        guard !input.hasPrefix("\u{0}") else { return nil }
        var info = stat()
        let found = input == "-" ? fstat(STDIN_FILENO, &info) == 0 : stat(input, &info) == 0
        guard found, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return .file(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino))
    }

    /// Creates and removes a file in the folder, so that one where nothing can be written is
    /// reported before the search, not after it (exit 73).
    private func probe() throws(CommandFailure) {
        for n in 0..<1000 {
            let name = file(".iamterm-probe.\(getpid())-\(n).tmp")
            let fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                close(fd)
                unlink(name)
                return
            }
            if errno != EEXIST { break }
        }
        throw CommandFailure(
            message: "\(path): --out cannot write in this folder: \(String(cString: strerror(errno)))",
            status: ExitStatus.cannotCreate)
    }

    /// Refuses (exit 64) when a file in the folder that explore may write is the scenario it
    /// reads (the same file by device and inode: the path, a link to it, standard input
    /// redirected from it).
    private func refuseInput() throws(CommandFailure) {
        guard let input, let dir = opendir(path) else { return }
        defer { closedir(dir) }
        var clash: String?
        while clash == nil, let entry = readdir(dir) {
            guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { continue }
            let name = String(
                cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
            guard Self.mayWrite(name, messages: messages, profiles: profiles),
                FileIdentity(file(name)) == input
            else { continue }
            clash = name
        }
        guard let clash else { return }
        throw Arguments.usage(
            "--out \(TraceFormat.visible(path)) holds the scenario file as \(TraceFormat.visible(clash)), "
                + "a name explore may write a finding to: choose another folder")
    }

    /// Whether explore may write a finding or a parting named `name`: `<message>.<platform>`
    /// made safe, then anything, `.json` (a name cut at `maxName` counts too).
    static func mayWrite(_ name: String, messages: [String], profiles: [String]) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        let stem = name.dropLast(5)
        // A repeated name gets `-2`, `-3`: a stem is matched with and without it.
        var stems = [stem]
        if let dash = stem.lastIndex(of: "-") {
            let counter = stem[stem.index(after: dash)...]
            if !counter.isEmpty, counter.allSatisfy({ $0 >= "0" && $0 <= "9" }) { stems.append(stem[..<dash]) }
        }
        for message in messages {
            for profile in profiles {
                let prefix = safe(message + "." + profile, limit: Int.max)
                for stem in stems {
                    // A stem cut at `maxName` holds only the start of the prefix.
                    if stem.hasPrefix(prefix) || (stem.count == maxName - 5 && prefix.hasPrefix(stem)) { return true }
                }
            }
        }
        return false
    }

    /// A file name made of the id's safe characters (a message id may hold anything), at most
    /// `limit` characters.
    static func safe(_ name: String, limit: Int) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            let ok =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "-" || scalar == "_"
            out.unicodeScalars.append(ok ? scalar : "_")
            if out.unicodeScalars.count >= limit { break }
        }
        return out.hasPrefix(".") ? "_" + out.dropFirst() : out
    }

    /// The safe name of a file written for `name` (which ends in `.json`): the part before it
    /// cut to fit `maxName`, `.json` kept.
    static func fileName(_ name: String) -> String {
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        return safe(stem, limit: maxName - 5) + ".json"
    }

    private func file(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// Writes the scenario that replays `moves` (a fresh start's whole sequence), or the shared
    /// start's lines (`RecordedScenario.sharedLines`) then `steps`, and returns its path; `until`
    /// `nil` writes none (a parting's file: every pending deadline runs). With `--expect` the
    /// whole sequence comes in `moves`, and `others` are the platforms a parting's file also
    /// states what it shows under.
    mutating func write(
        name: String, shared: [UInt8], moves: [Move], steps: [Move], until: Double?, source: JSONValue,
        profile: Profile, others: [Profile] = []
    ) throws(CommandFailure) -> String {
        var safe = Self.fileName(name)
        let stem = String(safe.dropLast(5))
        var counter = 1
        while !names.insert(safe).inserted {
            counter += 1
            safe = stem + "-\(counter).json"
        }
        let file = file(safe)
        // Checked before the search; checked again, since the folder may have changed since.
        if let input, FileIdentity(file) == input {
            throw Arguments.usage(
                "\(TraceFormat.visible(file)): --out would overwrite the scenario file; choose another folder")
        }
        let bytes =
            shared.isEmpty
            ? Array(
                RecordedScenario.text(
                    source: source, timeline: moves.map(\.step), until: until, profile: profile, expect: expect,
                    expectUnder: others
                ).utf8)
            : RecordedScenario.bytes(
                source: source, shared: shared, steps: steps.map(\.step), until: until, profile: profile)
        try OutputFile.check(file, option: "--out", followsLinks: false).write(bytes)
        return file
    }
}
