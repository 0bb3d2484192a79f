import IAMScenario
import IAMTestSupport
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

    /// A fate grown one piece at a time (a step, a time, an impression), as a run folds it.
    static func growth(_ rng: inout SeededGenerator, pieces: Int) -> [[Step]] {
        var steps: [Step] = []
        var t = 1.0
        var stages: [[Step]] = []
        for _ in 0..<pieces {
            t += Double(Int.random(in: 1...150, using: &rng)) / 100
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !steps.isEmpty && steps[steps.count - 1].impressions.isEmpty:
                steps[steps.count - 1].times.append(t)
            case 1 where !steps.isEmpty: steps[steps.count - 1].impressions.append(t)
            default:
                steps.append(Step(what: Bool.random(using: &rng) ? "displayed" : "discarded timeout", times: [t]))
            }
            stages.append(steps)
        }
        return stages
    }

    @Test("a look reads only what came since the last one, and answers as reading the steps whole")
    func incrementalLooks() {
        var rng = SeededGenerator(seed: 35)
        var partedSome = 0
        for _ in 0..<400 {
            let target = Self.growth(&rng, pieces: Int.random(in: 0...8, using: &rng)).last ?? []
            let goal = target.map(FateWatch.Goal.init)
            // The run grows as the target did (always open), or as another fate (parts somewhere).
            let stages: [[Step]] =
                Bool.random(using: &rng)
                ? target.indices.flatMap { i in Self.prefixes(of: target[i]).map { Array(target[..<i]) + [$0] } }
                : Self.growth(&rng, pieces: Int.random(in: 1...8, using: &rng))
            var cursor = FateWatch.Cursor()
            for (index, stage) in stages.enumerated() {
                // Not every stage is looked at: a look may come after several pieces.
                guard index == stages.count - 1 || Bool.random(using: &rng) else { continue }
                var fresh = FateWatch.Cursor()
                let whole = fresh.advance(stage, goal)
                #expect(cursor.advance(stage, goal) == whole, "\(stage) against \(target)")
                if whole == .parted {
                    partedSome += 1
                    break
                }
            }
        }
        #expect(partedSome > 50)
    }

    /// A step as it grew: its first time, each further time, then each impression.
    static func prefixes(of step: Step) -> [Step] {
        var out: [Step] = []
        for n in 1...step.times.count { out.append(Step(what: step.what, times: Array(step.times.prefix(n)))) }
        for n in 0..<step.impressions.count {
            out.append(Step(what: step.what, times: step.times, impressions: Array(step.impressions.prefix(n + 1))))
        }
        return out
    }

    @Test("a row is tried only where the scenario holds what it reads")
    func rowsTried() {
        func tried(_ scenario: Scenario) -> Set<Difference> {
            let traits = ScenarioTraits(scenario)
            return Set(Difference.allCases.filter(traits.mayMatter))
        }
        let filterRows: Set<Difference> = [.x7, .x8, .x9, .x19, .x21, .x22, .x23, .x24, .x25]
        let appRows: Set<Difference> = [.x6, .x20, .i2, .b3, .b4, .ts2, .sc2]
        var plain = Scenario(name: "plain")
        plain.triggers = [
            Trigger(
                id: "a",
                conditions: [
                    .customEventProperty(
                        name: "e",
                        filters: [
                            [PropertyFilter(key: "n", type: .number, comparator: .greaterThan, value: .number(1))]
                        ])
                ], message: Message(kind: .slideup, text: "a"))
        ]
        plain.timeline = [
            TimelineStep(at: 0, action: .launch),
            TimelineStep(at: 1, action: .customEvent(name: "e", properties: ["n": .number(2)])),
        ]
        #expect(tried(plain).isDisjoint(with: filterRows.union(appRows)))
        // Each thing a row reads brings it back.
        func with(_ change: (inout Scenario) -> Void) -> Set<Difference> {
            var scenario = plain
            change(&scenario)
            return tried(scenario).intersection(filterRows.union(appRows))
        }
        func property(_ value: PropertyValue) -> (inout Scenario) -> Void {
            { $0.timeline.append(TimelineStep(at: 2, action: .customEvent(name: "e", properties: ["v": value]))) }
        }
        func filter(_ type: PropertyFilter.ValueType, _ comparator: Comparator) -> (inout Scenario) -> Void {
            {
                $0.triggers[0].conditions = [
                    .customEventProperty(
                        name: "e",
                        filters: [[PropertyFilter(key: "v", type: type, comparator: comparator, value: .number(1))]])
                ]
            }
        }
        #expect(with(property(.null)) == [.x21])
        #expect(with(property(.bigInteger(3e9))) == [.x22])
        #expect(with(property(.date(1))) == [.x24])
        #expect(with(filter(.date, .greaterThan)) == [.x23, .x24])
        #expect(with(filter(.number, .lessThanSecondsAgo)) == [.x7])
        #expect(with(filter(.number, .inMoreThanSeconds)) == [.x25])
        #expect(with(filter(.string, .matchesRegex)) == [.x8])
        #expect(with { $0.triggers[0].conditions = [.customEventProperty(name: "e", filters: [])] } == [.x9])
        #expect(with { $0.triggers[0].conditions = [.purchase(productID: "")] } == [.x19])
        #expect(with { $0.timeline.append(TimelineStep(at: 2, action: .displayNext)) } == [.x6])
        #expect(with { $0.timeline.append(TimelineStep(at: 2, action: .launch)) }.contains(.x20))
        #expect(with { $0.timeline.append(TimelineStep(at: 2, action: .reset)) } == [.x20])
        #expect(with { $0.settings.integration.ui = .none } == [.i2])
        #expect(with { $0.timeline.append(TimelineStep(at: 2, action: .screen(name: "s"))) } == [.sc2])
        #expect(
            with {
                $0.timeline.append(
                    TimelineStep(at: 2, action: .testSend(id: nil, message: Message(kind: .slideup, text: "t"))))
            }
                == [.ts2])
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
