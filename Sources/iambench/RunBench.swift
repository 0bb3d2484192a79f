import Glibc
import IAMEngine
import IAMTestSupport

/// `iamterm run` end to end: a scenario file of filtered triggers and a long timeline of
/// events with properties, written for the binary to load, run and format.
enum RunBench {
    /// `LoaderBench`'s triggers, and `events` steps 10 ms apart: custom events on the
    /// triggers' names and purchases, each with the properties the filters read.
    /// `names`: custom event names the triggers are spread over (two triggers a name at
    /// 1,000); the events use 20 % more names, so some match nothing.
    /// `differing`: the keyboard raised and the app sent to the background now and then (as
    /// `CompareBench`), so the platforms part (X2, X3, X4) and compare must find the rows.
    static func json(triggers: Int, events: Int, names: Int = 500, differing: Bool = false) -> String {
        var out = String(LoaderBench.json(triggers: triggers, names: names).dropLast()) // the closing brace
        out.reserveCapacity(out.utf8.count + events * 120)
        out += ",\"timeline\":[{\"at\":0,\"do\":\"launch\"}"
        var rng = SeededGenerator(seed: 0x5EED)
        for i in 0..<events {
            let at = fmt(1 + Double(i) / 100, 2)
            let amount = Int.random(in: 0...100, using: &rng)
            let tier = Bool.random(using: &rng) ? "gold" : "silver"
            if i % 4 == 3 {
                out += ",{\"at\":\(at),\"do\":\"purchase\",\"product_id\":\"sku-\(i % 50)\",\"price\":3,"
            } else {
                out +=
                    ",{\"at\":\(at),\"do\":\"customEvent\",\"name\":\"event-\(Int.random(in: 0..<(names * 6 / 5), using: &rng))\","
            }
            out += "\"properties\":{\"amount\":\(amount),\"tier\":\"\(tier)\",\"member\":true}}"
            guard differing else { continue }
            if i % 500 == 100 { out += ",{\"at\":\(at),\"do\":\"keyboard\",\"shown\":true}" }
            if i % 500 == 300 { out += ",{\"at\":\(at),\"do\":\"keyboard\",\"shown\":false}" }
            if i % 2000 == 1500 { out += ",{\"at\":\(at),\"do\":\"background\"}" }
            if i % 2000 == 1600 { out += ",{\"at\":\(at),\"do\":\"foreground\"}" }
        }
        return out + "]}"
    }

    /// Fan-out: `triggers` triggers on the one event `e`, and `events` of it a second apart, so
    /// every event matches every trigger (1,600 × 1,600 is about 320 KB). Each event performs
    /// the top message while another is on screen: ios stacks it, web (no stack) discards it,
    /// so the platforms part at the second event.
    static func fanOut(triggers: Int, events: Int) -> String {
        var out = "{\"name\":\"fan-out\",\"settings\":{\"minimumTriggerInterval\":0},\"triggers\":["
        for i in 0..<triggers {
            if i > 0 { out += "," }
            out += "{\"id\":\"t\(i)\",\"priority\":\(i % 7),\"re_eligibility\":0,"
            out += "\"trigger_condition\":[{\"type\":\"custom_event\",\"data\":{\"event_name\":\"e\"}}],"
            out += "\"data\":{\"type\":\"SLIDEUP\",\"message\":\"message \(i)\"}}"
        }
        out += "],\"timeline\":[{\"at\":0,\"do\":\"launch\"}"
        for i in 0..<events { out += ",{\"at\":\(1 + i),\"do\":\"customEvent\",\"name\":\"e\"}" }
        return out + "]}"
    }

    /// `iambench write-run TRIGGERS EVENTS PATH [--differ]`, or with `fanOut`
    /// `iambench write-fanout TRIGGERS EVENTS PATH`.
    static func write(arguments: [String], fanOut: Bool = false) -> Int32 {
        let differing = !fanOut && arguments.last == "--differ"
        let arguments = differing ? Array(arguments.dropLast()) : arguments
        guard arguments.count == 3, let triggers = Int(arguments[0]), let events = Int(arguments[1]) else {
            print("usage: iambench \(fanOut ? "write-fanout" : "write-run [--differ]") TRIGGERS EVENTS PATH")
            return 64
        }
        let text =
            fanOut
            ? Self.fanOut(triggers: triggers, events: events)
            : json(triggers: triggers, events: events, differing: differing)
        let bytes = Array(text.utf8)
        guard let file = fopen(arguments[2], "w") else { return 74 }
        defer { fclose(file) }
        return fwrite(bytes, 1, bytes.count, file) == bytes.count ? 0 : 74
    }
}
