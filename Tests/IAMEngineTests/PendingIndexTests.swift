import IAMEngine
import Testing

/// SV1 with an index (issue 35): the pending look visits the live campaigns by their place on
/// the server, not every server trigger, and names the same triggers in the same order.
@Suite("SV1: the pending look by index")
struct PendingIndexTests {
    @Test("campaigns switched on out of order, one added live, one more later: the server's order, as the scan gave")
    func sameAsTheScan() {
        var triggers = (0..<100).map { index -> Trigger in
            var live = trigger("t\(index)", .customEvent(name: index % 2 == 0 ? "browse" : "other"), reEligibility: 0)
            live.startsDisabled = true
            return live
        }
        // The one live from the start matches neither event: each event is a no_match.
        triggers[0] = trigger("t0", .customEvent(name: "none"), reEligibility: 0)
        var added = trigger("n", .customEvent(name: "browse"), reEligibility: 0)
        added.startsDisabled = true
        let script = Script(
            triggers: triggers,
            steps: [
                (1, .campaign(id: "t50", enabled: true)), (2, .campaign(id: "t3", enabled: true)),
                (3, .campaign(id: "t90", enabled: true)), (4, .campaign(id: "t8", enabled: true)),
                (5, .addCampaign(added, enabled: true, json: "{}")), (6, .campaign(id: "t8", enabled: false)),
                (7, event("browse")), (8, .campaign(id: "t2", enabled: true)), (9, event("browse")),
            ])
        let lines = script.lines(under: .ios).filter { $0.contains("no_match custom_event:browse") }
        // t3 matches "other", so it is not pending for "browse"; t8 went off again.
        #expect(
            lines == [
                "7.000 no_match custom_event:browse pending=[t50@1.000 t90@3.000 n@5.000]",
                "9.000 no_match custom_event:browse pending=[t2@8.000 t50@1.000 t90@3.000 n@5.000]",
            ])
    }
}
