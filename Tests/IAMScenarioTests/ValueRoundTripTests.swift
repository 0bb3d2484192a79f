import IAMEngine
import Testing

@testable import IAMScenario

/// Issue 35, "nothing the user made is lost": a date saved with a session loads back as the
/// same value over the whole range a scenario accepts, and a number prints in its shortest
/// round-trip form in both trace forms (never `0` for 0.0004).
@Suite("Values round-trip: dates and numbers")
struct ValueRoundTripTests {
    static let extremes = [
        "9999-12-31T23:59:59.9999Z", "9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59Z",
        "0001-01-01T00:00:00.0001Z", "0001-01-01T00:00:00Z", "2026-01-01T00:00:21.123456789Z",
        "1969-12-31T23:59:59.5Z", "2026-01-31T12:00:00+23:59", "9999-12-31T00:00:00-23:59",
    ]

    @Test("ISO8601.format reads back exactly, over the whole accepted range", arguments: extremes)
    func formatRoundTrips(_ text: String) throws {
        let seconds = try #require(ISO8601.parseDate(text))
        let written = ISO8601.format(seconds)
        #expect(ISO8601.parseDate(written) == seconds, "\(text) → \(written)")
        #expect(written.hasPrefix(text.hasPrefix("9999") ? "9999-12-31T" : written.prefix(4) + "-"))
    }

    @Test("the year's ends are written as they were; milliseconds keep their three digits")
    func exactText() {
        #expect(ISO8601.format(ISO8601.parse("9999-12-31T23:59:59.9999Z")!) == "9999-12-31T23:59:59.9999Z")
        #expect(ISO8601.format(ISO8601.parse("0001-01-01T00:00:00.0001Z")!) == "0001-01-01T00:00:00.0001Z")
        #expect(ISO8601.format(ISO8601.parse("2026-01-01T00:00:21.5Z")!) == "2026-01-01T00:00:21.500Z")
        #expect(ISO8601.format(ISO8601.parse("2026-01-01T00:00:21.123Z")!) == "2026-01-01T00:00:21.123Z")
        #expect(ISO8601.format(ISO8601.parse("2026-01-01T00:00:21Z")!) == "2026-01-01T00:00:21Z")
    }

    @Test("a session holding 9999-12-31T23:59:59.9999Z is saved in year 9999 and loads back to the same value")
    func savedSessionLoadsBack() throws {
        let json = timelineScenario(
            #"[{"at": 1, "do": "customEvent", "name": "e", "properties": {"d": {"$date": "9999-12-31T23:59:59.9999Z"}, "f": {"$date": "0001-01-01T00:00:00.0001Z"}}}]"#
        )
        let loaded = try ScenarioLoader.load(json: json, file: "scenario.json", keepingJSON: true)
        let text = RecordedScenario.text(source: loaded.json, timeline: loaded.scenario.timeline, until: 2)
        #expect(
            text.contains(#""d":{"$date":"9999-12-31T23:59:59.9999Z"},"f":{"$date":"0001-01-01T00:00:00.0001Z"}"#),
            "\(text)")
        let again = try ScenarioLoader.load(json: text, file: "saved.json")
        #expect(again.scenario.timeline == loaded.scenario.timeline)
    }

    @Test("a date an offset puts past year 9999 or before year 1 is a load error with its path")
    func outOfRangeRefused() {
        for text in ["9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00+00:01"] {
            let json = timelineScenario(
                #"[{"at": 1, "do": "customEvent", "name": "e", "properties": {"d": {"$date": "\#(text)"}}}]"#)
            #expect(
                loadError(json)
                    == #"scenario.json: timeline[0].properties.d["$date"]: "\#(text)" is outside the dates a scenario holds (0001-01-01T00:00:00Z up to 9999-12-31T23:59:59Z and its fraction, in UTC)"#
            )
        }
    }

    @Test("numbers print in their shortest round-trip form, in text and jsonl; times keep milliseconds")
    func shortestNumbers() throws {
        let json = scenario(
            [
                trigger(
                    "t",
                    conditions:
                        #"[{"type": "custom_event_property", "data": {"event_name": "e", "property_filters": [[{"property_key": "n", "property_type": "number", "comparator": 3, "property_value": 0.0001}]]}}]"#
                )
            ],
            #""timeline": [{"at": 0, "do": "launch"}, {"at": 1.5, "do": "customEvent", "name": "e", "properties": {"n": 0.0004, "m": 1.23456789, "k": 12, "e": 1e-7, "big": 1e300}}]"#
        )
        let loaded = try load(json)
        let event = try #require(
            ScenarioRunner.trace(loaded.scenario).first(where: { TraceFormat.json($0).contains(#""name":"e""#) }))
        let jsonl = TraceFormat.json(event)
        #expect(jsonl.contains(#""properties":{"big":1e+300,"e":1e-07,"k":12,"m":1.23456789,"n":0.0004}"#), "\(jsonl)")
        #expect(jsonl.hasPrefix(#"{"t":1.5,"#))
        let text = TraceFormat.text(event)
        #expect(text.hasSuffix("custom_event:e {big=1e+300, e=1e-07, k=12, m=1.23456789, n=0.0004}"), "\(text)")
        // The filter's words: n > 0.0001, not n > 0 passed by n = 0.
        #expect(loaded.scenario.triggers[0].conditions[0].words.contains("n > 0.0001"))
    }
}
