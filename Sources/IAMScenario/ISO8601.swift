/// A small ISO-8601 date reader: date-times as unix seconds, without Foundation.
///
/// Accepts `YYYY-MM-DD`, optionally followed by `T` (or a space) and `hh:mm`, `hh:mm:ss` or
/// `hh:mm:ss.fraction` (`,` also separates the fraction), optionally followed by a zone: `Z`,
/// `±hh:mm`, `±hhmm` or `±hh`. Without a zone the time is UTC; without a time it is midnight.
/// Fields are range-checked (year 0001–9999, month 1–12, day within its month, hour 0–23, minute 0–59,
/// second 0–60). Anything else reads as `nil`.
///
/// The engine needs the same reading for date properties of events (T5); this file depends on
/// nothing and can move into IAMEngine as it is.
public enum ISO8601 {
    public static func unixSeconds(_ text: String) -> Double? {
        var reader = Reader(Array(text.utf8))
        return reader.read()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func read() -> Double? {
            guard let year = digits(4), year >= 1, take("-"), let month = digits(2), take("-"), let day = digits(2),
                  (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
            else { return nil }
            var seconds = Double(daysSince1970(year: year, month: month, day: day)) * 86_400
            if index == bytes.count { return seconds }

            guard take("T") || take("t") || take(" "),
                  let hour = digits(2), take(":"), let minute = digits(2),
                  hour <= 23, minute <= 59
            else { return nil }
            seconds += Double(hour * 3600 + minute * 60)
            if take(":") {
                guard let second = digits(2), second <= 60 else { return nil }
                seconds += Double(second)
                if take(".") || take(",") {
                    var scale = 0.1
                    var fraction = 0.0
                    let start = index
                    while let digit = digit() {
                        fraction += Double(digit) * scale
                        scale /= 10
                    }
                    guard index > start else { return nil }
                    seconds += fraction
                }
            }
            if index == bytes.count { return seconds }
            if take("Z") || take("z") { return index == bytes.count ? seconds : nil }

            let sign: Double
            if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
            guard let zoneHours = digits(2), zoneHours <= 23 else { return nil }
            var zoneMinutes = 0
            if index < bytes.count {
                _ = take(":")
                guard let minutes = digits(2), minutes <= 59 else { return nil }
                zoneMinutes = minutes
            }
            guard index == bytes.count else { return nil }
            // Local time = UTC + offset, so UTC = local - offset.
            return seconds - sign * Double(zoneHours * 3600 + zoneMinutes * 60)
        }

        mutating func take(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
            index += 1
            return Int(bytes[index - 1] - 0x30)
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given date of the proleptic Gregorian calendar (year >= 1).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Leap years among the years 1...y.
        func leapYears(through y: Int) -> Int { y / 4 - y / 100 + y / 400 }
        let yearsDays = 365 * (year - 1970) + leapYears(through: year - 1) - leapYears(through: 1969)
        var monthDays = 0
        for earlier in stride(from: 1, to: month, by: 1) { monthDays += daysIn(month: earlier, year: year) }
        return yearsDays + monthDays + day - 1
    }
}
