import Foundation
import IAMEngine
import IAMScenario
import Testing

@testable import IAMTerm

/// `iamterm compare` and `--profile` end to end (profiles.md), against golden outputs.
@Suite("iamterm compare and --profile")
struct CompareTests {
    /// Since the display rows X54–X63, android and web part from ios on some of these discards
    /// (`compare --demo` shows them); ios and swift still agree on every one.
    @Test("compare: a scenario where the platforms agree exits 0 (golden)")
    func agree() throws {
        let result = try BinaryRunner.run(["compare", "discards.json", "--profiles", "ios,swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("All 2 platforms write the same trace (exit status 0)."))
        if let problem = try BinaryRunner.assertGolden(result.stdout, "compare-discards.txt") {
            Issue.record("\(problem)")
        }
        let json = try BinaryRunner.run(["compare", "discards.json", "--profiles", "ios,swift", "--format", "jsonl"])
        #expect(json.status == 0)
        if let problem = try BinaryRunner.assertGolden(json.stdout, "compare-discards.jsonl") {
            Issue.record("\(problem)")
        }
    }

    @Test("issue 44: compare stops where run stops: the file's until, or --until")
    func until() throws {
        let json = """
            {"triggers": [{"id": "late", "type": "inapp", "delay": 12,
              "trigger_condition": [{"type": "custom_event", "data": {"event_name": "a"}}],
              "data": {"type": "SLIDEUP", "message": "late"}}],
             "timeline": [{"at": 0, "do": "launch"}, {"at": 1, "do": "customEvent", "name": "a"}], "until": 8}
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("compare-until-\(UUID()).json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try BinaryRunner.run(["run", file.path, "--format", "jsonl"])
        #expect(!run.stdout.contains("\"displayed\""))
        let cut = try BinaryRunner.run(["compare", file.path, "--profiles", "ios,android"])
        #expect(cut.status == 0)
        #expect(!cut.stdout.contains("displayed at 13"), "\(cut.stdout)")
        let longer = try BinaryRunner.run(["compare", file.path, "--profiles", "ios,android", "--until", "20"])
        #expect(longer.stdout.contains("displayed at 13"), "\(longer.stdout)")
        #expect(try BinaryRunner.run(["compare", file.path, "--until", "soon"]).status == 64)
    }

    @Test("SV4: compare names the per-platform setting that makes the platforms differ (golden), exit 3")
    func setting() throws {
        let result = try BinaryRunner.run(["compare", "compare-setting.json", "--profiles", "ios,android"])
        #expect(result.status == 3, "\(result.stderr)")
        if let problem = try BinaryRunner.assertGolden(result.stdout, "compare-setting.txt") {
            Issue.record("\(problem)")
        }
        let json = try BinaryRunner.run([
            "compare", "compare-setting.json", "--profiles", "ios,android", "--format", "jsonl",
        ])
        #expect(json.status == 3)
        if let problem = try BinaryRunner.assertGolden(json.stdout, "compare-setting.jsonl") {
            Issue.record("\(problem)")
        }
    }

    @Test("compare --demo: the platforms part; table, first divergence and X-IDs (golden), exit 3")
    func demo() throws {
        let result = try BinaryRunner.run(["compare", "--demo"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        if let problem = try BinaryRunner.assertGolden(result.stdout, "compare-demo.txt") { Issue.record("\(problem)") }
        let json = try BinaryRunner.run(["compare", "--demo", "--format", "jsonl", "--profiles", "ios,android"])
        #expect(json.status == 3)
        if let problem = try BinaryRunner.assertGolden(json.stdout, "compare-demo-ios-android.jsonl") {
            Issue.record("\(problem)")
        }
    }

    static let badInputs: [([String], Int32)] = [
        (["compare"], 64),
        (["compare", "--demo", "--profiles", "ios"], 64),
        (["compare", "--demo", "--profiles", "ios,windows"], 64),
        (["compare", "--demo", "--profiles", "ios,ios"], 64),
        (["compare", "--demo", "--profile", "ios"], 64),
        (["compare", "--demo", "--format", "xml"], 64),
        (["compare", "malformed.json"], 65),
        (["compare", "no-such-file.json"], 66),
    ]

    @Test("compare: bad input gets the usual codes", arguments: badInputs)
    func badInput(_ arguments: [String], _ status: Int32) throws {
        let result = try BinaryRunner.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("iamterm: "))
    }

    @Test("--profile: run's first record names it and the trace follows it; an unknown name is a usage error")
    func profileOption() throws {
        let android = try BinaryRunner.run(["run", "--demo", "--profile", "android", "--format", "jsonl"])
        #expect(android.status == 0)
        #expect(android.stdout.hasPrefix(#"{"t":0,"type":"app","reason":"profile","profile":"android"}"#))
        #expect(android.stdout.contains(#""type":"parked""#))
        let text = try BinaryRunner.run(["run", "discards.json", "--profile", "web"])
        #expect(text.stdout.hasPrefix("   0.000  app                               profile  web\n"))
        let check = try BinaryRunner.run(["check", "--demo", "--profile", "swift"])
        #expect(check.status == 0)
        // The demo's warnings are printed as a file's are (they were counted, never shown).
        let demo = try ScenarioLoader.load(json: DemoScenario.json, file: DemoScenario.fileName)
        #expect(!demo.warnings.isEmpty)
        #expect(check.stderr == demo.warnings.map { "iamterm: \($0)\n" }.joined())
        for arguments in [["run", "--demo", "--profile", "windows"], ["check", "--demo", "--profile"]] {
            let bad = try BinaryRunner.run(arguments)
            #expect(bad.status == 64, "\(arguments)")
            #expect(bad.stderr.contains("--profile"))
        }
    }

    @Test("settings.profile: an unknown name is a load error (65) with its JSON path")
    func settingsProfile() throws {
        let result = try BinaryRunner.run(
            ["run", "-"], stdin: Data(#"{"triggers": [], "settings": {"profile": "tv"}}"#.utf8))
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"<stdin>: settings.profile: unknown profile "tv""#))
    }

    @Test("profiles: every platform's answer per row with its confidence (golden); an unknown name is 64")
    func profiles() throws {
        let all = try BinaryRunner.run(["profiles"])
        #expect(all.status == 0)
        #expect(all.stdout.contains("      swift    never pass (inherited)"))
        if let problem = try BinaryRunner.assertGolden(all.stdout, "profiles.txt") { Issue.record("\(problem)") }
        let web = try BinaryRunner.run(["profiles", "web"])
        #expect(web.stdout.contains("X9  an empty property_filters array\n      web  always matches (source)\n"))
        #expect(!web.stdout.contains("android"))
        let bad = try BinaryRunner.run(["profiles", "tv"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("profiles takes ios, swift, android or web, not 'tv'"))
    }
}

@Suite("compare in a terminal window")
struct CompareWidthTests {
    @Test(
        "at 80 columns the table fits the window, a word breaks only after its _ or -, and with two platforms every word stays whole"
    )
    func narrowTable() throws {
        let scenario = try ScenarioLoader.load(json: DemoScenario.json, file: "demo").scenario
        let comparison = Comparison(scenario, profiles: Profile.all)
        let wide = CompareReport.table(comparison)
        #expect(wide.contains { $0.count > 80 }, "the demo's table is wider than 80 columns unless narrowed")
        let narrow = CompareReport.table(comparison, width: 80)
        #expect(narrow.allSatisfy { $0.count <= 80 }, "\(narrow.joined(separator: "\n"))")
        // Four platforms at 80: a word such as orientation_mismatch breaks after its `_`, an id
        // after a `-`, never inside (issue 31: `orientatio` / `n_mismatch`).
        var allowed: Set<String> = []
        for id in comparison.messages {
            for word in ([id] + comparison.fates(of: id).map(\.description)).flatMap({ $0.split(separator: " ") }) {
                // Every run of its pieces (each piece ends after a `_` or `-`).
                let pieces = CompareReport.pieces(String(word))
                for start in pieces.indices {
                    for end in start..<pieces.count { allowed.insert(pieces[start...end].joined()) }
                }
            }
        }
        let header = Set(narrow[0].split(separator: " ").map(String.init))
        for line in narrow.dropFirst() {
            for token in line.split(separator: " ").map(String.init) where !header.contains(token) {
                #expect(
                    allowed.contains(token) || Difference(rawValue: token) != nil || token == "several",
                    "\(token) is a word split inside: \(line)")
            }
        }
        // Two platforms (the usual question) keep every word whole.
        let pair = Comparison(scenario, profiles: [Profile.ios, Profile.android])
        let two = CompareReport.table(pair, width: 80)
        #expect(two.allSatisfy { $0.count <= 80 }, "\(two.joined(separator: "\n"))")
        let fates: [String] = pair.messages.flatMap { id in pair.fates(of: id).map { $0.description } }
        let words = Set(fates.flatMap { $0.split(separator: " ").map(String.init) })
        let cells = Set(two.flatMap { $0.split(separator: " ").map(String.init) })
        for word in words { #expect(cells.contains(word), "\(word) is split") }
    }

    @Test("at 80 columns a record line too long for the window wraps under its own text")
    func hangingRecords() throws {
        let scenario = try ScenarioLoader.load(json: DemoScenario.json, file: "demo").scenario
        // ios and swift part at 62 s on a long record (X3); ios and android part earlier now (X52).
        let pair = Comparison(scenario, profiles: [Profile.ios, Profile.swift])
        let text = CompareReport.text(pair, title: "demo", width: 80)
        #expect(text.allSatisfy { $0.cellWidth <= 80 }, "\(text.joined(separator: "\n"))")
        let ios = try #require(text.firstIndex { $0.hasPrefix("  ios    62.000  returned_to_stack") })
        #expect(text[ios] == "  ios    62.000  returned_to_stack cart-reminder  keyboard_up")
        #expect(text[ios + 1] == "         stack=[cart-reminder]  depth=1", "\(text[ios...ios + 2])")
    }

    @Test(
        "issue 47: compare --jobs 1, 2 and 3 print the same bytes (the platforms' and rows' runs spread over workers)",
        arguments: [["--demo"], ["--lesson", "platform-differences"], ["discards.json"]])
    func jobsAgree(_ input: [String]) throws {
        var outputs: [String] = []
        for format in ["text", "jsonl"] {
            let runs = try ["1", "2", "3"].map { jobs in
                try BinaryRunner.run(["compare"] + input + ["--format", format, "--jobs", jobs])
            }
            #expect(runs.allSatisfy { $0.status == runs[0].status && $0.stdout == runs[0].stdout })
            #expect(runs[0].status == 3, "\(runs[0].stderr)")
            outputs.append(runs[0].stdout)
        }
        #expect(outputs.allSatisfy { !$0.isEmpty })
        #expect(try BinaryRunner.run(["compare", "--demo", "--jobs", "0"]).status == 64)
    }
}
