import IAMEngine
import Testing

@testable import IAMScenario

/// Things that load but probably do not do what the author meant.
@Suite("Scenario loader warnings")
struct LoaderWarningTests {
    let filterPath = "scenario.json: triggers[0].trigger_condition[0].data.property_filters"

    @Test("T3: an empty property_filters array warns that it never matches")
    func emptyFilters() throws {
        #expect(
            try warnings(filterScenario("[]"))
                == ["\(filterPath): warning: empty property_filters never matches; this condition never fires (T3)"])
        #expect(
            try warnings(filterScenario("[[]]"))
                == ["\(filterPath)[0]: warning: an empty filter group never passes; this condition never fires (T3)"])
    }

    @Test("T4: comparators 7, 8, 9, 13, 14, 18, 19 load with a warning")
    func unevaluatedComparators() throws {
        for code in [7, 8, 9, 13, 14, 18, 19] {
            let json = filterScenario(
                #"[[{"property_key": "k", "property_type": "string", "comparator": \#(code), "property_value": "x"}]]"#)
            let loaded = try load(json)
            #expect(
                loaded.warnings.map(\.description)
                    == [
                        "\(filterPath)[0][0].comparator: warning: unsupported filter: the SDK never evaluates comparator \(code); it never passes (T4)"
                    ])
            guard case .customEventProperty(_, let groups) = loaded.scenario.triggers[0].conditions[0] else {
                Issue.record("wrong condition")
                continue
            }
            #expect(groups[0][0].comparator.rawValue == code)
            #expect(groups[0][0].comparator.isEvaluated == false)
            #expect(groups[0][0].unsupported?.path == "triggers[0].trigger_condition[0].data.property_filters[0][0]")
        }
    }

    @Test("T4, X7: comparators 4 and 6 on a number property warn that they are never true, except on web")
    func relativeOnNumbers() throws {
        let json = filterScenario(
            #"[[{"property_key": "k", "property_type": "number", "comparator": 4, "property_value": 60}]]"#)
        #expect(
            try warnings(json)
                == [
                    "\(filterPath)[0][0].comparator: warning: comparator 4 compares dates; for a number property it is never true (T4), except on web, which reads it as >= (X7)"
                ])
    }

    @Test("§9: unknown keys at the top level, in settings, a trigger and a step warn")
    func unknownKeys() throws {
        let json = #"""
            {
              "name": "x", "version": 2,
              "settings": {"minimumTriggerInterval": 5, "sessionTimeOut": 10, "device": {"kind": "phone", "dpi": 3}},
              "assets": {"https://x/a.png": {"download": 1, "size": 300}},
              "triggers": [{"id": "a", "trigger_condition": [{"type": "open", "data": {"when": 1}, "extra": true}],
                            "data": {"message": "hi", "trigger_id": "abc", "animate_in": true},
                            "cooldown": 3, "x_sim": {"name": "A", "colour": "red"}}],
              "timeline": [{"at": 0, "do": "launch", "note": "start", "comment": "x"}]
            }
            """#
        #expect(
            try warnings(json) == [
                #"scenario.json: settings.device.dpi: warning: unknown key "dpi" in device; ignored"#,
                #"scenario.json: settings.sessionTimeOut: warning: unknown key "sessionTimeOut" in settings; ignored"#,
                #"scenario.json: assets["https://x/a.png"].size: warning: unknown key "size" in an asset; ignored"#,
                #"scenario.json: triggers[0].trigger_condition[0].extra: warning: unknown key "extra" in a trigger condition; ignored"#,
                #"scenario.json: triggers[0].trigger_condition[0].data.when: warning: unknown key "when" in the data of the "open" condition; ignored"#,
                #"scenario.json: triggers[0].x_sim.colour: warning: unknown key "colour" in x_sim; ignored"#,
                #"scenario.json: triggers[0].cooldown: warning: unknown key "cooldown" in a trigger; ignored"#,
                #"scenario.json: timeline[0].comment: warning: unknown key "comment" in a launch step; ignored"#,
                #"scenario.json: version: warning: unknown key "version" in the scenario; ignored"#,
            ])
    }

    @Test("§8: unknown keys in a message are kept and ignored without a warning")
    func messageKeysQuiet() throws {
        let json = scenario([
            trigger(
                "a",
                data:
                    #"{"message": "hi", "crop_type": "CENTER_CROP", "animate_in": true, "btns": [{"id": 1, "border_color": -1, "x": 1}]}"#
            )
        ])
        #expect(try warnings(json) == [])
    }

    @Test("§8: non-string extras are stringified with a warning")
    func extras() throws {
        let json = scenario([
            trigger(
                "a", data: #"{"extras": {"shop": "north", "cups": 3, "vip": true, "tags": ["a", 1], "none": null}}"#)
        ])
        let loaded = try load(json)
        #expect(
            loaded.scenario.triggers[0].message.extras
                == ["shop": "north", "cups": "3", "vip": "true", "tags": #"["a",1]"#, "none": "null"])
        #expect(
            loaded.warnings.map(\.description) == [
                #"scenario.json: triggers[0].data.extras.cups: warning: extras values are strings; the number 3 kept as the string "3""#,
                #"scenario.json: triggers[0].data.extras.vip: warning: extras values are strings; true kept as the string "true""#,
                #"scenario.json: triggers[0].data.extras.tags: warning: extras values are strings; an array kept as the string "[\"a\",1]""#,
                #"scenario.json: triggers[0].data.extras.none: warning: extras values are strings; null kept as the string "null""#,
            ])
    }

    @Test("§9: a trigger type other than inapp warns; an empty condition list warns")
    func triggerTypeAndNoConditions() throws {
        let json = #"{"triggers": [{"id": "a", "type": "templated_iam", "trigger_condition": [], "data": {}}]}"#
        #expect(
            try warnings(json) == [
                #"scenario.json: triggers[0].type: warning: trigger type "templated_iam" is not "inapp"; simulated as an in-app message anyway"#,
                "scenario.json: triggers[0].trigger_condition: warning: no trigger conditions; this trigger never fires",
            ])
    }

    @Test("T2: a time window with start after end warns")
    func emptyWindow() throws {
        #expect(
            try warnings(scenario([trigger("a", extra: #""start_time": 200, "end_time": 100"#)]))
                == [
                    "scenario.json: triggers[0]: warning: start_time is not before end_time; this trigger never matches (T2)"
                ])
    }

    @Test("T1: an empty iam_click buttons list warns")
    func emptyButtons() throws {
        let json = scenario([
            trigger("a"), trigger("b", conditions: #"[{"type": "iam_click", "data": {"id": "a", "buttons": []}}]"#),
        ])
        #expect(
            try warnings(json)
                == [
                    "scenario.json: triggers[1].trigger_condition[0].data.buttons: warning: an empty buttons list matches no click (web: any click, X36); leave it out to match a body click"
                ])
    }

    @Test("§9: a step's note is accepted without a warning and kept")
    func notes() throws {
        let loaded = try load(timelineScenario(#"[{"at": 0, "do": "launch", "note": "cold start"}]"#))
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.scenario.timeline == [TimelineStep(at: 0, action: .launch, note: "cold start")])
    }
}
