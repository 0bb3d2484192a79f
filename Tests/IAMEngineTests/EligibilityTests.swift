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
    func whyNotAgrees() throws {
        let h = Self.afterA([trigger("b", .customEvent(name: "b")), trigger("t", .test)])
        let gates = h.engine.whyNot("b")
        #expect(gates.first { $0.rule == .p2 }?.passes == false)
        let next = try #require(h.state.exclusion(of: h.state.delivered["b"]!, at: h.state.now)?.next)
        #expect(next > h.state.now)
        #expect(gates.first { $0.rule == .p2 }?.detail == "next allowed at \(TraceFormat.fixed3(next))")
        let test = h.engine.whyNot("t")
        #expect(test.first { $0.rule == .p2 }?.passes == true)
    }

    /// Issue 44, finding 1: why-not's L3 is what the next offer (or the performance) does: a type
    /// the platform cannot build (X38) and a scene-based app without a window (X41) say so.
    @Test("why-not's L3 names the discard the next offer makes: unsupported_type (X38), no_window (X41)")
    func whyNotNamesEveryDiscard() throws {
        var banner = message()
        banner.unsupportedType = "BANNER"
        for profile in Profile.all {
            var settings = Settings()
            settings.profile = profile
            var h = Harness([trigger("b", .customEvent(name: "b"), message: banner)], settings: settings)
            h.launch()
            let gate = try #require(h.engine.whyNot("b").first { $0.rule == .l3 })
            let dropped = profile.dropsOncePerformed(type: "BANNER")
            #expect(gate.passes == !dropped, "\(profile.name)")
            let lines = h.apply(event("b"), at: 5)
            #expect(lines.contains("5.000 discarded b unsupported_type BANNER") == dropped, "\(profile.name): \(lines)")
        }
        var settings = Settings()
        settings.profile = try #require(Profile.named("ios@3.22.0"))
        settings.integration.scenes = true
        var h = Harness([trigger("s", .customEvent(name: "s"))], settings: settings)
        h.launch()
        let gate = try #require(h.engine.whyNot("s").first { $0.rule == .l3 })
        #expect(!gate.passes)
        #expect(gate.detail.hasPrefix("no_window"))
        #expect(h.apply(event("s"), at: 5).contains("5.000 discarded s no_window"))
    }

    /// Issue 44, finding 2: a copy on the stack triggered for the previous user is judged as the
    /// copy: why-not says the offer discards it (X40), and it does.
    @Test("why-not's L3 judges the stack's copy: a previous user's message would be discarded user_changed (X40)")
    func whyNotJudgesTheStacksCopy() throws {
        var settings = Settings()
        settings.profile = .android
        var h = Harness([trigger("p", .customEvent(name: "p"), reEligibility: 0)], settings: settings)
        h.launch()
        _ = h.apply(.delegate(Delegate(implements: .controller, answer: .later)), at: 1)
        _ = h.apply(event("p"), at: 2)
        #expect(h.state.stack.map(\.id) == ["p"])
        #expect(h.engine.whyNot("p").first { $0.rule == .l3 }?.detail.hasPrefix("delegate_later") == true)
        _ = h.apply(.delegate(Delegate(implements: .controller, answer: .now)), at: 3)
        _ = h.apply(.changeUser(id: "someone-else"), at: 4)
        let gate = try #require(h.engine.whyNot("p").first { $0.rule == .l3 })
        #expect(!gate.passes)
        #expect(gate.detail.hasPrefix("user_changed"), "\(gate.detail)")
        #expect(h.apply(.displayNext, at: 5).contains("5.000 discarded p user_changed"))
    }

    /// Issue 44, finding 6: a click the condition matches as written but not as the platform
    /// reads the clicked id: why-not's T1 names X36 (android and web), and not where it matches.
    @Test("why-not's T1 names X36 when the platform's reading of a clicked id decides the click")
    func whyNotNamesX36() throws {
        for profile in Profile.all {
            var settings = Settings()
            settings.profile = profile
            var h = Harness([trigger("follow", .pushClick(campaignID: "c1"))], settings: settings)
            h.launch()
            _ = h.apply(.pushClick(campaignID: "c1"), at: 2)
            _ = h.apply(.wait, at: 5)
            let (event, at) = try #require(h.state.lastEvent)
            #expect(event.kind == .pushClick)
            let gate = try #require(h.engine.whyNot("follow").first { $0.rule == .t1 })
            let decides = h.state.delivered["follow"]!.clickReadingDecides(
                event, unixNow: settings.epoch + at, filters: settings.filterReading)
            #expect(gate.detail.contains("X36") == decides, "\(profile.name): \(gate.detail)")
            #expect(gate.passes == !decides, "\(profile.name): \(gate.detail)")
            if profile.name == "ios" { #expect(!decides) }
            if profile.name == "android" { #expect(decides) }
        }
    }

    @Test("Next allowed: each trigger's own interval, the earliest trigger named, the global interval for the picture")
    func nextAllowedOwnInterval() {
        // "a" performed at 10 with the global 30 s; "quick" has its own 2 s, "slow" its own 50 s.
        let h = Self.afterA([
            trigger("slow", .customEvent(name: "s"), interval: 50),
            trigger("quick", .customEvent(name: "q"), interval: 2),
            trigger("again", .customEvent(name: "g"), reEligibility: 0),
        ])
        let s = h.state
        #expect(
            s.nextAllowed(s.delivered["slow"]!, at: 11)
                == NextAllowed(triggerID: "slow", at: 60, heldBy: .p2, since: 10))
        #expect(
            s.nextAllowed(s.delivered["again"]!, at: 11)
                == NextAllowed(triggerID: "again", at: 40, heldBy: .p2, since: 10))
        // "a" itself is never re-eligible (P3, re_eligibility -1): never again.
        #expect(s.nextAllowed(s.delivered["a"]!, at: 11) == nil)
        // The one that fires first is "quick", at 12, not the global interval's 40.
        #expect(s.nextTriggerAllowed(at: 11) == NextAllowed(triggerID: "quick", at: 12, heldBy: .p2, since: 10))
        // The picture's span: the global interval, for triggers without one of their own.
        #expect(s.globalIntervalEnds(at: 11) == 40)
        // From 12 on "quick" passes now ("a" still waits).
        #expect(s.nextTriggerAllowed(at: 12) == NextAllowed(triggerID: "quick", at: 12, heldBy: nil, since: nil))
        #expect(s.globalIntervalEnds(at: 40) == nil)
        // And the engine agrees: an event for "quick" at 12 is not skipped.
        #expect(s.exclusion(of: s.delivered["quick"]!, at: 12) == nil)
        #expect(s.exclusion(of: s.delivered["quick"]!, at: 11.5) == .minimumInterval(next: 12))
    }

    @Test("Next allowed: T2 and P3 hold a trigger later than P2; a closed window or once-only never")
    func nextAllowedOtherGates() {
        let epoch = Settings().epoch
        var h = Harness([
            trigger("once", .customEvent(name: "o"), reEligibility: -1),
            trigger("hourly", .customEvent(name: "h"), reEligibility: 100),
            trigger("later", .customEvent(name: "l"), start: epoch + 500),
            trigger("over", .customEvent(name: "v"), end: epoch + 5),
        ])
        h.launch()
        _ = h.apply(event("o"), at: 10)
        _ = h.apply(.dismiss, at: 11)
        _ = h.apply(event("h"), at: 50)
        _ = h.apply(.dismiss, at: 51)
        let s = h.state
        #expect(s.nextAllowed(s.delivered["once"]!, at: 60) == nil)
        #expect(s.nextAllowed(s.delivered["over"]!, at: 60) == nil)
        #expect(
            s.nextAllowed(s.delivered["hourly"]!, at: 60)
                == NextAllowed(triggerID: "hourly", at: 150, heldBy: .p3, since: 50))
        #expect(
            s.nextAllowed(s.delivered["later"]!, at: 60)
                == NextAllowed(triggerID: "later", at: 500, heldBy: .t2, since: nil, after: true))
        #expect(s.nextTriggerAllowed(at: 60) == NextAllowed(triggerID: "hourly", at: 150, heldBy: .p3, since: 50))
        // X17, T2: at the strict window's very start it is still held, as an event would find it.
        #expect(s.exclusion(of: s.delivered["later"]!, at: 500) == .outsideTimeWindow(notYet: true))
        #expect(
            s.nextAllowed(s.delivered["later"]!, at: 500)
                == NextAllowed(triggerID: "later", at: 500, heldBy: .t2, since: nil, after: true))
        #expect(s.nextAllowed(s.delivered["later"]!, at: 500.5)?.heldBy == nil)
    }
}
