import IAMEngine
import Testing

@testable import IAMScenario

@Suite("Timeline decoding")
struct TimelineTests {
    @Test("§9: every timeline action decodes into its Action")
    func everyAction() throws {
        let steps = #"""
            [{"at": 0, "do": "launch"},
             {"at": 1, "do": "purchase", "product_id": "latte", "price": 4.5, "properties": {"size": "L", "shots": 2, "iced": false, "note": null}},
             {"at": 1, "do": "customEvent", "name": "scan", "properties": {"when": "2026-01-01T00:00:00Z"}},
             {"at": 2, "do": "customEvent", "name": "plain"},
             {"at": 3, "do": "pushClick", "campaign_id": "c1"},
             {"at": 3, "do": "pushClick", "campaign_id": 77},
             {"at": 3, "do": "pushClick"},
             {"at": 4, "do": "keyboard", "shown": true},
             {"at": 5, "do": "rotate", "orientation": "LANDSCAPE"},
             {"at": 6, "do": "device", "kind": "tablet"},
             {"at": 7, "do": "dismiss"},
             {"at": 8, "do": "click"},
             {"at": 8, "do": "click", "button": 1},
             {"at": 9, "do": "displayNext"},
             {"at": 10, "do": "addLocal", "message": {"type": "slideup", "message": "local!", "duration": 2000}},
             {"at": 11, "do": "delegate", "implements": "controller", "answers": {"a": "later"}},
             {"at": 12, "do": "network", "online": false},
             {"at": 13, "do": "campaign", "id": "b", "enabled": false},
             {"at": 14, "do": "background"},
             {"at": 30, "do": "foreground"},
             {"at": 31.5, "do": "reset"},
             {"at": 40, "do": "wait", "note": "let it run"}]
            """#
        let loaded = try load(timelineScenario(steps))
        #expect(loaded.warnings.isEmpty)
        #expect(
            loaded.scenario.timeline == [
                TimelineStep(at: 0, action: .launch),
                TimelineStep(
                    at: 1,
                    action: .purchase(
                        productID: "latte",
                        properties: ["size": .string("L"), "shots": .number(2), "iced": .bool(false), "note": .null])),
                TimelineStep(
                    at: 1, action: .customEvent(name: "scan", properties: ["when": .string("2026-01-01T00:00:00Z")])),
                TimelineStep(at: 2, action: .customEvent(name: "plain", properties: [:])),
                TimelineStep(at: 3, action: .pushClick(campaignID: "c1")),
                TimelineStep(at: 3, action: .pushClick(campaignID: "77")),
                TimelineStep(at: 3, action: .pushClick(campaignID: nil)),
                TimelineStep(at: 4, action: .keyboard(shown: true)),
                TimelineStep(at: 5, action: .rotate(.landscape)),
                TimelineStep(at: 6, action: .deviceKind(.tablet)),
                TimelineStep(at: 7, action: .dismiss),
                TimelineStep(at: 8, action: .click(button: nil)),
                TimelineStep(at: 8, action: .click(button: 1)),
                TimelineStep(at: 9, action: .displayNext),
                TimelineStep(at: 10, action: .addLocal(Self.local)),
                TimelineStep(
                    at: 11, action: .delegate(Delegate(implements: .controller, answer: .now, answers: ["a": .later]))),
                TimelineStep(at: 12, action: .network(online: false)),
                TimelineStep(at: 13, action: .campaign(id: "b", enabled: false)),
                TimelineStep(at: 14, action: .background),
                TimelineStep(at: 30, action: .foreground),
                TimelineStep(at: 31.5, action: .reset),
                TimelineStep(at: 40, action: .wait, note: "let it run"),
            ])
    }

    @Test("§9: timeline steps may share a time (non-decreasing, not increasing)")
    func equalTimes() throws {
        let loaded = try load(timelineScenario(#"[{"at": 5, "do": "launch"}, {"at": 5, "do": "background"}]"#))
        #expect(loaded.scenario.timeline.map(\.at) == [5, 5])
    }

    @Test("§9: a campaign step may come before its trigger in key order")
    func triggersBeforeTimeline() throws {
        let json =
            #"{"timeline": [{"at": 0, "do": "campaign", "id": "a", "enabled": true}], "triggers": [{"id": "a", "trigger_condition": [], "data": {}}]}"#
        #expect(try load(json).scenario.timeline == [TimelineStep(at: 0, action: .campaign(id: "a", enabled: true))])
    }

    /// The local message of the timeline above: `message_close` and `orientation` not given (X59, X62).
    static var local: Message {
        var message = Message(kind: .slideup, text: "local!", duration: 2000)
        message.closeGiven = false
        message.orientationGiven = false
        return message
    }
}
