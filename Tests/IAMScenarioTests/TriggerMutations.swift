import IAMEngine
import IAMTestSupport

@testable import IAMScenario

// The seeded mutator both the one-pass trigger reading's equivalence test and the decode,
// encode, decode round trip use: base triggers that use every key, and the values and keys a
// mutation puts in.

/// Triggers that between them use every key a trigger, a condition, a filter and a message may have.
let baseTriggers: [String] = [
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
let values: [String] = [
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
let keys: [String] = [
    "id", "type", "data", "uri", "btns", "message", "header", "extras", "asset_urls", "bg_color", "_color",
    "x_sim", "name", "priority", "delay", "prefetch", "property_value", "buttons", "campaign_id", "foo",
    "animate_in", "ID", "Type", "ïd", "trigger_id",
]

/// `value` with one random change: a value replaced, a member removed or added.
func mutate(_ value: JSONValue, _ random: inout SeededGenerator) -> JSONValue {
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

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
