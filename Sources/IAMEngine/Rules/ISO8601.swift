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

    /// A date value (R2) a scenario may hold: `parse`'s answer when it falls within
    /// 0001-01-01T00:00:00Z ..< 10000-01-01T00:00:00Z, the dates `format` writes with four year
    /// digits, so a saved session loads back; `nil` otherwise (an offset can push
    /// `9999-12-31T23:59:59-01:00` into year 10000).
    public static func parseDate(_ text: String) -> Double? {
        guard let seconds = parse(text), dateRange.contains(seconds) else { return nil }
        return seconds
    }

    /// Whether `parse` reads `text` as a time outside `dateRange` (for the load error's words).
    public static func isOutOfRange(_ text: String) -> Bool {
        parse(text).map { !dateRange.contains($0) } ?? false
    }

    /// The date values a scenario may hold, in unix seconds.
    public static let dateRange =
        Double(daysFromCivil(year: 1, month: 1, day: 1)) * 86_400..<Double(
            daysFromCivil(year: 10_000, month: 1, day: 1))
        * 86_400

    /// R2: a date value as the scenario writes it, `2026-01-01T00:00:21Z`, with a fraction when
    /// the time has one: at least three digits (`.500`), more when needed, so that `parse` reads
    /// back exactly the same value (`9999-12-31T23:59:59.9999Z` stays in year 9999; rounding it
    /// to the millisecond wrote year 10000, which does not load).
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return String(describing: seconds) }
        let whole = seconds.rounded(.down)
        var text = civil(Int64(whole), separator: "T", midnight: 0)
        let fraction = seconds - whole
        guard fraction > 0 else { return text + "Z" }
        // The fewest digits (three or more) that read back as `seconds`.
        var scale = 1000.0
        for width in 3...20 {
            let low = (fraction * scale).rounded(.down)
            for candidate in [low, low + 1, low - 1] where candidate >= 0 && candidate < scale {
                let digits = fractionDigits(candidate, width: width)
                if parse(text + "." + digits + "Z") == seconds { return text + "." + digits + "Z" }
            }
            scale *= 10
        }
        // Not reached for a value `parse` produced; the nearest microsecond otherwise.
        text += "." + fractionDigits(min((fraction * 1e6).rounded(), 999_999), width: 6)
        return text + "Z"
    }

    /// `value` (a whole number below 10^width) in exactly `width` digits.
    private static func fractionDigits(_ value: Double, width: Int) -> String {
        var digits = ""
        var rest = value
        for _ in 0..<width {
            let digit = Int(rest.truncatingRemainder(dividingBy: 10))
            digits.append(Character(Unicode.Scalar(UInt8(48 + digit))))
            rest = (rest / 10).rounded(.down)
        }
        return String(digits.reversed())
    }

    /// X24, android: the form a date property is stored in, `yyyy-MM-dd kk:mm:ss` in UTC (the
    /// hour counted 1–24, so the hour after midnight reads `24`); the fraction is dropped.
    public static func storedForm(_ seconds: Double) -> String {
        civil(Int64(seconds.rounded(.down)), separator: " ", midnight: 24)
    }

    /// X24, android: unix seconds for a string that begins with `yyyy-MM-dd kk:mm:ss` (fields of
    /// one or two digits, as a lenient Java date format reads them; anything after the seconds is
    /// ignored); `nil` for anything else.
    public static func parseStoredForm(_ text: String) -> Double? {
        var scanner = Scanner(Array(text.utf8))
        func field(_ most: Int) -> Int? {
            guard var value = scanner.digit() else { return nil }
            for _ in 1..<most {
                guard let digit = scanner.digit() else { break }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = field(4), scanner.take(UInt8(ascii: "-")), let month = field(2),
            scanner.take(UInt8(ascii: "-")), let day = field(2), scanner.take(UInt8(ascii: " ")),
            let hour = field(2), scanner.take(UInt8(ascii: ":")), let minute = field(2),
            scanner.take(UInt8(ascii: ":")), let second = field(2),
            year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour <= 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + (hour % 24) * 3600 + minute * 60 + second)
    }

    /// `yyyy-MM-dd<separator>HH:mm:ss` in UTC for whole unix seconds; `midnight` is how the hour
    /// after midnight is written (0, or 24 for a 1–24 hour).
    private static func civil(_ seconds: Int64, separator: String, midnight: Int) -> String {
        let (days, timeOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilFromDays(Int(days))
        let hour = Int(timeOfDay / 3600)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(year)
        if yearText.count < 4 { yearText = String(repeating: "0", count: 4 - yearText.count) + yearText }
        return yearText + "-" + two(month) + "-" + two(day) + separator + two(hour == 0 ? midnight : hour) + ":"
            + two(Int(timeOfDay / 60 % 60)) + ":" + two(Int(timeOfDay % 60))
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// The civil date of a day number since 1970-01-01 (the inverse of `daysFromCivil`).
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
