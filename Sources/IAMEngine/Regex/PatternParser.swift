/// Recursive descent over the pattern's scalars; depth bounded by `Pattern.maxNesting`.
struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

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
        if let after = peek() {
            if after == "+" { throw PatternError("possessive quantifiers (like a*+) are not supported") }
            if after == "?" { position += 1 } // lazy: the same yes/no answer
        }
        if let after = peek(), after == "*" || after == "+" || after == "?" || after == "{" && isCounted(at: position) {
            throw PatternError("a quantifier cannot follow another at character \(position + 1)")
        }
        if case .empty = atom { return .empty } // `()*`: nothing to repeat, matches empty
        return .repetition(atom, min: bounds.0, max: bounds.1)
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
        case "[": return .set(try bracket(at: start))
        case ".": return .any
        case "^": return .assertion(.lineStart)
        case "$": return .assertion(.lineEnd)
        case "\\": return try escape()
        case "*", "+", "?":
            throw PatternError("'\(scalar)' with nothing to repeat at character \(start + 1)")
        case "{":
            position = start
            if try countedBounds() != nil {
                throw PatternError("a quantifier with nothing to repeat at character \(start + 1)")
            }
            position = start + 1
            return .scalar(scalar)
        default: return .scalar(scalar)
        }
    }

    private mutating func group(at start: Int) throws(PatternError) -> PatternNode {
        depth += 1
        defer { depth -= 1 }
        if depth > Pattern.maxNesting {
            throw PatternError("groups nested deeper than \(Pattern.maxNesting) levels", isLimit: true)
        }
        if peek() == "?" {
            switch peek(1) {
            case ":":
                position += 2
            case "<" where peek(2) != "=" && peek(2) != "!":
                position += 2
                while let c = peek(), c != ">" {
                    guard ScalarSet.isWord(c) else {
                        throw PatternError("invalid group name at character \(position + 1)")
                    }
                    position += 1
                }
                guard peek() == ">" else { throw PatternError("unterminated group name at character \(start + 1)") }
                position += 1
            case "i" where peek(2) == ")":
                position += 3
                return .empty // always case-insensitive
            case "i" where peek(2) == ":":
                position += 3
            case "=", "!": throw PatternError("lookahead ((?=…), (?!…)) is not supported")
            case "<": throw PatternError("lookbehind ((?<=…), (?<!…)) is not supported")
            case ">": throw PatternError("atomic groups ((?>…)) are not supported")
            default: throw PatternError("the group syntax at character \(start + 1) is not supported")
            }
        }
        let inner = try alternation()
        guard peek() == ")" else { throw PatternError("missing ')' for the group at character \(start + 1)") }
        position += 1
        return inner
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
        default:
            switch try escapedItem() {
            case .scalar(let s): return .scalar(s)
            case .set(let set): return .set(set)
            }
        }
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
                guard peek() == "}" else { throw PatternError("missing '}' in \\x{…} at character \(at)") }
                position += 1
                return .scalar(try codePoint(value))
            }
            return .scalar(try codePoint(hex(maxDigits: 2, exact: true)))
        case "u": return .scalar(try codePoint(hex(maxDigits: 4, exact: true)))
        case "1"..."9", "k":
            throw PatternError("backreferences (like \\1) are not supported")
        case "p", "P":
            throw PatternError("Unicode property classes (\\p{…}) are not supported")
        default:
            if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                throw PatternError("unknown escape \\\(scalar) at character \(at)")
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
                "expected \(exact ? "\(maxDigits)" : "1 to \(maxDigits)") hex digits at character \(position + 1)")
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
            throw PatternError("U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar")
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
                        : "nested classes and set operations are not supported; escape '[' as \\[")
            }
            if scalar == "&" && peek(1) == "&" { throw PatternError("class set operations (&&) are not supported") }
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
