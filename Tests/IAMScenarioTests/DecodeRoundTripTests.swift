import IAMEngine
import IAMTestSupport
import Testing

@testable import IAMScenario

/// Triggers that between them use every key a trigger, a condition, a filter and a message may have.
private let baseTriggers: [String] = [
    // The benchmark's trigger (`iambench load-file`).
    #"{"id":"campaign-1","type":"inapp","start_time":-1,"end_time":null,"priority":1,"min_seconds_since_last_trigger":-1,"delay":0,"timeout":-1,"re_eligibility":-1,"prefetch":true,"trigger_condition":[{"type":"custom_event_property","data":{"event_name":"event-1","property_filters":[[{"property_key":"amount","property_type":"number","comparator":3,"property_value":1},{"property_key":"tier","property_type":"string","comparator":1,"property_value":"gold"}]]}}],"data":{"type":"MODAL","message":"Message number 1 for the benchmark","header":"Header 1","image_url":"https://cdn.example/img-1.png","btns":[{"id":0,"text":"No","click_action":"NONE"},{"id":1,"text":"Yes","click_action":"URI","uri":"app://offer/1"}],"duration":5000,"orientation":"ANY"}}"#,
    // Every message field, notes for readers.
    #"{"id":"all","start_time":100,"end_time":2000000,"delay":2.5,"timeout":30000,"re_eligibility":0,"min_seconds_since_last_trigger":30,"prefetch":false,"x_sim":{"name":"All","description":"every field"},"trigger_condition":[{"type":"open"},{"type":"test","data":{}}],"data":{"type":"html_full","message":"<p>hi</p>","zipped_assets_url":"https://cdn/z.zip","image_style":"GRAPHIC","icon":"\uf042","uri":"https://x","click_action":"uri","message_close":"SWIPE","orientation":"PORTRAIT","slide_from":"TOP","extras":{"a":"b","c":"d"},"asset_urls":["https://cdn/a.js"],"is_control":false,"bg_color":4294967295,"text_color":-16777216,"btns":[{"id":"b0","text":"OK","click_action":"NEWS_FEED"}]}}"#,
    // Each kind of condition and of filter.
    #"{"id":"conditions","trigger_condition":[{"type":"purchase","data":{"product_id":"p"}},{"type":"purchase","data":null},{"type":"PURCHASE_PROPERTY","data":{"product_id":"p","property_filters":[[{"property_key":"d","property_type":"date","comparator":3,"property_value":"2026-01-31T12:00:00Z"},{"property_key":"r","property_type":"string","comparator":10,"property_value":"^a.*b$"}],[{"property_key":"e","property_type":"string","comparator":11},{"property_key":"s","property_type":"date","comparator":4,"property_value":60},{"property_key":"b","property_type":"boolean","comparator":2,"property_value":true}]]}},{"type":"custom_event","data":{"event_name":"e"}},{"type":"push_click","data":{"campaign_id":123}},{"type":"push_click"},{"type":"iam_click","data":{"id":"m","buttons":[0,"b"]}}],"data":{"message":"m"}}"#,
    // Fields of Braze's that are kept and ignored, in the message and its buttons.
    #"{"id":"ignored","trigger_condition":[{"type":"open"}],"data":{"message":"m","animate_in":true,"btns":[{"text":"A","bg_color":1},{"text":"B","foo":null}],"text_align_message":"START"}}"#,
    // A second trigger with the benchmark's id: a duplicate when decoded after the first.
    #"{"id":"campaign-1","trigger_condition":[{"type":"custom_event","data":{"event_name":"e"}}],"data":{"type":"SLIDEUP","message":"again","header":""}}"#,
]

/// Values a mutation puts somewhere: of every kind, and the names and numbers the decoders
/// treat specially.
private let values: [String] = [
    "null", "true", "false", "0", "1", "-1", "2", "3", "4", "11", "5000", "1.5", "30.0", "-2", "1e9", "1e12",
    "2147483648", "-2147483649", "4294967296", "9007199254740993", #""""#, #""x""#, #""30""#, #""true""#,
    #""inapp""#, #""INAPP""#, #""ANY""#, #""uri""#, #""URI""#, #""NONE""#, #""news_feed""#, #""MODAL""#,
    #""html_full""#, #""graphic""#, #""swipe""#, #""portrait""#, #""top""#, #""number""#, #""date""#,
    #""string""#, #""boolean""#, #""2026-01-31T12:00:00Z""#, #""not a date""#, #""^a.*b$""#, #""(?=x)""#,
    #""custom_event_property""#, #""open""#, #""iam_click""#, #""Purchase""#, #""ınapp""#, "[]", "{}", "[1]",
    "[[]]", #"{"a": 1}"#, #"{"a": "b"}"#, #"["u"]"#, #"[0, "b", 2]"#, #"[{}, {}, {}]"#,
    #"[[{"property_key": "k", "property_type": "number", "comparator": 3, "property_value": 1}]]"#,
]

