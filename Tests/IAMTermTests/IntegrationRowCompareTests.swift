import Foundation
import IAMEngine
import IAMScenario
import Testing

@testable import IAMSimulator

/// Issue 31, "Integration rows are rows": compare names the integration.md row (I2, B3/B4, TS2,
/// SC2) that explains each difference of the worked examples, in text and JSON lines, and the
/// split view's marker names the same rows.
@Suite("Integration rows in compare and the split view")
struct IntegrationRowCompareTests {
    /// Each example, the line that says where the traces part, the JSON lines record of the
    /// first divergence's rows, and each message's rows.
    static let cases: [(String, String, String, [String: String])] = [
        (
            "splash-screen",
            "The traces diverge at t=1.000 (SC2: a screen that did not register the SDK's UI):",
            #""differences":["SC2"]}"#, ["welcome": #""differences":["SC2"]}"#]
        ),
        (
            "bridge",
            "The traces diverge at t=0.500 (B3: a bridge's answer when the native UI is off; B4: a message while a "
                + "bridge's app side is not ready):",
            #""differences":["B3","B4"]}"#,
            ["welcome": #""differences":["B3","B4"]}"#, "cart-nudge": #""differences":["B3","B4"]}"#]
        ),
        (
            "test-send",
            "The traces diverge at t=5.000 (TS2: when a test send delivered by push is shown):",
            #""differences":["TS2"]}"#, ["qa-check": #""differences":["TS2"]}"#]
        ),
        (
            "no-presenter",
            "The traces diverge at t=5.000 (X35: the order of the checks when a performed message is handed over):",
            #""differences":["X35"]}"#, ["cart-reminder": #""differences":["X26","I2"]}"#]
        ),
    ]

    @Test("compare docs/examples/NAME.json names the integration row, text and jsonl", arguments: cases.indices)
    func namesTheRow(_ index: Int) throws {
        let (name, parting, firstRows, messageRows) = Self.cases[index]
        let path = "../../../docs/examples/\(name).json"
        let text = try BinaryRunner.run(["compare", path])
        #expect(text.status == 3, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains(parting), "\(text.stdout)")
        #expect(!text.stdout.contains("no single difference explains it"))
        let json = try BinaryRunner.run(["compare", path, "--format", "jsonl"])
        #expect(json.status == 3)
        let records = json.stdout.split(separator: "\n").map(String.init)
        let first = try #require(records.first { $0.hasPrefix(#"{"type":"first_divergence""#) })
        #expect(first.hasSuffix(firstRows), "\(first)")
        for (message, rows) in messageRows {
            let fate = try #require(records.first { $0.hasPrefix(#"{"type":"fate","message":"\#(message)""#) })
            #expect(fate.hasSuffix(rows), "\(fate)")
        }
    }

    @Test("the text's table of reasons lists each integration row with every platform's answer")
    func whyTheyDiffer() throws {
        let splash = try BinaryRunner.run(["compare", "../../../docs/examples/splash-screen.json"])
        let lines = splash.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "Why they differ:"))
        #expect(
            Array(lines[start...].prefix(7)) == [
                "Why they differ:",
                "  SC2  a screen that did not register the SDK's UI",
                "        ios      ignored: any screen presents (inferred)",
                "        swift    ignored: any screen presents (source)",
                "        android  held back (no_activity) until a registered Activity comes to the front (source)",
                "        web      ignored: no Activities (inferred)",
                "        messages: welcome",
            ])
        let test = try BinaryRunner.run(["compare", "../../../docs/examples/test-send.json", "--format", "jsonl"])
        let pieces = [
            #"{"type":"difference","id":"TS2","question":"when a test send delivered by push is shown","answers":"#,
            #"{"ios":{"answer":"when its push is opened, else at the next session start","confidence":"#,
            #""inferred"},"swift":{"answer":"when its push is opened, else at the next session start","#,
            #""confidence":"inferred"},"android":{"answer":"at once when the push arrives in the "#,
            #"foreground","confidence":"inferred"},"web":{"answer":"at the next session start","#,
            #""confidence":"inferred"}}}"#,
        ]
        let expected: String = pieces.joined()
        let records: [String] = test.stdout.split(separator: "\n").map(String.init)
        #expect(records.contains(expected), "\(test.stdout)")
        // TS1: a test send has a fate like a message: web's still waits at the end.
        #expect(
            records.contains(
                #"{"type":"fate","message":"qa-check","agree":false,"fates":{"ios":"displayed at 17","#
                    + #""swift":"displayed at 17","android":"displayed at 5","web":"test send left waiting"},"#
                    + #""differences":["TS2"]}"#))
    }

    static let splitCases: [(String, Profile, [Difference])] = [
        ("splash-screen", .android, [.sc2]),
        ("bridge", .web, [.b3, .b4]),
        ("test-send", .android, [.ts2]),
        ("no-presenter", .web, [.x35]),
    ]

    @Test("the split view's marker names the integration row compare names", arguments: splitCases.indices)
    func splitMarker(_ index: Int) throws {
        let (name, right, rows) = Self.splitCases[index]
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/examples/\(name).json")
        let loaded = try ScenarioLoader.load(
            json: String(decoding: try Data(contentsOf: url), as: UTF8.self), file: url.path)
        let scenario = loaded.scenario
        #expect(
            SplitDevices.rows(scenario: scenario, applied: scenario.timeline, now: 200, .ios, right) == rows,
            "\(name) ios/\(right.name)")
    }

    @Test("each integration row adopts its one policy, and the platforms that differ on it are found")
    func adopting() {
        let ios = Profile.ios.policies
        let android = Profile.android.policies
        let web = Profile.web.policies
        #expect(ios.adopting(.i2, from: android).withoutPresenter == .park)
        #expect(ios.adopting(.ts2, from: android).testSends == .atOnce)
        #expect(ios.adopting(.sc2, from: android).unregisteredScreenHoldsBack)
        #expect(ios.adopting(.i4, from: web).displaysThroughSubscribers)
        #expect(ios.adopting(.b3, from: android).bridges?.reactNative.withoutNativeUI == .later)
        #expect(ios.adopting(.b4, from: android) == ios)
        #expect(ios.adopting(.b3, from: web).bridges == nil)
        let integration: [Difference] = [.i2, .i4, .b3, .b4, .ts2, .sc2]
        #expect(ios.differences(from: android).filter(integration.contains) == [.i2, .b3, .ts2, .sc2])
        #expect(ios.differences(from: web).filter(integration.contains) == [.i2, .i4, .b3, .b4, .ts2])
        #expect(ios.differences(from: Profile.swift.policies).filter(integration.contains) == [])
        #expect(integration.map(\.source) == Array(repeating: "integration.md", count: 6))
    }
}
