import IAMEngine
import Testing

/// X30 (D1, D3), web: a session that an event starts after an idle gap sends its start, and asks
/// for its triggers, with the next tick of the SDK's data flush (every 10 s, restarted when a
/// request completes); the event is evaluated at once. Each expected tick was checked against
/// the Web SDK 5.0.1 with `scripts/oracle-sessions` (`ORACLE_SESSIONS_REQUESTS=1`).
@Suite("X30: the web session's sync waits for the periodic data flush")
struct PeriodicFlushTests {
    static let brief = Revision4Scripts.brief
    static let open = trigger("o", .open, interval: 0, reEligibility: 0, message: brief)
    static let custom = trigger("a", .customEvent(name: "a"), interval: 0, reEligibility: 0, message: brief)

    /// The launch's request completes at 0.5, so the ticks fall at 10.5, 20.5, …; the event at 3
    /// goes out at 10.5, whose request restarts the timer at 21, 31, …, 1901.
    static let sentOnce = Script(
        triggers: [open, custom], steps: [(3, event("a")), (1900, event("a"))], until: 1903)

    /// Nothing logged after the launch (no message shows, so no impression): the ticks stay at
    /// 10.5, 20.5, …, 1900.5.
    static let nothingSent = Script(triggers: [custom], steps: [(1900.2, event("a"))], until: 1902)

    /// The open trigger waits 10 s, so it expires at 10.5, the tick's own instant, and the SDK logs
    /// that failure. Its timer was set at the answer before the flush's, so the failure goes with
    /// the 10.5 tick: the timer restarts at 21, and the later session's sync comes at 1901 (tick
    /// first would have sent it at 21 and moved every later tick by the latency: 1901.5).
    static let sameMillisecond = Script(
        triggers: [
            trigger("late", .open, delay: 10, interval: 0, timeout: 500, reEligibility: 0, message: brief), custom,
        ],
        steps: [(1900.2, event("a"))], until: 1902)

    @Test("X30: a logged event moves the tick to its request's answer plus 10 s")
    func sentOnceWeb() {
        #expect(
            Self.sentOnce.lines(under: .web).filter { $0.hasPrefix("19") } == [
                "1900.000 session_ended session 1",
                "1900.000 session_started until=1901.000 session 2; its sync waits for the next data flush",
                "1900.000 event custom_event:a",
                "1900.000 trigger_matched a",
                "1900.000 performed a",
                "1900.000 stacked a new stack=[a] depth=1",
                "1900.000 offered a eligible_moment",
                "1900.000 displayed a impression",
                "1901.000 delivery_started until=1901.500 2 triggers",
                "1901.000 event open",
                "1901.000 event_queued open",
                "1901.000 dismissed a auto",
                "1901.500 delivery_completed 2 triggers",
                "1901.500 trigger_matched o",
                "1901.500 performed o",
                "1901.500 stacked o new stack=[o] depth=1",
                "1901.500 offered o eligible_moment",
                "1901.500 displayed o impression",
                "1902.500 dismissed o auto",
            ])
    }

    @Test("X30: with nothing logged the ticks keep the launch's phase")
    func nothingSentWeb() {
        #expect(
            Self.nothingSent.lines(under: .web).filter { $0.contains("session_started") || $0.contains("delivery_") }
                == [
                    "1900.200 session_started until=1900.500 session 2; its sync waits for the next data flush",
                    "1900.500 delivery_started until=1901.000 1 triggers",
                    "1901.000 delivery_completed 1 triggers",
                ])
    }

    @Test("X30: a failure logged by a timer set before the tick's goes with that tick")
    func sameMillisecondWeb() {
        let lines = Self.sameMillisecond.lines(under: .web)
        #expect(lines.contains("10.500 discarded late timeout"))
        #expect(
            lines.contains("1900.200 session_started until=1901.000 session 2; its sync waits for the next data flush"))
        #expect(lines.contains("1901.000 delivery_started until=1901.500 2 triggers"))
    }

    @Test("X30: a launch inside the session restarts the timer a period on", arguments: [false, true])
    func continuedLaunch(_ logged: Bool) {
        // The launch at 5 continues the session and sends nothing: ticks at 15, 25, …, 1905; an
        // event at 6 goes out at 15 and moves them to 25.5, …, 1905.5.
        var steps: [Script.Step] = [(5, .launch)]
        if logged { steps.append((6, event("b"))) }
        steps.append((1904, event("a")))
        let script = Script(triggers: [Self.open, Self.custom], steps: steps, until: 1910)
        let started = script.lines(under: .web).filter { $0.hasPrefix("1904.000 session_started") }
        #expect(
            started == [
                "1904.000 session_started until=\(logged ? "1905.500" : "1905.000") session 2; "
                    + "its sync waits for the next data flush"
            ])
    }

    @Test(
        "X30: no other platform has a flush, nor ends a session by inactivity",
        arguments: ["ios", "swift", "android"])
    func otherPlatforms(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let lines = Self.sentOnce.lines(under: profile)
        #expect(!lines.contains { $0.contains("data flush") })
        // The event after the gap starts nothing (S2 counts from `background`) and is matched at once.
        #expect(!lines.contains { $0.contains("session_") || $0.contains("delivery_") })
        #expect(lines.contains("1900.000 performed a"))
    }
}
