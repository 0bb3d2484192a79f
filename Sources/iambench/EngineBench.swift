import IAMEngine
import IAMTestSupport

/// Engine throughput: a launched app receiving events of mixed kinds against N triggers with
/// property filters, one event per simulated millisecond. Names, products and campaigns grow
/// with N, so that each event concerns a handful of triggers at every size: what changes with
/// N is only how many triggers an unindexed engine would have to look at (T6).
enum EngineBench {
    static let seed: UInt64 = 2026

    static func triggers(_ count: Int) -> [Trigger] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { i in
            let filters: FilterGroups = [
                [
                    PropertyFilter(
                        key: "amount", type: .number, comparator: .greaterThan,
                        value: .number(Double(Int.random(in: 0...100, using: &rng)))),
                    PropertyFilter(key: "tier", type: .string, comparator: .equals, value: .string("gold")),
                ], [PropertyFilter(key: "member", type: .boolean, comparator: .equals, value: .bool(true))],
            ]
            let condition: Condition =
                switch i % 4 {
                case 0: .customEventProperty(name: "event-\(i % (count / 2 + 1))", filters: filters)
                case 1: .purchaseProperty(productID: "product-\(i % keys(count))", filters: filters)
                case 2: .customEvent(name: "event-\(i)")
                default: .pushClick(campaignID: "campaign-\(i % keys(count))")
                }
            return Trigger(
                id: "t\(i)", conditions: [condition], priority: Int.random(in: 0...5, using: &rng),
                reEligibility: 0, message: Message(kind: .modal, text: "message \(i)"))
        }
    }

    /// Products and campaigns: about three triggers each at any size.
    static func keys(_ triggerCount: Int) -> Int { max(1, triggerCount / 12) }

    static func events(_ count: Int, triggerCount: Int) -> [Action] {
        let keys = keys(triggerCount)
        var rng = SeededGenerator(seed: seed &+ 1)
        return (0..<count).map { _ in
            let properties: [String: PropertyValue] = [
                "amount": .number(Double(Int.random(in: 0...100, using: &rng))),
                "tier": .string(Bool.random(using: &rng) ? "gold" : "silver"),
                "member": .bool(Bool.random(using: &rng)),
            ]
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                return .customEvent(
                    name: "event-\(Int.random(in: 0..<triggerCount, using: &rng))", properties: properties)
            case 5..<8:
                return .purchase(
                    productID: "product-\(Int.random(in: 0..<keys + keys / 5 + 1, using: &rng))",
                    properties: properties)
            case 8: return .pushClick(campaignID: "campaign-\(Int.random(in: 0..<keys + keys / 5 + 1, using: &rng))")
            default: return .customEvent(name: "unknown-\(Int.random(in: 0..<100, using: &rng))", properties: [:])
            }
        }
    }

    /// Events per second, median over runs, at `triggerCount` triggers. `streaming`: records
    /// handed over one by one as `iamterm run` takes them (`apply(_:at:each:)`), else collected
    /// in a new array per step (`apply(_:at:)`, as the simulator and the tests take them).
    static func throughput(
        triggerCount: Int, eventCount: Int = 200_000, streaming: Bool = false
    ) -> (Measurement, Int) {
        let scenario = Scenario(triggers: triggers(triggerCount))
        let actions = events(eventCount, triggerCount: triggerCount)
        var launched = Engine(scenario: scenario)
        launched.apply(.launch, at: 0)
        launched.advance(to: 1)
        var records = 0
        let measurement = Measure.cpuTime("engine \(triggerCount)", warmup: 1, runs: 7) {
            var engine = launched
            var t = 1.0
            records = 0
            for action in actions {
                t += 0.001
                if streaming {
                    engine.apply(action, at: t) { (_: TraceRecord) throws(Never) in records &+= 1 }
                } else {
                    records &+= engine.apply(action, at: t).count
                }
            }
        }
        return (measurement, records)
    }
}
