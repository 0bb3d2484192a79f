import IAMEngine
import Testing

@testable import IAMScenario

/// What decoding the elements of the array `json` one by one with one decoder leaves: each
/// trigger or error, then the warnings and the ignored fields.
private func decode(_ json: String) throws -> (
    results: [Result<Trigger, DecodeIssue>], warnings: [String], ignored: [String]
) {
    let tape = try JSONReader.tape(Array(json.utf8))
    var decoder = ScenarioDecoder()
    var results: [Result<Trigger, DecodeIssue>] = []
    var element = 1
    for index in 0..<tape.count(0) {
        let node = Node(tape: tape, entry: element, parent: JSONPath([.key("triggers")]), step: .index(index))
        results.append(
            Result { () throws(DecodeIssue) -> Trigger in
                try decoder.trigger(node, index: index, listPath: JSONPath([.key("triggers")]))
            })
        element = tape.end(of: element)
    }
    return (results, decoder.warnings.map { "\($0.path): \($0.message)" }, decoder.ignoredFields)
}

@Suite("One reader of triggers and messages")
struct TriggerReaderTests {
    @Test("§9: the base triggers: values, the duplicate named with both places, ignored fields in file order")
    func baseTriggers() throws {
        let decoded = try decode("[" + IAMScenarioTests.baseTriggers.joined(separator: ",") + "]")
        let first = try decoded.results[0].get()
        #expect(first.id == "campaign-1")
        #expect(first.priority == 1)
        #expect(first.message.buttons.map(\.id) == ["0", "1"])
        #expect(first.message.buttons[1].clickAction == .uri("app://offer/1"))
        let all = try decoded.results[1].get()
        #expect(all.delay == 2.5)
        #expect(all.timeout == 30000)
        #expect(all.prefetch == false)
        #expect(all.message.colors == ["bg_color": 4_294_967_295, "text_color": 0xFF00_0000])
        #expect(all.message.extras == ["a": "b", "c": "d"])
        #expect(all.message.clickAction == .uri("https://x"))
        guard case .failure(let duplicate) = decoded.results[4] else {
            Issue.record("the second campaign-1 loaded")
            return
        }
        #expect(
            "\(duplicate.path): \(duplicate.message)"
                == #"triggers[4].id: duplicate trigger id "campaign-1": triggers[0] and triggers[4] have it"#)
        #expect(
            decoded.ignored == ["button.bg_color", "button.foo", "message.animate_in", "message.text_align_message"])
        #expect(decoded.warnings == [])
    }

    @Test("§9: a problem deep inside a trigger names its whole path, rebuilt from the tape only when reported")
    func deepPaths() throws {
        let json = #"""
            [{"id":"a","trigger_condition":[{"type":"open"},{"type":"custom_event_property","data":{"event_name":"e",
              "property_filters":[[{"property_key":"k","property_type":"number","comparator":1,"property_value":1}],
              [{"property_key":"k","property_type":"number","comparator":1,"property_value":"x"}]]}}],
              "data":{"message":"m","click_action":"URI","btns":[{"text":"a"},{"text":"b","click_action":"SHARE"}]}}]
            """#
        let decoded = try decode(json)
        #expect(
            decoded.warnings == [
                #"triggers[0].trigger_condition[1].data.property_filters[1][0].property_value: unsupported filter: expected a number for a number property, got the string "x"; it never passes (T4)"#,
                #"triggers[0].data.click_action: click_action URI without a non-empty "uri"; read as NONE"#,
                #"triggers[0].data.btns[1].click_action: unknown click_action "SHARE" (expected NONE, URI or NEWS_FEED); read as NONE"#,
            ])
        let trigger = try decoded.results[0].get()
        #expect(trigger.message.defect == "click_action URI without a uri (triggers[0].data.click_action)")
    }

    @Test("§9: in a list longer than the descent walks, an element's path is still exact")
    func longListPaths() throws {
        let conditions = (0..<40).map { index in
            index == 37 ? #"{"type":"custom_event","data":{"event_name":"e","extra":1}}"# : #"{"type":"open"}"#
        }
        let json = #"[{"id":"a","trigger_condition":["# + conditions.joined(separator: ",") + #"],"data":{}}]"#
        let decoded = try decode(json)
        #expect(
            decoded.warnings == [
                #"triggers[0].trigger_condition[37].data.extra: unknown key "extra" in the data of the "custom_event" condition; ignored"#
            ])
        #expect(try decoded.results[0].get().conditions.count == 40)
    }

    @Test("§9: values sent leniently are read as the SDKs read them, the same as plain ones")
    func lenientValues() throws {
        let plain =
            #"{"id":"a","priority":3,"delay":2,"timeout":500,"prefetch":false,"trigger_condition":[{"type":"open"}],"data":{"duration":4000,"is_control":true,"bg_color":16}}"#
        let lenient =
            #"{"id":"a","priority":"3","delay":"2","timeout":"500","prefetch":"FALSE","trigger_condition":[{"type":"OPEN"}],"data":{"duration":"4000","is_control":"true","bg_color":"16"}}"#
        let one = try decode("[" + plain + "]")
        let other = try decode("[" + lenient + "]")
        #expect(try one.results[0].get() == other.results[0].get())
        #expect(one.warnings == [] && other.warnings == [])
    }

    @Test("§9: errors name the value and what was expected")
    func errors() throws {
        let cases: [(String, String)] = [
            (#"[1]"#, "triggers[0]: expected an object, got the number 1"),
            (#"[{"trigger_condition":[],"data":{}}]"#, #"triggers[0]: missing required key "id""#),
            (
                #"[{"id":"a","trigger_condition":{},"data":{}}]"#,
                "triggers[0].trigger_condition: expected an array, got an object"
            ),
            (
                #"[{"id":"a","trigger_condition":[],"delay":-1,"data":{}}]"#,
                "triggers[0].delay: must be >= 0 seconds; got -1"
            ),
            (
                #"[{"id":"a","trigger_condition":[{"type":"iam_click"}],"data":{}}]"#,
                #"triggers[0].trigger_condition[0].data: missing required key "id""#
            ),
            (
                #"[{"id":"a","trigger_condition":[],"data":{"btns":[{"text":1}]}}]"#,
                "triggers[0].data.btns[0].text: expected a string, got the number 1"
            ),
            (
                #"[{"id":"a","trigger_condition":[],"data":{"type":"CAROUSEL"}}]"#,
                #"triggers[0].data.type: unknown message type "CAROUSEL" (expected SLIDEUP, MODAL, FULL, HTML or HTML_FULL)"#
            ),
        ]
        for (json, expected) in cases {
            let decoded = try decode(json)
            guard case .failure(let issue) = decoded.results[0] else {
                Issue.record("\(json) loaded")
                continue
            }
            #expect("\(issue.path): \(issue.message)" == expected, "\(json)")
        }
    }

    @Test("§9: every key of a trigger, condition, filter, message and button is matched by its bytes, and only it")
    func keysMatchTheirNames() {
        func check<Key: SchemaKey & Equatable>(_: Key.Type) {
            for key in Key.allCases {
                var bytes = Array(key.name.utf8)
                #expect(bytes.withUnsafeBufferPointer { Key.schema.match($0) } == key, "\(key.name)")
                for position in bytes.indices {
                    let kept = bytes[position]
                    bytes[position] = kept ^ 0x20
                    #expect(bytes.withUnsafeBufferPointer { Key.schema.match($0) } == nil, "\(key.name) at \(position)")
                    bytes[position] = kept
                }
                #expect((bytes + [0x78]).withUnsafeBufferPointer { Key.schema.match($0) } == nil)
                // A key one byte shorter is another key or none (`answers`, `answer`).
                let shorter = bytes.dropLast().withUnsafeBufferPointer { Key.schema.match($0) }
                #expect(shorter == nil || shorter?.name == String(decoding: bytes.dropLast(), as: UTF8.self))
            }
        }
        check(ScenarioDecoder.TriggerKey.self)
        check(ScenarioDecoder.ConditionKey.self)
        check(ScenarioDecoder.ConditionDataKey.self)
        check(ScenarioDecoder.FilterKey.self)
        check(ScenarioDecoder.MessageKey.self)
        check(ScenarioDecoder.ButtonKey.self)
        check(ScenarioDecoder.StepKey.self)
        check(ScenarioDecoder.StepAction.self)
    }
}
