import Foundation
import IAMEngine
import Testing

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
        let partings = try lines.map(Self.object).filter { $0["type"] as? String == "parting" }
        #expect(!partings.isEmpty)
        // A message parts for several rows: each parting has a file of its own.
        let paths = partings.compactMap { $0["scenario"] as? String }
        #expect(Set(paths).count == partings.count)
        #expect(paths.contains { $0.hasSuffix("store-map-landscape.ios-vs-web.json") })
        for parting in partings {
            let path = try #require(parting["scenario"] as? String)
            #expect(FileManager.default.fileExists(atPath: path))
            if let row = parting["row"] as? String {
                #expect(Difference(rawValue: row) != nil, "\(parting)")
                continue
            }
            // Where two rows part them together (X58 with X62, say), no single row explains the
            // parting: compare of the file written for it says the same.
            let profiles = (parting["profiles"] as? [String] ?? []).joined(separator: ",")
            let compare = try BinaryRunner.run(["compare", path, "--profiles", profiles])
            #expect(compare.stdout.contains("no single difference explains it"), "\(parting)")
        }
        #expect(partings.filter { $0["row"] is String }.count * 2 > partings.count)
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
