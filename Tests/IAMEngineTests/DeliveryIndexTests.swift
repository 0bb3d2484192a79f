import IAMEngine
import Testing

/// Issue 35: a session start re-delivers the set it built for the server's current state (no
/// rebuild while the server is unchanged), and a push open finds its test send by id. Each
/// test would fail on a stale or wrong index: exact lines.
@Suite("Indexes: session start re-delivery, waiting test sends")
struct DeliveryIndexTests {
    @Test(
        "a campaign step between sessions is delivered at the next start; one during a delivery waits for the one after"
    )
    func reDeliveryFollowsTheServer() {
        var off = trigger("b", .customEvent(name: "b"), reEligibility: 0)
        off.startsDisabled = true
        let script = Script(
            triggers: [trigger("a", .customEvent(name: "a"), reEligibility: 0), off],
            steps: [
                // Session 2: the same set again (a), then a is switched off, b on.
                (1, .background), (2000, .foreground), (2001, .dismiss),
                (2002, .campaign(id: "a", enabled: false)), (2003, .campaign(id: "b", enabled: true)),
                (2004, .background), (4000, .foreground),
                // During session 3's delivery a goes live again: that delivery still sends b alone.
                (4000.1, .campaign(id: "a", enabled: true)), (4001, event("a")),
                (4002, .background), (6000, .foreground), (6001, event("a")),
            ])
        let lines = script.lines(under: .ios).filter {
            $0.contains("delivery_") || $0.contains("no_match custom") || $0.contains("performed")
        }
        #expect(
            lines == [
                "2000.000 delivery_started until=2000.500 1 triggers",
                "2000.500 delivery_completed 1 triggers",
                "4000.000 delivery_started until=4000.500 1 triggers",
                "4000.500 delivery_completed 1 triggers",
                "4001.000 no_match custom_event:a pending=[a@4000.100]",
                "6000.000 delivery_started until=6000.500 2 triggers",
                "6000.500 delivery_completed 2 triggers",
                "6001.000 performed a",
            ])
    }

    @Test("a re-delivery requests each prefetch asset once, and none that is here")
    func prefetchOncePerURL() {
        var h = Harness([
            trigger("a", .customEvent(name: "a"), message: message(image: "https://x/1.png")),
            trigger("b", .customEvent(name: "b"), message: message(image: "https://x/1.png")),
            trigger("c", .customEvent(name: "c"), prefetch: false, message: message(image: "https://x/2.png")),
            trigger("d", .customEvent(name: "d"), message: message(image: "https://x/3.png")),
        ])
        var lines = h.launch() + h.advance(to: 2)
        lines += h.apply(.background, at: 3) + h.apply(.foreground, at: 2000) + h.advance(to: 2010)
        #expect(
            lines.filter { $0.contains("asset") || $0.contains("delivery_completed") } == [
                "0.500 delivery_completed 4 triggers",
                "0.500 asset_requested until=1.500 https://x/1.png",
                "0.500 asset_requested until=1.500 https://x/3.png",
                "1.500 asset_ready https://x/1.png", "1.500 asset_ready https://x/3.png",
                "2000.500 delivery_completed 4 triggers",
            ])
    }

    @Test("a push open shows the oldest waiting test send of its id, the others keep their order")
    func testSendsByID() {
        let test = message(.modal, "test")
        let script = Script(
            triggers: [],
            steps: [
                (1, .testSend(id: "qa", message: test)), (2, .testSend(id: "qb", message: test)),
                (3, .testSend(id: nil, message: test)), (4, .testSend(id: "qa", message: test)),
                (5, .pushClick(campaignID: "qb")), (6, .dismiss),
                (7, .pushClick(campaignID: "qa")), (8, .dismiss),
                (9, .pushClick(campaignID: "qc")),
                (10, .background), (2000, .foreground),
            ])
        let lines = script.lines(under: .ios).filter { $0.contains("test_send") }
        #expect(
            lines == [
                "1.000 test_send qa waiting", "2.000 test_send qb waiting", "3.000 test_send test-3 waiting",
                "4.000 test_send qa waiting", "5.000 offered qb test_send", "7.000 offered qa test_send",
                "2000.000 offered test-3 test_send", "2000.000 offered qa test_send",
            ])
    }
}