/// Keys a mutation adds: known ones, unknown ones, ones that spell a known key otherwise.
private let keys: [String] = [
    "id", "type", "data", "uri", "btns", "message", "header", "extras", "asset_urls", "bg_color", "_color",
    "x_sim", "name", "priority", "delay", "prefetch", "property_value", "buttons", "campaign_id", "foo",
    "animate_in", "ID", "Type", "ïd", "trigger_id",
]

/// `value` with one random change: a value replaced, a member removed or added.
private func mutate(_ value: JSONValue, _ random: inout SeededGenerator) -> JSONValue {
    var count = 0
    func countNodes(_ value: JSONValue) {
        count += 1
        switch value {
        case .array(let elements): for element in elements { countNodes(element) }
        case .object(let members): for member in members { countNodes(member.value) }
        default: break
        }
    }
    countNodes(value)
    let target = Int.random(in: 0..<count, using: &random)
    let operation = Int.random(in: 0..<3, using: &random)
    let replacement = try! JSONReader.parse(values.randomElement(using: &random)!)
    let key = keys.randomElement(using: &random)!
    var seen = 0
    func change(_ value: JSONValue) -> JSONValue {
        defer { seen += 1 }
        if seen == target {
            switch (operation, value) {
            case (1, .object(var members)) where !members.isEmpty:
                members.remove(at: Int.random(in: 0..<members.count, using: &random))
                return .object(members)
            case (2, .object(var members)) where !members.contains(where: { $0.key == key }):
                members.insert(
                    JSONMember(key: key, value: replacement), at: Int.random(in: 0...members.count, using: &random))
                return .object(members)
            default: return replacement
            }
        }
        switch value {
        case .array(let elements): return .array(elements.map(change))
        case .object(let members): return .object(members.map { JSONMember(key: $0.key, value: change($0.value)) })
        default: return value
        }
    }
    return change(value)
}

/// Steps that between them use every action and every key a step may have.
private let baseSteps: [String] = [
    #"{"at":0,"do":"launch","note":"start"}"#,
    #"{"at":1,"do":"customEvent","name":"event-1","properties":{"amount":2,"tier":"gold","ok":true,"none":null,"big":9007199254740993,"when":{"$date":"2026-01-31T12:00:00Z"},"list":[1,"a"]}}"#,
    #"{"at":1.5,"do":"purchase","product_id":"latte","price":3.5,"properties":{"size":"L"}}"#,
    #"{"at":2,"do":"pushClick","campaign_id":"c1","reachesSdk":false}"#,
    #"{"at":2,"do":"keyboard","shown":true}"#,
    #"{"at":3,"do":"rotate","orientation":"landscape"}"#,
    #"{"at":3,"do":"device","kind":"tablet"}"#,
    #"{"at":4,"do":"click","button":1}"#,
    #"{"at":4,"do":"addLocal","message":{"type":"MODAL","message":"local","btns":[{"id":"a","text":"A","click_action":"URI","uri":"app://a"}],"asset_urls":["https://cdn/a.js"]}}"#,
    #"{"at":5,"do":"delegate","implements":"controller","answer":"later","answers":{"campaign-1":"discard"}}"#,
    #"{"at":5,"do":"network","online":false}"#,
    #"{"at":6,"do":"campaign","id":"campaign-1","enabled":false}"#,
    #"{"at":6,"do":"profile","name":"android"}"#,
    #"{"at":7,"do":"integration","ui":"custom","impressions":"app"}"#,
    #"{"at":7,"do":"appImpression","message":"m1"}"#,
    #"{"at":8,"do":"testSend","id":"t1","message":{"type":"SLIDEUP","message":"test"}}"#,
    #"{"at":8,"do":"screen","name":"home"}"#,
    #"{"at":9,"do":"dismiss"}"#,
]

/// The sources of a trigger's regex filters (`PropertyFilter` equality leaves the compiled
/// pattern out).
private func patterns(_ triggers: [Trigger]) -> [String?] {
    triggers.flatMap(\.conditions).flatMap { condition -> [String?] in
        switch condition {
        case .customEventProperty(_, let groups), .purchaseProperty(_, let groups):
            groups.flatMap { $0.map { $0.pattern?.source } }
        default: []
        }
    }
}

