import Foundation
import IAMEngine
import Testing

@testable import IAMScenario

/// The loader's limits (docs/ROBUSTNESS.md): each exceeded limit is a load error naming the
/// JSON path and the limit, never a hang, a crash or a half-loaded scenario.
@Suite("Loader limits")
struct LimitTests {
    let prefix = "scenario.json: triggers[0].trigger_condition[0].data.property_filters[0][0].property_value: "

    func regexFilter(_ pattern: String) -> String {
        let quoted = JSONText.quoted(pattern)
        return filterScenario(
            #"[[{"property_key": "k", "property_type": "string", "comparator": 10, "property_value": \#(quoted)}]]"#)
    }

    @Test("T6: patterns over the size limits are load errors with the JSON path")
    func refusedPatterns() {
        #expect(loadError(regexFilter("((a{50}){50}){50}"))?.contains("the pattern is too complex") == true)
        let long = String(repeating: "a", count: Pattern.maxSourceLength + 1)
        let error = loadError(regexFilter(long))
        #expect(
            error?.contains("…\": the pattern is 4097 characters long; the limit is 4096") == true, "\(error ?? "")")
    }

    @Test("T4: a catastrophic pattern loads and evaluates against the longest allowed value (it used to hang)")
    func catastrophicPatternRunsQuickly() throws {
        let value = String(repeating: "a", count: Pattern.maxEvaluatedLength - 1) + "!"
        let json = scenario(
            [
                trigger(
                    "t",
                    conditions:
                        #"[{"type": "custom_event_property", "data": {"event_name": "e", "property_filters": [[{"property_key": "k", "property_type": "string", "comparator": 10, "property_value": "(a+)+$"}]]}}]"#
                )
            ],
            #""timeline": [{"at": 0, "do": "launch"}, {"at": 1, "do": "customEvent", "name": "e", "properties": {"k": "\#(value)"}}]"#
        )
        let loaded = try load(json)
        let trace = ScenarioRunner.trace(loaded.scenario)
        #expect(trace.contains { $0.kind == .noMatch && $0.t == 1 })
    }

    @Test("T6: triggers whose regex work on one event exceeds the limit are refused at the trigger that crosses it")
    func eventWorkLimit() throws {
        let heavy = #"([ab]*a){330}x"#
        func heavyTrigger(_ id: String, event: String) -> String {
            trigger(
                id,
                conditions:
                    #"[{"type": "custom_event_property", "data": {"event_name": "\#(event)", "property_filters": [[{"property_key": "k", "property_type": "string", "comparator": 10, "property_value": "\#(heavy)"}]]}}]"#
            )
        }
        let fit = EventWork.maxRegexInstructions / (try Pattern(heavy).size)
        let onOtherEvents = (0...fit).map { heavyTrigger("x\($0)", event: "other\($0)") }
        let sameEvent = (0...fit).map { heavyTrigger("t\($0)", event: "e") }
        #expect(loadError(scenario(onOtherEvents + Array(sameEvent.prefix(fit)))) == nil)
        let error = try #require(loadError(scenario(onOtherEvents + sameEvent)))
        #expect(
            error.hasPrefix(
                #"scenario.json: triggers[\#(2 * fit + 1)]: with this trigger, a custom_event "e" reaches triggers whose filters need"#
            ), "\(error)")
        #expect(error.contains("(the limit is \(EventWork.maxRegexInstructions))"))
    }

    @Test("§9: an event property string longer than the regex evaluation limit is an error")
    func longPropertyValue() {
        let value = String(repeating: "x", count: Pattern.maxEvaluatedLength + 1)
        let json = timelineScenario(#"[{"at": 0, "do": "customEvent", "name": "e", "properties": {"k": "\#(value)"}}]"#)
        #expect(
            loadError(json)
                == "scenario.json: timeline[0].properties.k: an event property string of 65537 bytes is longer than the limit of 65536"
        )
    }

    @Test("§9: strings over 1 MiB, nesting over 64 levels and numbers beyond Double are errors")
    func readerLimits() {
        let huge = String(repeating: "x", count: JSONReader.maxStringBytes + 1)
        #expect(
            loadError(#"{"name": "\#(huge)", "triggers": []}"#)?.contains("string longer than 1048576 bytes (1 MiB)")
                == true)
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(loadError(#"{"triggers": \#(deep)}"#)?.contains("nesting deeper than 64 levels") == true)
        #expect(
            loadError(#"{"triggers": [], "timeline": [{"at": 1e999, "do": "wait"}]}"#)
                == "scenario.json: timeline[0].at: line 1, column 38: number 1e999 is out of range (beyond ±1.8e308)")
    }

    @Test("§9: more timeline steps than the limit is an error, reported before decoding them")
    func hugeTimeline() {
        let step = #"{"at":0,"do":"wait"},"#
        let body = String(repeating: step, count: ScenarioLoader.maxTimelineSteps) + #"{"at":0,"do":"wait"}"#
        let error = loadError(#"{"triggers": [], "timeline": [\#(body)]}"#)
        #expect(error == "scenario.json: timeline: too many timeline steps: 1000001 (the limit is 1000000)")
    }

    @Test("§9: a file over 64 MiB is refused before parsing")
    func hugeFile() {
        let bytes = [UInt8](repeating: 0x20, count: ScenarioLoader.maxFileBytes + 1)
        #expect(loadError(bytes: bytes)?.message.contains("larger than the limit") == true)
    }

    @Test("§10: an id over 1,024 bytes is a load error with its path, in a plain trigger and in one that warns")
    func longIDs() throws {
        let limit = String(repeating: "é", count: Trigger.maxIDBytes / 2)
        let over = limit + "x"
        func triggers(_ id: String, _ extra: String = "") -> String {
            #"{"triggers": [{"id": "\#(id)", \#(extra)"trigger_condition": [{"type": "open"}], "data": {"type": "SLIDEUP", "message": "m"}}]}"#
        }
        let expected =
            "scenario.json: triggers[0].id: the id is 1025 bytes long; the limit is 1024 (Braze's ids are under 100)"
        // A plain trigger, and one with a member read through its node (x_sim).
        #expect(loadError(triggers(over)) == expected)
        #expect(loadError(triggers(over, #""x_sim": {"name": "n"}, "#)) == expected)
        // Exactly at the limit it loads, whole.
        #expect(try load(triggers(limit)).scenario.triggers.map(\.id) == [limit])
        // A test send's id goes on the stack as well.
        let send =
            #"{"triggers": [], "timeline": [{"at": 1, "do": "testSend", "id": "\#(over)", "message": {"type": "SLIDEUP", "message": "m"}}]}"#
        #expect(
            loadError(send)
                == "scenario.json: timeline[0].id: the id is 1025 bytes long; the limit is 1024 (Braze's ids are under 100)"
        )
    }
}
