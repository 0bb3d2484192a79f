import IAMEngine
import IAMScenario

/// The trace formatter alone: a scenario file's records, decided once, then written as text
/// and as JSON lines into a reused buffer, as `iamterm run` does (CPU time, median of 7).
enum FormatBench {
    /// `iambench format-file PATH`.
    static func printFile(path: String) {
        let bytes = LoaderBench.read(path: path)
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(bytes: bytes, file: path).scenario
        } catch {
            fatalError("\(path) does not load: \(error)")
        }
        let records = ScenarioRunner.trace(scenario)
        for format in [TraceFormat.text, .jsonl] {
            var written = 0
            let measurement = Measure.cpuTime("format \(format)", warmup: 1, runs: 7) {
                var writer = TraceWriter(format: format)
                written = 0
                for record in records {
                    writer.append(record)
                    if writer.count >= 1 << 16 {
                        written &+= writer.count
                        writer.removeAll()
                    }
                }
                written &+= writer.count
            }
            let perRecord = measurement.median * 1e9 / Double(records.count)
            print(
                "format \(format): \(grouped(Double(records.count))) records, \(grouped(Double(written))) bytes, "
                    + "\(fmt(measurement.median * 1000, 1)) ms (\(fmt(perRecord, 0)) ns a record)")
        }
    }
}
