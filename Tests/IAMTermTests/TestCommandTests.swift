import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `iamterm test` (issue 47): a suite of scenario files checked against their `expect` lists,
/// through the binary: the exit statuses, the failure lines, the same output whatever `--jobs`,
/// the JUnit XML.
@Suite("test command")
struct TestCommandTests {
    static let welcomeTriggers = """
        "triggers": [{"id": "welcome", "trigger_condition": [{"type": "open"}],
                      "data": {"type": "MODAL", "message": "hi"}}],
        "timeline": [{"at": 0, "do": "launch"}]
        """

    /// A scenario whose `welcome` shows at 0.5 s and is dismissed at 5.5 s, with `expect`.
    static func scenario(_ expect: String) -> String { "{" + welcomeTriggers + #", "expect": "# + expect + "}" }

    static let passing = scenario(
        #"[{"message": "welcome", "displayed": true}, {"message": "welcome", "displayed_at": 0.5}]"#)
    static let failing = scenario(
        #"[{"message": "welcome", "displayed": true}, {"message": "welcome", "discarded": "timeout"}]"#)

    /// A fresh folder holding `files` (relative path → text).
    static func suite(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-test-\(UUID().uuidString)")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test("every file passes: exit 0, the closing line alone; folders are searched at any depth, *.json only")
    func passes() throws {
        let folder = try Self.suite([
            "a.json": Self.passing, "deep/er/b.json": Self.passing, "c.json": "{" + Self.welcomeTriggers + "}",
            "notes.txt": "not a scenario",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(["test", folder.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "3 passed, 0 failed\n")
    }

    @Test("a planted failure: exit 1, one line naming the file, the profile, the expectation and what happened instead")
    func plantedFailure() throws {
        let folder = try Self.suite(["a.json": Self.passing, "b.json": Self.failing])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(["test", folder.path])
        #expect(result.status == 1)
        let file = folder.appendingPathComponent("b.json").path
        #expect(
            result.stdout == """
                FAIL \(file) [ios] expect[1] {"message":"welcome","discarded":"timeout"}: never discarded (timeout); its last record: dismissed at 5.5 (auto)
                1 passed, 1 failed

                """)
    }

    @Test("a file that does not load: exit 65, named with its JSON path, and the rest still run")
    func unloadable() throws {
        let folder = try Self.suite([
            "a.json": Self.failing, "b.json": #"{"triggers": [], "timeline": [{"at": -1, "do": "launch"}]}"#,
            "c.json": "{", "d.json": Self.passing,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(["test", folder.path])
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("FAIL \(folder.path)/a.json [ios] expect[1] "))
        #expect(lines[1].hasPrefix("ERROR \(folder.path)/b.json: timeline[0].at: "))
        #expect(lines[2].hasPrefix("ERROR \(folder.path)/c.json: "))
        #expect(lines[3] == "1 passed, 3 failed")
    }

    @Test("a path that does not exist is refused before anything runs (exit 66); no path is a usage error")
    func missingPath() throws {
        let missing = try BinaryRunner.run(["test", "/nonexistent-iamterm-suite"])
        #expect(missing.status == 66)
        #expect(missing.stdout.isEmpty)
        #expect(try BinaryRunner.run(["test"]).status == 64)
        #expect(try BinaryRunner.run(["test", ".", "--jobs", "0"]).status == 64)
        #expect(try BinaryRunner.run(["test", ".", "--profiles", "nokia"]).status == 64)
    }

    @Test("an expectation with a profile holds under that profile alone, run beside the file's own")
    func profileLimited() throws {
        let folder = try Self.suite([
            "a.json": Self.scenario(
                #"[{"message": "welcome", "displayed": true}, {"message": "welcome", "displayed": false, "profile": "android@8.0.0"}]"#
            )
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml")
        let result = try BinaryRunner.run(["test", folder.path, "--junit", junit.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.split(separator: "\n") == [
                #"FAIL \#(folder.path)/a.json [android@8.0.0] expect[1] {"message":"welcome","displayed":false,"profile":"android@8.0.0"}: displayed at 0.5"#,
                "0 passed, 1 failed",
            ])
        let report = try JUnit.parse(Data(contentsOf: junit))
        #expect(report.cases.map(\.name) == ["ios", "android@8.0.0"])
        #expect(report.cases.map(\.failed) == [false, true])
    }

    @Test("--profiles: an expectation without a profile holds under each of them")
    func profilesOption() throws {
        let folder = try Self.suite(["a.json": Self.scenario(#"[{"message": "welcome", "displayed": false}]"#)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(["test", folder.path, "--profiles", "web,android"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("FAIL \(folder.path)/a.json [web] expect[0] "))
        #expect(lines[1].hasPrefix("FAIL \(folder.path)/a.json [android] expect[0] "))
        #expect(lines[2] == "0 passed, 1 failed")
    }

    @Test("--jobs 1 and --jobs 2 give the same output and the same JUnit file, byte for byte")
    func jobsAgree() throws {
        var files: [String: String] = [:]
        for index in 0..<24 {
            files["s\(index / 6)/f\(index).json"] =
                switch index % 4 {
                case 0: Self.passing
                case 1: Self.failing
                case 2: index == 6 ? "[" : Self.passing
                default: Self.scenario(#"[{"message": "welcome", "displayed_at": \#(index)}]"#)
                }
        }
        let folder = try Self.suite(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [String] = []
        var reports: [Data] = []
        for jobs in ["1", "2", "3"] {
            let junit = folder.appendingPathComponent("junit-\(jobs).xml.out")
            let result = try BinaryRunner.run(["test", folder.path, "--jobs", jobs, "--junit", junit.path])
            #expect(result.status == 65)
            outputs.append(result.stdout)
            reports.append(try Data(contentsOf: junit))
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
        #expect(reports[0] == reports[1] && reports[1] == reports[2])
        #expect(outputs[0].hasSuffix("\n11 passed, 13 failed\n"))
    }

    @Test("JUnit: well-formed XML, one testcase per file and profile, failures and errors counted")
    func junit() throws {
        let folder = try Self.suite([
            "a.json": Self.passing, "b.json": Self.failing, "c.json": "{", "d <&>.json": Self.passing,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml.out")
        let result = try BinaryRunner.run(["test", folder.path, "--profiles", "ios,web", "--junit", junit.path])
        #expect(result.status == 65)
        let report = try JUnit.parse(Data(contentsOf: junit))
        #expect(report.suites == [["tests": "7", "failures": "2", "errors": "1"]])
        #expect(report.cases.count == 7)
        #expect(report.cases.filter(\.failed).map(\.classname) == ["\(folder.path)/b.json", "\(folder.path)/b.json"])
        #expect(report.cases.filter(\.errored).map(\.classname) == ["\(folder.path)/c.json"])
        #expect(report.cases.contains { $0.classname == "\(folder.path)/d <&>.json" })
    }

    @Test("explore --out --expect: every file written passes iamterm test")
    func exploreExpect() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-explore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let explore = try BinaryRunner.run([
            "explore", "--demo", "--depth", "2", "--profiles", "ios,web", "--out", out.path, "--expect",
        ])
        #expect(explore.status == 0, "\(explore.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(files.count >= 20)
        for file in files.prefix(3) {
            let text = try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains(#""expect": ["#), "\(file)")
        }
        // A parting's file holds what it shows under the other platform too, named.
        let parting = try String(
            contentsOf: out.appendingPathComponent("store-map-landscape.ios-vs-web.json"), encoding: .utf8)
        #expect(parting.contains(#"{"message":"welcome","displayed_at":0.5,"profile":"web"}"#))
        let result = try BinaryRunner.run(["test", out.path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "\(files.count) passed, 0 failed\n")
    }
}

/// A JUnit file as a CI system reads it (XMLParser: the document must be well-formed).
struct JUnit {
    struct Case {
        var classname: String
        var name: String
        var failed = false
        var errored = false
    }

    var suites: [[String: String]] = []
    var cases: [Case] = []

    static func parse(_ data: Data) throws -> JUnit {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw CocoaError(.coderReadCorrupt, userInfo: ["parser": "\(String(describing: parser.parserError))"])
        }
        return delegate.report
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var report = JUnit()

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            switch name {
            case "testsuite":
                report.suites.append(attributes.filter { ["tests", "failures", "errors"].contains($0.key) })
            case "testcase":
                report.cases.append(Case(classname: attributes["classname"] ?? "", name: attributes["name"] ?? ""))
            case "failure": report.cases[report.cases.count - 1].failed = true
            case "error": report.cases[report.cases.count - 1].errored = true
            default: break
            }
        }
    }
}
