import Foundation
import Testing

/// Spec §10 (revision 2): the trace is linear in the work, whatever the stack's depth.
@Suite("§10: a linear trace")
struct LinearTraceTests {
    /// The app in the background and `count` performed messages: each goes back to the stack,
    /// so the stack grows to `count`; then a launch clears them all.
    static func deepStack(_ count: Int) -> String {
        var steps = [#"{"at": 0, "do": "launch"}"#, #"{"at": 1, "do": "background"}"#]
        steps.reserveCapacity(count + 3)
        for i in 0..<count { steps.append(#"{"at": \#(2 + Double(i) / 1000), "do": "customEvent", "name": "e"}"#) }
        steps.append(#"{"at": \#(3 + Double(count) / 1000), "do": "launch"}"#)
        return #"""
            {"settings": {"minimumTriggerInterval": 0},
             "triggers": [{"id": "t", "trigger_condition": [{"type": "custom_event", "data": {"event_name": "e"}}],
                           "re_eligibility": 0, "data": {"type": "SLIDEUP", "message": "x"}}],
             "timeline": [\#(steps.joined(separator: ",\n"))]}
            """#
    }

    @Test("§10: 20,000 messages returned to the stack: every record stays small, stack lists 16, depth counts all")
    func deepStackIsLinear() throws {
        let count = 20_000
        for format in ["jsonl", "text"] {
            let result = try BinaryRunner.run(
                ["run", "-", "--format", format], stdin: Data(Self.deepStack(count).utf8))
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            let returned = lines.filter { $0.contains("returned_to_stack") }
            #expect(returned.count == count)
            // A quadratic trace holds ~count²/2 ids (2·10^8 here); a linear one ~6 records per event.
            let longest = lines.map(\.utf8.count).max() ?? 0
            #expect(longest < 400, "the longest record has \(longest) bytes")
            #expect(result.stdout.utf8.count < count * 6 * 250, "\(result.stdout.utf8.count) bytes")
            if format == "jsonl" {
                let last = try #require(returned.last)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
                #expect((object["stack"] as? [String])?.count == 16)
                #expect(object["depth"] as? Int == count)
                #expect(
                    last.contains(
                        #""stack":["t","t","t","t","t","t","t","t","t","t","t","t","t","t","t","t"],"depth":20000"#))
                let launch = try #require(lines.last { $0.contains(#""reason":"launch""#) })
                #expect(launch.contains(#""depth":20000"#), "the launch clears them all and counts them")
            } else {
                #expect(returned.last?.hasSuffix("depth=\(count)") == true)
            }
        }
    }
}
