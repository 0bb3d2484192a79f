import IAMEngine

/// `iambench deadlines`: the cost of a run along each axis of pending deadlines: delayed
/// triggers, downloads in flight, messages waiting for their asset. Each doubling of the
/// pending count should double the run (every step's cost independent of what is pending).
enum DeadlineBench {
    /// `count` triggers on their own events, each performed with a long delay: `count` delays
    /// pending at once, then firing one by one.
    static func delays(_ count: Int) -> [UInt8] {
        var out = #"{"settings":{"minimumTriggerInterval":0},"triggers":["#
        for i in 0..<count {
            if i > 0 { out += "," }
            out += #"{"id":"t\#(i)","delay":100000,"re_eligibility":0,"#
            out += #""trigger_condition":[{"type":"custom_event","data":{"event_name":"e\#(i)"}}],"#
            out += #""data":{"type":"SLIDEUP","message":"x"}}"#
        }
        out += #"],"timeline":[{"at":0,"do":"launch"}"#
        for i in 0..<count { out += #",{"at":\#(fmt(1 + Double(i) / 1000, 3)),"do":"customEvent","name":"e\#(i)"}"# }
        return Array((out + "]}").utf8)
    }

    /// `count` triggers whose messages need their own slow image (not prefetched): each event
    /// starts a download and leaves a message waiting for it, so `count` downloads and `count`
    /// waiting messages are pending at once, then settle one by one.
    static func downloads(_ count: Int) -> [UInt8] {
        var out = #"{"settings":{"minimumTriggerInterval":0},"assets":{"#
        for i in 0..<count {
            if i > 0 { out += "," }
            out += #""https://cdn.example/\#(i).png":{"download":100000}"#
        }
        out += #"},"triggers":["#
        for i in 0..<count {
            if i > 0 { out += "," }
            out += #"{"id":"t\#(i)","prefetch":false,"re_eligibility":0,"#
            out += #""trigger_condition":[{"type":"custom_event","data":{"event_name":"e\#(i)"}}],"#
            out += #""data":{"type":"MODAL","message":"x","image_url":"https://cdn.example/\#(i).png"}}"#
        }
        out += #"],"timeline":[{"at":0,"do":"launch"}"#
        for i in 0..<count { out += #",{"at":\#(fmt(1 + Double(i) / 1000, 3)),"do":"customEvent","name":"e\#(i)"}"# }
        return Array((out + "]}").utf8)
    }

    static func run() {
        let axes: [(String, (Int) -> [UInt8])] = [
            ("delayed triggers pending", delays), ("downloads and waiting messages pending", downloads),
        ]
        for (name, make) in axes {
            print("\n\(name): load + run + text formatting, CPU, median of 3")
            print("| pending | JSON | records | run | µs per record |")
            print("|---|---|---|---|---|")
            for count in [2_000, 4_000, 8_000, 16_000, 32_000, 64_000] {
                let json = make(count)
                let (m, records, _) = CurveBench.endToEnd(json, format: .text, runs: 3)
                print(
                    "| \(grouped(Double(count))) | \(fmt(Double(json.count) / 1_048_576, 1)) MB | \(grouped(Double(records))) | \(fmt(m.median * 1000, 1)) ms | \(fmt(m.median * 1e6 / Double(records), 2)) |"
                )
            }
        }
    }
}
