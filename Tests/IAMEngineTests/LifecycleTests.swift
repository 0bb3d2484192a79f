import Testing

@testable import IAMEngine

@Suite("Lifecycle (S1–S6)")
struct LifecycleTests {
    @Test("S1: launch clears stack, visible and lastTriggerTime; keeps records and cache")
    func launchClearsMemory() {
        var h = Harness([
            trigger("a", .customEvent(name: "go"), reEligibility: -1),
            trigger("b", .customEvent(name: "later")),
        ])
        h.launch()
        _ = h.apply(event("go"), at: 1)
        #expect(h.state.visible?.pending.id == "a")
        #expect(
            h.apply(.launch, at: 2) == [
                "2.000 app launch",
                "2.000 dismissed a launch",
                "2.000 session_ended session 1",
                "2.000 session_started session 2",
                "2.000 delivery_started until=2.500 2 triggers",
                "2.000 event open",
                "2.000 event_queued open",
            ])
        #expect(h.state.lastTriggerTime == nil)
        #expect(h.state.lastPerformed["a"] == 1)
        #expect(h.state.delivered.triggers.count == 2)
        // Re-eligibility survived: "a" is once-only.
        _ = h.advance(to: 2.5)
        #expect(
            h.apply(event("go"), at: 3) == [
                "3.000 event custom_event:go",
                "3.000 trigger_skipped a re_eligibility",
                "3.000 no_match custom_event:go",
            ])
    }

    @Test("S1: launch lists the stacked messages it throws away")
    func launchListsCleared() {
        var h = Harness([trigger("a", .customEvent(name: "go"))])
        h.launch()
        _ = h.apply(.background, at: 1)
        _ = h.apply(event("go"), at: 2)
        #expect(
            h.apply(.launch, at: 3).prefix(2) == [
                "3.000 app launch stack=[a] depth=1", "3.000 session_ended session 1",
            ])
        #expect(h.state.stack.isEmpty)
    }

    @Test("S2: the session ends sessionTimeout seconds after backgrounding")
    func sessionTimeout() {
        var h = Harness([], settings: Settings(sessionTimeout: 10))
        h.launch()
        #expect(h.apply(.background, at: 5) == ["5.000 app background"])
        #expect(h.engine.nextDeadline == 15)
        #expect(h.advance(to: 14.9) == [])
        #expect(h.advance(to: 20) == ["15.000 session_ended session 1"])
    }

    @Test("S3: foreground within the timeout continues the session without delivery or re-offer")
    func foregroundWithinTimeout() {
        var h = Harness([trigger("a", .customEvent(name: "go"))])
        h.launch()
        _ = h.apply(.background, at: 1)
        _ = h.apply(event("go"), at: 2)
        #expect(h.state.stack.map(\.id) == ["a"])
        #expect(h.apply(.foreground, at: 5) == ["5.000 app foreground"])
        #expect(h.state.stack.map(\.id) == ["a"])
        #expect(h.state.session?.number == 1)
    }

    @Test("S4: foreground after the timeout starts a new session: delivery, queued open, eligible moment")
    func newSessionAfterTimeout() {
        var h = Harness([
            trigger("a", .customEvent(name: "go"), interval: 0), trigger("w", .open, interval: 0, reEligibility: 0),
        ])
        h.launch()
        _ = h.apply(.dismiss, at: 0.6)
        _ = h.apply(.background, at: 1)
        _ = h.apply(event("go"), at: 2)
        #expect(
            h.apply(.foreground, at: 20) == [
                "11.000 session_ended session 1",
                "20.000 app foreground",
                "20.000 session_started session 2",
                "20.000 delivery_started until=20.500 2 triggers",
                "20.000 event open",
                "20.000 event_queued open",
            ])
        // The queued open performs "w" (interval 0 overrides P2), which shows; "a" stays stacked.
        #expect(
            h.advance(to: 20.5) == [
                "20.500 delivery_completed 2 triggers",
                "20.500 trigger_matched w",
                "20.500 performed w",
                "20.500 stacked w new stack=[a w] depth=2",
                "20.500 offered w eligible_moment",
                "20.500 displayed w impression",
            ])
    }

    @Test("S4: the eligible moment of a new session offers the top of the stack")
    func newSessionOffersTop() {
        var h = Harness([trigger("a", .customEvent(name: "go"))])
        h.launch()
        _ = h.apply(.background, at: 1)
        _ = h.apply(event("go"), at: 2)
        _ = h.apply(.foreground, at: 20)
        #expect(
            h.advance(to: 20.5) == [
                "20.500 delivery_completed 1 triggers",
                "20.500 no_match open",
                "20.500 offered a eligible_moment",
                "20.500 displayed a impression",
            ])
    }

    @Test("S5: reset clears everything, including re-eligibility, cache and assets")
    func resetIsFreshInstall() {
        var h = Harness([trigger("a", .customEvent(name: "go"), reEligibility: -1, message: message(image: "i.png"))])
        h.launch()
        _ = h.advance(to: 2)
        _ = h.apply(event("go"), at: 3)
        #expect(h.state.lastPerformed["a"] == 3)
        #expect(
            h.apply(.reset, at: 4) == ["4.000 app reset", "4.000 dismissed a reset", "4.000 session_ended session 1"])
        #expect(h.state.app == .notRunning)
        #expect(h.state.lastPerformed.isEmpty)
        #expect(h.state.delivered.isEmpty)
        #expect(h.state.assets.isEmpty)
        #expect(
            h.apply(event("go"), at: 5) == [
                "5.000 event custom_event:go", "5.000 no_match app_not_running custom_event:go",
            ])
    }

    @Test("S6: a push click launches a stopped app; its trigger runs after the delivery")
    func pushClickLaunches() {
        var h = Harness([trigger("p", .pushClick(campaignID: "c1"))])
        #expect(
            h.apply(.pushClick(campaignID: "c1"), at: 0) == [
                "0.000 app launch",
                "0.000 session_started session 1",
                "0.000 delivery_started until=0.500 1 triggers",
                "0.000 event open",
                "0.000 event_queued open",
                "0.000 event push_click:c1",
                "0.000 event_queued push_click:c1",
            ])
        #expect(
            h.advance(to: 1) == [
                "0.500 delivery_completed 1 triggers",
                "0.500 no_match open",
                "0.500 trigger_matched p",
                "0.500 performed p",
                "0.500 stacked p new stack=[p] depth=1",
                "0.500 offered p eligible_moment",
                "0.500 displayed p impression",
            ])
    }

    @Test("S6: a push click from the background continues the session and is matched at once")
    func pushClickFromBackground() {
        var h = Harness([trigger("p", .pushClick(campaignID: nil))])
        h.launch()
        _ = h.apply(.background, at: 1)
        #expect(
            h.apply(.pushClick(campaignID: "any"), at: 3) == [
                "3.000 app foreground",
                "3.000 event push_click:any",
                "3.000 trigger_matched p",
                "3.000 performed p",
                "3.000 stacked p new stack=[p] depth=1",
                "3.000 offered p eligible_moment",
                "3.000 displayed p impression",
            ])
    }
}
