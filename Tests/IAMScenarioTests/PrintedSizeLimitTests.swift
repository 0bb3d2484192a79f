import IAMEngine
import Testing

@testable import IAMScenario

/// Issue 35: limits on what a record lists, checked at load with the file, the JSON path and
/// what was expected: web subscribers (three records each per message) and ids in their
/// printed size, control characters escaped.
@Suite("Limits: what records list")
struct PrintedSizeLimitTests {
    static func web(_ subscribers: Int) -> String {
        let list = Array(repeating: #""show""#, count: subscribers).joined(separator: ", ")
        return
            #"{"settings": {"integration": {"web": {"automaticallyShow": false, "subscribers": [\#(list)]}}}, "triggers": []}"#
    }

    @Test("settings.integration.web.subscribers: 16 load, 17 are a load error with the path")
    func subscribersCapped() throws {
        #expect(try load(Self.web(WebDisplay.maxSubscribers)).scenario.settings.integration.web.subscribers.count == 16)
        #expect(
            loadError(Self.web(17))
                == "scenario.json: settings.integration.web.subscribers: expected at most 16 subscribers, got 17 (each message goes to every subscriber: three records each)"
        )
        // The integration step reads the same list.
        let list = Array(repeating: #""consume""#, count: 17).joined(separator: ",")
        let step =
            #"{"triggers": [], "timeline": [{"at": 1, "do": "integration", "web": {"subscribers": [\#(list)]}}]}"#
        #expect(loadError(step)?.hasPrefix("scenario.json: timeline[0].web.subscribers: expected at most 16") == true)
    }

    @Test("§10: an id is capped in its printed size: 200 ESCs (1,600 bytes as `\\u{001B}`) are refused, 128 load")
    func idsCappedWhenPrinted() throws {
        func triggers(_ id: String) -> String {
            #"{"triggers": [{"id": "\#(id)", "trigger_condition": [{"type": "open"}], "data": {"type": "SLIDEUP", "message": "m"}}]}"#
        }
        let escape = #"\u001b"#
        #expect(
            loadError(triggers(String(repeating: escape, count: 200)))
                == "scenario.json: triggers[0].id: the id prints as 1600 bytes once its control and invisible characters are escaped; the limit is 1024"
        )
        #expect(try load(triggers(String(repeating: escape, count: 128))).scenario.triggers[0].id.utf8.count == 128)
        // A combining mark with no base prints as `\u{0301}` (8 bytes for 2): 200 of them are refused.
        #expect(
            loadError(triggers(String(repeating: "\u{0301}", count: 200)))?.contains("the id prints as 1600 bytes")
                == true)
        // Test sends go on the stack as well.
        let send =
            #"{"triggers": [], "timeline": [{"at": 1, "do": "testSend", "id": "\#(String(repeating: escape, count: 200))", "message": {"type": "SLIDEUP", "message": "m"}}]}"#
        #expect(loadError(send)?.hasPrefix("scenario.json: timeline[0].id: the id prints as 1600 bytes") == true)
    }
}
