import Glibc
import IAMEngine
import IAMExplore
import IAMScenario

/// `iambench explore`: the search of `iamterm explore` (explore.md) on the demo under `ios`,
/// depth by depth: states visited, CPU seconds, states per second, and the peak resident size
/// (its growth over the states added is the memory a visited state costs, frontier included).
enum ExploreBench {
    static func peakKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    static func run() {
        guard let scenario = try? ScenarioLoader.load(json: DemoScenario.json, file: DemoScenario.fileName).scenario
        else { return print("the demo does not load") }
        print("| depth | states | CPU (median of 3) | states/s | peak RSS | RSS growth per added state |")
        print("|---|---|---|---|---|---|")
        var lastStates = 0
        var lastPeak = peakKilobytes()
        for depth in 1...5 {
            var states = 0
            let measurement = Measure.cpuTime("explore depth \(depth)", warmup: 0, runs: 3) {
                states = Explorer(scenario, options: .init(depth: depth)).run(profiles: [.ios]).states
            }
            let peak = peakKilobytes()
            let perState =
                states > lastStates ? Double(peak - lastPeak) * 1024 / Double(states - lastStates) : 0
            print(
                "| \(depth) | \(states) | \(fmt(measurement.median * 1000, 1)) ms | "
                    + "\(Int(Double(states) / measurement.median)) | \(peak / 1024) MB | "
                    + "\(Int(perState)) B |")
            lastStates = states
            lastPeak = peak
        }
    }
}
