/// Recursive descent over the pattern's scalars; depth bounded by `Pattern.maxNesting`.
struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    /// The inline flags in force (`(?i)`, `(?m)`, `(?s)`), restored at the end of each group.
    private var flags = Flags()
    /// Capturing groups opened so far, and their names.
    private(set) var groupCount = 0
    private var groupNames: [String: Int] = [:]
    /// Whether the pattern writes an inline flag: ICU and Java honour it, JavaScript refuses it.
    private(set) var usesInlineFlags = false

    private struct Flags {
        var caseMode = CaseMode.platform
        var multiLine = false
        var dotAll = false
    }

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parse() throws(PatternError) -> PatternNode {
        let node = try alternation()
        if position < scalars.count {
            // Only an unmatched ')' stops an alternation early.
            throw PatternError("unmatched ')' at character \(position + 1)")
        }
        return node
    }

    private var atEnd: Bool { position >= scalars.count }
    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func alternation() throws(PatternError) -> PatternNode {
        var branches = [try sequence()]
        while peek() == "|" {
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let next = peek(), next != "|", next != ")" {
            var atom = try self.atom()
            while let quantified = try quantifier(on: atom) { atom = quantified }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : items.isEmpty ? .empty : .sequence(items)
    }

    /// A quantifier after `atom`, if one follows.
    private mutating func quantifier(on atom: PatternNode) throws(PatternError) -> PatternNode? {
        guard let next = peek() else { return nil }
        let start = position
        var bounds: (Int, Int?)
        switch next {
        case "*":
            bounds = (0, nil)
            position += 1
        case "+":
            bounds = (1, nil)
            position += 1
        case "?":
            bounds = (0, 1)
            position += 1
        case "{":
            guard let counted = try countedBounds() else { return nil }
            bounds = counted
        default: return nil
        }
        if case .assertion = atom { throw PatternError("a quantifier after an anchor at character \(start + 1)") }
        var lazy = false
        if let after = peek() {
            if after == "+" { throw PatternError("possessive quantifiers (like a*+) are not supported") }
            if after == "?" {
                position += 1
                lazy = true
            }
        }
        if let after = peek(), after == "*" || after == "+" || after == "?" || after == "{" && isCounted(at: position) {
            throw PatternError("a quantifier cannot follow another at character \(position + 1)")
        }
        if case .empty = atom { return .empty } // `()*`: nothing to repeat, matches empty
        return .repetition(atom, min: bounds.0, max: bounds.1, lazy: lazy)
    }

    private func isCounted(at index: Int) -> Bool {
        var copy = self
        copy.position = index
        return (try? copy.countedBounds()) ?? nil != nil
    }

    /// `{n}`, `{n,}`, `{n,m}`; nil (and the `{` left as a literal) when it is not one.
    private mutating func countedBounds() throws(PatternError) -> (Int, Int?)? {
        let start = position
        position += 1
        guard let low = number() else {
            position = start
            return nil
        }
        var high: Int? = low
        if peek() == "," {
            position += 1
            high = number()
        }
        guard peek() == "}" else {
            position = start
            return nil
        }
        position += 1
        if let high, high < low {
            throw PatternError("{\(low),\(high)}: the maximum is below the minimum")
        }
        return (low, high)
    }

    private mutating func number() -> Int? {
        var value: Int?
        while let digit = peek(),
            let d = digit.properties.numericType == .decimal && digit.isASCII ? Int(digit.value) - 48 : nil
        {
            value = min(100_000, (value ?? 0) * 10 + d)
            position += 1
        }
        return value
    }

    private mutating func atom() throws(PatternError) -> PatternNode {
        let scalar = scalars[position]
        let start = position
        position += 1
        switch scalar {
        case "(": return try group(at: start)
        case "[": return .set(try bracket(at: start), flags.caseMode)
        case ".": return .any(dotAll: flags.dotAll)
        case "^": return .assertion(flags.multiLine ? .multiLineStart : .lineStart)
        case "$": return .assertion(flags.multiLine ? .multiLineEnd : .lineEnd)
        case "\\": return try escape()
        case "*", "+", "?":
            throw PatternError("'\(scalar)' with nothing to repeat at character \(start + 1)")
        case "{":
            position = start
            if try countedBounds() != nil {
                throw PatternError("a quantifier with nothing to repeat at character \(start + 1)")
            }
            position = start + 1
            return .scalar(scalar, flags.caseMode)
        default: return .scalar(scalar, flags.caseMode)
        }
    }

    private mutating func group(at start: Int) throws(PatternError) -> PatternNode {
        if depth + 1 > Pattern.maxNesting {
            throw PatternError("groups nested deeper than \(Pattern.maxNesting) levels", isLimit: true)
        }
        let outerFlags = flags
        var capture: Int?
        var look: (behind: Bool, negated: Bool)?
        if peek() == "?" {
            switch peek(1) {
            case ":":
                position += 2
            case "<" where peek(2) != "=" && peek(2) != "!":
                position += 2
                capture = try groupName(at: start)
            case "=", "!":
                look = (false, peek(1) == "!")
                position += 2
            case "<":
                look = (true, peek(2) == "!")
                position += 3
            case ">": throw PatternError("atomic groups ((?>…)) are not supported")
            case "i", "m", "s", "x", "-":
                position += 1
                // `(?i)`: the flags hold to the end of the enclosing group; `(?i:…)`: inside.
                if try inlineFlags(at: start) { return .empty }
            default: throw PatternError("the group syntax at character \(start + 1) is not supported")
            }
        } else {
            groupCount += 1
            capture = groupCount
        }
        depth += 1
        let inner = try alternation()
        depth -= 1
        flags = outerFlags
        guard peek() == ")" else { throw PatternError("missing ')' for the group at character \(start + 1)") }
        position += 1
        if let look {
            if look.behind, inner.lengthRange.max == nil {
                throw PatternError(
                    "a lookbehind must have a bounded length (no *, + or backreference inside), as in ICU and Java",
                    javaScriptRejects: false)
            }
            return .look(inner, behind: look.behind, negated: look.negated)
        }
        if let capture { return .group(inner, index: capture) }
        return inner
    }

    /// After `(?<`: the name, `>`; numbers the group.
    private mutating func groupName(at start: Int) throws(PatternError) -> Int {
        var name = ""
        while let c = peek(), c != ">" {
            guard ScalarSet.isWord(c) else { throw PatternError("invalid group name at character \(position + 1)") }
            name.unicodeScalars.append(c)
            position += 1
        }
        guard peek() == ">", !name.isEmpty else {
            throw PatternError("unterminated group name at character \(start + 1)")
        }
        position += 1
        if groupNames[name] != nil { throw PatternError("the group name \(name) is used twice") }
        groupCount += 1
        groupNames[name] = groupCount
        return groupCount
    }

    /// After `(?`: flags `i`, `m`, `s`, optionally `-` and the flags to turn off, then `)` (true)
    /// or `:` (false, the group's body follows).
    private mutating func inlineFlags(at start: Int) throws(PatternError) -> Bool {
        usesInlineFlags = true
        var on = true
        while let c = peek() {
            position += 1
            switch c {
            case "i": flags.caseMode = on ? .insensitive : .sensitive
            case "m": flags.multiLine = on
            case "s": flags.dotAll = on
            case "-" where on: on = false
            case ")": return true
            case ":": return false
            case "x": throw PatternError("the x (comments) flag is not supported")
            default: throw PatternError("unknown inline flag '\(c)' at character \(position)")
            }
        }
        throw PatternError("missing ')' for the group at character \(start + 1)")
    }

    private mutating func escape() throws(PatternError) -> PatternNode {
        guard let scalar = peek() else { throw PatternError("the pattern ends with a lone backslash") }
        switch scalar {
        case "A":
            position += 1
            return .assertion(.textStart)
        case "z":
            position += 1
            return .assertion(.textEnd)
        case "Z":
            position += 1
            return .assertion(.textEndBeforeNewline)
        case "b":
            position += 1
            return .assertion(.wordBoundary)
        case "B":
            position += 1
            return .assertion(.notWordBoundary)
        case "1"..."9":
            return try backreference()
        case "k":
            position += 1
            guard peek() == "<" else { throw PatternError("expected \\k<name> at character \(position)") }
            position += 1
            var name = ""
            while let c = peek(), c != ">" {
                name.unicodeScalars.append(c)
                position += 1
            }
            guard peek() == ">" else { throw PatternError("unterminated \\k<name> at character \(position)") }
            position += 1
            guard let index = groupNames[name] else {
                throw PatternError("\\k<\(name)> names no group before it")
            }
            return .backreference(index, flags.caseMode)
        default:
            switch try escapedItem() {
            case .scalar(let s): return .scalar(s, flags.caseMode)
            case .set(let set): return .set(set, flags.caseMode)
            }
        }
    }

    /// `\\1` to `\\9`, and more digits while they name a group already opened (as Java reads them).
    private mutating func backreference() throws(PatternError) -> PatternNode {
        let start = position
        var index = Int(peek()!.value) - 48
        position += 1
        while let digit = peek(), ("0"..."9").contains(digit), index * 10 + Int(digit.value) - 48 <= groupCount {
            index = index * 10 + Int(digit.value) - 48
            position += 1
        }
        guard index <= groupCount else {
            throw PatternError(
                "the backreference \\\(index) at character \(start) names no group before it", javaScriptRejects: false)
        }
        return .backreference(index, flags.caseMode)
    }

    private enum Item {
        case scalar(Unicode.Scalar)
        case set(ScalarSet)
    }

    /// After a backslash: a class escape or one scalar.
    private mutating func escapedItem() throws(PatternError) -> Item {
        guard let scalar = peek() else { throw PatternError("the pattern ends with a lone backslash") }
        let at = position
        position += 1
        switch scalar {
        case "d": return .set(.of(.digit, negated: false))
        case "D": return .set(.of(.digit, negated: true))
        case "w": return .set(.of(.word, negated: false))
        case "W": return .set(.of(.word, negated: true))
        case "s": return .set(.of(.space, negated: false))
        case "S": return .set(.of(.space, negated: true))
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "v": return .scalar("\u{0B}")
        case "e": return .scalar("\u{1B}")
        case "a": return .scalar("\u{07}")
        case "x":
            if peek() == "{" {
                position += 1
                let value = try hex(maxDigits: 8, exact: false)
                guard peek() == "}" else {
                    throw PatternError("missing '}' in \\x{…} at character \(at)", javaScriptRejects: false)
                }
                position += 1
                return .scalar(try codePoint(value))
            }
            return .scalar(try codePoint(hex(maxDigits: 2, exact: true)))
        case "u": return .scalar(try codePoint(hex(maxDigits: 4, exact: true)))
        case "1"..."9", "k":
            throw PatternError("a backreference cannot stand in a class", javaScriptRejects: false)
        case "p", "P":
            throw PatternError("Unicode property classes (\\p{…}) are not supported", javaScriptRejects: false)
        default:
            if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                throw PatternError("unknown escape \\\(scalar) at character \(at)", javaScriptRejects: false)
            }
            return .scalar(scalar) // escaped punctuation, or any non-ASCII scalar, stands for itself
        }
    }

    private mutating func hex(maxDigits: Int, exact: Bool) throws(PatternError) -> UInt32 {
        var value: UInt32 = 0
        var count = 0
        while count < maxDigits, let c = peek(), let digit = Self.hexDigit(c) {
            value = value << 4 | digit
            count += 1
            position += 1
        }
        if count == 0 || exact && count != maxDigits {
            throw PatternError(
                "expected \(exact ? "\(maxDigits)" : "1 to \(maxDigits)") hex digits at character \(position + 1)",
                javaScriptRejects: false)
        }
        return value
    }

    private static func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: c.value - 0x30
        case 0x41...0x46: c.value - 0x37
        case 0x61...0x66: c.value - 0x57
        default: nil
        }
    }

    private func codePoint(_ value: UInt32) throws(PatternError) -> Unicode.Scalar {
        guard let scalar = Unicode.Scalar(value) else {
            throw PatternError(
                "U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar", javaScriptRejects: false)
        }
        return scalar
    }

    private mutating func bracket(at start: Int) throws(PatternError) -> ScalarSet {
        var set = ScalarSet()
        if peek() == "^" {
            set.negated = true
            position += 1
        }
        var first = true
        while true {
            guard let scalar = peek() else { throw PatternError("missing ']' for the class at character \(start + 1)") }
            if scalar == "]" && !first {
                position += 1
                return set
            }
            first = false
            if scalar == "[" {
                throw PatternError(
                    peek(1) == ":"
                        ? "POSIX classes ([:alpha:]) are not supported"
                        : "nested classes and set operations are not supported; escape '[' as \\[",
                    javaScriptRejects: false)
            }
            if scalar == "&" && peek(1) == "&" {
                throw PatternError("class set operations (&&) are not supported", javaScriptRejects: false)
            }
            let low: Unicode.Scalar
            switch try classItem() {
            case .set(let inner):
                set.classes += inner.classes
                continue
            case .scalar(let s): low = s
            }
            if peek() == "-", let after = peek(1), after != "]" {
                position += 1
                guard case .scalar(let high) = try classItem() else {
                    throw PatternError("a class escape cannot end a range at character \(position)")
                }
                guard low.value <= high.value else {
                    throw PatternError("the range \(low)-\(high) is out of order")
                }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
    }

    private mutating func classItem() throws(PatternError) -> Item {
        let scalar = scalars[position]
        position += 1
        guard scalar == "\\" else { return .scalar(scalar) }
        if peek() == "b" {
            position += 1
            return .scalar("\u{08}")
        }
        return try escapedItem()
    }
}