/// Whether the decoder kept less than the file said: an unsupported condition or filter keeps
/// why, not the whole of it; a defective message keeps its defect, not the `click_action`.
private func keepsLess(_ trigger: Trigger) -> Bool {
    if trigger.message.defect != nil || trigger.message.buttons.count > 2 { return true }
    return trigger.conditions.contains { condition in
        switch condition {
        case .unsupported: true
        case .customEventProperty(_, let groups), .purchaseProperty(_, let groups):
            groups.contains { $0.contains { $0.unsupported != nil } }
        default: false
        }
    }
}

private func keepsLess(_ step: TimelineStep) -> Bool {
    switch step.action {
    case .addLocal(let message), .testSend(_, let message): message.defect != nil
    default: false
    }
}

@Suite("Decode, encode, decode")
struct DecodeRoundTripTests {
    /// Decodes `json`; encodes what it decoded; decodes that: the same triggers and steps.
    /// `nil` when `json` does not load (its errors are the loader error tests' subject).
    private func roundTrip(_ json: String) throws -> (checked: Int, same: Bool)? {
        guard let first = try? ScenarioLoader.load(json: json, file: "scenario.json") else { return nil }
        let triggers = first.scenario.triggers
        let timeline = first.scenario.timeline
        let encoded = JSONText.compact(
            .object([
                JSONMember(key: "triggers", value: .array(triggers.map(TriggerEncoding.trigger))),
                JSONMember(key: "timeline", value: .array(timeline.map(StepEncoding.step))),
            ]))
        let second = try ScenarioLoader.load(json: encoded, file: "encoded.json")
        // Compared where the decoder kept all the file said.
        let kept = triggers.indices.filter { !keepsLess(triggers[$0]) }
        let keptSteps = timeline.indices.filter { !keepsLess(timeline[$0]) }
        func pick<T>(_ values: [T], _ indices: [Int]) -> [T] { indices.map { values[$0] } }
        let same =
            second.scenario.triggers.count == triggers.count && second.scenario.timeline.count == timeline.count
            && pick(second.scenario.triggers, kept) == pick(triggers, kept)
            && patterns(pick(second.scenario.triggers, kept)) == patterns(pick(triggers, kept))
            && pick(second.scenario.timeline, keptSteps) == pick(timeline, keptSteps)
        let (triggerCount, stepCount) = (kept.count, keptSteps.count)
        if !same, second.scenario.triggers.count == triggers.count, second.scenario.timeline.count == timeline.count {
            for index in kept where second.scenario.triggers[index] != triggers[index] {
                #expect(second.scenario.triggers[index] == triggers[index])
            }
            for index in keptSteps where second.scenario.timeline[index] != timeline[index] {
                #expect(second.scenario.timeline[index] == timeline[index])
            }
        }
        return (triggerCount + stepCount, same)
    }

    @Test("§8, §9: the demo's and every lesson's triggers and steps read back the same once encoded")
    func builtInScenarios() throws {
        for json in [DemoScenario.json] + Lesson.all.map(\.json) {
            let result = try #require(try roundTrip(json))
            #expect(result.same)
            #expect(result.checked >= 5)
        }
    }

    @Test("§8, §9, T1–T6: mutated triggers and steps that load read back the same once encoded")
    func mutatedScenarios() throws {
        var random = SeededGenerator(seed: 18)
        let triggerBases = try baseTriggers.map { try JSONReader.parse($0) }
        let stepBases = try baseSteps.map { try JSONReader.parse($0) }
        var loaded = 0
        var checked = 0
        for round in 0..<1500 {
            // The benchmark's trigger as it is (the `campaign` step names it), then two mutated.
            var triggers: [JSONValue] = [triggerBases[0]]
            for _ in 0..<2 {
                var trigger = triggerBases[1...3].randomElement(using: &random)!
                for _ in 0..<Int.random(in: 0...2, using: &random) { trigger = mutate(trigger, &random) }
                triggers.append(trigger)
            }
            var steps: [JSONValue] = stepBases
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let index = Int.random(in: 0..<steps.count, using: &random)
                steps[index] = mutate(steps[index], &random)
            }
            var json = JSONText.compact(
                .object([
                    JSONMember(key: "triggers", value: .array(triggers)),
                    JSONMember(key: "timeline", value: .array(steps)),
                ]))
            // Now and then a key written with an escape (the same key) or in another form.
            if round % 7 == 0 { json = json.replacingFirst(#""message":"#, with: #""m\u0065ssage":"#) }
            if round % 11 == 0 { json = json.replacingFirst(#""type":"#, with: #""typ\u00e9":"#) }
            guard let result = try roundTrip(json) else { continue }
            #expect(result.same, "\(json)")
            if !result.same { return }
            loaded += 1
            checked += result.checked
        }
        // A fifth of the mutated files load (the rest are the loader error tests' subject); each
        // that does is checked, trigger by trigger and step by step.
        #expect(loaded > 250)
        #expect(checked > 5000)
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
