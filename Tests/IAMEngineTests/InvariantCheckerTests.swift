import IAMEngine
import IAMTestSupport
import Testing

/// The property test and the fuzzer trust `InvariantChecker`; these traces break one invariant
/// each and must be caught.
@Suite("InvariantChecker catches each broken invariant")
struct InvariantCheckerTests {
    static let scenario = Scenario(triggers: [
        trigger("a", .customEvent(name: "a")), trigger("b", .customEvent(name: "b")),
    ])

    static func failures(_ records: [TraceRecord]) -> [String] {
        var checker = InvariantChecker(scenario: scenario)
        for record in records { checker.check(record) }
        return checker.failures
    }

    static func shown(_ id: String, at t: Double) -> [TraceRecord] {
        [
            TraceRecord(t: t, kind: .performed, message: id, trigger: id),
            TraceRecord(t: t, kind: .stacked, message: id, reason: .new, stack: [id], depth: 1),
            TraceRecord(t: t, kind: .offered, message: id, reason: .eligibleMoment),
            TraceRecord(t: t, kind: .displayed, message: id, reason: .impression),
        ]
    }

    @Test("A valid trace passes (the checker is not simply failing everything)")
    func validTrace() {
        let records =
            Self.shown("a", at: 1) + [TraceRecord(t: 2, kind: .dismissed, message: "a", reason: .user)]
            + Self.shown("b", at: 31)
        #expect(Self.failures(records).isEmpty)
    }

    @Test("M1: a second visible message")
    func twoVisible() {
        let failures = Self.failures(Self.shown("a", at: 1) + Self.shown("b", at: 40))
        #expect(failures.contains { $0.contains("a is still visible") })
    }

    @Test("P2: two triggers closer than the minimum interval")
    func intervalBroken() {
        let records =
            Self.shown("a", at: 1) + [TraceRecord(t: 2, kind: .dismissed, message: "a", reason: .user)]
            + Self.shown("b", at: 5)
        #expect(Self.failures(records).contains { $0.contains("after the previous trigger") })
    }

    @Test("L3: offering something other than the top of the stack")
    func offeredNotTop() {
        let records = [
            TraceRecord(t: 1, kind: .performed, message: "a", trigger: "a"),
            TraceRecord(t: 1, kind: .stacked, message: "a", reason: .new, stack: ["a"], depth: 1),
            TraceRecord(t: 1, kind: .offered, message: "b", reason: .eligibleMoment),
        ]
        #expect(Self.failures(records).contains { $0.contains("offered b but the top is a") })
    }

    @Test("L1: a stack field that disagrees with the records")
    func stackMismatch() {
        let records = [
            TraceRecord(t: 1, kind: .performed, message: "a", trigger: "a"),
            TraceRecord(t: 1, kind: .stacked, message: "a", reason: .new, stack: ["b", "a"], depth: 2),
        ]
        #expect(Self.failures(records).contains { $0.contains("but the records say") })
    }

    @Test("§10: a stack record whose depth disagrees, or that lists more than the 16 topmost")
    func depthMismatch() {
        let wrongDepth = [
            TraceRecord(t: 1, kind: .performed, message: "a", trigger: "a"),
            TraceRecord(t: 1, kind: .stacked, message: "a", reason: .new, stack: ["a"], depth: 3),
        ]
        #expect(Self.failures(wrongDepth).contains { $0.contains("(depth 3) but the records say") })
        var deep: [TraceRecord] = []
        var ids: [String] = []
        for i in 0..<17 {
            ids.append("m\(i)")
            deep.append(TraceRecord(t: 1, kind: .performed, message: "m\(i)", trigger: "m\(i)"))
            deep.append(TraceRecord(t: 1, kind: .stacked, message: "m\(i)", reason: .new, stack: ids, depth: ids.count))
        }
        #expect(Self.failures(deep).count == 1, "only the 17th lists too many")
        let topmost = TraceRecord(
            t: 1, kind: .stacked, message: "m16", reason: .new, stack: Array(ids.suffix(16)), depth: 17)
        let bounded = Array(deep.dropLast()) + [topmost]
        #expect(Self.failures(bounded).isEmpty)
        let launch = TraceRecord(t: 2, kind: .app, reason: .launch, stack: Array(ids.suffix(16)), depth: 16)
        #expect(Self.failures(bounded + [launch]).contains { $0.contains("clears 16 messages but 17 are pending") })
    }

    @Test("Nothing vanishes: a message that ends without having been pending, and one never ended")
    func vanishing() {
        #expect(
            Self.failures([TraceRecord(t: 1, kind: .discarded, message: "a", reason: .timeout)]).contains {
                $0.contains("a ended but was not pending")
            })
        var engine = Engine(scenario: Self.scenario)
        var checker = InvariantChecker(scenario: Self.scenario)
        // A performed record the engine's state knows nothing of: live but neither stacked nor waiting.
        checker.check(TraceRecord(t: 0, kind: .performed, message: "a", trigger: "a"))
        engine.apply(.wait, at: 0)
        checker.check(against: engine.state)
        #expect(checker.failures.contains { $0.contains("live [\"a\"]") })
    }

    @Test("X1: on a platform without a stack, a record that leaves a message on it")
    func webStack() {
        let profile = TraceRecord(t: 0, kind: .app, reason: .profile, profile: "web")
        let stacked = [
            TraceRecord(t: 1, kind: .performed, message: "a", trigger: "a"),
            TraceRecord(t: 1, kind: .stacked, message: "a", reason: .new, stack: ["a"], depth: 1),
            TraceRecord(t: 1, kind: .offered, message: "a", reason: .eligibleMoment),
            TraceRecord(t: 1, kind: .returnedToStack, message: "a", reason: .messageVisible, stack: ["a"], depth: 1),
        ]
        #expect(Self.failures([profile] + stacked).contains { $0.contains("web has no stack") })
        // The same records under ios are fine.
        #expect(Self.failures(stacked).isEmpty)
    }

    @Test("X15: a discard from the stack must name what remains on it")
    func duplicateRemoval() {
        let records = [
            TraceRecord(t: 1, kind: .performed, message: "a", trigger: "a"),
            TraceRecord(t: 1, kind: .stacked, message: "a", reason: .new, stack: ["a"], depth: 1),
            TraceRecord(t: 1, kind: .discarded, message: "a", reason: .duplicateOnStack, stack: ["a"], depth: 1),
        ]
        #expect(Self.failures(records).contains { $0.contains("stack [\"a\"] (depth 1) but the records say []") })
    }
}
