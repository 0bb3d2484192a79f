import IAMEngine
import IAMScenario
import Testing

/// Issue 45: no silent answer. A run under a version whose not-modelled row the scenario
/// exercises says so; a version outside the row's range, or a bare name, says nothing.
@Suite("Not-modelled rows are named, never answered silently")
struct NotModelledTests {
    static func scenario(_ timeline: String, filters: Bool = false) throws -> Scenario {
        let condition =
            filters
            ? #"{ "type": "custom_event_property", "data": { "event_name": "go", "property_filters": [[{ "property_key": "code", "property_type": "string", "comparator": 10, "property_value": "^a" }]] } }"#
            : #"{ "type": "custom_event", "data": { "event_name": "go" } }"#
        let json = """
            { "assets": { "slow.png": { "download": 4 } },
              "triggers": [ { "id": "hi", "type": "inapp", "trigger_condition": [\(condition)],
              "data": { "type": "SLIDEUP", "message": "Hi", "image_url": "slow.png" } } ],
              "timeline": \(timeline) }
            """
        return try ScenarioLoader.load(json: json, file: "nm.json").scenario
    }

    static func rows(_ scenario: Scenario, _ name: String) throws -> [String] {
        let profile = try #require(Profile.named(name))
        return NotModelledWatch.of(scenario, profile: profile, until: nil).exercised.map(\.row)
    }

    @Test("each axis's not-modelled rows: planted, warned inside their range, silent outside it and for bare names")
    func planted() throws {
        let duringSync = try Self.scenario(
            #"[{ "at": 0, "do": "launch" }, { "at": 0.2, "do": "customEvent", "name": "go" }]"#)
        #expect(try Self.rows(duringSync, "web@2.2.3").contains("D3"))
        #expect(try !Self.rows(duringSync, "web@2.3.1").contains("D3"))
        #expect(try Self.rows(duringSync, "android@3.2.1").contains("D3"))
        #expect(try !Self.rows(duringSync, "android@3.2.2").contains("D3"))
        #expect(try Self.rows(duringSync, "ios@3.14.0").contains("D3"))
        #expect(try Self.rows(duringSync, "web").isEmpty)
        // D4: a message waiting for its image under web before 4.8.2.
        #expect(try Self.rows(duringSync, "web@4.8.1").contains("D4"))
        #expect(try !Self.rows(duringSync, "web@4.8.2").contains("D4"))
        // X8: a regex filter under android before 8.1.0 (the scenario is enough).
        let regex = try Self.scenario(#"[{ "at": 0, "do": "launch" }]"#, filters: true)
        #expect(try Self.rows(regex, "android@8.0.0").contains("X8"))
        #expect(try !Self.rows(regex, "android@8.1.0").contains("X8"))
        #expect(try !Self.rows(duringSync, "android@8.0.0").contains("X8"))
        // X40 (android 32.1.0 to 34.x): a user change.
        let user = try Self.scenario(
            #"[{ "at": 0, "do": "launch" }, { "at": 5, "do": "changeUser", "id": "someone" }]"#)
        #expect(try Self.rows(user, "android@33.0.0").contains("X40"))
        #expect(try !Self.rows(user, "android@35.0.0").contains("X40"))
        #expect(try !Self.rows(user, "android@32.0.0").contains("X40"))
        // Every not-modelled row of every axis has a signal this suite or the evidence names.
        for platform in ["ios", "swift", "android", "web"] {
            let axis = try #require(VersionAxis.of(platform))
            for row in axis.notModelled {
                #expect(row.from != nil || row.until != nil, "\(platform) \(row.row): a range")
            }
        }
    }
}
