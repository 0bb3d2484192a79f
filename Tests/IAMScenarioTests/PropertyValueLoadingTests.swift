import IAMEngine
import Testing

@testable import IAMScenario

/// delivery-rules.md §12 R1, R2 and profiles.md X22: event properties of any JSON type and
/// date values load, from the general reader and past the plain fast path alike.
@Suite("Revision 3: event property values load")
struct PropertyValueLoadingTests {
    private func properties(_ json: String) throws -> [[String: PropertyValue]] {
        try load(timelineScenario(json)).scenario.timeline.compactMap { step in
            switch step.action {
            case .customEvent(_, let properties), .purchase(_, let properties): properties
            default: nil
            }
        }
    }

    @Test("R1: nulls, arrays and objects load; arrays and objects as their compact JSON")
    func anyJSONType() throws {
        let loaded = try properties(
            #"""
            [{"at": 0, "do": "customEvent", "name": "e", "properties": {"n": null, "tags": ["a", 1, true, null], "meta": {"k": [1, {"z": null}]}, "s": "x"}},
             {"at": 1, "do": "purchase", "product_id": "p", "price": 2, "properties": {"list": [ ], "o": { }}}]
            """#)
        #expect(
            loaded == [
                [
                    "n": .null, "tags": .structured(#"["a",1,true,null]"#),
                    "meta": .structured(#"{"k":[1,{"z":null}]}"#),
                    "s": .string("x"),
                ],
                ["list": .structured("[]"), "o": .structured("{}")],
            ])
    }

    @Test("R2: {\"$date\": ISO-8601} is a date value, milliseconds kept; any other object is an object")
    func dateValues() throws {
        let loaded = try properties(
            #"""
            [{"at": 0, "do": "customEvent", "name": "e", "properties": {"when": {"$date": "2026-01-01T00:00:21.500Z"}, "day": {"$date": "2026-01-02"}, "two": {"$date": "2026-01-01T00:00:00Z", "x": 1}, "text": "2026-01-01T00:00:00Z"}}]
            """#)
        #expect(
            loaded == [
                [
                    "when": .date(1_767_225_621.5), "day": .date(1_767_312_000),
                    "two": .structured(#"{"$date":"2026-01-01T00:00:00Z","x":1}"#),
                    // A plain string stays a string (X24 decides whether a platform reads it as a date).
                    "text": .string("2026-01-01T00:00:00Z"),
                ]
            ])
    }

    @Test("X22: an integer literal beyond 32 bits is kept apart; the same number written with a fraction is a number")
    func bigIntegers() throws {
        let loaded = try properties(
            #"""
            [{"at": 0, "do": "customEvent", "name": "e", "properties": {"big": 3000000000, "low": -2147483649, "edge": 2147483647, "frac": 3000000000.0, "small": 10}}]
            """#)
        #expect(
            loaded == [
                [
                    "big": .bigInteger(3_000_000_000), "low": .bigInteger(-2_147_483_649),
                    "edge": .number(2_147_483_647),
                    "frac": .number(3_000_000_000), "small": .number(10),
                ]
            ])
    }

    @Test("R2: a malformed date value is an error naming its JSON path")
    func malformedDates() {
        func error(_ value: String) -> String? {
            loadError(
                timelineScenario(#"[{"at": 0, "do": "customEvent", "name": "e", "properties": {"when": \#(value)}}]"#))
        }
        #expect(
            error(#"{"$date": "yesterday"}"#)
                == #"scenario.json: timeline[0].properties.when["$date"]: "yesterday" is not an ISO-8601 date (like 2026-01-31T12:00:00Z)"#
        )
        #expect(
            error(#"{"$date": 1767225600}"#)
                == #"scenario.json: timeline[0].properties.when["$date"]: a date value is {"$date": "<ISO-8601>"}; got the number 1767225600"#
        )
        #expect(
            error(#"{"$date": "2026-02-30T00:00:00Z"}"#)
                == #"scenario.json: timeline[0].properties.when["$date"]: "2026-02-30T00:00:00Z" is not an ISO-8601 date (like 2026-01-31T12:00:00Z)"#
        )
    }

    @Test("R1: an array or object property is held to the property size limit (T6)")
    func structuredSizeLimit() {
        let long = String(repeating: "x", count: Pattern.maxEvaluatedLength)
        let json = timelineScenario(
            #"[{"at": 0, "do": "customEvent", "name": "e", "properties": {"k": ["\#(long)"]}}]"#)
        #expect(
            loadError(json)
                == "scenario.json: timeline[0].properties.k: an event property holding an array of 65540 bytes (as compact JSON) is longer than the limit of 65536"
        )
    }

    @Test("R1, R2, X22: steps the plain fast path hands over load as the general reader reads them")
    func fastPathHandsOver() throws {
        // The same plain object in two steps is shared (fast path); a step with a date value is
        // read by the general reader and still equal to what it describes.
        let loaded = try properties(
            #"""
            [{"at": 0, "do": "customEvent", "name": "e", "properties": {"a": 1, "b": "x"}},
             {"at": 1, "do": "customEvent", "name": "e", "properties": {"a": 1, "b": "x", "d": {"$date": "2026-01-01T00:00:00Z"}}},
             {"at": 2, "do": "customEvent", "name": "e", "properties": {"a": 4294967296, "b": "x"}}]
            """#)
        #expect(
            loaded == [
                ["a": .number(1), "b": .string("x")],
                ["a": .number(1), "b": .string("x"), "d": .date(1_767_225_600)],
                ["a": .bigInteger(4_294_967_296), "b": .string("x")],
            ])
    }
}
