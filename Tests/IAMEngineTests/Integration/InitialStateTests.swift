import IAMEngine
import Testing

/// SV3 (integration.md): starting from the device mid-life. ios, swift and android answer P2,
/// P3 and S1 alike here; web keeps P2 across a launch (X20), so its line at 41 is that row's.
@Suite("Integration: the device mid-life")
struct InitialStateTests {
    @Test(
        "SV3: initial gives the last trigger time (P2), the performed times (P3) and the cached triggers; a launch is a cold start",
        arguments: ["ios", "swift", "android"])
    func sv3(_ name: String) throws {
        var scenario = IntegrationScripts.sv3
        scenario.settings.profile = try #require(Profile.named(name))
        let lines = ScenarioRunner.trace(scenario).map(Harness.line)
        #expect(lines == ["0.000 app profile \(name)"] + Self.sv3Lines)
    }

    @Test("SV3: every front end starts with the same opening records: the profile, then initial when given")
    func sv3Opening() {
        var scenario = IntegrationScripts.sv3
        #expect(
            Engine(scenario: scenario).openingRecords.map(Harness.line) == [
                "0.000 app profile ios",
                "0.000 app initial mid-session: 2 cached triggers, last trigger at -12.000",
            ])
        scenario.initial = InitialState(cachedTriggers: ["a"])
        #expect(
            Engine(scenario: scenario).openingRecords.map(Harness.line) == [
                "0.000 app profile ios", "0.000 app initial mid-session: 1 cached triggers",
            ])
        scenario.initial = nil
        #expect(Engine(scenario: scenario).openingRecords.map(Harness.line) == ["0.000 app profile ios"])
    }

    static let sv3Lines = [
        "0.000 app initial mid-session: 2 cached triggers, last trigger at -12.000",
        "1.000 event custom_event:b",
        "1.000 trigger_skipped b min_interval next=18.000",
        "1.000 no_match custom_event:b",
        "20.000 event custom_event:a",
        "20.000 trigger_skipped a re_eligibility next=30.000",
        "20.000 no_match custom_event:a",
        "20.000 event custom_event:b",
        "20.000 trigger_matched b",
        "20.000 performed b",
        "20.000 stacked b new stack=[b] depth=1",
        "20.000 offered b eligible_moment",
        "20.000 displayed b impression",
        "40.000 app launch",
        "40.000 dismissed b launch",
        "40.000 session_ended session 1",
        "40.000 session_started session 2",
        "40.000 delivery_started until=40.500 2 triggers",
        "40.000 event open",
        "40.000 event_queued open",
        "40.500 delivery_completed 2 triggers",
        "40.500 no_match open",
        "41.000 event custom_event:b",
        "41.000 trigger_matched b",
        "41.000 performed b",
        "41.000 stacked b new stack=[b] depth=1",
        "41.000 offered b eligible_moment",
        "41.000 displayed b impression",
    ]
}
