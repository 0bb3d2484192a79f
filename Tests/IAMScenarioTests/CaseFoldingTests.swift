import IAMEngine
import Testing

@testable import IAMScenario

/// Names read in any case (§9, revision 2) are compared without folding a copy of each; a
/// spelling that only Unicode case mapping turns into a name must still read as that name.
@Suite("Names in any case")
struct CaseFoldingTests {
    @Test("§9: Node.named finds what folding finds, for ASCII and non-ASCII spellings")
    func named() {
        for text in ["open", "OPEN", "Push_Click", "push_clic\u{212A}", "custom_events", "öpen", ""] {
            #expect(Node.named(text, among: ConditionType.allCases) == ConditionType(rawValue: text.lowercased()))
        }
        let uri = Node.named("ur\u{0131}", among: ScenarioDecoder.ClickActionName.allCases, fold: { $0.uppercased() })
        #expect(uri == .uri)
    }

    @Test("§9: a condition type and click action spelled with non-ASCII case forms load as named; colours by suffix")
    func nonASCIISpellings() throws {
        let loaded = try load(
            """
            {"triggers": [{"id": "a", "trigger_condition": [{"type": "PUSH_CLIC\u{212A}"},
              {"type": "custom_event_property", "data": {"event_name": "e", "property_filters":
                [[{"property_key": "k", "property_type": "STRING", "comparator": 1, "property_value": "v"},
                  {"property_key": "k", "property_type": "STR\u{0131}NG", "comparator": 1, "property_value": "v"}]]}}],
              "data": {"type": "MODAL", "message": "hi", "click_action": "ur\u{0131}", "uri": "app://x",
                "text_color": 1, "t\u{00EB}xt_color": 2, "colour": 3}}]}
            """)
        let trigger = try #require(loaded.scenario.triggers.first)
        #expect(trigger.conditions.first == .pushClick(campaignID: nil))
        guard case .customEventProperty(_, let groups) = trigger.conditions.last else {
            Issue.record("expected a custom_event_property condition")
            return
        }
        #expect(groups.first?.first?.type == .string)
        #expect(groups.first?.first?.unsupported == nil)
        // Folding keeps a dotless ı (it has no lowercase i): as before, an unknown type.
        #expect(groups.first?.last?.unsupported?.reason == "unknown property_type \"STR\u{0131}NG\"")
        #expect(trigger.message.clickAction == .uri("app://x"))
        #expect(trigger.message.colors == ["text_color": 1, "t\u{00EB}xt_color": 2])
    }
}
