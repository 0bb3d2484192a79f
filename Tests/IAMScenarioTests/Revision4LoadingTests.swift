import IAMEngine
import Testing

@testable import IAMScenario

/// Revision 4's loader side (profiles.md X34, X36, X38, X39; delivery-rules §13 R9): what a
/// real sync response holds loads for every profile, and the loader keeps what a platform reads.
@Suite("Revision 4: null re_eligibility, message types, clicks and Braze actions as loaded")
struct Revision4LoadingTests {
    static func scenario(data: String, extra: String = "", condition: String = #"{"type": "open"}"#) -> String {
        """
        {"triggers": [{"id": "a", "type": "inapp", "trigger_condition": [\(condition)]\(extra), "data": \(data)}],
         "timeline": []}
        """
    }

    @Test("X34: re_eligibility null is kept apart from absent (both read as once only)")
    func nullReEligibility() throws {
        let null = try load(Self.scenario(data: #"{"type": "MODAL"}"#, extra: #", "re_eligibility": null"#))
        let absent = try load(Self.scenario(data: #"{"type": "MODAL"}"#))
        #expect(null.scenario.triggers[0].reEligibilityIsNull)
        #expect(null.scenario.triggers[0].reEligibility == -1)
        #expect(!absent.scenario.triggers[0].reEligibilityIsNull)
        #expect(absent.scenario.triggers[0].reEligibility == -1)
    }

    @Test("R9, X38: MODAL_STYLED is a modal and WEB_HTML an HTML message, without a warning")
    func builtTypes() throws {
        let styled = try load(Self.scenario(data: #"{"type": "MODAL_STYLED", "message": "m"}"#))
        let html = try load(Self.scenario(data: #"{"type": "web_html", "message": "m"}"#))
        #expect(styled.scenario.triggers[0].message.kind == .modal)
        #expect(html.scenario.triggers[0].message.kind == .html)
        #expect(styled.warnings.isEmpty && html.warnings.isEmpty)
        #expect(styled.scenario.triggers[0].message.unsupportedType == nil)
    }

    @Test("R9, X38: BANNER loads with a warning, a message without type silently (no exit 65)")
    func unbuiltTypes() throws {
        let banner = try load(Self.scenario(data: #"{"type": "BANNER", "message": "m"}"#))
        let untyped = try load(Self.scenario(data: #"{"message": "m"}"#))
        #expect(banner.scenario.triggers[0].message.unsupportedType == "BANNER")
        #expect(untyped.scenario.triggers[0].message.unsupportedType == "none")
        #expect(
            banner.warnings.map(\.description) == [
                "scenario.json: triggers[0].data: warning: message type BANNER: no platform shows it: it is discarded when performed (X38)"
            ])
        #expect(untyped.warnings.isEmpty)
        #expect(loadError(Self.scenario(data: #"{"type": "CAROUSEL"}"#)) != nil)
    }

    @Test("X36: a numeric buttons entry is kept apart from the string it spells; a button without id is noted")
    func clicks() throws {
        let loaded = try load(
            Self.scenario(
                data: #"{"type": "MODAL", "btns": [{"text": "no id"}, {"id": 7, "text": "seven"}]}"#,
                condition: #"{"type": "iam_click", "data": {"id": "camp", "buttons": [1, "2"]}}"#))
        let trigger = loaded.scenario.triggers[0]
        #expect(
            trigger.conditions == [.iamClick(messageID: "camp", buttons: [Condition.numericButtonMark + "1", "2"])])
        #expect(trigger.message.buttons.map(\.hasID) == [false, true])
        #expect(trigger.message.buttons.map(\.id) == ["0", "7"])
    }

    @Test(
        "X39: an unknown brazeActions:// action (or one that does not decode) is noted; known ones are not",
        arguments: [
            // {"type":"openLink","args":["https://x"]}
            (
                "ewAiAHQAeQBwAGUAIgA6ACIAbwBwAGUAbgBMAGkAbgBrACIALAAiAGEAcgBnAHMAIgA6AFsAIgBoAHQAdABwAHMAOgAvAC8AeAAiAF0AfQA=",
                false
            ),
            // {"type":"launchRocket"}
            ("ewAiAHQAeQBwAGUAIgA6ACIAbABhAHUAbgBjAGgAUgBvAGMAawBlAHQAIgB9AA", true),
            // {"type":"container","steps":[{"type":"logCustomEvent","args":["e"]},{"type":"teleport"}]}
            (
                "ewAiAHQAeQBwAGUAIgA6ACIAYwBvAG4AdABhAGkAbgBlAHIAIgAsACIAcwB0AGUAcABzACIAOgBbAHsAIgB0AHkAcABlACIAOgAiAGwAbwBnAEMAdQBzAHQAbwBtAEUAdgBlAG4AdAAiACwAIgBhAHIAZwBzACIAOgBbACIAZQAiAF0AfQAsAHsAIgB0AHkAcABlACIAOgAiAHQAZQBsAGUAcABvAHIAdAAiAH0AXQB9AA==",
                true
            ),
            ("not*base64", true),
        ])
    func brazeActions(_ payload: String, refused: Bool) throws {
        let loaded = try load(
            Self.scenario(data: #"{"type": "MODAL", "click_action": "URI", "uri": "brazeActions://v1/\#(payload)"}"#))
        #expect((loaded.scenario.triggers[0].message.refusal != nil) == refused)
        let plain = try load(Self.scenario(data: #"{"type": "MODAL", "click_action": "URI", "uri": "https://x"}"#))
        #expect(plain.scenario.triggers[0].message.refusal == nil)
    }
}
