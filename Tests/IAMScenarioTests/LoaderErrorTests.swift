import IAMEngine
import Testing

@testable import IAMScenario

/// Bad input: each gets one clear error naming the file, the JSON path and what was expected (§9).
@Suite("Scenario loader errors")
struct LoaderErrorTests {
    // MARK: JSON syntax

    @Test("§9: malformed JSON names line, column and the path reached")
    func malformed() {
        #expect(
            loadError("{\n  \"triggers\": [\n    }\n}")
                == #"scenario.json: triggers[0]: line 3, column 5: unexpected character '}'; expected a value"#)
    }

    @Test("§9: truncated JSON is an error at the end of the input")
    func truncated() {
        #expect(
            loadError(#"{"triggers": [{"id": "a""#)
                == #"scenario.json: triggers[0]: line 1, column 25: unexpected end of input; expected ',' or '}' in an object"#
        )
        #expect(
            loadError(#"{"triggers": [{"id": "a"#)
                == #"scenario.json: triggers[0].id: line 1, column 24: unexpected end of input inside a string (a missing closing quote?)"#
        )
    }

    @Test("§9: an empty file and a whitespace-only file are errors")
    func empty() {
        let error = loadError(bytes: [])
        #expect(error?.description == "scenario.json: $: line 1, column 1: the file is empty; expected a JSON value")
        #expect(error?.line == 1 && error?.column == 1)
        #expect(
            loadError(" \n\t")
                == "scenario.json: $: line 2, column 2: the file holds only whitespace; expected a JSON value")
    }

    @Test("§9: trailing garbage after the document is an error")
    func trailing() {
        #expect(
            loadError(#"{"triggers": []} x"#)
                == "scenario.json: $: line 1, column 18: unexpected character 'x' after the end of the JSON value")
    }

    @Test("§9: invalid UTF-8 bytes are rejected at the offending byte")
    func invalidUTF8() {
        let bytes = Array(#"{"triggers": [], "name": "caf"#.utf8) + [0xE9] + Array(#"!"}"#.utf8)
        #expect(
            loadError(bytes: bytes)?.description
                == "scenario.json: name: line 1, column 31: invalid UTF-8: byte 0x21 after 0xE9")
    }

    @Test("§9: a raw control character inside a string is rejected")
    func controlCharacter() {
        #expect(
            loadError("{\"name\": \"a\tb\", \"triggers\": []}")
                == #"scenario.json: name: line 1, column 12: control character 0x09 in a string; escape it (\n, \t, \u00XX)"#
        )
    }

    @Test("§9: huge numbers (1e400) are rejected, not read as infinity")
    func hugeNumber() {
        #expect(
            loadError(scenario([trigger("a", extra: #""priority": 1e400"#)]))
                == "scenario.json: triggers[0].priority: line 1, column 97: number 1e400 is out of range (beyond ±1.8e308)"
        )
    }

    @Test("§9: 10,000 nested '[' fail at the depth limit without exhausting the stack")
    func deepNesting() {
        let error = loadError(bytes: Array(repeating: UInt8(ascii: "["), count: 10_000))
        #expect(error?.message == "line 1, column 65: nesting deeper than 64 levels")
        #expect(error?.path == "$" + String(repeating: "[0]", count: 64))
    }

    @Test("§9: duplicate keys in one object are an error")
    func duplicateKey() {
        #expect(
            loadError(#"{"triggers": [], "settings": {"epoch": 1, "epoch": 2}}"#)
                == #"scenario.json: settings.epoch: line 1, column 43: duplicate key "epoch" in one object"#)
    }

    // MARK: Structure and types

    @Test("§9: the file must be an object with triggers (or Braze's data: a top-level array is a triggers list)")
    func topLevel() {
        #expect(loadError("3") == "scenario.json: $: expected an object, got the number 3")
        #expect(loadError(#"[3]"#) == "scenario.json: $[0]: expected an object, got the number 3")
        #expect(loadError(#"{"name": "x"}"#) == #"scenario.json: $: missing required key "triggers""#)
        #expect(
            loadError(#"{"triggers": 3}"#)
                == "scenario.json: triggers: expected an array of triggered actions (or a sync response with one), got the number 3"
        )
        #expect(
            loadError(#"{"triggers": {"rebuild": true}}"#)
                == #"scenario.json: triggers: expected an array, got an object (a sync response needs a "triggers" array)"#
        )
        #expect(
            loadError(#"{"triggers": {}}"#)
                == #"scenario.json: triggers: expected an array, got an object (a sync response needs a "triggers" array)"#
        )
    }

    @Test("§9: wrong types name the path and both types")
    func wrongTypes() {
        #expect(
            loadError(#"{"triggers": [{"id": 5, "trigger_condition": [], "data": {}}]}"#)
                == "scenario.json: triggers[0].id: expected a string, got the number 5")
        #expect(
            loadError(scenario([trigger("a", extra: #""prefetch": "yes""#)]))
                == #"scenario.json: triggers[0].prefetch: expected true or false, got the string "yes""#)
        #expect(
            loadError(scenario([trigger("a", extra: #""priority": 1.5"#)]))
                == "scenario.json: triggers[0].priority: expected an integer, got 1.5")
        #expect(
            loadError(scenario([trigger("a", data: #"{"btns": {"id": 1}}"#)]))
                == "scenario.json: triggers[0].data.btns: expected an array, got an object")
        #expect(
            loadError(scenario([], #""settings": {"device": {"kind": "watch"}}"#))
                == #"scenario.json: settings.device.kind: unknown device kind "watch" (expected phone or tablet)"#)
    }

    @Test("§9: a trigger without id, conditions or data is an error")
    func missingTriggerKeys() {
        #expect(
            loadError(#"{"triggers": [{"trigger_condition": [], "data": {}}]}"#)
                == #"scenario.json: triggers[0]: missing required key "id""#)
        #expect(
            loadError(#"{"triggers": [{"id": "a", "data": {}}]}"#)
                == #"scenario.json: triggers[0]: missing required key "trigger_condition""#)
        #expect(
            loadError(#"{"triggers": [{"id": "a", "trigger_condition": []}]}"#)
                == #"scenario.json: triggers[0]: missing required key "data""#)
    }

    @Test("§9: decode errors carry no line or column, only the path")
    func decodeErrorFields() {
        let error = loadError(bytes: Array(scenario([trigger("a", extra: #""delay": "soon""#)]).utf8))
        #expect(
            error
                == ScenarioError(
                    file: "scenario.json", path: "triggers[0].delay",
                    message: #"expected a number, got the string "soon""#))
        #expect(error?.line == nil && error?.column == nil)
    }

    @Test("§9: duplicate trigger ids in a sync response name both indices")
    func duplicateIDsInSyncResponse() {
        #expect(
            loadError(#"{"triggers": {"triggers": [\#(trigger("x")), \#(trigger("x"))]}}"#)
                == #"scenario.json: triggers.triggers[1].id: duplicate trigger id "x": triggers.triggers[0] and triggers.triggers[1] have it"#
        )
    }

    @Test("§9: duplicate trigger ids name both indices")
    func duplicateIDs() {
        #expect(
            loadError(scenario([trigger("a"), trigger("b"), trigger("a")]))
                == #"scenario.json: triggers[2].id: duplicate trigger id "a": triggers[0] and triggers[2] have it"#)
    }

    @Test("P2/P3/E1: negative delay and intervals are errors; -1 is allowed where it means something")
    func negativeIntervals() {
        #expect(
            loadError(scenario([trigger("a", extra: #""delay": -5"#)]))
                == "scenario.json: triggers[0].delay: must be >= 0 seconds; got -5")
        #expect(
            loadError(scenario([trigger("a", extra: #""min_seconds_since_last_trigger": -2"#)]))
                == "scenario.json: triggers[0].min_seconds_since_last_trigger: must be >= 0 seconds, or -1 for the global minimum interval; got -2"
        )
        #expect(
            loadError(scenario([trigger("a", extra: #""re_eligibility": -30"#)]))
                == "scenario.json: triggers[0].re_eligibility: must be >= 0 seconds, or -1 for once only; got -30")
        #expect(
            loadError(scenario([trigger("a", extra: #""timeout": -0.5"#)]))
                == "scenario.json: triggers[0].timeout: must be >= 0 milliseconds, or -1 for no timeout; got -0.5")
        #expect(
            loadError(scenario([], #""settings": {"minimumTriggerInterval": -1}"#))
                == "scenario.json: settings.minimumTriggerInterval: must be a whole number of seconds >= 0; got -1")
        #expect(
            loadError(scenario([], #""settings": {"minimumTriggerInterval": 2.5}"#))
                == "scenario.json: settings.minimumTriggerInterval: expected an integer, got 2.5")
        #expect(
            loadError(scenario([], #""settings": {"network": {"syncLatency": -0.1}}"#))
                == "scenario.json: settings.network.syncLatency: must be >= 0 seconds; got -0.1")
        #expect(
            loadError(scenario([], #""assets": {"https://x/a.png": {"download": -1}}"#))
                == #"scenario.json: assets["https://x/a.png"].download: must be >= 0 seconds; got -1"#)
    }

    // MARK: Conditions and filters

    @Test("T4: a condition type that is not a string is a load error")
    func conditionTypeNotString() {
        #expect(
            loadError(scenario([trigger("a", conditions: #"[{"type": 7}]"#)]))
                == "scenario.json: triggers[0].trigger_condition[0].type: expected a string, got the number 7")
    }

    @Test("T1: conditions missing their required data are errors")
    func conditionData() {
        #expect(
            loadError(scenario([trigger("a", conditions: #"[{"type": "custom_event", "data": {}}]"#)]))
                == #"scenario.json: triggers[0].trigger_condition[0].data: missing required key "event_name""#)
        #expect(
            loadError(scenario([trigger("a", conditions: #"[{"type": "custom_event", "data": {"event_name": ""}}]"#)]))
                == "scenario.json: triggers[0].trigger_condition[0].data.event_name: expected a non-empty string")
        #expect(
            loadError(
                scenario([
                    trigger("a", conditions: #"[{"type": "purchase_property", "data": {"property_filters": []}}]"#)
                ]))
                == #"scenario.json: triggers[0].trigger_condition[0].data: missing required key "product_id""#)
        #expect(
            loadError(scenario([trigger("a", conditions: #"[{"type": "iam_click", "data": {"id": 1.5}}]"#)]))
                == "scenario.json: triggers[0].trigger_condition[0].data.id: expected a string or integer id, got the number 1.5"
        )
    }

    @Test("T4: a filter without property_key is a load error with the full five-level path")
    func missingPropertyKey() {
        let good = #"{"property_key": "size", "property_type": "string", "comparator": 1, "property_value": "L"}"#
        let bad = #"{"property_type": "string", "comparator": 1, "property_value": "L"}"#
        let conditions =
            #"[{"type": "custom_event_property", "data": {"event_name": "e", "property_filters": [[\#(good), \#(bad)]]}}]"#
        #expect(
            loadError(scenario([trigger("a"), trigger("b"), trigger("c", conditions: conditions)]))
                == #"scenario.json: triggers[2].trigger_condition[0].data.property_filters[0][1]: missing required key "property_key""#
        )
        #expect(
            loadError(filterScenario("[[7]]"))
                == "scenario.json: triggers[0].trigger_condition[0].data.property_filters[0][0]: expected an object, got the number 7"
        )
    }

    @Test("T4: a comparator must be an integer code")
    func comparatorType() {
        #expect(
            loadError(
                filterScenario(
                    #"[[{"property_key": "k", "property_type": "number", "comparator": "1", "property_value": 1}]]"#))
                == #"scenario.json: triggers[0].trigger_condition[0].data.property_filters[0][0].comparator: expected an integer comparator code, got the string "1""#
        )
    }

    @Test("T4: regex comparators (10, 17) compile at load time")
    func regex() throws {
        let loaded = try load(
            filterScenario(
                #"[[{"property_key": "k", "property_type": "string", "comparator": 10, "property_value": "lat+e"}]]"#))
        guard case .customEventProperty(_, let groups) = loaded.scenario.triggers[0].conditions[0] else {
            Issue.record("not a custom_event_property condition")
            return
        }
        let pattern = try #require(groups[0][0].pattern)
        #expect(pattern.matches("Iced LATTTE please", caseSensitive: false, dialect: .icu)) // partial, case-insensitive
        #expect(!pattern.matches("mocha", caseSensitive: false, dialect: .icu))
    }

    // MARK: Messages

    @Test("§8: message errors: type, buttons")
    func messageErrors() {
        #expect(
            loadError(scenario([trigger("a", data: #"{"type": "carousel"}"#)]))
                == #"scenario.json: triggers[0].data.type: unknown message type "carousel" (expected SLIDEUP, MODAL, FULL, HTML or HTML_FULL)"#
        )
        #expect(
            loadError(scenario([trigger("a", data: #"{"btns": [{"id": 0}, 3]}"#)]))
                == "scenario.json: triggers[0].data.btns[1]: expected an object, got the number 3")
    }

    // MARK: Timeline

    @Test("§9: a timeline that goes back in time is an error naming both steps")
    func backInTime() {
        #expect(
            loadError(
                timelineScenario(
                    #"[{"at": 0, "do": "launch"}, {"at": 20, "do": "wait"}, {"at": 12, "do": "background"}]"#))
                == "scenario.json: timeline[2].at: at 12 goes back in time: timeline[1] is at 20")
        #expect(
            loadError(timelineScenario(#"[{"at": -1, "do": "launch"}]"#))
                == "scenario.json: timeline[0].at: must be >= 0 seconds; got -1")
    }

    @Test("§9: timeline step errors: unknown action, missing keys, bad values")
    func stepErrors() {
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "jump"}]"#))
                == #"scenario.json: timeline[0].do: unknown action "jump" (expected launch, background, foreground, reset, purchase, customEvent, pushClick, keyboard, rotate, device, dismiss, click, displayNext, addLocal, delegate, network, campaign, profile, wait, integration, appImpression, testSend, screen, bridge, showInAppMessage, deferInAppMessage, showDeferred or changeUser)"#
        )
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "purchase"}]"#))
                == #"scenario.json: timeline[0]: missing required key "product_id""#)
        #expect(
            loadError(timelineScenario(#"[{"at": 0}]"#))
                == #"scenario.json: timeline[0]: missing required key "do""#)
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "keyboard", "shown": 1}]"#))
                == "scenario.json: timeline[0].shown: expected true or false, got the number 1")
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "click", "button": 2}]"#))
                == "scenario.json: timeline[0].button: button is a 0-based index and a message has at most two buttons; got 2"
        )
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "rotate", "orientation": "sideways"}]"#))
                == #"scenario.json: timeline[0].orientation: unknown orientation "sideways" (expected portrait or landscape)"#
        )
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "delegate", "answer": "maybe"}]"#))
                == #"scenario.json: timeline[0].answer: unknown display choice "maybe" (expected now, later, discard or reenqueue)"#
        )
        #expect(
            loadError(
                timelineScenario(#"[{"at": 0, "do": "addLocal", "message": {"type": "FULL", "duration": "long"}}]"#))
                == #"scenario.json: timeline[0].message.duration: expected an integer, got the string "long""#)
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "wait", "note": 3}]"#))
                == "scenario.json: timeline[0].note: expected a string, got the number 3")
    }

    @Test("D5: a campaign step must name a trigger")
    func campaignID() {
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "campaign", "id": "zzz", "enabled": false}]"#))
                == #"scenario.json: timeline[0].id: campaign "zzz" is not among the triggers"#)
    }

    @Test("R1: nested event property values load (revision 3: no longer an error)")
    func nestedProperties() {
        #expect(
            loadError(
                timelineScenario(#"[{"at": 0, "do": "customEvent", "name": "e", "properties": {"size": {"ml": 350}}}]"#)
            ) == nil)
        #expect(
            loadError(
                timelineScenario(#"[{"at": 0, "do": "purchase", "product_id": "latte", "properties": {"tags": []}}]"#))
                == nil)
    }

    @Test("§9: nothing is half-loaded: a late error throws instead of returning the good part")
    func allOrNothing() {
        let json = scenario(
            [trigger("a"), trigger("b")], #""timeline": [{"at": 0, "do": "launch"}, {"at": 1, "do": "fly"}]"#)
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(json: json, file: "x.json") }
        #expect(loadError(json, file: "x.json")?.hasPrefix("x.json: timeline[1].do: unknown action \"fly\"") == true)
    }

    @Test("profiles.md: an unknown settings.profile or profile step is a load error with its path")
    func profileErrors() throws {
        #expect(
            loadError(scenario([], #""settings": {"profile": "windows"}"#))
                == #"scenario.json: settings.profile: unknown profile "windows" (expected ios, swift, android or web)"#)
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "profile", "name": "tv"}]"#))
                == #"scenario.json: timeline[0].name: unknown profile "tv" (expected ios, swift, android or web)"#)
        #expect(
            loadError(timelineScenario(#"[{"at": 0, "do": "profile"}]"#))
                == #"scenario.json: timeline[0]: missing required key "name""#)
        let loaded = try ScenarioLoader.load(
            json:
                #"{"triggers": [], "settings": {"profile": "Android"}, "timeline": [{"at": 1, "do": "profile", "name": "web"}]}"#,
            file: "scenario.json")
        #expect(loaded.scenario.settings.profile == .android)
        #expect(loaded.scenario.timeline.map(\.action) == [.profile(.web)])
    }
}
