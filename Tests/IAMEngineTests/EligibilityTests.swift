import IAMEngine
import Testing

/// The one eligibility function (Rules/Eligibility.swift): each exclusion kind through it, and
/// matching's records agreeing with it.
@Suite("Eligibility: one function for T2, P3, P2 and E2")
struct EligibilityTests {
    /// A launched engine with `triggers`, `a` performed at 10 (so P2 runs until 40).
    static func afterA(_ triggers: [Trigger]) -> Harness {
        var h = Harness([trigger("a", .customEvent(name: "a"))] + triggers)
        h.launch()
        _ = h.apply(event("a"), at: 10)
        _ = h.apply(.dismiss, at: 11)
        return h
    }

    @Test("P1: an eligible trigger has no exclusion")
    func eligible() {
        let h = Self.afterA([trigger("b", .customEvent(name: "b"))])
        #expect(h.state.exclusion(of: h.state.delivered["b"]!, at: 45) == nil)
    }

    @Test("T2: outside the time window, before it opens and after it ends")
    func timeWindow() {
        let epoch = Settings().epoch
        let h = Self.afterA([
            trigger("later", .customEvent(name: "l"), start: epoch + 100),
            trigger("over", .customEvent(name: "o"), end: epoch + 5),
        ])
        #expect(h.state.exclusion(of: h.state.delivered["later"]!, at: 45) == .outsideTimeWindow(notYet: true))
        #expect(h.state.exclusion(of: h.state.delivered["over"]!, at: 45) == .outsideTimeWindow(notYet: false))
        #expect(Exclusion.outsideTimeWindow(notYet: true).reason == .outsideTimeWindow)
        // T2 is not asked again when a delayed winner is performed (E1).
        #expect(h.state.exclusion(of: h.state.delivered["over"]!, at: 45, moment: .perform) == nil)
    }

    @Test("P3: once only never returns; N seconds returns at last + N, less the delay")
    func reEligibility() {
        var h = Harness([
            trigger("once", .customEvent(name: "o"), reEligibility: -1),
            trigger("hourly", .customEvent(name: "h"), delay: 5, interval: 0, reEligibility: 3600),
        ])
        h.launch()
        _ = h.apply(event("o"), at: 1)
        _ = h.apply(.dismiss, at: 2)
        _ = h.apply(event("h"), at: 40)
        _ = h.advance(to: 46)
        let once = h.state.delivered["once"]!
        let hourly = h.state.delivered["hourly"]!
        #expect(h.state.exclusion(of: once, at: 100) == .reEligibility(again: nil))
        // Performed at 45 (40 + delay 5): eligible for an event at 45 + 3600 − 5.
        #expect(h.state.exclusion(of: hourly, at: 100) == .reEligibility(again: 3640))
        #expect(h.state.exclusion(of: hourly, at: 100)?.reason == .reEligibility)
        #expect(h.state.exclusion(of: hourly, at: 100, moment: .perform) == .reEligibility(again: 3645))
        #expect(h.state.exclusion(of: hourly, at: 3640) == nil)
    }

    @Test("P2: inside the minimum interval, with the next allowed event time")
    func minimumInterval() {
        let h = Self.afterA([
            trigger("b", .customEvent(name: "b")),
            trigger("delayed", .customEvent(name: "d"), delay: 8),
        ])
        #expect(h.state.exclusion(of: h.state.delivered["b"]!, at: 20) == .minimumInterval(next: 40))
        #expect(h.state.exclusion(of: h.state.delivered["b"]!, at: 20)?.next == 40)
        // The delay counts toward the interval: an event at 32 performs at 40.
        #expect(h.state.exclusion(of: h.state.delivered["delayed"]!, at: 20) == .minimumInterval(next: 32))
        #expect(h.state.exclusion(of: h.state.delivered["delayed"]!, at: 32) == nil)
        #expect(
            h.state.exclusion(of: h.state.delivered["delayed"]!, at: 20, moment: .perform) == .minimumInterval(next: 40)
        )
    }

    @Test("E2: a trigger with a test condition is never held back by P2, whatever event reaches it")
    func testTriggerExempt() {
        var h = Self.afterA([trigger("t", .test, .customEvent(name: "t"), reEligibility: 0)])
        let t = h.state.delivered["t"]!
        #expect(h.state.exclusion(of: t, at: 20) == nil)
        #expect(h.state.intervalExclusion(of: t, at: 20) == nil)
        #expect(
            h.apply(event("t"), at: 20) == [
                "20.000 event custom_event:t",
                "20.000 trigger_matched t",
                "20.000 performed t",
                "20.000 stacked t new stack=[t] depth=1",
                "20.000 offered t eligible_moment",
                "20.000 displayed t impression",
            ])
    }

    @Test("P1: matching skips exactly the triggers the function excludes, with its reason and next")
    func matchingAgrees() {
        let epoch = Settings().epoch
        var h = Self.afterA([
            trigger("cool", .customEvent(name: "x")),
            trigger("window", .customEvent(name: "x"), start: epoch + 100),
            trigger("test", .test, .customEvent(name: "x")),
        ])
        let expected = ["cool", "window", "test"].map { id in
            (id, h.state.exclusion(of: h.state.delivered[id]!, at: 20))
        }
        let lines = h.apply(event("x"), at: 20)
        for (id, exclusion) in expected {
            if let exclusion {
                let next = exclusion.next.map { " next=\(TraceFormat.fixed3($0))" } ?? ""
                #expect(lines.contains("20.000 trigger_skipped \(id) \(exclusion.reason.rawValue)\(next)"))
            } else {
                #expect(lines.contains("20.000 trigger_matched \(id)"))
            }
        }
    }

    @Test("Why-not's gates are the function's gates")
    func whyNotAgrees() {
        let h = Self.afterA([trigger("b", .customEvent(name: "b")), trigger("t", .test)])
        let gates = h.engine.whyNot("b")
        #expect(gates.first { $0.rule == "P2" }?.passes == false)
        let next = h.state.exclusion(of: h.state.delivered["b"]!, at: h.state.now)?.next
        #expect(next != nil)
        #expect(gates.first { $0.rule == "P2" }?.detail == "next allowed at \(TraceFormat.fixed3(next ?? 0))")
        let test = h.engine.whyNot("t")
        #expect(test.first { $0.rule == "P2" }?.passes == true)
    }
}
