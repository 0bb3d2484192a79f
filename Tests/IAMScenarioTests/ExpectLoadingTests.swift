import IAMEngine
import Testing

@testable import IAMScenario

/// Issue 47: the top-level `expect` list is read by the one loader every command uses, bad
/// entries get the usual error with their JSON path, and a run's trace is checked against it.
@Suite("expect: loading and checking")
struct ExpectLoadingTests {
    static let welcome = """
        {"triggers": [{"id": "welcome", "trigger_condition": [{"type": "open"}],
                       "data": {"type": "MODAL", "message": "hi"}}],
         "timeline": [{"at": 0, "do": "launch"}]
        """

    static func scenario(expect: String) -> String { welcome + #", "expect": "# + expect + "}" }

    @Test("each outcome and a profile load, in file order")
    func loads() throws {
        let android8 = try #require(Profile.named("android@8.0.0"))
        let loaded = try load(
            Self.scenario(
                expect: """
                    [{"message": "welcome", "displayed": true},
                     {"message": "welcome", "displayed_at": 0.5},
                     {"message": "promo", "displayed": false, "profile": "android@8.0.0"},
                     {"message": "promo", "discarded": "timeout"}]
                    """))
        #expect(
            loaded.expectations == [
                Expectation(message: "welcome", outcome: .displayed(true)),
                Expectation(message: "welcome", outcome: .displayedAt(0.5)),
                Expectation(
                    message: "promo", outcome: .displayed(false), profile: android8),
                Expectation(message: "promo", outcome: .discarded(.timeout)),
            ])
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.shape == .scenario)
    }

    @Test("a sync response with expect stays a sync response (default timeline) and keeps its expect")
    func syncResponse() throws {
        let loaded = try load(
            #"{"triggers": [{"id": "a", "trigger_condition": [{"type": "open"}], "data": {"message": "x"}}], "#
                + #""expect": [{"message": "a", "displayed": true}]}"#)
        #expect(loaded.shape == .syncResponse)
        #expect(loaded.expectations == [Expectation(message: "a", outcome: .displayed(true))])
        #expect(!loaded.ignoredFields.contains { $0.contains("expect") })
    }

    @Test("bad entries: the JSON path and what was expected")
    func badEntries() {
        #expect(
            loadError(Self.scenario(expect: #"{"message": "welcome"}"#))
                == "scenario.json: expect: expected an array, got an object")
        #expect(
            loadError(Self.scenario(expect: #"[{"displayed": true}]"#))
                == #"scenario.json: expect[0]: missing required key "message""#)
        #expect(
            loadError(Self.scenario(expect: #"[{"message": "welcome"}]"#))
                == #"scenario.json: expect[0]: expected exactly one of "displayed", "displayed_at" or "discarded", got 0"#
        )
        #expect(
            loadError(
                Self.scenario(
                    expect:
                        #"[{"message": "a", "displayed": true}, {"message": "b", "displayed": true, "discarded": "timeout"}]"#
                ))
                == #"scenario.json: expect[1]: expected exactly one of "displayed", "displayed_at" or "discarded", got 2"#
        )
        #expect(
            loadError(Self.scenario(expect: #"[{"message": "welcome", "discarded": "timout"}]"#))?
                .hasPrefix(#"scenario.json: expect[0].discarded: unknown reason "timout""#) == true)
        #expect(
            loadError(Self.scenario(expect: #"[{"message": "welcome", "displayed": "yes"}]"#))
                == #"scenario.json: expect[0].displayed: expected true or false, got the string "yes""#)
        #expect(
            loadError(Self.scenario(expect: #"[{"message": "welcome", "displayed_at": -1}]"#))?
                .hasPrefix("scenario.json: expect[0].displayed_at: ") == true)
        #expect(
            loadError(Self.scenario(expect: #"[{"message": "welcome", "displayed": true, "profile": "nokia"}]"#))?
                .hasPrefix(#"scenario.json: expect[0].profile: unknown profile "nokia""#) == true)
    }

    @Test("an unknown key in an entry is a warning with its path")
    func unknownKey() throws {
        let loaded = try load(Self.scenario(expect: #"[{"message": "welcome", "displayed": true, "seen": 1}]"#))
        #expect(
            loaded.warnings.map(\.description) == [
                #"scenario.json: expect[0].seen: warning: unknown key "seen" in an expectation; ignored"#
            ])
    }

    /// The trace of `json`'s run checked against its expectations.
    static func failures(_ json: String) throws -> [ExpectationCheck.Failure] {
        let loaded = try load(json)
        var check = ExpectationCheck(loaded.expectations.enumerated().map { ($0.offset, $0.element) })
        for record in ScenarioRunner.trace(loaded.scenario, until: loaded.until) { check.observe(record) }
        return check.failures
    }

    @Test("the check: what holds passes; what does not says what the trace did instead, with its time")
    func check() throws {
        let failures = try Self.failures(
            Self.scenario(
                expect: """
                    [{"message": "welcome", "displayed": true},
                     {"message": "welcome", "displayed_at": 0.5},
                     {"message": "welcome", "displayed_at": 0.6},
                     {"message": "welcome", "displayed": false},
                     {"message": "welcome", "discarded": "timeout"},
                     {"message": "nobody", "displayed": true}]
                    """))
        #expect(failures.map(\.index) == [2, 3, 4, 5])
        #expect(
            failures.map(\.instead) == [
                "displayed at 0.5", "displayed at 0.5",
                "never discarded (timeout); its last record: dismissed at 5.5 (auto)",
                "never displayed; no record names it",
            ])
        #expect(failures[0].expectation.text == #"{"message":"welcome","displayed_at":0.6}"#)
    }

    @Test("a recorded file with expect: its expectations are what its replay shows, and they pass")
    func recorded() throws {
        let source = try ScenarioLoader.load(json: Self.welcome + "}", file: "s.json", keepingJSON: true)
        let steps = [TimelineStep(at: 0, action: .launch)]
        let plain = RecordedScenario.text(source: source.json, timeline: steps, until: 10)
        #expect(!plain.contains("\"expect\""))
        let text = RecordedScenario.text(source: source.json, timeline: steps, until: 10, expect: true)
        let loaded = try load(text)
        #expect(
            loaded.expectations == [
                Expectation(message: "welcome", outcome: .displayed(true)),
                Expectation(message: "welcome", outcome: .displayedAt(0.5)),
            ])
        #expect(try Self.failures(text).isEmpty)
        // Saved again (without --expect), the stale list is dropped: it spoke of another timeline.
        let again = try ScenarioLoader.load(json: text, file: "s.json", keepingJSON: true)
        #expect(!RecordedScenario.text(source: again.json, timeline: [], until: 0).contains("\"expect\""))
    }

    @Test("too many expectations: the list's length is checked before its entries are read")
    func tooMany() throws {
        let entry = #"{"message": "welcome", "displayed": true}"#
        let limit = ScenarioDecoder.maxExpectations
        let most = try load(
            Self.scenario(expect: "[" + Array(repeating: entry, count: limit).joined(separator: ",") + "]"))
        #expect(most.expectations.count == limit)
        #expect(
            loadError(
                Self.scenario(expect: "[" + Array(repeating: entry, count: limit + 1).joined(separator: ",") + "]"))
                == "scenario.json: expect: too many expectations: 100001 (the limit is 100000)")
    }
}
