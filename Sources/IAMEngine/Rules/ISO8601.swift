/// Dates in event properties are ISO-8601 strings (T5). A small parser, so the engine needs no Foundation.
public enum ISO8601 {
    /// Unix seconds for `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z`, `±HH:MM`, `±HHMM`, `±HH` or no
    /// zone (UTC); `nil` for anything else.
    public static func parse(_ text: String) -> Double? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
            let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
            let day = scanner.digits(2),
            year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if scanner.atEnd { return seconds }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " ")),
            let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")), let minute = scanner.digits(2),
            hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if scanner.take(UInt8(ascii: ":")) {
            guard let second = scanner.digits(2), second < 61 else { return nil }
            seconds += Double(second)
            if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
                var scale = 0.1
                var any = false
                while let digit = scanner.digit() {
                    seconds += Double(digit) * scale
                    scale /= 10
                    any = true
                }
                guard any else { return nil }
            }
        }
        if scanner.atEnd { return seconds }
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) { return scanner.atEnd ? seconds : nil }
        let sign: Double
        if scanner.take(UInt8(ascii: "+")) {
            sign = 1
        } else if scanner.take(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = scanner.digits(2), offsetHours < 24 else { return nil }
        var offsetMinutes = 0
        if !scanner.atEnd {
            _ = scanner.take(UInt8(ascii: ":"))
            guard let minutes = scanner.digits(2), minutes < 60, scanner.atEnd else { return nil }
            offsetMinutes = minutes
        }
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { index == bytes.count }
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        mutating func digit() -> Int? {
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - 48)
        }
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let d = digit() else { return nil }
                value = value * 10 + d
            }
            return value
        }
    }
}
