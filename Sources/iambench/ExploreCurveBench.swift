import Glibc
import IAMEngine
import IAMExplore
import IAMScenario

/// `iambench explore-curve`: explore's cost over the input's size (issue 48), three families
/// built as `scripts/gen-explore-redteam` builds them: triggers (N on N/4 events, half with a
/// number filter), AND groups (one trigger, G groups of one filter on its own key) and events
/// (E triggers, each on its own event). Depth 1 under ios, no time limit: the CPU, the states,
/// the work counted (`Report.work`) and the CPU per state. Double the input: the cost doubles.
enum ExploreCurveBench {
    static func slideUp(_ i: Int, _ condition: String) -> String {
        "{\"id\":\"t\(i)\",\"trigger_condition\":[\(condition)],\"re_eligibility\":0,"
            + "\"data\":{\"type\":\"SLIDEUP\",\"message\":\"m\(i)\"}}"
    }

    static func document(_ triggers: [String]) -> String {
        "{\"settings\":{\"minimumTriggerInterval\":0},\"triggers\":[" + triggers.joined(separator: ",") + "]}"
    }

    static func triggers(_ n: Int) -> String {
        document(
            (0..<n).map { i in
                let name = "e\(i % max(1, n / 4))"
                return i % 2 == 0
                    ? slideUp(i, "{\"type\":\"custom_event\",\"data\":{\"event_name\":\"\(name)\"}}")
                    : slideUp(
                        i,
                        "{\"type\":\"custom_event_property\",\"data\":{\"event_name\":\"\(name)\",\"property_filters\":"
                            + "[[{\"property_key\":\"amount\",\"property_type\":\"number\",\"comparator\":3,"
                            + "\"property_value\":\(i % 100)}]]}}")
            })
    }

    static func groups(_ g: Int) -> String {
        let groups = (0..<g).map {
            "[{\"property_key\":\"k\($0)\",\"property_type\":\"string\",\"comparator\":1,\"property_value\":\"v\($0)\"}]"
        }
        return document([
            slideUp(
                0,
                "{\"type\":\"custom_event_property\",\"data\":{\"event_name\":\"e\",\"property_filters\":["
                    + groups.joined(separator: ",") + "]}}")
        ])
    }

    static func events(_ e: Int) -> String {
        document((0..<e).map { slideUp($0, "{\"type\":\"custom_event\",\"data\":{\"event_name\":\"e\($0)\"}}") })
    }

    /// The clock's price: the demo at depth 3 and 4,000 AND groups at depth 1, asked of a
    /// monotonic clock at every piece of work (as `iamterm explore`) and of nothing.
    static func clockCost() {
        func monotonic() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        print("| input | work | CPU, clock at every piece | CPU, no clock | per piece |")
        print("|---|---|---|---|---|")
        let inputs: [(String, String, Int)] = [
            ("demo, depth 3", DemoScenario.json, 3), ("4,000 AND groups, depth 1", groups(4_000), 1),
        ]
        for (name, json, depth) in inputs {
            guard let scenario = try? ScenarioLoader.load(json: json, file: "clock.json").scenario else { continue }
            var work = 0
            let started = monotonic()
            let clocked = Measure.cpuTime(name, warmup: 1, runs: 5) {
                work =
                    Explorer(scenario, options: .init(depth: depth)).run(profiles: [.ios]) {
                        monotonic() - started > 1e9
                    }.work
            }
            let free = Measure.cpuTime(name, warmup: 1, runs: 5) {
                _ = Explorer(scenario, options: .init(depth: depth)).run(profiles: [.ios]) { false }
            }
            print(
                "| \(name) | \(work) | \(fmt(clocked.median * 1000, 1)) ms | \(fmt(free.median * 1000, 1)) ms | "
                    + "\(fmt((clocked.median - free.median) * 1e9 / Double(max(1, work)), 0)) ns |")
        }
    }

    static func run() {
        clockCost()
        print()
        let families: [(String, [Int], (Int) -> String)] = [
            ("triggers", [2_000, 4_000, 8_000, 16_000], triggers),
            ("AND groups", [1_000, 2_000, 4_000, 8_000], groups),
            ("events", [250, 500, 1_000, 2_000], events),
        ]
        print("| family | size | states | work | CPU (median of 3) | CPU per state |")
        print("|---|---|---|---|---|---|")
        for (family, sizes, make) in families {
            for size in sizes {
                guard let scenario = try? ScenarioLoader.load(json: make(size), file: "curve.json").scenario else {
                    print("| \(family) | \(size) | does not load |")
                    continue
                }
                var report: Explorer.Report?
                let measurement = Measure.cpuTime("\(family) \(size)", warmup: 0, runs: 3) {
                    report = Explorer(scenario, options: .init(depth: 1)).run(profiles: [.ios])
                }
                let states = report?.states ?? 0
                print(
                    "| \(family) | \(size) | \(states) | \(report?.work ?? 0) | "
                        + "\(fmt(measurement.median * 1000, 1)) ms | "
                        + "\(fmt(measurement.median * 1e6 / Double(max(1, states)), 1)) µs |")
            }
        }
    }
}
