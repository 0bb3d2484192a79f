import IAMEngine
import IAMScenario

/// `iambench curves`: how the cost of `iamterm run` grows along each axis a scenario can push
/// (issue 9), in process: load the JSON bytes, run the timeline, format every record into a
/// byte buffer (what `iamterm run` writes; the bytes are dropped instead of written). Times
/// are CPU seconds of the measuring thread (`Measure.cpuTime`), the median of the runs.
enum CurveBench {
    /// Load + run + format, timed; returns the measurement, the records and the output bytes.
    static func endToEnd(_ json: [UInt8], format: TraceFormat, runs: Int = 5) -> (Measurement, records: Int, bytes: Int)
    {
        var records = 0
        var bytes = 0
        let measurement = Measure.cpuTime("run", warmup: 1, runs: runs) {
            let scenario: Scenario
            do {
                scenario = try ScenarioLoader.load(bytes: json, file: "bench.json").scenario
            } catch {
                fatalError("the benchmark scenario does not load: \(error)")
            }
            var writer = TraceWriter(format: format)
            records = 0
            bytes = 0
            ScenarioRunner.run(scenario) { (record: TraceRecord) throws(Never) in
                writer.append(record)
                records += 1
                if writer.count >= 1 << 16 {
                    bytes += writer.count
                    writer.removeAll()
                }
            }
            bytes += writer.count
        }
        return (measurement, records, bytes)
    }

    /// The app in the background and `count` performed messages, each returned to the stack.
    static func deepStack(_ count: Int) -> [UInt8] {
        var out = #"{"settings":{"minimumTriggerInterval":0},"triggers":[{"id":"t","re_eligibility":0,"#
        out += #""trigger_condition":[{"type":"custom_event","data":{"event_name":"e"}}],"#
        out +=
            #""data":{"type":"SLIDEUP","message":"x"}}],"timeline":[{"at":0,"do":"launch"},{"at":1,"do":"background"}"#
        for i in 0..<count { out += #",{"at":\#(fmt(2 + Double(i) / 1000, 3)),"do":"customEvent","name":"e"}"# }
        return Array((out + "]}").utf8)
    }

    /// 100 events whose one property holds `length` characters, against a regex filter.
    static func longText(_ length: Int) -> [UInt8] {
        let value = String(repeating: "ab", count: length / 2)
        var out = #"{"triggers":[{"id":"t","re_eligibility":0,"trigger_condition":[{"type":"custom_event_property","#
        out += #""data":{"event_name":"e","property_filters":[[{"property_key":"k","property_type":"string","#
        out += #""comparator":10,"property_value":"(a|b)*c"}]]}}],"data":{"type":"SLIDEUP","message":"x"}}],"#
        out += #""timeline":[{"at":0,"do":"launch"}"#
        for i in 0..<100 { out += #",{"at":\#(1 + i),"do":"customEvent","name":"e","properties":{"k":"\#(value)"}}"# }
        return Array((out + "]}").utf8)
    }

    static func run() {
        print("`iamterm run` end to end in process (load + run + text formatting), 1,000 filtered triggers")
        print("| events | JSON | median | events/s |")
        print("|---|---|---|---|")
        for events in [25_000, 50_000, 100_000, 200_000] {
            let json = Array(RunBench.json(triggers: 1000, events: events).utf8)
            let (m, _, _) = endToEnd(json, format: .text)
            print(
                "| \(grouped(Double(events))) | \(fmt(Double(json.count) / 1_048_576, 1)) MB | \(fmt(m.median * 1000, 1)) ms | \(grouped(Double(events) / m.median)) |"
            )
        }
        for format in [TraceFormat.text, .jsonl] {
            let json = Array(RunBench.json(triggers: 1000, events: 100_000).utf8)
            let (m, records, bytes) = endToEnd(json, format: format)
            print(
                "\n1,000 triggers × 100,000 events, \(format.rawValue): \(fmt(m.median * 1000, 1)) ms (\(fmt(m.min * 1000, 1))–\(fmt(m.max * 1000, 1))), \(grouped(100_000 / m.median)) events/s, \(grouped(Double(records))) records, \(fmt(Double(bytes) / 1_048_576, 1)) MB"
            )
        }

        print("\nTriggers (20,000 events, names growing with the triggers: two triggers a name, as at 1,000):")
        print("loading grows with the file; the cost per event stays flat")
        print("| triggers | JSON | load | run + format | events/s (run + format) |")
        print("|---|---|---|---|---|")
        for triggers in [1000, 2000, 4000, 8000] {
            let json = Array(RunBench.json(triggers: triggers, events: 20_000, names: triggers / 2).utf8)
            let load = Measure.cpuTime("load", warmup: 1, runs: 5) {
                _ = try? ScenarioLoader.load(bytes: json, file: "bench.json")
            }
            let (m, _, _) = endToEnd(json, format: .text)
            let run = max(m.median - load.median, 1e-9)
            print(
                "| \(grouped(Double(triggers))) | \(fmt(Double(json.count) / 1_048_576, 1)) MB | \(fmt(load.median * 1000, 1)) ms | \(fmt(run * 1000, 1)) ms | \(grouped(20_000 / run)) |"
            )
        }

        print("\nStack depth (background + N performed messages, jsonl): time and trace bytes grow linearly")
        print("| N | records | trace | bytes/record | median | N/s |")
        print("|---|---|---|---|---|---|")
        for count in [12_500, 25_000, 50_000, 100_000] {
            let (m, records, bytes) = endToEnd(deepStack(count), format: .jsonl, runs: 3)
            print(
                "| \(grouped(Double(count))) | \(grouped(Double(records))) | \(fmt(Double(bytes) / 1_048_576, 1)) MB | \(fmt(Double(bytes) / Double(records), 1)) | \(fmt(m.median * 1000, 1)) ms | \(grouped(Double(count) / m.median)) |"
            )
        }

        print("\nText length (100 events, one property of L characters, a regex filter that never matches)")
        print("| L | median | per event | per character |")
        print("|---|---|---|---|")
        for length in [8192, 16_384, 32_768, 65_536] {
            let (m, _, _) = endToEnd(longText(length), format: .text, runs: 3)
            print(
                "| \(grouped(Double(length))) | \(fmt(m.median * 1000, 1)) ms | \(fmt(m.median * 10, 2)) ms | \(fmt(m.median / 100 / Double(length) * 1e9, 1)) ns |"
            )
        }
    }
}
