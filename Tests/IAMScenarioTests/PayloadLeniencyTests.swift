import IAMEngine
import Testing

@testable import IAMScenario

/// Spec §9 (revision 2): what Braze sends loads as the SDKs read it, with warnings; §8 `extras`
/// and `asset_urls`; T4 unsupported filters and conditions; the payload shapes and their
/// default timeline.
@Suite("Braze payloads, read leniently (revision 2)")
struct PayloadLeniencyTests {
    let filterPath = "scenario.json: triggers[0].trigger_condition[0].data.property_filters"

    func onlyFilter(_ loaded: LoadedScenario) -> PropertyFilter? {
        guard case .customEventProperty(_, let groups) = loaded.scenario.triggers.first?.conditions.first else {
            return nil
        }
        return groups.first?.first
    }

    @Test(
        "T4: filters the engine cannot evaluate load with a warning naming their path, and never pass",
        arguments: [
            (
                #"{"property_key": "k", "property_type": "string", "comparator": 42, "property_value": "L"}"#,
                ".comparator", "unknown comparator 42"
            ),
            (
                #"{"property_key": "k", "property_type": "string", "comparator": 3, "property_value": "a"}"#,
                ".property_type", "comparator 3 does not apply to string properties"
            ),
            (
                #"{"property_key": "k", "property_type": "colour", "comparator": 1, "property_value": "a"}"#,
                ".property_type", #"unknown property_type "colour""#
            ),
            (
                #"{"property_key": "k", "property_type": "string", "comparator": 10, "property_value": "(?<=a+)b"}"#,
                ".property_value",
                #"regular expression "(?<=a+)b": a lookbehind must have a bounded length (no *, + or backreference inside), as in ICU and Java"#
            ),
            (
                #"{"property_key": "k", "property_type": "string", "comparator": 10, "property_value": "\\p{L}"}"#,
                ".property_value", #"regular expression "\\p{L}": Unicode property classes (\p{…}) are not supported"#
            ),
            (
                #"{"property_key": "k", "property_type": "number", "comparator": 17, "property_value": "1"}"#,
                ".property_type", "comparator 17 does not apply to number properties"
            ),
            (
                #"{"property_key": "k", "property_type": "boolean", "comparator": 1, "property_value": 1}"#,
                ".property_value", "expected true or false for a boolean property, got the number 1"
            ),
            (
                #"{"property_key": "k", "property_type": "date", "comparator": 3, "property_value": "last tuesday"}"#,
                ".property_value", #""last tuesday" is not an ISO-8601 date (like 2026-01-31T12:00:00Z)"#
            ),
            (
                #"{"property_key": "k", "comparator": 1, "property_value": "a"}"#,
                ".property_type", "property_type is missing"
            ),
        ])
    func unsupportedFilters(_ filter: String, _ at: String, _ reason: String) throws {
        let loaded = try load(filterScenario("[[\(filter)]]"))
        // R4, X25: the kinds android and web evaluate say so in the warning.
        let kind: UnsupportedFilter.Kind =
            reason.contains("does not apply")
            ? .comparatorNotForType
            : reason.contains("property_type")
                ? .unknownType
                : reason.hasPrefix("regular expression") ? .pattern : .value
        let evaluated =
            kind == .comparatorNotForType || kind == .unknownType
            ? ", except on android and web, which evaluate it (X25)" : ""
        #expect(
            loaded.warnings.map(\.description)
                == [
                    "\(filterPath)[0][0]\(at): warning: unsupported filter: \(reason); it never passes (T4)\(evaluated)"
                ])
        let decoded = try #require(onlyFilter(loaded))
        #expect(
            decoded.unsupported
                == UnsupportedFilter(
                    path: "triggers[0].trigger_condition[0].data.property_filters[0][0]", reason: reason, kind: kind))
        // Never passes: not with the property, not without it, not with a value of another type.
        for properties: [String: PropertyValue] in [[:], ["k": .string("a")], ["k": .number(1)], ["k": .bool(true)]] {
            #expect(!decoded.passes(properties, unixNow: 0, policy: Profile.ios.policies.filters))
        }
    }

    @Test("T4: an unknown condition type loads with a warning and never matches")
    func unknownConditionType() throws {
        let loaded = try load(
            scenario([
                trigger("a", conditions: #"[{"type": "session_resumed", "data": {"after": 1}}, {"type": "OPEN"}]"#)
            ]))
        #expect(
            loaded.warnings.map(\.description) == [
                #"scenario.json: triggers[0].trigger_condition[0].type: warning: unknown trigger condition type "session_resumed" (known: open, purchase, purchase_property, custom_event, custom_event_property, push_click, iam_click or test); it never matches (T4)"#
            ])
        let conditions = loaded.scenario.triggers[0].conditions
        #expect(conditions == [.unsupported(type: "session_resumed"), .open])
        for kind in Event.Kind.allCases {
            #expect(
                !conditions[0].matches(
                    Event(kind: kind, name: "session_resumed"), unixNow: 0, filters: Profile.ios.policies.filters))
        }
    }

    @Test("§9: numbers and booleans sent as strings, lowercase enum values, read as the SDKs read them")
    func lenientScalars() throws {
        let loaded = try load(
            scenario([
                trigger(
                    "a",
                    conditions:
                        #"[{"type": "custom_event_property", "data": {"event_name": "e", "property_filters": [[{"property_key": "n", "property_type": "number", "comparator": 3, "property_value": "5"}]]}}]"#,
                    extra:
                        #""priority": "2", "delay": "1.5", "timeout": "3000", "re_eligibility": "0", "prefetch": "FALSE", "start_time": "-1""#,
                    data:
                        #"{"type": "modal", "message_close": "swipe", "orientation": "landscape", "slide_from": "top", "image_style": "graphic", "duration": "7000", "is_control": "false", "bg_color": "-1", "click_action": "uri", "uri": "app://x"}"#
                )
            ]))
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let trigger = loaded.scenario.triggers[0]
        #expect(trigger.priority == 2 && trigger.delay == 1.5 && trigger.timeout == 3000 && trigger.reEligibility == 0)
        #expect(trigger.prefetch == false && trigger.startTime == nil)
        #expect(
            trigger.message
                == Message(
                    kind: .modal, imageStyle: .graphic, clickAction: .uri("app://x"), close: .swipe, duration: 7000,
                    orientation: .landscape, slideFrom: .top, colors: ["bg_color": 0xFFFF_FFFF]))
        #expect(onlyFilter(loaded)?.value == .number(5))
        #expect(onlyFilter(loaded)?.unsupported == nil)
    }

    @Test("§9: what is not JSON stays a clear error (hex literals); a string that is no number stays a type error")
    func notJSON() {
        let hex = loadError(scenario([trigger("a", data: #"{"bg_color": 0xffffffff}"#)])) ?? ""
        #expect(hex.hasPrefix("scenario.json: triggers[0].data: line 1, column "), "\(hex)")
        #expect(hex.hasSuffix("unexpected character 'x'; expected ',' or '}' in an object"), "\(hex)")
        #expect(
            loadError(scenario([trigger("a", extra: #""priority": "high""#)]))
                == #"scenario.json: triggers[0].priority: expected an integer, got the string "high""#)
        #expect(
            loadError(scenario([trigger("a", extra: #""delay": "0x10""#)]))
                == #"scenario.json: triggers[0].delay: expected a number, got the string "0x10""#)
    }

    @Test("§8: what the SDKs ignore in a message loads with a warning: extra buttons, unknown actions, bad colours")
    func lenientMessages() throws {
        let loaded = try load(
            scenario([
                trigger(
                    "a",
                    data:
                        #"{"btns": [{"id": 0, "click_action": "DEEPLINK"}, {"id": 1}, {"id": 2}], "click_action": "URI", "bg_color": 4294967296, "text_color": "red", "orientation": "sideways"}"#
                )
            ]))
        let prefix = "scenario.json: triggers[0].data."
        #expect(
            loaded.warnings.map(\.description) == [
                #"\#(prefix)click_action: warning: click_action URI without a non-empty "uri"; read as NONE"#,
                "\(prefix)btns: warning: a message shows at most two buttons; the other 1 are ignored",
                #"\#(prefix)btns[0].click_action: warning: unknown click_action "DEEPLINK" (expected NONE, URI or NEWS_FEED); read as NONE"#,
                #"\#(prefix)orientation: warning: unknown orientation "sideways" (expected ANY, PORTRAIT or LANDSCAPE); read as ANY, as the SDKs do"#,
                "\(prefix)bg_color: warning: expected an ARGB colour as a 32-bit integer, got the number 4294967296; ignored",
                #"\#(prefix)text_color: warning: expected an ARGB colour as a 32-bit integer, got the string "red"; ignored"#,
            ])
        let message = loaded.scenario.triggers[0].message
        #expect(message.buttons.map(\.id) == ["0", "1"])
        #expect(message.clickAction == .none && message.colors.isEmpty && message.orientation == .any)
    }

    @Test("§8: extras of any JSON type load; an object of strings is kept, anything else ignored with a warning")
    func extras() throws {
        func extras(_ json: String) throws -> ([String: String], [String]) {
            let loaded = try load(scenario([trigger("a", data: #"{"extras": \#(json)}"#)]))
            return (loaded.scenario.triggers[0].message.extras, loaded.warnings.map(\.message))
        }
        #expect(try extras(#"{"a": "1", "b": "x"}"#) == (["a": "1", "b": "x"], []))
        #expect(
            try extras(#"[{"key": "a", "value": "1"}]"#)
                == ([:], ["extras is an array, not an object of strings; kept and ignored (§8)"]))
        #expect(
            try extras(#""a=1""#).1 == [#"extras is the string "a=1", not an object of strings; kept and ignored (§8)"#]
        )
        #expect(try extras("7").0.isEmpty)
        #expect(try extras("null") == ([:], []))
        #expect(
            try extras(#"{"n": 2}"#)
                == (["n": "2"], [#"extras values are strings; the number 2 kept as the string "2""#]))
    }

    @Test("§8: asset_urls: the URLs an HTML page loads; entries that are not URLs are ignored with a warning")
    func assetURLs() throws {
        let loaded = try load(
            scenario([
                trigger("a", data: #"{"type": "HTML", "asset_urls": ["https://x/a.css", 3, "https://x/b.png", ""]}"#)
            ]))
        #expect(loaded.scenario.triggers[0].message.assetURLs == ["https://x/a.css", "https://x/b.png"])
        #expect(
            loaded.warnings.map(\.path) == ["triggers[0].data.asset_urls[1]", "triggers[0].data.asset_urls[3]"])
    }

    @Test("§9: each shape of Braze's data is recognised; its other keys are kept, not simulated, and listed once")
    func shapes() throws {
        let one = trigger("a", data: #"{"message": "m", "animate_in": true}"#)
        #expect(try load("[\(one)]").shape == .triggerList)
        let response = try load(#"{"feed": [], "config": {}, "triggers": [\#(one), \#(trigger("b"))]}"#)
        #expect(response.shape == .syncResponse)
        #expect(response.warnings.isEmpty, "Braze's top-level keys are not warned about")
        #expect(response.ignoredFields == ["sync response.feed", "sync response.config", "message.animate_in"])
        #expect(try load(one).shape == .triggeredAction)
        let message = try load(#"{"type": "MODAL", "message": "m", "trigger_id": "t-1", "crop_type": "FIT"}"#)
        #expect(message.shape == .message)
        #expect(message.scenario.triggers.map(\.id) == ["t-1"])
        #expect(message.scenario.triggers[0].conditions == [.open])
        #expect(message.ignoredFields == ["message.crop_type"])
        let authored = try load(scenario([one], #""settings": {}"#))
        #expect(authored.shape == .scenario)
        #expect(authored.scenario.timeline.isEmpty, "a scenario keeps its own (here: no) timeline")
        #expect(
            try warnings(scenario([one], #""settings": {}, "feed": []"#))
                == [#"scenario.json: feed: warning: unknown key "feed" in the scenario; ignored"#])
    }

    @Test("§9: Braze's data alone gets the default timeline: launch, then each trigger's event once, 31 s apart")
    func defaultTimeline() throws {
        let loaded = try load(
            #"""
            [\#(trigger("o")),
             \#(trigger("p", conditions: #"[{"type": "purchase", "data": {"product_id": "beans"}}]"#)),
             \#(trigger("q", conditions: #"[{"type": "purchase", "data": {"product_id": "beans"}}]"#)),
             \#(trigger("c", conditions: #"[{"type": "iam_click", "data": {"id": "p", "buttons": ["yes"]}}]"#)),
             \#(trigger("f", conditions: #"[{"type": "custom_event_property", "data": {"event_name": "e", "property_filters": [[{"property_key": "n", "property_type": "number", "comparator": 3, "property_value": 4}], [{"property_key": "s", "property_type": "string", "comparator": 1, "property_value": "x"}]]}}]"#)),
             \#(trigger("u", conditions: #"[{"type": "push_click"}]"#))]
            """#)
        #expect(
            loaded.scenario.timeline.map(\.at) == [0, 31, 33, 62, 93])
        #expect(
            loaded.scenario.timeline.map(\.action) == [
                .launch,
                .purchase(productID: "beans", properties: [:]),
                // `c` clicks `p`, which has no button "yes": a body click.
                .click(button: nil),
                .customEvent(name: "e", properties: ["n": .number(5), "s": .string("x")]),
                .pushClick(campaignID: nil),
            ])
    }

    @Test("§9: an iam_click condition becomes a click on its message, on the named button, 2 s after it shows")
    func defaultTimelineClicks() throws {
        let loaded = try load(
            #"""
            [\#(trigger("p", conditions: #"[{"type": "custom_event", "data": {"event_name": "e"}}]"#, data: #"{"btns": [{"id": "no"}, {"id": "yes"}]}"#)),
             \#(trigger("c", conditions: #"[{"type": "iam_click", "data": {"id": "p", "buttons": ["yes"]}}]"#)),
             \#(trigger("d", conditions: #"[{"type": "iam_click", "data": {"id": "c"}}]"#))]
            """#)
        #expect(loaded.scenario.timeline.map(\.at) == [0, 31, 33, 35])
        #expect(
            loaded.scenario.timeline.map(\.action) == [
                .launch, .customEvent(name: "e", properties: [:]), .click(button: 1), .click(button: nil),
            ])
    }
}

extension PayloadLeniencyTests {
    @Test("§9: the default timeline follows a chain of clicks at most 8 deep, and raises a shared event once")
    func defaultTimelineBounds() {
        var triggers = [
            Trigger(id: "t0", conditions: [.customEvent(name: "go")], message: Message()),
            Trigger(id: "same", conditions: [.customEvent(name: "go")], message: Message()),
        ]
        for i in 1..<12 {
            triggers.append(
                Trigger(id: "t\(i)", conditions: [.iamClick(messageID: "t\(i - 1)", buttons: nil)], message: Message()))
        }
        let steps = DefaultTimeline.steps(for: triggers, settings: Settings())
        #expect(steps.filter { $0.action == .customEvent(name: "go", properties: [:]) }.count == 1)
        #expect(steps.filter { $0.action == .click(button: nil) }.map(\.at) == [33, 35, 37, 39, 41, 43, 45, 47])
    }
}
