import IAMEngine
import Testing

@testable import IAMScenario

/// The storage a dictionary or string refers to, as raw bits: equal bits, one copy in memory.
private func storageBits<T>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value) { Array($0) }
}

private func properties(_ step: TimelineStep) -> [String: PropertyValue]? {
    switch step.action {
    case .customEvent(_, let properties), .purchase(_, let properties): properties
    default: nil
    }
}

private func eventName(_ step: TimelineStep) -> String? {
    if case .customEvent(let name, _) = step.action { return name }
    return nil
}

@Suite("Timeline steps share repeated values")
struct SharedStepValuesTests {
    @Test("§9: steps that repeat a properties object hold one dictionary between them")
    func repeatedPropertiesShareOneDictionary() throws {
        let steps = #"""
            [{"at": 0, "do": "customEvent", "name": "e", "properties": {"amount": 3, "tier": "gold", "member": true}},
             {"at": 1, "do": "purchase", "product_id": "p", "price": 2, "properties": {"amount": 3, "tier": "gold", "member": true}},
             {"at": 2, "do": "customEvent", "name": "e", "note": "kept", "properties": {"amount": 3, "tier": "gold", "member": true}},
             {"at": 3, "do": "customEvent", "name": "e", "properties": {"amount": 4, "tier": "gold", "member": true}}]
            """#
        let timeline = try load(timelineScenario(steps)).scenario.timeline
        let all = timeline.compactMap(properties)
        #expect(all.count == 4)
        #expect(all[0] == ["amount": .number(3), "tier": .string("gold"), "member": .bool(true)])
        #expect(storageBits(all[0]) == storageBits(all[1]))
        #expect(storageBits(all[0]) == storageBits(all[2]))
        #expect(all[3]["amount"] == .number(4))
        #expect(storageBits(all[0]) != storageBits(all[3]))
        #expect(timeline[2].note == "kept")
    }

    @Test("§9: properties that differ only in how they are written stay apart, each as written")
    func writtenDifferentlyStaysApart() throws {
        // 0 and -0 are equal numbers but print differently; "é" precomposed and decomposed are
        // equal strings but differ in bytes.
        let steps = #"""
            [{"at": 0, "do": "customEvent", "name": "e", "properties": {"n": 0, "caf\u00e9": "x"}},
             {"at": 1, "do": "customEvent", "name": "e", "properties": {"n": -0.0, "caf\u00e9": "x"}},
             {"at": 2, "do": "customEvent", "name": "e", "properties": {"n": 0, "cafe\u0301": "x"}}]
            """#
        let all = try load(timelineScenario(steps)).scenario.timeline.compactMap(properties)
        #expect(all.count == 3)
        guard case .number(let zero) = all[0]["n"], case .number(let negativeZero) = all[1]["n"] else {
            Issue.record("the numbers did not load")
            return
        }
        #expect(zero.sign == .plus)
        #expect(negativeZero.sign == .minus)
        #expect(Array(all[0].keys.first { $0 != "n" }!.utf8) == [0x63, 0x61, 0x66, 0xC3, 0xA9])
        #expect(Array(all[2].keys.first { $0 != "n" }!.utf8) == [0x63, 0x61, 0x66, 0x65, 0xCC, 0x81])
        #expect(storageBits(all[0]) != storageBits(all[2]))
    }

    @Test("§9: a long event name that steps repeat is stored once")
    func longNamesShared() throws {
        let name = "an-event-name-longer-than-fifteen-bytes"
        let steps = #"""
            [{"at": 0, "do": "customEvent", "name": "\#(name)"},
             {"at": 1, "do": "customEvent", "name": "\#(name)"}]
            """#
        let names = try load(timelineScenario(steps)).scenario.timeline.compactMap(eventName)
        #expect(names == [name, name])
        #expect(storageBits(names[0]) == storageBits(names[1]))
    }

    @Test("§9: steps read off the tape and steps read key by key decode alike")
    func plainAndGeneralReadingsAgree() throws {
        // Each pair: a plain step, and the same step written another way (an escaped key) or with
        // something only the key-by-key reading handles (an unknown key, which warns).
        let steps = #"""
            [{"at": 0, "do": "purchase", "product_id": "p", "price": null, "properties": null},
             {"\u0061t": 0, "do": "purchase", "product_id": "p", "price": null, "properties": null},
             {"at": 1, "do": "customEvent", "name": "e", "note": null, "properties": {"k": null, "f": false}},
             {"at": 1, "do": "customEvent", "name": "e", "note": null, "properties": {"k": null, "f": false}, "x": 1},
             {"at": 2, "do": "wait", "note": "n"},
             {"at": 2, "do": "wait", "note": "n", "y": 2}]
            """#
        let loaded = try load(timelineScenario(steps))
        let timeline = loaded.scenario.timeline
        #expect(timeline.count == 6)
        for pair in stride(from: 0, to: 6, by: 2) { #expect(timeline[pair] == timeline[pair + 1]) }
        #expect(timeline[0] == TimelineStep(at: 0, action: .purchase(productID: "p", properties: [:])))
        #expect(
            timeline[2]
                == TimelineStep(at: 1, action: .customEvent(name: "e", properties: ["k": .null, "f": .bool(false)])))
        #expect(timeline[4] == TimelineStep(at: 2, action: .wait, note: "n"))
        #expect(loaded.warnings.count == 2)
    }

    @Test("§9: an invalid properties object after a valid one is still named in the error")
    func invalidAfterValid() {
        let steps = #"""
            [{"at": 0, "do": "customEvent", "name": "e", "properties": {"k": 1}},
             {"at": 1, "do": "customEvent", "name": "e", "properties": {"k": {"$date": "soon"}}}]
            """#
        #expect(
            loadError(timelineScenario(steps))
                == #"scenario.json: timeline[1].properties.k["$date"]: "soon" is not an ISO-8601 date (like 2026-01-31T12:00:00Z)"#
        )
    }
}
