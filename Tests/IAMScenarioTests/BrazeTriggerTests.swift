import IAMEngine
import Testing

@testable import IAMScenario

/// Decoding triggered actions as Braze's servers send them (§9, §8, §11).
@Suite("Braze triggered actions")
struct BrazeTriggerTests {
    /// Written by hand in the shape of a Braze sync response: numeric button ids, signed ARGB
    /// colours, server-only keys in the message, `-1` for "no bound" and "global interval".
    static let syncResponse = #"""
        {
          "triggers": [
            {
              "id": "65f0c2a1b7e4d3001a9c0b11_$_cc=3b5e8d21-ffd0-4a2a-9f61-0d4f1e2a7c90&mv=65f0c2a1b7e4d3001a9c0b14&pi=cmp",
              "type": "inapp",
              "start_time": 1767225600,
              "end_time": -1,
              "priority": 3,
              "min_seconds_since_last_trigger": -1,
              "delay": 2,
              "timeout": 60000,
              "re_eligibility": 86400,
              "prefetch": false,
              "trigger_condition": [
                {"type": "purchase", "data": {"product_id": ""}},
                {"type": "purchase_property", "data": {"product_id": "latte", "property_filters": [
                  [{"property_key": "size", "property_type": "string", "comparator": 1, "property_value": "grande"},
                   {"property_key": "ordered_at", "property_type": "date", "comparator": 3, "property_value": "2026-01-01T08:30:00+01:00"}],
                  [{"property_key": "oat_milk", "property_type": "boolean", "comparator": 1, "property_value": true}]
                ]}},
                {"type": "custom_event_property", "data": {"event_name": "loyalty_scan", "property_filters": [
                  [{"property_key": "points", "property_type": "number", "comparator": 3, "property_value": 99.5},
                   {"property_key": "coupon", "property_type": "string", "comparator": 11}]
                ]}},
                {"type": "push_click", "data": {"campaign_id": 8812}},
                {"type": "iam_click", "data": {"id": "welcome", "buttons": [1, "later"]}},
                {"type": "custom_event", "data": {"event_name": "Opened Menu"}}
              ],
              "data": {
                "type": "modal",
                "message": "Your 10th latte is on us.",
                "header": "Thank you!",
                "image_url": "https://cdn.example.com/latte.png",
                "image_style": "graphic",
                "icon": "",
                "click_action": "URI",
                "uri": "coffee://rewards",
                "message_close": "SWIPE",
                "duration": 8000,
                "orientation": "PORTRAIT",
                "slide_from": "TOP",
                "is_control": false,
                "bg_color": -1,
                "text_color": -13421773,
                "header_text_color": 4278190335,
                "close_btn_color": null,
                "btns": [
                  {"id": 0, "text": "Not now", "click_action": "NONE", "bg_color": -1},
                  {"id": 1, "text": "Claim", "click_action": "URI", "uri": "coffee://claim", "border_color": -16777216}
                ],
                "extras": {"campaign": "loyalty", "tier": "gold"},
                "trigger_id": "65f0c2a1b7e4d3001a9c0b11",
                "animate_in": true,
                "crop_type": "CENTER_CROP",
                "text_align_message": "CENTER"
              }
            }
          ],
          "rebuild_tries": 0,
          "sync_time": 1767225601
        }
        """#

    @Test("§9: a Braze sync response decodes with every field, and its other keys are accepted")
    func syncResponse() throws {
        let loaded = try load(#"{"triggers": \#(Self.syncResponse)}"#)
        #expect(loaded.warnings.isEmpty)
        let trigger = try #require(loaded.scenario.triggers.first)
        #expect(trigger.id.hasPrefix("65f0c2a1b7e4d3001a9c0b11_$_cc="))
        #expect(trigger.startTime == 1_767_225_600)
        #expect(trigger.endTime == nil)
        #expect(trigger.priority == 3)
        #expect(trigger.minSecondsSinceLastTrigger == -1)
        #expect(trigger.delay == 2)
        #expect(trigger.timeout == 60_000)
        #expect(trigger.reEligibility == 86_400)
        #expect(trigger.prefetch == false)

        // 2026-01-01T08:30:00+01:00 is 07:30 UTC: 1767225600 + 7.5 h.
        let orderedAfter = 1_767_225_600.0 + 7.5 * 3600
        #expect(
            trigger.conditions == [
                // X19: an empty product id is kept; the platform decides whether it is any purchase.
                .purchase(productID: ""),
                .purchaseProperty(
                    productID: "latte",
                    filters: [
                        [
                            PropertyFilter(key: "size", type: .string, comparator: .equals, value: .string("grande")),
                            PropertyFilter(
                                key: "ordered_at", type: .date, comparator: .greaterThan, value: .number(orderedAfter)),
                        ],
                        [PropertyFilter(key: "oat_milk", type: .boolean, comparator: .equals, value: .bool(true))],
                    ]),
                .customEventProperty(
                    name: "loyalty_scan",
                    filters: [
                        [
                            PropertyFilter(
                                key: "points", type: .number, comparator: .greaterThan, value: .number(99.5)),
                            PropertyFilter(key: "coupon", type: .string, comparator: .exists, value: .null),
                        ]
                    ]),
                .pushClick(campaignID: "8812"),
                // X36: a numeric entry is kept apart from the string it spells.
                .iamClick(messageID: "welcome", buttons: [Condition.numericButtonMark + "1", "later"]),
                .customEvent(name: "Opened Menu"),
            ])

        // X57: the payload's own `trigger_id` is kept.
        #expect(trigger.message.payloadTriggerID == "65f0c2a1b7e4d3001a9c0b11")
        var withoutID = trigger.message
        withoutID.payloadTriggerID = nil
        #expect(
            withoutID
                == Message(
                    kind: .modal, text: "Your 10th latte is on us.", header: "Thank you!",
                    imageURL: "https://cdn.example.com/latte.png", zippedAssetsURL: nil, imageStyle: .graphic,
                    icon: nil,
                    buttons: [
                        Button(id: "0", text: "Not now", clickAction: .none),
                        Button(id: "1", text: "Claim", clickAction: .uri("coffee://claim")),
                    ],
                    clickAction: .uri("coffee://rewards"), close: .swipe, duration: 8000, orientation: .portrait,
                    slideFrom: .top, extras: ["campaign": "loyalty", "tier": "gold"], isControl: false,
                    colors: ["bg_color": 0xFFFF_FFFF, "text_color": 0xFF33_3333, "header_text_color": 0xFF00_00FF]
                ))
    }

    @Test("§9: the triggers key may hold a bare array too")
    func bareArray() throws {
        let json = #"{"triggers": [{"id": "a", "trigger_condition": [{"type": "open"}], "data": {}}]}"#
        #expect(try load(json).scenario.triggers.map(\.id) == ["a"])
    }

    @Test("§11: a minimal trigger and an empty scenario get every default")
    func defaults() throws {
        let loaded = try load(
            #"{"triggers": [{"id": "a", "trigger_condition": [{"type": "purchase"}], "data": {}}], "timeline": []}"#)
        #expect(loaded.warnings.isEmpty)
        // X38: a message without `type` is noted (web never builds it); elsewhere it is a slideup.
        var untyped = Message()
        untyped.unsupportedType = "none"
        // X59, X62: neither `message_close` nor `orientation` was given.
        untyped.closeGiven = false
        untyped.orientationGiven = false
        #expect(
            loaded.scenario
                == Scenario(
                    name: "", description: "", settings: Settings(), assets: [:],
                    triggers: [Trigger(id: "a", conditions: [.purchase(productID: nil)], message: untyped)],
                    timeline: []
                ))
        let trigger = loaded.scenario.triggers[0]
        #expect(trigger.priority == 0 && trigger.delay == 0 && trigger.timeout == -1 && trigger.reEligibility == -1)
        #expect(
            trigger.minSecondsSinceLastTrigger == -1 && trigger.prefetch && trigger.startTime == nil
                && trigger.endTime == nil)
        let message = trigger.message
        #expect(message.kind == .slideup && message.imageStyle == .top && message.clickAction == .none)
        #expect(message.close == .autoDismiss && message.duration == 5000 && message.orientation == .any)
        #expect(message.slideFrom == .bottom && !message.isControl && message.buttons.isEmpty)
        let settings = loaded.scenario.settings
        #expect(settings.minimumTriggerInterval == 30 && settings.sessionTimeout == nil)
        #expect(EngineState(scenario: Scenario(settings: settings)).sessionTimeout == 10)
        #expect(settings.network == Network(online: true, syncLatency: 0.5))
        #expect(settings.device == Device(kind: .phone, orientation: .portrait))
        #expect(settings.delegate == Delegate(implements: .none, answer: .now, answers: [:]))
    }

    @Test("T1: purchase with a product, push_click without a campaign, iam_click without buttons, test")
    func conditionForms() throws {
        let conditions = #"""
            [{"type": "purchase", "data": {"product_id": "espresso"}},
             {"type": "push_click"}, {"type": "push_click", "data": {"campaign_id": null}},
             {"type": "iam_click", "data": {"id": 42}}, {"type": "test"}, {"type": "open", "data": {}}]
            """#
        let loaded = try load(scenario([trigger("a", conditions: conditions)]))
        #expect(
            loaded.scenario.triggers[0].conditions == [
                .purchase(productID: "espresso"), .pushClick(campaignID: nil), .pushClick(campaignID: nil),
                .iamClick(messageID: "42", buttons: nil), .test, .open,
            ])
    }

    @Test("T2: start_time and end_time of null or -1 are no bound")
    func timeBounds() throws {
        let loaded = try load(
            scenario([
                trigger("a", extra: #""start_time": null, "end_time": 1800000000"#),
                trigger("b", extra: #""start_time": -1"#),
            ]))
        #expect(loaded.scenario.triggers[0].startTime == nil && loaded.scenario.triggers[0].endTime == 1_800_000_000)
        #expect(loaded.scenario.triggers[1].startTime == nil)
    }

    @Test("T4: date filters take unix seconds or ISO-8601; relative comparators take seconds")
    func dateFilters() throws {
        let json = filterScenario(
            #"""
            [[{"property_key": "d", "property_type": "date", "comparator": 5, "property_value": 1767225600},
              {"property_key": "d", "property_type": "date", "comparator": 1, "property_value": "2026-01-01"},
              {"property_key": "d", "property_type": "date", "comparator": 4, "property_value": 3600},
              {"property_key": "d", "property_type": "date", "comparator": 16, "property_value": 60},
              {"property_key": "d", "property_type": "date", "comparator": 12}]]
            """#)
        guard case .customEventProperty(_, let groups) = try load(json).scenario.triggers[0].conditions[0] else {
            Issue.record("wrong condition")
            return
        }
        #expect(
            groups[0].map(\.value) == [
                .number(1_767_225_600), .number(1_767_225_600), .number(3600), .number(60), .null,
            ])
        #expect(
            groups[0].map(\.comparator) == [.lessThan, .equals, .lessThanSecondsAgo, .inMoreThanSeconds, .notExists])
    }

    @Test("§9: settings, assets and x_sim decode")
    func settingsAndAssets() throws {
        let json = #"""
            {"name": "N", "description": "D",
             "settings": {"minimumTriggerInterval": 0, "sessionTimeout": 2.5, "epoch": 1700000000,
                          "device": {"kind": "tablet", "orientation": "landscape"},
                          "network": {"online": false, "syncLatency": 0},
                          "delegate": {"implements": "ui_keyboard", "answer": "later", "answers": {"a": "discard", "local-1": "reenqueue"}}},
             "assets": {"https://x/a.png": {"download": 3, "fails": true}, "https://x/b.zip": {}},
             "triggers": [{"id": "a", "trigger_condition": [{"type": "open"}], "data": {}, "x_sim": {"name": "Welcome", "description": "why"}}]}
            """#
        let loaded = try load(json)
        #expect(loaded.warnings.isEmpty)
        let scenario = loaded.scenario
        #expect(scenario.name == "N" && scenario.description == "D")
        #expect(
            scenario.settings
                == Settings(
                    minimumTriggerInterval: 0, sessionTimeout: 2.5, epoch: 1_700_000_000,
                    device: Device(kind: .tablet, orientation: .landscape),
                    network: Network(online: false, syncLatency: 0),
                    delegate: Delegate(
                        implements: .uiKeyboard, answer: .later, answers: ["a": .discard, "local-1": .reenqueue])))
        #expect(
            scenario.assets == ["https://x/a.png": AssetSpec(download: 3, fails: true), "https://x/b.zip": AssetSpec()])
    }
}
