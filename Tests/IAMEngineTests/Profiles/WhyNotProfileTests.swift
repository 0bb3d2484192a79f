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

    @Test("X18, X17: a window ending at -1 names web's reading (executed) on the time window gate")
    func explicitEnd() {
        let triggers = [Revision3Scripts.explicit(trigger("e", .customEvent(name: "e")), .endTime)]
        let web = Self.gates(.web, triggers, [(1, event("e"))])
        #expect(
            web["T2"]
                == "closed now · web X18 (executed): end_time -1 never matches; interval -1 is none; timeout -1 expires"
                + " at once · web X17 (executed): inclusive, to the millisecond: start_time <= now <= end_time")
        let ios = Self.gates(.ios, triggers, [(1, event("e"))])
        #expect(ios["T2"] == "open · ios X18 (source): as absent: no bound, the global interval, no timeout")
    }

    @Test("X19: a purchase condition with product_id \"\" names the row on the event gate")
    func emptyProduct() {
        let triggers = [trigger("buy", .purchase(productID: ""))]
        let web = Self.gates(.web, triggers, [(1, .purchase(productID: "latte", properties: [:]))])
        #expect(
            web["T1"]
                == "purchase:latte does not match purchase with product_id \"\" · web X19 (executed): only a purchase"
                + " of the product \"\"")
    }

    @Test("X20, X26, X27: a holding interval on web, a failing re-eligibility, a message swift cannot build")
    func stamps() {
        let web = Self.gates(.web, Revision3Scripts.x20.triggers, [(1, event("a")), (10, .launch)])
        #expect(
            web["P2"]
                == "next allowed at 31.000 · web X20 (executed): kept (localStorage): the interval runs across a reload"
        )
        let once = [trigger("a", .customEvent(name: "a"), reEligibility: -1)]
        let ios = Self.gates(.ios, once, [(1, event("a"))])
        #expect(ios["P3"] == "once only; performed at 1.000 · ios X26 (source): when the trigger is performed")
        let swift = Self.gates(.swift, Revision3Scripts.x27.triggers, [])
        #expect(
            swift["L3"]
                == "invalid_message: it would be discarded once performed (click_action URI without a uri"
                + " (triggers[0].data.click_action)) · swift X27 (inferred): performed, then discarded invalid_message")
        let shown = Self.gates(.ios, Revision3Scripts.x27.triggers, [])
        #expect(shown["L3"] == "yes · ios X27 (inherited): loads with a warning and shows")
    }

    @Test("X26 by version: why-not names the versioned profile and the range that decided the re-eligibility gate")
    func versioned() throws {
        let once = [trigger("a", .customEvent(name: "a"), reEligibility: -1)]
        let decided = Self.gates(try Profile.resolve("ios@3.12.0").get(), once, [(1, event("a"))])
        #expect(
            decided["P3"]
                == "once only; performed at 1.000 · ios@3.12.0 X26 (source): at the impression: a delegate discard"
                + " leaves the trigger re-eligible (ios 3.12.0 up to 3.14.1 (not included))")
        let after = Self.gates(try Profile.resolve("ios@3.14.1").get(), once, [(1, event("a"))])
        #expect(after["P3"] == "once only; performed at 1.000 · ios@3.14.1 X26 (source): when the trigger is performed")
    }
}
