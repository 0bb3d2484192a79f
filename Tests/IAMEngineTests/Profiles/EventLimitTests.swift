import IAMEngine
import Testing

/// X43 (versions.md, delivery-rules R12): events an SDK refuses to log for their size or their
/// values: `event_rejected` with the reason, and no trigger is evaluated. Every platform, both
/// sides of every boundary.
@Suite("X43: events an SDK refuses to log")
struct EventLimitTests {
    /// A trigger on the event `e`; its properties decide whether the SDK logs it at all.
    static func lines(_ name: String, _ action: Action) throws -> [String] {
        let script = Script(
            triggers: [
                trigger("e", .customEvent(name: "e"), reEligibility: 0),
                trigger("p", .purchase(productID: nil), interval: 0, reEligibility: 0),
            ], steps: [(1, action)], until: 1)
        return script.lines(under: try Profile.resolve(name).get())
    }

    static let shown = [
        "1.000 trigger_matched e",
        "1.000 performed e",
        "1.000 stacked e new stack=[e] depth=1",
        "1.000 offered e eligible_moment",
        "1.000 displayed e impression",
    ]

    /// `{"blob":"x…x"}`, `bytes` long: 11 bytes around the value.
    static func blob(_ bytes: Int) -> Action {
        event("e", ["blob": .string(String(repeating: "x", count: bytes - 11))])
    }

    @Test("X43: properties over 50 KB refused from ios 4.3.4, android 14.0.0, web 3.3.0; bare names and swift log them")
    func size() throws {
        for name in ["ios@4.3.4", "ios@4.7.0", "android@14.0.0", "android@37.0.0", "web@3.3.0", "web@6.11.0"] {
            let lines = try Self.lines(name, Self.blob(51_201))
            #expect(lines.count == 1, "\(name)")
            #expect(
                lines.first?.hasPrefix("1.000 event_rejected properties_too_large custom_event:e {blob=") == true,
                "\(name)")
            #expect(lines.first?.hasSuffix(" 51201 bytes of properties, over 51200") == true, "\(name)")
            #expect(try Self.lines(name, Self.blob(51_200)).dropFirst() == Self.shown[...], "\(name)")
        }
        // The bare names keep today's answer (no existing trace changes); swift has no entry.
        for name in ["ios", "swift", "android", "web", "swift@18.2.0", "ios@4.3.3", "android@13.9.9", "web@3.2.9"] {
            #expect(try Self.lines(name, Self.blob(51_201)).dropFirst() == Self.shown[...], "\(name)")
        }
    }

    @Test("X43: a property whose value is \"\" refused by android before 2.7.0 and swift before 6.4.0")
    func emptyValue() throws {
        let action = event("e", ["k": .string("")])
        for name in ["android@2.6.9", "swift@6.3.9"] {
            #expect(
                try Self.lines(name, action) == [#"1.000 event_rejected empty_value custom_event:e {k=""} property k"#])
        }
        for name in ["ios", "swift", "android", "web", "android@2.7.0", "swift@6.4.0"] {
            #expect(try Self.lines(name, action) == [#"1.000 event custom_event:e {k=""}"#] + Self.shown, "\(name)")
        }
    }

    @Test("X43 swift: a $ value refused before 7.1.0, a $ product id before 6.6.2")
    func dollar() throws {
        let value = event("e", ["k": .string("$5")])
        #expect(
            try Self.lines("swift@7.0.9", value) == [
                #"1.000 event_rejected invalid_value custom_event:e {k="$5"} property k starts with $"#
            ])
        #expect(try Self.lines("swift@7.1.0", value) == [#"1.000 event custom_event:e {k="$5"}"#] + Self.shown)
        let purchase = Action.purchase(productID: "$coins", properties: [:])
        #expect(
            try Self.lines("swift@6.6.1", purchase) == [
                "1.000 event_rejected invalid_value purchase:$coins product id starts with $"
            ])
        #expect(try Self.lines("swift@6.6.2", purchase).first == "1.000 event purchase:$coins")
        #expect(try Self.lines("swift@6.6.2", purchase).contains("1.000 performed p"))
    }
}
