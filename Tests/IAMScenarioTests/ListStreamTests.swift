import IAMEngine
import Testing

@testable import IAMScenario

/// What a load gives: everything the loaded value holds, or the error.
private struct Outcome: Equatable {
    var scenario: Scenario?
    var warnings: [ScenarioWarning] = []
    var ignoredFields: [String] = []
    var shape: PayloadShape?
    var until: Double?
    var error: ScenarioError?

    init(_ json: String, keepingJSON: Bool) {
        do {
            let loaded = try ScenarioLoader.load(json: json, file: "scenario.json", keepingJSON: keepingJSON)
            scenario = loaded.scenario
            warnings = loaded.warnings
            ignoredFields = loaded.ignoredFields
            shape = loaded.shape
            until = loaded.until
        } catch {
            self.error = error
        }
    }
}

/// The same file loaded headless (its `triggers` and `timeline` decoded while it is read) and
/// as the simulator loads it (the whole document on the tape, decoded afterwards).
private func expectSameBothWays(_ json: String, _ comment: Comment? = nil) {
    let streamed = Outcome(json, keepingJSON: false)
    let whole = Outcome(json, keepingJSON: true)
    #expect(streamed == whole, comment)
}

/// What a load gave, in a line: the error, or the triggers, steps and warnings.
private func summary(_ json: String) -> String {
    let outcome = Outcome(json, keepingJSON: false)
    if let error = outcome.error { return "error: \(error.description)" }
    guard let scenario = outcome.scenario else { return "neither" }
    return
        "triggers \(scenario.triggers.map(\.id)), \(scenario.timeline.count) steps, \(outcome.warnings.count) warnings"
}

@Suite("Lists decoded while the file is read")
struct ListStreamTests {
    @Test("§9: the demo and every lesson load the same either way")
    func builtInScenarios() {
        expectSameBothWays(DemoScenario.json, "demo")
        for lesson in Lesson.all { expectSameBothWays(lesson.json, "\(lesson.name)") }
    }

