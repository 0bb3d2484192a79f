import IAMEngine
import Testing

@Suite("Why-not per platform")
struct WhyNotProfileTests {
    static func gates(_ profile: Profile, _ triggers: [Trigger], _ steps: [Script.Step]) -> [String: String] {
        var settings = Settings()
        settings.profile = profile
        var h = Harness(triggers, settings: settings)
        h.launch()
        for step in steps { _ = h.apply(step.action, at: step.at) }
        return Dictionary(uniqueKeysWithValues: h.engine.whyNot(triggers[0].id).map { ($0.rule.rawValue, $0.detail) })
    }

    @Test(
        "X3: the offer gate names the platform's keyboard answer and its confidence", arguments: Profile.all.map(\.name)
    )
    func keyboard(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let gates = Self.gates(profile, [trigger("a", .customEvent(name: "a"))], [(1, .keyboard(shown: true))])
        let expected: [String: String] = [
            "ios":
                "keyboard_up: it would return to the stack · ios X3 (source): held back (keyboard_up) unless a delegate decides",
            "swift": "yes · swift X3 (source): no keyboard gate",
            "android": "yes · android X3 (source): no keyboard gate",
            "web": "yes · web X3 (inferred): no keyboard gate",
        ]
        #expect(gates["L3"] == expected[name])
    }

    @Test("X2, X1: in the background the offer gate names both rows; inherited and inferred say so")
    func background() {
        let gates = Self.gates(.swift, [trigger("a", .customEvent(name: "a"))], [(1, .background)])
        #expect(
            gates["L3"]
                == "app_in_background: it would return to the stack · swift X2 (inferred): returned to the stack, as ios"
                + " · swift X1 (source): a LIFO stack (array, end is top)")
    }

    @Test("X7: a number filter with comparator 4 names the platform's reading on the event gate")
    func filter() {
        let trigger = ProfileScripts.x7Script.triggers
        let web = Self.gates(.web, trigger, [(1, event("a", ["n": .number(5)]))])
        #expect(web["T1"] == "custom_event:a {n=5} · web X7 (source): >= and <=")
        let swift = Self.gates(.swift, trigger, [(1, event("a", ["n": .number(5)]))])
        #expect(
            swift["T1"]
                == "custom_event:a {n=5} does not match event a with properties · swift X7 (inherited): never pass")
    }
}
