import Foundation
import Testing

/// End to end: the built `iamterm` on fixtures and the demo, compared with golden JSON-lines traces.
@Suite("iamterm run / check / scenario")
struct HeadlessTests {
    @Test(
        "run --format jsonl matches the golden trace",
        arguments: [
            "rate-limit-and-lifo", "sync-response", "discards",
        ])
    func goldenTraces(_ name: String) throws {
        let result = try BinaryRunner.run(["run", "\(name).json", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        if let problem = try BinaryRunner.assertGolden(result.stdout, "\(name).jsonl") { Issue.record("\(problem)") }
    }

    @Test("the demo scenario runs and matches its golden trace; scenario prints JSON that runs the same")
    func demo() throws {
        let printed = try BinaryRunner.run(["scenario"])
        #expect(printed.status == 0)
        let fromStdin = try BinaryRunner.run(["run", "-", "--format", "jsonl"], stdin: Data(printed.stdout.utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        // The one warning is the demo's deliberate X7 filter (DemoScenarioTests).
        #expect(fromStdin.stderr.split(separator: "\n").count == 1 && fromStdin.stderr.contains("(X7)"))
        if let problem = try BinaryRunner.assertGolden(fromStdin.stdout, "demo.jsonl") { Issue.record("\(problem)") }
        let demo = try BinaryRunner.run(["run", "--demo", "--format", "jsonl"])
        #expect(demo.stdout == fromStdin.stdout)
        let check = try BinaryRunner.run(["check", "-"], stdin: Data(printed.stdout.utf8))
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("<stdin>: ok:"))
    }

    @Test("text and jsonl carry the same records; --trace writes JSON lines; --until stops early")
    func formatsAndTrace() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-trace-\(getpid()).jsonl")
        defer { try? FileManager.default.removeItem(at: trace) }
        let text = try BinaryRunner.run(["run", "rate-limit-and-lifo.json", "--trace", trace.path])
        let json = try BinaryRunner.run(["run", "rate-limit-and-lifo.json", "--format", "jsonl"])
        #expect(text.status == 0)
        let textLines = text.stdout.split(separator: "\n")
        #expect(textLines.count == json.stdout.split(separator: "\n").count)
        #expect(
            textLines.contains {
                $0.contains("trigger_skipped") && $0.contains("min_interval") && $0.contains("next=35.000")
            })
        #expect(try String(contentsOf: trace, encoding: .utf8) == json.stdout)
        let early = try BinaryRunner.run(["run", "rate-limit-and-lifo.json", "--format", "jsonl", "--until", "10"])
        let times = early.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["t"] as? Double
        }
        #expect(!times.isEmpty)
        #expect(times.allSatisfy { $0 <= 10 })
    }

    @Test("exit statuses: 64 usage, 65 bad scenario with its JSON path, 66 unreadable, 74 trace not writable")
    func exitStatuses() throws {
        let usage = try BinaryRunner.run(["run"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("run needs a scenario file"))
        #expect(try BinaryRunner.run(["run", "x.json", "--format", "xml"]).status == 64)
        #expect(try BinaryRunner.run(["--bogus"]).status == 64)

        let malformed = try BinaryRunner.run(["run", "malformed.json"])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("malformed.json:"))
        #expect(malformed.stdout.isEmpty, "nothing is half-run")

        let comparator = try BinaryRunner.run(["check", "bad-comparator.json"])
        #expect(comparator.status == 65)
        #expect(
            comparator.stderr.contains(
                #"bad-comparator.json: triggers[2].trigger_condition[0].data.property_filters[0][1].comparator: expected an integer comparator code, got the string "gt""#
            ))

        let missing = try BinaryRunner.run(["run", "no-such-file.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no-such-file.json: cannot read"))

        let unwritable = try BinaryRunner.run(["run", "discards.json", "--trace", "/nonexistent-dir/trace.jsonl"])
        #expect(unwritable.status == 74)
        #expect(unwritable.stderr.contains("/nonexistent-dir/trace.jsonl"))

        let full = try BinaryRunner.run(["run", "discards.json", "--trace", "/dev/full"])
        #expect(full.status == 74)
        #expect(full.stderr.contains("No space left on device"))
    }

    @Test("--help and --version")
    func helpAndVersion() throws {
        let help = try BinaryRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("iamterm run FILE"))
        // Issue 31: every line fits an 80-column window.
        for line in help.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line.count): \(line)") }
        let version = try BinaryRunner.run(["--version"])
        #expect(version.stdout.hasPrefix("iamterm "))
    }
}