    /// Files whose errors and warnings come from several places, in and out of the two lists.
    static let files: [String] = [
        // Warnings from triggers, the timeline (an unknown key, an addLocal message's ignored
        // field), settings written after both, and the top level.
        scenario(
            [trigger("a", extra: #""foo": 1"#), trigger("b")],
            #""timeline": [{"at": 0, "do": "launch", "zz": 1}, {"at": 1, "do": "addLocal", "message": {"type": "slideup", "message": "m", "animate_in": true}}, {"at": 2, "do": "campaign", "id": "b", "enabled": false}], "settings": {"nope": 1}, "extra": 2"#
        ),
        // A trigger error and a settings error after it: settings are decoded first.
        scenario([trigger("a", extra: #""priority": "x""#)], #""settings": {"profile": "nope"}"#),
        // A trigger error, then a syntax error at the end of the file: the syntax error wins.
        scenario([trigger("a", extra: #""priority": "x""#)]) + " x",
        // A timeline error and a later trigger error: triggers are decoded first.
        scenario([trigger("")], #""timeline": [{"at": 0, "do": "fly"}]"#),
        // The timeline written before the triggers, naming one of them.
        #"{"timeline": [{"at": 0, "do": "campaign", "id": "a", "enabled": false}], "triggers": [\#(trigger("a"))]}"#,
        // A campaign step naming no trigger; a step going back in time; a bad property.
        timelineScenario(#"[{"at": 0, "do": "campaign", "id": "zz", "enabled": true}]"#),
        timelineScenario(#"[{"at": 5, "do": "launch"}, {"at": 4, "do": "launch"}]"#),
        timelineScenario(#"[{"at": 0, "do": "customEvent", "name": "e", "properties": {"p": {"$date": "soon"}}}]"#),
        // Duplicate trigger ids, each in the list decoded while reading.
        scenario([trigger("a"), trigger("b"), trigger("a")]),
        // A sync response (no simulator keys): its other keys are ignored fields, listed first.
        #"{"feed": [], "triggers": [\#(trigger("a", data: #"{"type": "SLIDEUP", "message": "hi", "animate_in": true}"#))], "config": {}}"#,
        // An escaped key spelling `triggers`; empty lists; a list that is not an array.
        #"{"trigg\u0065rs": [\#(trigger("a"))], "timeline": []}"#,
        #"{"triggers": [], "timeline": []}"#,
        #"{"triggers": {}, "timeline": []}"#,
        #"{"triggers": [], "timeline": {}}"#,
        // A step too late for the deadlines it can start.
        timelineScenario(#"[{"at": 999999999, "do": "launch"}]"#),
        // Braze's data alone: a top-level array, a single triggered action.
        "[\(trigger("a")), \(trigger("b"))]",
        trigger("a"),
    ]

    /// What each of `files` gives (either way).
    static let outcomes: [String] = [
        "triggers [\"a\", \"b\"], 3 steps, 4 warnings",
        "error: scenario.json: settings.profile: unknown profile \"nope\" (expected ios, swift, android or web)",
        "error: scenario.json: $: line 1, column 150: unexpected character 'x' after the end of the JSON value",
        "error: scenario.json: triggers[0].id: expected a non-empty string",
        "triggers [\"a\"], 1 steps, 0 warnings",
        "error: scenario.json: timeline[0].id: campaign \"zz\" is not among the triggers",
        "error: scenario.json: timeline[1].at: at 4 goes back in time: timeline[0] is at 5",
        "error: scenario.json: timeline[0].properties.p[\"$date\"]: \"soon\" is not an ISO-8601 date (like 2026-01-31T12:00:00Z)",
        "error: scenario.json: triggers[2].id: duplicate trigger id \"a\": triggers[0] and triggers[2] have it",
        "triggers [\"a\"], 1 steps, 0 warnings",
        "triggers [\"a\"], 0 steps, 0 warnings",
        "triggers [], 0 steps, 0 warnings",
        "error: scenario.json: triggers: expected an array, got an object (a sync response needs a \"triggers\" array)",
        "error: scenario.json: timeline: expected an array, got an object",
        "error: scenario.json: timeline[0].at: at 999999999 plus the longest chain of deadlines it can start (3606.5 s: delivery, delay, timeout, asset, duration, session) reaches 1e9 seconds; times stay below 1e9 seconds",
        "triggers [\"a\", \"b\"], 1 steps, 0 warnings",
        "triggers [\"a\"], 1 steps, 0 warnings",
    ]

    @Test(
        "§9: errors, warnings and ignored fields are the same either way, in the same order",
        arguments: files.indices)
    func sameOutcome(_ index: Int) {
        expectSameBothWays(Self.files[index])
        #expect(index < Self.outcomes.count && summary(Self.files[index]) == Self.outcomes[index])
    }

    @Test("§9: warnings come in the file's decoding order: settings, triggers, timeline, top level")
    func warningOrder() throws {
        let loaded = try load(Self.files[0])
        #expect(loaded.warnings.map(\.path) == ["settings.nope", "triggers[0].foo", "timeline[0].zz", "extra"])
        #expect(loaded.ignoredFields == ["trigger.foo", "message.animate_in"])
    }

    @Test("§9: the precedence of errors is the file's decoding order, not the reading order")
    func precedence() {
        #expect(
            loadError(Self.files[1])?.hasPrefix("scenario.json: settings.profile: ") == true,
            "\(loadError(Self.files[1]) ?? "loads")")
        #expect(loadError(Self.files[2])?.contains("line 1, column") == true, "\(loadError(Self.files[2]) ?? "loads")")
        #expect(loadError(Self.files[3])?.hasPrefix("scenario.json: triggers[0].id: ") == true)
    }

    @Test("a long list is not held on the tape: its elements are dropped once decoded")
    func tapeHoldsNoList() throws {
        let steps = (0..<5000).map { #"{"at": \#($0), "do": "customEvent", "name": "e\#($0 % 7)"}"# }
        let bytes = Array(timelineScenario("[" + steps.joined(separator: ",") + "]").utf8)
        let whole = try JSONReader.tape(bytes)
        let stream = ListStream(bytes: bytes)
        let streamed = try JSONReader.tape(bytes, sink: stream)
        // Five entries a step on the whole tape; the streamed tape keeps the top level only.
        #expect(whole.entries.count > 25_000)
        #expect(streamed.entries.count < 20)
        #expect(stream.timeline?.values.count == 5000)
        #expect(stream.triggers?.values.map(\.id) == ["a", "b"])
    }
}
