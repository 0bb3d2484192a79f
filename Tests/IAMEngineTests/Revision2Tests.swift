import Testing

@testable import IAMEngine

/// The rules revision 2 of the spec changed: T4/T5 (unsupported filters and conditions), T7
/// (campaign ids), E1 (strict expiry), L3 step 7 (HTML assets), M7 (`ignored` records).
@Suite("Revision 2: fidelity fixes")
struct Revision2Tests {
    /// A filter the loader could not make sense of (here: comparator 3 on a string).
    static let unsupported = PropertyFilter(
        key: "plan", type: .string, comparator: .greaterThan, value: .string("basic"),
        unsupported: UnsupportedFilter(
            path: "triggers[0].trigger_condition[0].data.property_filters[0][0]",
            reason: "comparator 3 does not apply to string properties"))

    static let tierIsGold = PropertyFilter(key: "tier", type: .string, comparator: .equals, value: .string("gold"))

    @Test(
        "T4: an event reaching a trigger that fails only on an unsupported filter: trigger_skipped unsupported_filter")
    func unsupportedFilterSkip() {
        var h = Harness([
            trigger("upsell", .customEventProperty(name: "plan", filters: [[Self.unsupported]])),
            trigger("gold", .customEventProperty(name: "plan", filters: [[Self.tierIsGold]])),
        ])
        h.launch()
        #expect(
            h.apply(event("plan", ["plan": .string("pro")]), at: 1) == [
                #"1.000 event custom_event:plan {plan="pro"}"#,
                "1.000 trigger_skipped upsell unsupported_filter plan: comparator 3 does not apply to string properties",
                #"1.000 no_match custom_event:plan {plan="pro"}"#,
            ])
        // Another event name, or a supported filter failing on its own: no unsupported_filter record.
        #expect(h.apply(event("other", ["plan": .string("pro")]), at: 2).count == 2)
        let both = PropertyFilter(key: "tier", type: .string, comparator: .equals, value: .string("gold"))
        var h2 = Harness([
            trigger("both", .customEventProperty(name: "plan", filters: [[Self.unsupported], [both]]))
        ])
        h2.launch()
        #expect(
            h2.apply(event("plan", ["tier": .string("silver")]), at: 1) == [
                #"1.000 event custom_event:plan {tier="silver"}"#, #"1.000 no_match custom_event:plan {tier="silver"}"#,
            ])
    }

    @Test("T4: an unsupported filter in an OR group does not stop the group when another filter passes")
    func unsupportedInOrGroup() {
        var h = Harness([
            trigger("either", .customEventProperty(name: "plan", filters: [[Self.unsupported, Self.tierIsGold]]))
        ])
        h.launch()
        #expect(h.apply(event("plan", ["tier": .string("gold")]), at: 1).contains("1.000 trigger_matched either"))
    }

    @Test("T4: why-not names the unsupported filter, its path and why it never passes")
    func whyNotNamesTheFilter() {
        var h = Harness([trigger("upsell", .customEventProperty(name: "plan", filters: [[Self.unsupported]]))])
        h.launch()
        _ = h.apply(event("plan", ["plan": .string("pro")]), at: 1)
        let gate = h.engine.whyNot("upsell").first { $0.rule == .t1 }
        #expect(gate?.passes == false)
        #expect(
            gate?.detail
                == #"custom_event:plan {plan="pro"} does not match event plan with properties; unsupported filter on plan at triggers[0].trigger_condition[0].data.property_filters[0][0]: comparator 3 does not apply to string properties; it never passes (T4)"#
        )
    }

    @Test("T4: a condition of an unknown type never matches any event")
    func unsupportedCondition() {
        var h = Harness([trigger("x", .unsupported(type: "session_resumed"))])
        #expect(h.launch().last == "0.500 no_match open")
        #expect(h.apply(event("session_resumed"), at: 1).last == "1.000 no_match custom_event:session_resumed")
    }

    @Test("T5: an unsupported filter never passes, even where a missing property passes comparators 2, 12 and 17")
    func missingPropertyStillFails() {
        for comparator in [Comparator.notEquals, .notExists, .doesNotMatchRegex] {
            var filter = PropertyFilter(key: "k", type: .string, comparator: comparator, value: .string("x"))
            #expect(
                filter.passes([:], unixNow: 0, policy: Profile.ios.policies.filters),
                "supported: a missing property passes \(comparator)")
            filter.unsupported = UnsupportedFilter(path: "p", reason: "unknown property_type \"colour\"")
            #expect(!filter.passes([:], unixNow: 0, policy: Profile.ios.policies.filters))
            #expect(
                !filter.passes(["k": .number(1)], unixNow: 0, policy: Profile.ios.policies.filters),
                "nor a value of the wrong type")
        }
        var h = Harness([
            trigger(
                "ne",
                .customEventProperty(
                    name: "e",
                    filters: [
                        [
                            PropertyFilter(
                                key: "k", type: .string, comparator: .notEquals, value: .null,
                                unsupported: UnsupportedFilter(path: "p", reason: "unknown property_type \"colour\""))
                        ]
                    ]))
        ])
        h.launch()
        #expect(
            h.apply(event("e"), at: 1) == [
                "1.000 event custom_event:e",
                #"1.000 trigger_skipped ne unsupported_filter k: unknown property_type "colour""#,
                "1.000 no_match custom_event:e",
            ])
    }

    static let menuID = "NjVhMWYwYzJlNGIwZDNhOWM4ZjcxMjM0XyRfbXY9NjVhMWYwYzJlNGIwZDNhOWM4ZjcxMjM1JnBpPWNtcA=="

    @Test("T7: the campaign id is the part before the first _ of a base64 id that decodes to printable ASCII")
    func campaignIDs() {
        #expect(CampaignID.of(Self.menuID) == "65a1f0c2e4b0d3a9c8f71234")
        // Without padding, too.
        #expect(CampaignID.of(String(Self.menuID.dropLast(2))) == "65a1f0c2e4b0d3a9c8f71234")
        #expect(CampaignID.of("welcome") == nil, "not base64 of anything with _")
        #expect(CampaignID.of("spring_sale") == nil, "_ is not in the standard alphabet")
        #expect(CampaignID.of("YWJj") == nil, "abc: no _")
        #expect(CampaignID.of("X2Fi") == nil, "_ab: nothing before the _")
        #expect(CampaignID.of("/w==") == nil, "not printable")
        #expect(CampaignID.of("YV9i") == "a", "a_b")
        #expect(CampaignID.of("YV9i=") == nil, "bad padding")
    }

    @Test(
        "T7: iam_click with a campaign id matches a click on the message with that base64 id; the trace shows the id as given"
    )
    func campaignClick() {
        let menu = trigger(
            Self.menuID, .customEvent(name: "menu"),
            message: message(buttons: [Button(id: "0", text: "No"), Button(id: "1", text: "Yes")]))
        var h = Harness([
            menu,
            trigger("follow", .iamClick(messageID: "65a1f0c2e4b0d3a9c8f71234", buttons: ["1"]), interval: 0),
            trigger("by-id", .iamClick(messageID: Self.menuID, buttons: ["1"]), priority: -1, interval: 0),
        ])
        h.launch()
        _ = h.apply(event("menu"), at: 1)
        #expect(
            h.apply(.click(button: 1), at: 2) == [
                "2.000 clicked \(Self.menuID) NONE button=1",
                "2.000 dismissed \(Self.menuID) user",
                "2.000 event iam_click:\(Self.menuID)/1",
                "2.000 trigger_matched follow",
                "2.000 trigger_skipped by-id lower_priority",
                "2.000 performed follow",
                "2.000 stacked follow new stack=[follow] depth=1",
                "2.000 offered follow eligible_moment",
                "2.000 displayed follow impression",
            ])
    }

    /// A trigger whose message expires 2 s after its event (at 3 for an event at 1).
    static func expiring(_ id: String = "late", prefetch: Bool = true, image: String? = nil) -> Trigger {
        trigger(
            id, .customEvent(name: id), interval: 0, timeout: 2000, prefetch: prefetch, message: message(image: image))
    }

    @Test("E1: exactly at its expiry a message still shows (now > expiry is strict)")
    func expiryBoundaryShows() {
        var h = Harness([trigger("first", .customEvent(name: "first"), interval: 0), Self.expiring()])
        h.launch()
        _ = h.apply(event("first"), at: 0.5)
        #expect(
            h.apply(event("late"), at: 1).last == "1.000 returned_to_stack late message_visible stack=[late] depth=1")
        _ = h.apply(.dismiss, at: 3)
        #expect(h.apply(.displayNext, at: 3) == ["3.000 offered late display_next", "3.000 displayed late impression"])
    }

    @Test("E1: just after its expiry a message is discarded (timeout)")
    func expiryBoundaryDiscards() {
        var h = Harness([trigger("first", .customEvent(name: "first"), interval: 0), Self.expiring()])
        h.launch()
        _ = h.apply(event("first"), at: 0.5)
        _ = h.apply(event("late"), at: 1)
        _ = h.apply(.dismiss, at: 3.001)
        #expect(
            h.apply(.displayNext, at: 3.001) == ["3.001 offered late display_next", "3.001 discarded late timeout"])
    }

    @Test("E1: an asset that arrives at exactly the expiry still shows: the timeout comes after it at that instant")
    func assetAtExpiry() {
        var h = Harness(
            [Self.expiring(prefetch: false, image: "https://x/i.png")],
            assets: ["https://x/i.png": AssetSpec(download: 2)])
        h.launch()
        #expect(
            h.apply(event("late"), at: 1).suffix(2) == [
                "1.000 asset_requested until=3.000 https://x/i.png",
                "1.000 waiting_for_asset late until=3.000 https://x/i.png",
            ])
        #expect(h.advance(to: 10) == ["3.000 asset_ready https://x/i.png", "3.000 displayed late impression"])
    }

    @Test("E1: the waiting timeout record comes after everything else due at that instant (here an auto-dismiss)")
    func timeoutComesLast() {
        var h = Harness(
            [
                trigger(
                    "shown", .customEvent(name: "shown"), interval: 0,
                    message: message(close: .autoDismiss, duration: 2000)),
                Self.expiring(prefetch: false, image: "https://x/i.png"),
            ],
            assets: ["https://x/i.png": AssetSpec(download: 5)])
        h.launch()
        #expect(h.apply(event("late"), at: 1).last == "1.000 waiting_for_asset late until=6.000 https://x/i.png")
        #expect(h.apply(event("shown"), at: 1).last == "1.000 displayed shown impression")
        #expect(
            h.advance(to: 3) == ["3.000 dismissed shown auto", "3.000 discarded late timeout"])
    }

    @Test("E1: an asset later than the expiry: the message is discarded at the expiry")
    func assetAfterExpiry() {
        var h = Harness(
            [Self.expiring(prefetch: false, image: "https://x/i.png")],
            assets: ["https://x/i.png": AssetSpec(download: 2.001)])
        h.launch()
        _ = h.apply(event("late"), at: 1)
        #expect(h.advance(to: 10) == ["3.000 discarded late timeout", "3.001 asset_ready https://x/i.png"])
    }

    static func quiz(prefetch: Bool) -> Trigger {
        var html = message(.html, "<p>quiz</p>")
        html.zippedAssetsURL = "https://x/q.zip"
        html.assetURLs = ["https://x/a.css", "https://x/b.png", "https://x/q.zip"]
        return trigger("quiz", .customEvent(name: "quiz"), prefetch: prefetch, message: html)
    }

    static let quizAssets = [
        "https://x/a.css": AssetSpec(download: 1), "https://x/b.png": AssetSpec(download: 3),
        "https://x/q.zip": AssetSpec(download: 2),
    ]

    @Test("L3: an HTML message waits for every URL of its asset_urls and its zipped_assets_url")
    func htmlWaitsForEveryAsset() {
        var h = Harness([Self.quiz(prefetch: false)], assets: Self.quizAssets)
        h.launch()
        #expect(
            h.apply(event("quiz"), at: 1).suffix(4) == [
                "1.000 asset_requested until=3.000 https://x/q.zip",
                "1.000 asset_requested until=2.000 https://x/a.css",
                "1.000 asset_requested until=4.000 https://x/b.png",
                "1.000 waiting_for_asset quiz until=4.000 https://x/q.zip https://x/a.css https://x/b.png",
            ])
        #expect(
            h.advance(to: 4) == [
                "2.000 asset_ready https://x/a.css", "3.000 asset_ready https://x/q.zip",
                "4.000 asset_ready https://x/b.png", "4.000 displayed quiz impression",
            ])
    }

    @Test("L3: one failed URL of an HTML message discards it (asset_failed); D2 prefetches every URL")
    func htmlFailedAssetAndPrefetch() {
        var assets = Self.quizAssets
        assets["https://x/a.css"]?.fails = true
        var h = Harness([Self.quiz(prefetch: true)], assets: assets)
        #expect(
            h.launch().filter { $0.contains("asset_requested") } == [
                "0.500 asset_requested until=2.500 https://x/q.zip",
                "0.500 asset_requested until=1.500 https://x/a.css",
                "0.500 asset_requested until=3.500 https://x/b.png",
            ])
        _ = h.advance(to: 4)
        #expect(h.apply(event("quiz"), at: 5).last == "5.000 discarded quiz asset_failed")
    }

    @Test("M7: a click on a button the message does not have is ignored (no_such_button)")
    func clickNoSuchButton() {
        var h = Harness([
            trigger("a", .customEvent(name: "a"), message: message(buttons: [Button(id: "ok", text: "OK")]))
        ])
        h.launch()
        _ = h.apply(event("a"), at: 1)
        #expect(
            h.apply(.click(button: 1), at: 2) == ["2.000 ignored a no_such_button action=click button 1 (it has 1)"])
        #expect(h.state.visible?.pending.id == "a", "still visible")
    }

    @Test("M7: a click with nothing visible is ignored (nothing_visible)")
    func clickNothingVisible() {
        var h = Harness([])
        h.launch()
        #expect(h.apply(.click(button: nil), at: 1) == ["1.000 ignored nothing_visible action=click"])
        #expect(h.apply(.click(button: 0), at: 2) == ["2.000 ignored nothing_visible action=click"])
    }

    @Test("M7: a dismiss with nothing visible is ignored (nothing_visible)")
    func dismissNothingVisible() {
        var h = Harness([])
        h.launch()
        #expect(h.apply(.dismiss, at: 1) == ["1.000 ignored nothing_visible action=dismiss"])
    }

    @Test("M7: displayNext on an empty stack is ignored (stack_empty), in text and JSON")
    func displayNextStackEmpty() {
        var engine = Engine(scenario: Scenario())
        _ = engine.apply(.launch, at: 0)
        _ = engine.advance(to: 1)
        let records = engine.apply(.displayNext, at: 1)
        #expect(
            records.map(TraceFormat.json) == [
                #"{"t":1,"type":"ignored","action":"displayNext","reason":"stack_empty"}"#
            ])
    }
}
