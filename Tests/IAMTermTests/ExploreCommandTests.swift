import Foundation
import IAMEngine
import IAMExplore
import IAMScenario
import Testing

@testable import IAMTerm

/// `iamterm explore` (explore.md): the files it writes replay to their findings through `run`,
/// its JSON lines follow the spec's shapes, bad input gets 64 or 65.
@Suite("explore command")
struct ExploreCommandTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-explore-\(UUID().uuidString)")
        return url
    }

    /// One parsed JSON line.
    static func object(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("--out: every finding's and parting's file replays through run to the record it was written for")
    func writtenFilesReplay() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try BinaryRunner.run([
            "explore", "--demo", "--depth", "2", "--profiles", "ios,web", "--out", out.path, "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let summary = try Self.object(try #require(lines.last))
        #expect(summary["type"] as? String == "summary")
        #expect(summary["complete"] as? Bool == true)
        var replayed = 0
        for line in lines.dropLast() {
            let record = try Self.object(line)
            guard record["type"] as? String == "finding", let path = record["scenario"] as? String,
                let message = record["message"] as? String, let outcome = record["outcome"] as? String,
                let profile = record["profile"] as? String
            else { continue }
            let run = try BinaryRunner.run(["run", path, "--format", "jsonl"])
            #expect(run.status == 0)
            let trace = try run.stdout.split(separator: "\n").map(Self.object)
            #expect(trace.first?["profile"] as? String == profile, "\(path)")
            let parts = outcome.split(separator: ":", maxSplits: 1).map(String.init)
            let found = trace.contains { entry in
                entry["message"] as? String == message && entry["type"] as? String == parts[0]
                    && (parts.count == 1 || entry["reason"] as? String == parts[1])
            }
            #expect(found, "\(path) does not replay to \(outcome)")
            replayed += 1
        }
        #expect(replayed >= 20)
        // Issue 47: the folder is a suite `iamterm test` runs (no expect: each file loads and runs).
        let suite = try BinaryRunner.run(["test", out.path])
        #expect(suite.status == 0, "\(suite.stdout)")
        #expect(suite.stdout.hasSuffix(" passed, 0 failed\n"))
        let partings = try lines.map(Self.object).filter { $0["type"] as? String == "parting" }
        #expect(!partings.isEmpty)
        // A message parts for several rows: each parting has a file of its own.
        let paths = partings.compactMap { $0["scenario"] as? String }
        #expect(Set(paths).count == partings.count)
        #expect(paths.contains { $0.hasSuffix("store-map-landscape.ios-vs-web.json") })
        for parting in partings {
            let path = try #require(parting["scenario"] as? String)
            #expect(FileManager.default.fileExists(atPath: path))
            // Issue 44: compare of the file shows the message's fate parting, in the same words.
            let pair = (parting["profiles"] as? [String] ?? []).joined(separator: ",")
            let judged = try BinaryRunner.run(["compare", path, "--profiles", pair, "--format", "jsonl"])
            let fate = try judged.stdout.split(separator: "\n").map(Self.object).first {
                $0["type"] as? String == "fate" && $0["message"] as? String == parting["message"] as? String
            }
            let fates = (fate?["fates"] as? [String: String]).map { found in
                (parting["profiles"] as? [String] ?? []).map { found[$0] ?? "" }
            }
            #expect(fate?["agree"] as? Bool == false, "\(parting)")
            #expect(fates == parting["fates"] as? [String], "\(parting)")
            if let row = parting["row"] as? String {
                #expect(Difference(rawValue: row) != nil, "\(parting)")
                continue
            }
            // Where two rows part them together (X58 with X62, say), no single row explains the
            // parting: compare of the file written for it says the same.
            let profiles = (parting["profiles"] as? [String] ?? []).joined(separator: ",")
            let compare = try BinaryRunner.run(["compare", path, "--profiles", profiles])
            let unexplained = ["no single difference explains it", "several"]
            #expect(unexplained.contains { compare.stdout.contains($0) }, "\(parting)")
        }
        #expect(partings.filter { $0["row"] is String }.count * 2 > partings.count)
    }

    /// A timeline of `noise` events after a launch that shows `shown` (its event `e0` is raised
    /// at 1 s), and a trigger `later` on `e1` that the timeline never raises.
    static func longTimeline(_ steps: Int) throws -> URL {
        var timeline = [#"{"at":0,"do":"launch"}"#, #"{"at":1,"do":"customEvent","name":"e0"}"#]
        for j in 0..<steps { timeline.append(#"{"at":\#(20 + Double(j) / 100),"do":"customEvent","name":"noise"}"#) }
        let triggers = ["e0", "e1"].enumerated().map { index, event in
            #"{"id":"\#(index == 0 ? "shown" : "later")","re_eligibility":0,"trigger_condition":[{"type":"custom_event","data":{"event_name":"\#(event)"}}],"data":{"type":"SLIDEUP","message":"m"}}"#
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iamterm-timeline-\(UUID().uuidString).json")
        let text =
            #"{"settings":{"minimumTriggerInterval":0},"triggers":["# + triggers.joined(separator: ",")
            + #"],"timeline":["# + timeline.joined(separator: ",") + "]}"
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("--from-timeline --out: each file holds the timeline then the finding's moves and replays to it")
    func fromTimelineFilesReplay() throws {
        let scenario = try Self.longTimeline(200)
        let out = try Self.folder()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: scenario)
        }
        let result = try BinaryRunner.run([
            "explore", scenario.path, "--from-timeline", "--depth", "1", "--out", out.path, "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try result.stdout.split(separator: "\n").map(Self.object)
        let later = try #require(
            records.first { $0["message"] as? String == "later" && $0["outcome"] as? String == "displayed" })
        #expect(later["steps"] as? Int == 1)
        let path = try #require(later["scenario"] as? String)
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        // The launch, e0, the 200 noise events, then the search's move.
        #expect((written["timeline"] as? [Any])?.count == 203)
        let run = try BinaryRunner.run(["run", path, "--format", "jsonl"])
        #expect(run.status == 0)
        let trace = try run.stdout.split(separator: "\n").map(Self.object)
        #expect(trace.contains { $0["message"] as? String == "later" && $0["type"] as? String == "displayed" })
        // The text report sums the long start up in one line.
        let text = try BinaryRunner.run(["explore", scenario.path, "--from-timeline", "--depth", "1"])
        #expect(text.stdout.contains("the timeline's 202 steps"))
        #expect(!text.stdout.contains("noise"))
    }

    @Test("--out on the clock: the files not written when the clock says stop are counted, none written late")
    func outOnTheClock() throws {
        let url = try Self.longTimeline(50)
        let out = try Self.folder()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: url)
        }
        let scenario = try ScenarioLoader.load(json: String(contentsOf: url, encoding: .utf8), file: "t.json")
        let report = Explorer(scenario.scenario, options: .init(depth: 1, fromTimeline: true)).run(profiles: [.ios])
        let files = report.findings.filter { $0.outcome != nil }.count
        #expect(files == 2)
        var folder = try OutFolder(out.path, input: url.path, messages: ["shown", "later"], profiles: ["ios"])
        // The clock allows the shared start (one ask) and the first file, then says stop.
        var asks = 0
        let result = try ExploreCommand.writeFindings(report, to: &folder, source: .object([])) {
            asks += 1
            return asks > 2
        }
        #expect(result.written.count == 1)
        #expect(result.unwritten == files - 1)
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }
        #expect(written.count == 1)
    }

    @Test("text at 80 columns: every line fits; never-findings name their gate")
    func text() throws {
        let result = try BinaryRunner.run(["explore", "--demo", "--depth", "2"])
        #expect(result.status == 0)
        for line in result.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(result.stdout.contains("never displayed within 2 moves\n    held back by "))
    }

    static let badInputs: [([String], Int32)] = [
        (["explore"], 64),
        (["explore", "--demo", "--depth", "0"], 64),
        (["explore", "--demo", "--depth", "x"], 64),
        (["explore", "--demo", "--time-limit", "-1"], 64),
        (["explore", "--demo", "--profile", "nokia"], 64),
        (["explore", "--demo", "--profile", "ios", "--profiles", "ios,web"], 64),
        (["explore", "--demo", "--message", "no-such-trigger"], 64),
        (["explore", "--demo", "--format", "svg"], 64),
        (["explore", "--demo", "--bogus"], 64),
        (["explore", "no-such-file.json"], 66),
    ]

    @Test("bad arguments exit 64, a missing file 66, a bad scenario 65", arguments: badInputs)
    func badInput(_ arguments: [String], _ status: Int32) throws {
        let result = try BinaryRunner.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a scenario that does not load exits 65 with its path")
    func badScenario() throws {
        let result = try BinaryRunner.run(["explore", "-"], stdin: Data(#"{"triggers": [{"id": 3}]}"#.utf8))
        #expect(result.status == 65)
        #expect(result.stderr.contains("triggers[0]"))
    }
}

/// versions.md on the command line: `versions`, `profiles NAME@VERSION`, errors, at 80 columns.
@Suite("versions command")
struct VersionsCommandTests {
    @Test("versions and profiles NAME@VERSION fit 80 columns and name the range, the rows and the sources")
    func listing() throws {
        let versions = try BinaryRunner.run(["versions"])
        #expect(versions.status == 0)
        #expect(versions.stdout.contains("  android@7.0.0   test sends show on arrival by default (TS2)\n"))
        let android = try BinaryRunner.run(["profiles", "android@6.0.0"])
        #expect(android.status == 0)
        #expect(
            android.stdout.contains(
                "android at 6.0.0 (known: 1.13.0 to 43.0.0)\n  X44   not at this version: before 3.1.0"))
        #expect(android.stdout.contains("\n  TS2   applies: before 7.0.0"))
        #expect(android.stdout.contains("\n  X40   applies: before 35.0.0: nothing cleared"))
        #expect(android.stdout.contains("  X8    not modelled: before 8.1.0"))
        for line in (versions.stdout + android.stdout).split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test("a version outside the known range is a usage error (64) or a load error with its path (65)")
    func errors() throws {
        let run = try BinaryRunner.run(["run", "--demo", "--profile", "android@99.0.0"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("android@99.0.0 is outside the versions known: 1.13.0 to 43.0.0"))
        let compare = try BinaryRunner.run(["compare", "--demo", "--profiles", "ios,web@1.0.0"])
        #expect(compare.status == 64)
        let load = try BinaryRunner.run(
            ["run", "-"], stdin: Data(#"{"settings": {"profile": "swift@4.0.0"}, "triggers": []}"#.utf8))
        #expect(load.status == 65)
        #expect(load.stderr.contains("settings.profile"))
        #expect(load.stderr.contains("5.0.0 to 18.2.0"))
    }

    @Test("compare across two versions names the row and the version (exit 3)")
    func compareVersions() throws {
        let result = try BinaryRunner.run([
            "compare", "../../../docs/examples/test-send.json", "--profiles", "android@6.0.0,android@37.0.0",
        ])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("(TS2 changes at android 7.0.0"))
    }
}

/// Issue 48: `--out` is checked before the search as the other outputs are, never replaces the
/// scenario it reads and never writes through a symbolic link; its names keep `.json`; a
/// message named twice is searched once.
extension ExploreCommandTests {
    /// One trigger, `id`, that shows on the event `e`.
    static func scenario(id: String = "a") -> String {
        """
        {"triggers": [{"id": "\(id)", "re_eligibility": 0,
          "trigger_condition": [{"type": "custom_event", "data": {"event_name": "e"}}],
          "data": {"type": "SLIDEUP", "message": "hi"}}],
         "timeline": [{"at": 0, "do": "launch"}]}
        """
    }

    /// A fresh folder (its path ends with `/`).
    static func made() throws -> String {
        let url = try folder()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path + "/"
    }

    static let long = String(repeating: "m", count: 300)

    @Test("--out refuses (64, before the search) a folder where a finding's name is the scenario itself")
    func outRefusesTheScenario() throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The scenario where the finding `a (ios) displayed` would be written, read by its path
        // and through a link from elsewhere; a cut name (a 300-character id) the same.
        let cases: [(id: String, name: String)] = [
            ("a", "a.ios.displayed.json"), (Self.long, String(repeating: "m", count: 115) + ".json"),
        ]
        for (id, name) in cases {
            let text = Self.scenario(id: id)
            try text.write(toFile: dir + name, atomically: true, encoding: .utf8)
            let link = dir + "elsewhere-link.txt"
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir + name)
            for input in [dir + name, link] {
                let result = try BinaryRunner.run([
                    "explore", input, "--profile", "ios", "--depth", "2", "--out", dir, "--format", "jsonl",
                ])
                #expect(result.status == 64, "\(input): \(result.stderr)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("holds the scenario file as \(name)"), "\(result.stderr)")
                #expect(try String(contentsOfFile: dir + name, encoding: .utf8) == text, "\(input) was overwritten")
            }
            try FileManager.default.removeItem(atPath: dir + name)
        }
        // Another scenario file in the folder, of a name explore never writes, is no obstacle.
        try Self.scenario().write(toFile: dir + "bug.json", atomically: true, encoding: .utf8)
        let result = try BinaryRunner.run([
            "explore", dir + "bug.json", "--profile", "ios", "--depth", "2", "--out", dir,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "a.ios.displayed.json"))
    }

    @Test(
        "--out never writes through a symbolic link (73, the file it names unchanged); an earlier run's file is replaced"
    )
    func outNeverFollowsLinks() throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scenario = dir + "bug.json"
        try Self.scenario().write(toFile: scenario, atomically: true, encoding: .utf8)
        let out = dir + "out/"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let victim = dir + "victim.txt"
        try "keep".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: out + "a.ios.displayed.json", withDestinationPath: victim)
        let linked = try BinaryRunner.run(["explore", scenario, "--profile", "ios", "--depth", "2", "--out", out])
        #expect(linked.status == 73, "\(linked.stderr)")
        #expect(linked.stderr.contains("a symbolic link; nothing is written through it"), "\(linked.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "a.ios.displayed.json") == victim)

        // A regular file left by an earlier run is replaced by the finding.
        try FileManager.default.removeItem(atPath: out + "a.ios.displayed.json")
        try "earlier".write(toFile: out + "a.ios.displayed.json", atomically: true, encoding: .utf8)
        let again = try BinaryRunner.run(["explore", scenario, "--profile", "ios", "--depth", "2", "--out", out])
        #expect(again.status == 0, "\(again.stderr)")
        let replay = try BinaryRunner.run(["run", out + "a.ios.displayed.json", "--format", "jsonl"])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains(#""type":"displayed","message":"a""#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).allSatisfy { $0.hasSuffix(".json") })
    }

    @Test("--out: a folder where nothing can be created is refused (73) before the search, even one that finds nothing")
    func outCheckedBeforeTheSearch() throws {
        // Nothing is ever written to /proc/self, by root or not; a scenario without triggers
        // finds nothing, so only a check made before the search can refuse it.
        let result = try BinaryRunner.run(
            ["explore", "-", "--depth", "1", "--out", "/proc/self"], stdin: Data(#"{"triggers": []}"#.utf8))
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("/proc/self: --out cannot write in this folder"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("--out: a name cut at 120 characters keeps .json and replays")
    func cutNamesKeepJSON() throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "out/"
        let result = try BinaryRunner.run(
            ["explore", "-", "--profile", "ios", "--depth", "2", "--out", out, "--format", "jsonl"],
            stdin: Data(Self.scenario(id: Self.long).utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(!names.isEmpty)
        for name in names {
            #expect(name.hasSuffix(".json"), "\(name)")
            #expect(name.count <= 120, "\(name)")
            #expect(try BinaryRunner.run(["run", out + name]).status == 0, "\(name)")
        }
    }

    @Test("--message named twice is searched and reported once")
    func duplicateMessagesCollapse() throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func findings(_ extra: [String], _ out: String) throws -> [String] {
            let result = try BinaryRunner.run(
                ["explore", "--demo", "--profile", "ios", "--depth", "2", "--format", "jsonl", "--out", dir + out]
                    + extra)
            #expect(result.status == 0, "\(result.stderr)")
            // The summary's time differs from run to run; every other line must not.
            return result.stdout.split(separator: "\n").dropLast().map { $0.replacingOccurrences(of: out, with: "") }
        }
        let once = try findings(["--message", "cart-reminder"], "once")
        let twice = try findings(["--message", "cart-reminder", "--message", "cart-reminder"], "twice")
        #expect(!once.isEmpty)
        #expect(twice == once)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir + "twice").sorted()
                == FileManager.default.contentsOfDirectory(atPath: dir + "once").sorted())
    }
}

/// Issue 48: `--profiles` counts a version once however it is written.
extension ExploreCommandTests {
    @Test("--profiles: the same version written otherwise counts once (compare and explore)")
    func duplicateVersionsCollapse() throws {
        let one = try BinaryRunner.run(["compare", "--demo", "--profiles", "android@6.0.0,android@06.0.0,android@6.0"])
        #expect(one.status == 64, "\(one.stdout)")
        #expect(one.stderr.contains("--profiles needs two or more different names"), "\(one.stderr)")
        let three = try BinaryRunner.run(["compare", "--demo", "--profiles", "ios,android@6.0.0,android@6.0,ios"])
        #expect(
            three.stdout.hasPrefix("Coffee Shop under ios, android@6.0.0, to every pending deadline\n"),
            "\(three.stdout)\(three.stderr)")
        let explore = try BinaryRunner.run([
            "explore", "--demo", "--depth", "1", "--profiles", "android@6.0.0,android@06.0.0,web", "--format", "jsonl",
        ])
        #expect(explore.status == 0, "\(explore.stderr)")
        let findings = explore.stdout.split(separator: "\n").filter { $0.contains(#""type":"finding""#) }
        let welcome = findings.filter { $0.contains(#""message":"welcome""#) }
        #expect(welcome.count == 2, "\(welcome)")
    }
}
