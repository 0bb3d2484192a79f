import Testing

@testable import IAMEngine

@Suite("Choosing and performing (P1–P5, E1–E2)")
struct ChoosingTests {
    @Test("P1: only re-eligible triggers that pass the interval are candidates")
    func candidates() {
        var h = Harness([
            trigger("once", .customEvent(name: "go"), priority: 9, reEligibility: -1),
            trigger("fallback", .customEvent(name: "go"), interval: 0),
        ])
        h.launch()
        _ = h.apply(event("go"), at: 1)
        _ = h.apply(.dismiss, at: 2)
        #expect(
            h.apply(event("go"), at: 40) == [
                "40.000 event custom_event:go",
                "40.000 trigger_matched fallback",
                "40.000 trigger_skipped once re_eligibility",
                "40.000 performed fallback",
                "40.000 stacked fallback new stack=[fallback] depth=1",
                "40.000 offered fallback eligible_moment",
                "40.000 displayed fallback impression",
            ])
    }

    @Test("P2: an event within the minimum interval is dropped, not queued, with the next allowed time")
    func minimumInterval() {
        var h = Harness([trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b"))])
        h.launch()
        _ = h.apply(event("a"), at: 10)
        #expect(
            h.apply(event("b"), at: 20) == [
                "20.000 event custom_event:b",
                "20.000 trigger_skipped b min_interval next=40.000",
                "20.000 no_match custom_event:b",
            ])
        #expect(h.state.stack.isEmpty)
        #expect(h.apply(event("b"), at: 40).contains("40.000 performed b"))
    }

    @Test("P2: a trigger's own interval overrides the global one; the delay counts toward it")
    func intervalOverrideAndDelay() {
        var h = Harness(
            [
                trigger("a", .customEvent(name: "a")),
                trigger("quick", .customEvent(name: "q"), interval: 5),
                trigger("slow", .customEvent(name: "s"), delay: 15),
            ], settings: Settings(minimumTriggerInterval: 20))
        h.launch()
        _ = h.apply(event("a"), at: 10)
        _ = h.apply(.dismiss, at: 11)
        #expect(
            h.apply(event("q"), at: 14) == [
                "14.000 event custom_event:q",
                "14.000 trigger_skipped quick min_interval next=15.000",
                "14.000 no_match custom_event:q",
            ])
        #expect(h.apply(event("q"), at: 15).contains("15.000 performed quick"))
        _ = h.apply(.dismiss, at: 16)
        // 16 + 15 >= 15 + 20: the delay makes it pass.
        #expect(
            h.apply(event("s"), at: 20) == [
                "20.000 event custom_event:s",
                "20.000 trigger_matched slow",
                "20.000 trigger_delayed slow until=35.000",
            ])
    }

    @Test("P2: the global interval is a setting; 0 disables it")
    func zeroInterval() {
        var h = Harness(
            [trigger("a", .customEvent(name: "a"), reEligibility: 0)], settings: Settings(minimumTriggerInterval: 0))
        h.launch()
        _ = h.apply(event("a"), at: 1)
        _ = h.apply(.dismiss, at: 1)
        #expect(h.apply(event("a"), at: 1).contains("1.000 performed a"))
    }

    @Test("P3: re-eligibility 0, once, and after N seconds; records survive launch")
    func reEligibility() {
        var h = Harness([
            trigger("every", .customEvent(name: "e"), interval: 0, reEligibility: 0),
            trigger("once", .customEvent(name: "o"), interval: 0, reEligibility: -1),
            trigger("n", .customEvent(name: "n"), interval: 0, reEligibility: 100),
        ])
        h.launch()
        for (name, id) in [("e", "every"), ("o", "once"), ("n", "n")] {
            _ = h.apply(event(name), at: 1)
            #expect(h.state.lastPerformed[id] == 1)
            _ = h.apply(.dismiss, at: 1)
        }
        h.launch(at: 2)
        #expect(h.apply(event("e"), at: 3).contains("3.000 performed every"))
        _ = h.apply(.dismiss, at: 3)
        #expect(h.apply(event("o"), at: 3).contains("3.000 trigger_skipped once re_eligibility"))
        #expect(h.apply(event("n"), at: 3).contains("3.000 trigger_skipped n re_eligibility next=101.000"))
        #expect(h.apply(event("n"), at: 101).contains("101.000 performed n"))
    }

    @Test("P4: the highest priority wins; on a tie the earlier one; the others are named, not queued")
    func priority() {
        var h = Harness([
            trigger("low", .purchase(productID: nil), priority: 1),
            trigger("high", .purchase(productID: "latte"), priority: 5),
            trigger("tie", .purchase(productID: nil), priority: 5),
        ])
        h.launch()
        #expect(
            h.apply(.purchase(productID: "latte", properties: [:]), at: 1) == [
                "1.000 event purchase:latte",
                "1.000 trigger_matched high",
                "1.000 trigger_skipped low lower_priority",
                "1.000 trigger_skipped tie lower_priority",
                "1.000 performed high",
                "1.000 stacked high new stack=[high] depth=1",
                "1.000 offered high eligible_moment",
                "1.000 displayed high impression",
            ])
        #expect(h.state.stack.isEmpty)
    }

    @Test("P4, P5: the triggers that did not win are named in delivered order, a displaced winner among them")
    func losersInDeliveredOrder() {
        // "first" leads until "best" (last in the list) displaces it, after "second" and
        // "third" have already lost to it: the skipped records still follow the delivered order.
        var h = Harness([
            trigger("first", .purchase(productID: nil), priority: 1),
            trigger("second", .purchase(productID: nil), priority: 1),
            trigger("third", .purchase(productID: nil), priority: 1),
            trigger("best", .purchase(productID: "latte"), priority: 5),
        ])
        h.launch()
        #expect(
            Array(h.apply(.purchase(productID: "latte", properties: [:]), at: 1).prefix(6)) == [
                "1.000 event purchase:latte",
                "1.000 trigger_matched best",
                "1.000 trigger_skipped first lower_priority",
                "1.000 trigger_skipped second lower_priority",
                "1.000 trigger_skipped third lower_priority",
                "1.000 performed best",
            ])
    }

    @Test("P5: no candidate calls noMatchingTriggerForEvent, after the reasons of each matching trigger")
    func noMatch() {
        var h = Harness([trigger("a", .customEvent(name: "go"))])
        h.launch()
        #expect(
            h.apply(event("nothing"), at: 1) == [
                "1.000 event custom_event:nothing", "1.000 no_match custom_event:nothing",
            ])
        #expect(
            h.apply(.purchase(productID: "x", properties: [:]), at: 1)
                == ["1.000 event purchase:x", "1.000 no_match purchase:x"])
    }

    @Test("E1: a delayed trigger is re-checked when its delay ends and dropped if P2 fails")
    func delayedRecheck() {
        var h = Harness([
            trigger("slow", .customEvent(name: "s"), delay: 10),
            trigger("fast", .customEvent(name: "f"), interval: 0),
        ])
        h.launch()
        _ = h.apply(event("s"), at: 1)
        _ = h.apply(event("f"), at: 2)
        #expect(h.advance(to: 11) == ["11.000 trigger_dropped slow min_interval next=32.000"])
    }

    @Test("E1: performing stamps lastTriggerTime and re-eligibility, and sets the expiry from the event time")
    func performStamps() {
        var h = Harness([trigger("t", .customEvent(name: "go"), delay: 2, timeout: 1500)])
        h.launch()
        _ = h.apply(.keyboard(shown: true), at: 1)
        _ = h.apply(event("go"), at: 3)
        #expect(
            h.advance(to: 5) == [
                "5.000 performed t",
                "5.000 stacked t new stack=[t] depth=1",
                "5.000 offered t eligible_moment",
                "5.000 returned_to_stack t keyboard_up stack=[t] depth=1",
            ])
        #expect(h.state.lastTriggerTime == 5)
        #expect(h.state.lastPerformed["t"] == 5)
        #expect(h.state.stack.first?.expiresAt == 4.5)
        _ = h.apply(.keyboard(shown: false), at: 6)
        #expect(h.apply(.displayNext, at: 6) == ["6.000 offered t display_next", "6.000 discarded t timeout"])
    }

    @Test("E2: a test trigger fires when a delivery completes, never held by the interval")
    func testTrigger() {
        var h = Harness([trigger("a", .open), trigger("probe", .test, reEligibility: 0)])
        _ = h.apply(.launch, at: 0)
        #expect(
            h.advance(to: 0.5) == [
                "0.500 delivery_completed 2 triggers",
                "0.500 trigger_matched probe test",
                "0.500 performed probe",
                "0.500 stacked probe new stack=[probe] depth=1",
                "0.500 offered probe eligible_moment",
                "0.500 displayed probe impression",
                "0.500 trigger_skipped a min_interval next=30.500",
                "0.500 no_match open",
            ])
    }

    @Test("§10: one event writes at most 100 trigger_skipped records of one reason, then one summary with the count")
    func skippedRecordsCutPerReason() {
        let cap = TraceRecord.skippedShownPerReason
        #expect(cap == 100)
        let epoch = Settings().epoch
        // Losers in delivered order: `late-…` (outside the window) and `low-…` (lower priority)
        // interleaved, so each reason is cut at its own count.
        var triggers = [trigger("winner", .customEvent(name: "go"), priority: 5)]
        for index in 0..<(cap + 3) {
            triggers.append(trigger("late-\(index)", .customEvent(name: "go"), start: epoch + 500))
            if index < cap + 1 { triggers.append(trigger("low-\(index)", .customEvent(name: "go"))) }
        }
        var h = Harness(triggers)
        h.launch()
        var expected = ["10.000 event custom_event:go", "10.000 trigger_matched winner"]
        for index in 0..<(cap + 3) {
            if index < cap { expected.append("10.000 trigger_skipped late-\(index) outside_time_window") }
            if index < cap { expected.append("10.000 trigger_skipped low-\(index) lower_priority") }
        }
        expected += [
            "10.000 trigger_skipped outside_time_window custom_event:go more=3",
            "10.000 trigger_skipped lower_priority custom_event:go more=1",
            "10.000 performed winner",
            "10.000 stacked winner new stack=[winner] depth=1",
            "10.000 offered winner eligible_moment",
            "10.000 displayed winner impression",
        ]
        #expect(h.apply(event("go"), at: 10) == expected)
    }

    @Test("§10: the summary record in both forms")
    func skippedSummaryRecord() {
        let record = TraceRecord(
            t: 10, kind: .triggerSkipped, event: Event(kind: .customEvent, name: "go"), reason: .lowerPriority,
            more: 1_498)
        #expect(
            TraceFormat.text(record)
                == "  10.000  trigger_skipped                   lower_priority  custom_event:go  more=1498")
        #expect(
            TraceFormat.json(record)
                == #"{"t":10,"type":"trigger_skipped","event":{"type":"custom_event","name":"go"},"#
                + #""reason":"lower_priority","more":1498}"#)
    }
}
