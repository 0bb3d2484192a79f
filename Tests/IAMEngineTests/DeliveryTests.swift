import Testing

@testable import IAMEngine

@Suite("Delivery (D1–D5)")
struct DeliveryTests {
    @Test("D1: a delivery replaces the cache; offline it fails and the cache stays")
    func deliveryReplacesOrFails() {
        var h = Harness([trigger("a", .customEvent(name: "go"))])
        h.launch()
        _ = h.apply(.network(online: false), at: 1)
        _ = h.apply(.campaign(id: "a", enabled: false), at: 1)
        #expect(h.apply(.launch, at: 2).contains("2.000 delivery_started until=2.500 offline"))
        #expect(
            h.advance(to: 2.5) == [
                "2.500 delivery_failed offline; 1 cached triggers stay",
                "2.500 no_match open",
            ])
        #expect(h.state.delivered.triggers.map(\.id) == ["a"])
        _ = h.apply(.network(online: true), at: 3)
        _ = h.launch(at: 4)
        #expect(h.state.delivered.isEmpty)
    }

    @Test("D1: delivery takes network.syncLatency")
    func syncLatency() {
        var h = Harness([], settings: Settings(network: Network(syncLatency: 2)))
        _ = h.apply(.launch, at: 0)
        #expect(h.engine.nextDeadline == 2)
    }

    @Test("D2: prefetching assets at delivery; a failing URL fails; cached assets are not fetched again")
    func prefetch() {
        var h = Harness(
            [
                trigger("a", .customEvent(name: "a"), message: message(image: "ok.png")),
                trigger("b", .customEvent(name: "b"), message: message(image: "bad.png")),
                trigger("c", .customEvent(name: "c"), prefetch: false, message: message(image: "lazy.png")),
            ], assets: ["ok.png": AssetSpec(download: 2), "bad.png": AssetSpec(download: 1, fails: true)])
        let lines = h.launch()
        #expect(lines.contains("0.500 asset_requested until=2.500 ok.png"))
        #expect(lines.contains("0.500 asset_requested until=1.500 bad.png"))
        #expect(!lines.contains { $0.contains("lazy.png") })
        #expect(h.advance(to: 3) == ["1.500 asset_failed bad.png", "2.500 asset_ready ok.png"])
        _ = h.apply(.launch, at: 4)
        let second = h.advance(to: 4.5)
        #expect(second.contains("4.500 asset_requested until=5.500 bad.png"))
        #expect(!second.contains { $0.contains("ok.png") })
    }

    @Test("D3: events raised during a delivery are queued and processed in order after it")
    func eventsQueue() {
        var h = Harness([
            trigger("a", .customEvent(name: "x"), priority: 1), trigger("b", .customEvent(name: "y"), interval: 0),
        ])
        _ = h.apply(.launch, at: 0)
        #expect(h.apply(event("x"), at: 0.1) == ["0.100 event custom_event:x", "0.100 event_queued custom_event:x"])
        #expect(h.apply(event("y"), at: 0.2) == ["0.200 event custom_event:y", "0.200 event_queued custom_event:y"])
        #expect(
            h.advance(to: 0.5) == [
                "0.500 delivery_completed 2 triggers",
                "0.500 no_match open",
                "0.500 trigger_matched a",
                "0.500 performed a",
                "0.500 stacked a new stack=[a] depth=1",
                "0.500 offered a eligible_moment",
                "0.500 displayed a impression",
                "0.500 trigger_matched b",
                "0.500 performed b",
                "0.500 stacked b new stack=[b] depth=1",
                "0.500 offered b eligible_moment",
                "0.500 returned_to_stack b message_visible stack=[b] depth=1",
            ])
    }

    @Test("D4: a message performed before its asset arrives waits for it; prefetch false downloads on offer")
    func waitsForAsset() {
        var h = Harness(
            [trigger("s", .open, prefetch: false, message: message(image: "hero.png"))],
            assets: ["hero.png": AssetSpec(download: 1.5)])
        _ = h.apply(.launch, at: 0)
        #expect(
            h.advance(to: 0.5) == [
                "0.500 delivery_completed 1 triggers",
                "0.500 trigger_matched s",
                "0.500 performed s",
                "0.500 stacked s new stack=[s] depth=1",
                "0.500 offered s eligible_moment",
                "0.500 asset_requested until=2.000 hero.png",
                "0.500 waiting_for_asset s until=2.000 hero.png",
            ])
        #expect(h.state.visible == nil)
        #expect(h.advance(to: 5) == ["2.000 asset_ready hero.png", "2.000 displayed s impression"])
    }

    @Test("D4: the app went to the background while the asset downloaded: back to the stack")
    func assetArrivesInBackground() {
        var h = Harness([trigger("s", .open, message: message(image: "hero.png"))])
        _ = h.apply(.launch, at: 0)
        _ = h.advance(to: 0.5)
        _ = h.apply(.background, at: 1)
        #expect(
            h.advance(to: 1.5) == [
                "1.500 asset_ready hero.png", "1.500 returned_to_stack s app_in_background stack=[s] depth=1",
            ])
    }

    @Test("D5: disabling a campaign reaches the device only at the next delivery")
    func campaignSwitch() {
        var h = Harness([trigger("a", .customEvent(name: "go"))])
        h.launch()
        #expect(h.apply(.campaign(id: "a", enabled: false), at: 1) == ["1.000 app a campaign disabled on the server"])
        #expect(h.apply(event("go"), at: 2).contains("2.000 performed a"))
        _ = h.apply(.dismiss, at: 3)
        h.launch(at: 4)
        #expect(h.apply(event("go"), at: 40) == ["40.000 event custom_event:go", "40.000 no_match custom_event:go"])
    }
}
