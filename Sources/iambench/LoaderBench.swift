import Glibc
import IAMEngine
import IAMScenario

/// Loading a large scenario of Braze triggered-action JSON.
enum LoaderBench {
    /// About 730 bytes of Braze JSON per trigger, with filters, buttons and scheduling fields.
    /// `brazeOnly`: a sync response alone (no `name`), so the loader also builds the default
    /// timeline (spec §9, revision 2).
    static func json(triggers count: Int, names: Int = 500, brazeOnly: Bool = false) -> String {
        var out = brazeOnly ? "{\"triggers\":[" : "{\"name\":\"bench\",\"triggers\":["
        out.reserveCapacity(count * 560)
        for i in 0..<count {
            if i > 0 { out += "," }
            out += """
                {"id":"campaign-\(i)","type":"inapp","start_time":-1,"end_time":null,"priority":\(i % 7),\
                "min_seconds_since_last_trigger":-1,"delay":0,"timeout":-1,"re_eligibility":-1,"prefetch":true,\
                "trigger_condition":[{"type":"custom_event_property","data":{"event_name":"event-\(i % names)",\
                "property_filters":[[{"property_key":"amount","property_type":"number","comparator":3,"property_value":\(i % 100)},\
                {"property_key":"tier","property_type":"string","comparator":1,"property_value":"gold"}]]}}],\
                "data":{"type":"MODAL","message":"Message number \(i) for the benchmark","header":"Header \(i)",\
                "image_url":"https://cdn.example/img-\(i % 300).png","btns":[{"id":0,"text":"No","click_action":"NONE"},\
                {"id":1,"text":"Yes","click_action":"URI","uri":"app://offer/\(i)"}],"duration":5000,"orientation":"ANY"}}
                """
        }
        return out + "]}"
    }

    static func load(triggers count: Int, brazeOnly: Bool = false) -> (Measurement, bytes: Int) {
        let bytes = Array(json(triggers: count, brazeOnly: brazeOnly).utf8)
        let measurement = Measure.cpuTime("load \(count)\(brazeOnly ? " braze-only" : "")", warmup: 1, runs: 7) {
            do {
                let loaded = try ScenarioLoader.load(bytes: bytes, file: "bench.json")
                precondition(loaded.scenario.triggers.count == count)
            } catch {
                fatalError("the benchmark scenario does not load: \(error)")
            }
        }
        return (measurement, bytes.count)
    }

    /// Loading a file as `iamterm` does (from its bytes), median CPU time.
    static func load(path: String) -> (Measurement, bytes: Int) {
        let bytes = read(path: path)
        let measurement = Measure.cpuTime("load \(path)", warmup: 1, runs: 7) {
            do {
                _ = try ScenarioLoader.load(bytes: bytes, file: path)
            } catch {
                fatalError("\(path) does not load: \(error)")
            }
        }
        return (measurement, bytes.count)
    }

    /// A whole file's bytes.
    static func read(path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = fread(&chunk, 1, chunk.count, file)
            if read <= 0 { break }
            bytes.append(contentsOf: chunk[0..<read])
        }
        fclose(file)
        return bytes
    }
}
