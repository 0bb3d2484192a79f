import Testing

@testable import IAMEngine

/// `TraceRecord` keeps its rare fields behind one shared reference and `trigger` as a flag when
/// it equals `message`: each field must still read back as set, independently of the others,
/// and a copy must not see a change made to the original.
@Suite("Trace records")
struct TraceRecordTests {
    @Test("a trigger equal to the message reads back; setting the message keeps the trigger")
    func triggerFollowsItsOwnValue() {
        var record = TraceRecord(t: 1, kind: .triggerSkipped, message: "a", trigger: "a", reason: .minInterval)
        #expect(record.trigger == "a")
        record.message = "b"
        #expect(record.message == "b")
        #expect(record.trigger == "a")
        record.trigger = "b"
        record.message = nil
        #expect(record.trigger == "b")
        #expect(record.message == nil)
        record.trigger = nil
        #expect(record.trigger == nil)
        #expect(record == TraceRecord(t: 1, kind: .triggerSkipped, reason: .minInterval))
    }

    @Test("rare fields set one by one read back, and a copy keeps its own")
    func rareFieldsAreValues() {
        var record = TraceRecord(t: 2, kind: .stacked, message: "m", stack: ["x", "m"], depth: 2)
        let copy = record
        record.detail = "d"
        record.button = "b1"
        record.action = "click"
        record.profile = "ios"
        record.stack = nil
        #expect(record.detail == "d")
        #expect(record.button == "b1")
        #expect(record.action == "click")
        #expect(record.profile == "ios")
        #expect(record.stack == nil)
        #expect(record.trigger == nil)
        #expect(copy.stack == ["x", "m"])
        #expect(copy.detail == nil)
        #expect(copy != record)
        let built = TraceRecord(
            t: 2, kind: .stacked, message: "m", depth: 2, button: "b1", detail: "d", action: "click", profile: "ios")
        #expect(record == built)
    }

    @Test("records that differ in one rare field or in the trigger alone are not equal")
    func equalityReadsEveryField() {
        let base = TraceRecord(t: 3, kind: .performed, message: "m", trigger: "m")
        #expect(base == TraceRecord(t: 3, kind: .performed, message: "m", trigger: "m"))
        #expect(base != TraceRecord(t: 3, kind: .performed, message: "m"))
        #expect(base != TraceRecord(t: 3, kind: .performed, message: "m", trigger: "n"))
        #expect(base != TraceRecord(t: 3, kind: .performed, message: "m", trigger: "m", detail: "x"))
    }
}
