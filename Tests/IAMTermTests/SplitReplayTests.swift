import IAMEngine
import Testing

@testable import IAMSimulator
@testable import IAMTerm

/// `V` after a long session: the replay is compared and trimmed as it goes (never the whole
/// past in memory), and finds the same parting record as the whole traces.
@Suite("Split view: a long past")
struct SplitReplayTests {
    @Test("2,000 events, then background and one more: kept records bounded, the marker where the whole traces part")
    func longPast() throws {
        var steps = [TimelineStep(at: 0, action: .launch)]
        for i in 0..<2_000 {
            steps.append(TimelineStep(at: 1 + Double(i) / 100, action: .customEvent(name: "e", properties: [:])))
        }
        steps.append(TimelineStep(at: 30, action: .background))
        steps.append(TimelineStep(at: 31, action: .customEvent(name: "e", properties: [:])))
        let scenario = Scenario(
            settings: Settings(minimumTriggerInterval: 0),
            triggers: [
                Trigger(
                    id: "t", conditions: [.customEvent(name: "e")], reEligibility: 0,
                    message: Message(kind: .slideup, text: "x"))
            ])
        let split = SplitDevices(scenario: scenario, applied: steps, now: 40, left: .ios, right: .android)

        // The whole traces, as the replay once kept them.
        var iosEngine = Engine(scenario: scenario)
        var android = scenario
        android.settings.profile = .android
        var androidEngine = Engine(scenario: android)
        var left: [TraceRecord] = []
        var right: [TraceRecord] = []
        for step in steps {
            left += iosEngine.apply(step.action, at: step.at)
            right += androidEngine.apply(step.action, at: step.at)
        }
        left += iosEngine.advance(to: 40)
        right += androidEngine.advance(to: 40)
        let index = try #require(SplitDevices.firstDifference(left, right))

        #expect(left.count > 3 * SplitDevices.keep, "the past is long enough to be trimmed (\(left.count) records)")
        #expect(split.left.count <= SplitDevices.keep * 3 / 2)
        let dropped = left.count - split.left.count
        #expect(right.count - split.right.count == dropped)
        #expect(split.left == Array(left.suffix(split.left.count)))
        #expect(split.right == Array(right.suffix(split.right.count)))
        let marker = try #require(split.marker)
        #expect(marker.index == index - dropped)
        #expect(marker.left == left[index])
        #expect(marker.right == right[index])
        #expect(marker.left.map(TraceFormat.text) == "  40.000  session_ended                     session 1")
        #expect(
            marker.right.map(TraceFormat.text)
                == "  31.000  parked            t               app_in_background  stack=[t t t t t t t t t t t t t t t t]"
                + "  depth=1996")
        #expect(marker.rows == [.x2])
    }
}
