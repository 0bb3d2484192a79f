import IAMEngine
import Testing

@Suite("ISO-8601 dates")
struct ISO8601Tests {
    @Test("T5: date-times with zones convert to unix seconds")
    func conversions() {
        #expect(ISO8601.parse("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601.parse("2026-01-01T00:00:00Z") == 1_767_225_600)
        #expect(ISO8601.parse("2026-01-01") == 1_767_225_600)
        #expect(ISO8601.parse("2026-01-01 01:00") == 1_767_229_200)
        #expect(ISO8601.parse("2026-01-01T01:00:00+01:00") == 1_767_225_600)
        #expect(ISO8601.parse("2025-12-31T19:00:00-0500") == 1_767_225_600)
        #expect(ISO8601.parse("2026-01-01T00:00:00.250Z") == 1_767_225_600.25)
        #expect(ISO8601.parse("2000-02-29T12:00:00Z") == 951_825_600)
        #expect(ISO8601.parse("1969-12-31T23:59:59Z") == -1)
        #expect(ISO8601.parse("2024-03-01T00:00:00+05") == 1_709_233_200)
    }

    @Test("T5: malformed or out-of-range dates read as nil")
    func rejects() {
        for text in [
            "", "2026", "2026-1-01", "2026-13-01", "2026-02-29", "2026-01-01T24:00", "2026-01-01T10:60",
            "2026-01-01T10:00:00.Z", "2026-01-01T10:00:00Q", "2026-01-01T10:00+1", "0000-01-01",
            "2026-01-01T10:00:00Zx", "yesterday",
        ] {
            #expect(ISO8601.parse(text) == nil, "\(text)")
        }
    }
}
