import IAMScenario
import Testing

@testable import IAMEngine

/// A row's run stops once every message it is asked about has parted from the fate it must
/// explain (`FateWatch`, issue 35: compare re-ran the whole session per row).
@Suite("compare: a row's run stops where its answer can no longer change")
struct FateWatchTests {
    typealias Step = FateFold.Step

    static let target = [
        Step(what: "displayed", times: [1]), Step(what: "discarded duplicate_on_stack", times: [3, 4]),
        Step(what: "displayed", times: [6], impressions: [6.5]),
    ]

    @Test("a fate parts on a step the target has not, or when the time of the target's next entry has gone by")
    func parted() {
        let target = Self.target
        // Nothing yet: open until a record passes t=1 (times compared in printed milliseconds).
        #expect(!FateWatch.parted([], target, now: FateWatch.millis(1)))
        #expect(!FateWatch.parted([], target, now: FateWatch.millis(1.0004)))
        #expect(FateWatch.parted([], target, now: FateWatch.millis(1.001)))
        // The first step whole, the second begun: open until t=4 goes by without its second time.
        let begun = [Step(what: "displayed", times: [1]), Step(what: "discarded duplicate_on_stack", times: [3])]
        #expect(!FateWatch.parted(begun, target, now: FateWatch.millis(4)))
        #expect(FateWatch.parted(begun, target, now: FateWatch.millis(4.5)))
        // A time the target's step does not have, another step, a step past the target's end.
        #expect(FateWatch.parted([Step(what: "displayed", times: [1, 6])], target, now: FateWatch.millis(6)))
        #expect(FateWatch.parted([Step(what: "discarded timeout", times: [1])], target, now: FateWatch.millis(1)))
        #expect(FateWatch.parted(target + [Step(what: "displayed", times: [9])], target, now: FateWatch.millis(9)))
        // An impression kept closes the step: a time the target's step still has cannot join it.
        let early = [
            Step(what: "displayed", times: [1]),
            Step(what: "discarded duplicate_on_stack", times: [3], impressions: [3]),
        ]
        #expect(FateWatch.parted(early, target, now: FateWatch.millis(3)))
        // The whole target: open for good (only the final state, `left`, is still to come).
        #expect(!FateWatch.parted(target, target, now: FateWatch.millis(1000)))
        // A message the target never mentions: parts at its first step.
        #expect(!FateWatch.parted([], [], now: FateWatch.millis(1000)))
        #expect(FateWatch.parted([Step(what: "displayed", times: [1])], [], now: FateWatch.millis(1)))
    }

    /// N triggers on one event, N events (`iambench write-fanout`): the platforms part at once
    /// (X15, X16, X1) and every other row's run stops within a few events.
    static func fanOut(_ n: Int) -> Scenario {
        var scenario = Scenario(name: "fan-out", settings: Settings(minimumTriggerInterval: 0))
        scenario.triggers = (0..<n).map { i in
            Trigger(
                id: "t\(i)", conditions: [.customEvent(name: "e")], priority: i % 7, reEligibility: 0,
                message: Message(kind: .slideup, text: "message \(i)"))
        }
        scenario.timeline =
            [TimelineStep(at: 0, action: .launch)]
            + (1...n).map { TimelineStep(at: Double($0), action: .customEvent(name: "e", properties: [:])) }
        return scenario
    }

    @Test("fan-out: the same answers as the whole traces give, under every order of the platforms")
    func fanOutAnswers() {
        let scenario = Self.fanOut(40)
        for profiles in StreamedComparisonTests.orders() {
            StreamedComparisonTests.expectSame(scenario, profiles, "fan-out 40")
        }
        let comparison = Comparison(scenario, profiles: Profile.all)
        #expect(!comparison.agree && !comparison.divergences.isEmpty)
    }
}
