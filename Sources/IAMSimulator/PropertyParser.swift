import IAMEngine

/// Parses `key=value, key=value` typed at a prompt into event properties. Values are detected:
/// `true`/`false` → bool, a number → number, `null` → null, `$date:<ISO-8601>` → a date value
/// (R2, as `{"$date": ...}` in a scenario), an ISO-8601 date without it stays a string (X24 decides
/// whether a platform reads it as a date) and is reported as a date-looking string, `"quoted"` →
/// string as written.
enum PropertyParser {
    struct Parsed: Equatable {
        var properties: [String: PropertyValue]
        /// "total=12 (number), vip=true (bool)": what was understood, for the status line.
        var summary: String
    }

    enum Failure: Error, Equatable {
        case missingEquals(String)
        case emptyKey(String)
        /// `$date:` followed by something that is not an ISO-8601 date.
        case badDate(String)
    }

    static func parse(_ text: String) -> Result<Parsed, Failure> {
        var properties: [String: PropertyValue] = [:]
        var described: [String] = []
        let trimmed = trim(text)
        if trimmed.isEmpty || trimmed == "none" { return .success(Parsed(properties: [:], summary: "no properties")) }
        for part in splitTopLevel(trimmed) {
            let item = trim(part)
            if item.isEmpty { continue }
            guard let eq = item.firstIndex(of: "=") else { return .failure(.missingEquals(item)) }
            let key = trim(String(item[..<eq]))
            guard !key.isEmpty else { return .failure(.emptyKey(item)) }
            let raw = trim(String(item[item.index(after: eq)...]))
            if raw.hasPrefix(datePrefix) {
                guard let time = ISO8601.parseDate(String(raw.dropFirst(datePrefix.count))) else {
                    return .failure(.badDate(item))
                }
                properties[key] = .date(time)
                described.append("\(key) (date)")
                continue
            }
            let (value, kind) = detect(raw)
            properties[key] = value
            described.append("\(key) (\(kind))")
        }
        return .success(Parsed(properties: properties, summary: described.joined(separator: ", ")))
    }

    static func detect(_ raw: String) -> (PropertyValue, String) {
        if raw.count >= 2, raw.first == "\"", raw.last == "\"" {
            return (.string(String(raw.dropFirst().dropLast())), "string")
        }
        switch raw.lowercased() {
        case "true": return (.bool(true), "bool")
        case "false": return (.bool(false), "bool")
        case "null": return (.null, "null")
        default: break
        }
        if let number = Double(raw), number.isFinite { return (.number(number), "number") }
        if looksLikeISODate(raw) { return (.string(raw), "date-looking string") }
        return (.string(raw), "string")
    }

    /// R2: a date value is typed `$date:2026-01-01T10:00:00Z`.
    static let datePrefix = "$date:"

    /// `YYYY-MM-DD`, optionally followed by `T` and a time.
    static func looksLikeISODate(_ s: String) -> Bool {
        let c = Array(s.utf8)
        guard c.count >= 10 else { return false }
        func digit(_ i: Int) -> Bool { c[i] >= 48 && c[i] <= 57 }
        guard (0..<4).allSatisfy(digit), c[4] == 45, digit(5), digit(6), c[7] == 45, digit(8), digit(9) else {
            return false
        }
        return c.count == 10 || c[10] == 84 || c[10] == 116 || c[10] == 32
    }

    /// Splits at commas that are not inside double quotes.
    static func splitTopLevel(_ s: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for ch in s {
            if ch == "\"" { quoted.toggle() }
            if ch == ",", !quoted {
                parts.append(current)
                current = ""
                continue
            }
            current.append(ch)
        }
        parts.append(current)
        return parts
    }

    static func trim(_ s: String) -> String {
        var sub = Substring(s)
        while sub.first == " " || sub.first == "\t" { sub = sub.dropFirst() }
        while sub.last == " " || sub.last == "\t" { sub = sub.dropLast() }
        return String(sub)
    }
}
