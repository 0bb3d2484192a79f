import IAMEngine
import Testing

@testable import IAMScenario

/// Spec §9 (revision 2): every time and duration is finite and below 10^9 seconds; the loader
/// refuses the rest with the JSON path, so no record has an infinite or missing `t`.
@Suite("§9: finite, bounded times")
struct TimeLimitTests {
    static func json(trigger extra: String = "", settings: String = "{}", at: String = "0") -> String {
        """
        {"settings": \(settings), "triggers": [\(trigger("a", extra: extra))],
         "timeline": [{"at": \(at), "do": "launch"}]}
        """
    }

    @Test(
        "§9: each time or duration at or above 1e9 seconds is refused with its path",
        arguments: [
            (json(at: "1e308"), "timeline[0].at"),
            (json(at: "1000000000"), "timeline[0].at"),
            (json(trigger: #""delay": 1e308"#), "triggers[0].delay"),
            (json(trigger: #""timeout": 1e12"#), "triggers[0].timeout"),
            (json(trigger: #""re_eligibility": 1e9"#), "triggers[0].re_eligibility"),
            (json(trigger: #""min_seconds_since_last_trigger": 1e10"#), "triggers[0].min_seconds_since_last_trigger"),
            (json(settings: #"{"sessionTimeout": 1e300}"#), "settings.sessionTimeout"),
            (json(settings: #"{"minimumTriggerInterval": 1000000000}"#), "settings.minimumTriggerInterval"),
            (json(settings: #"{"network": {"syncLatency": 2e9}}"#), "settings.network.syncLatency"),
        ])
    func refused(_ json: String, _ path: String) throws {
        let error = try #require(loadError(json))
        #expect(error.hasPrefix("scenario.json: \(path): must be below"), "\(error)")
    }

    @Test("§9: a message duration of 1e12 ms is refused")
    func duration() throws {
        let json = Self.json().replacingOccurrences(
            of: #""message": "hi"}"#, with: #""message": "hi", "duration": 1000000000000}"#)
        let error = try #require(loadError(json))
        #expect(error.hasPrefix("scenario.json: triggers[0].data.duration: must be below"), "\(error)")
    }

    @Test("§9: at + delay reaching 1e9 is refused at the last step's at; just below loads")
    func horizon() throws {
        let late = Self.json(trigger: #""delay": 500000000"#, at: "600000000")
        let error = try #require(loadError(late))
        #expect(error.hasPrefix("scenario.json: timeline[0].at: at 600000000 plus the longest chain"), "\(error)")
        let fits = Self.json(trigger: #""delay": 500000000"#, at: "400000000")
        let loaded = try load(fits)
        let times: [Double] = ScenarioRunner.trace(loaded.scenario).flatMap { [$0.t, $0.until ?? 0, $0.next ?? 0] }
        #expect(times.count > 3)
        #expect(times.allSatisfy { $0.isFinite && $0 < TimeLimit.seconds })
    }

    @Test("§9: a scenario built in code past the limit still never gets a record at or past 1e9")
    func runnerStops() {
        var scenario = Scenario(triggers: [])
        scenario.timeline = [TimelineStep(at: 1e300, action: .launch), TimelineStep(at: 5, action: .launch)]
        scenario.timeline.sort { $0.at < $1.at }
        let records = ScenarioRunner.trace(scenario)
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0.t < TimeLimit.seconds })
    }
}
