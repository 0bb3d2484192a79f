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
    static func json(triggers: Int, events: Int, names: Int = 500) -> String {
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
        }
        return out + "]}"
    }

    /// `iambench write-run TRIGGERS EVENTS PATH`.
    static func write(arguments: [String]) -> Int32 {
        guard arguments.count == 3, let triggers = Int(arguments[0]), let events = Int(arguments[1]) else {
            print("usage: iambench write-run TRIGGERS EVENTS PATH")
            return 64
        }
        let bytes = Array(json(triggers: triggers, events: events).utf8)
        guard let file = fopen(arguments[2], "w") else { return 74 }
        defer { fclose(file) }
        return fwrite(bytes, 1, bytes.count, file) == bytes.count ? 0 : 74
    }
}
