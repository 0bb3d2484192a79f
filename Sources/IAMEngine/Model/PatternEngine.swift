// The parser, compiler and non-backtracking matcher behind `Pattern` (see its documentation).

/// A pattern's syntax tree.
indirect enum PatternNode: Sendable {
    case empty
    case scalar(Unicode.Scalar)
    case any
    case set(ScalarSet)
    case assertion(PatternAssertion)
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// `max == nil`: unbounded.
    case repetition(PatternNode, min: Int, max: Int?)
}

enum PatternAssertion: Sendable {
    case lineStart, lineEnd, textStart, textEnd, textEndBeforeNewline, wordBoundary, notWordBoundary
}

/// A bracket expression or a class escape: ranges and classes, possibly negated.
struct ScalarSet: Sendable {
    enum Class: Sendable { case digit, word, space }
    var ranges: [ClosedRange<UInt32>] = []
    var classes: [(Class, negated: Bool)] = []
    var negated = false

    static func of(_ kind: Class, negated: Bool) -> ScalarSet {
        ScalarSet(classes: [(kind, negated)])
    }

    /// Case-insensitive: the scalar, its lowercase and its uppercase mapping are tried.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let hit =
            containsExactly(scalar)
            || containsExactly(PatternProgram.fold(scalar))
            || containsExactly(PatternProgram.upper(scalar))
        return hit != negated
    }

    private func containsExactly(_ scalar: Unicode.Scalar) -> Bool {
        for range in ranges where range.contains(scalar.value) { return true }
        for (kind, negated) in classes where ScalarSet.is(scalar, kind) != negated { return true }
        return false
    }

    static func `is`(_ scalar: Unicode.Scalar, _ kind: Class) -> Bool {
        switch kind {
        case .digit: return scalar.properties.numericType == .decimal
        case .space: return scalar.properties.isWhitespace
        case .word: return isWord(scalar)
        }
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return false
        }
    }
}

// MARK: - Parsing

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
            throw PatternError("groups nested deeper than \(Pattern.maxNesting) levels")
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

// MARK: - Compiling and running

/// A Thompson automaton: instructions run by `run(_:)` without backtracking.
struct PatternProgram: Sendable {
    enum Instruction: Sendable {
        /// A scalar, stored folded (lowercase mapping).
        case scalar(Unicode.Scalar)
        case any
        case set(ScalarSet)
        case assertion(PatternAssertion)
        case split(Int, Int)
        case jump(Int)
        case match
    }

    private(set) var instructions: [Instruction] = []

    init(compiling tree: PatternNode) throws(PatternError) {
        let size = Self.size(of: tree)
        if size + 1 > Pattern.maxProgramSize {
            throw PatternError(
                "the pattern is too complex: it needs \(size >= Int.max / 4 ? "too many" : String(size)) "
                    + "automaton steps; the limit is \(Pattern.maxProgramSize) (counted repetitions like {100} multiply)"
            )
        }
        instructions.reserveCapacity(size + 1)
        emit(tree)
        instructions.append(.match)
    }

    /// Instructions `node` compiles to, saturating instead of overflowing.
    static func size(of node: PatternNode) -> Int {
        let cap = Int.max / 4
        switch node {
        case .empty: return 0
        case .scalar, .any, .set, .assertion: return 1
        case .sequence(let items): return min(cap, items.reduce(0) { min(cap, $0 + size(of: $1)) })
        case .alternation(let branches):
            return min(cap, branches.reduce(0) { min(cap, $0 + size(of: $1) + 2) })
        case .repetition(let inner, let low, let high):
            let body = size(of: inner)
            let copies = high.map { max($0, 1) } ?? (low + 1)
            let (product, overflow) = (body + 1).multipliedReportingOverflow(by: copies)
            return overflow ? cap : min(cap, product + 1)
        }
    }

    private mutating func emit(_ node: PatternNode) {
        switch node {
        case .empty: break
        case .scalar(let s): instructions.append(.scalar(Self.fold(s)))
        case .any: instructions.append(.any)
        case .set(let set): instructions.append(.set(set))
        case .assertion(let a): instructions.append(.assertion(a))
        case .sequence(let items): for item in items { emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: a; jump end; next: split L2, ...; last branch
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = placeholder()
                    emit(branch)
                    jumps.append(placeholder())
                    instructions[split] = .split(split + 1, instructions.count)
                } else {
                    emit(branch)
                }
            }
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case .repetition(let inner, let low, let high):
            for _ in 0..<low { emit(inner) }
            if let high {
                // Each optional copy: split body, end.
                var splits: [Int] = []
                for _ in low..<max(low, high) {
                    splits.append(placeholder())
                    emit(inner)
                }
                for split in splits { instructions[split] = .split(split + 1, instructions.count) }
            } else {
                // loop: split body, end; body; jump loop
                let loop = placeholder()
                emit(inner)
                instructions.append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }

    private mutating func placeholder() -> Int {
        instructions.append(.jump(-1))
        return instructions.count - 1
    }

    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
        }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x61...0x7A).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x20)! : scalar
        }
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        return upper.count == 1 ? upper.first! : scalar
    }

    static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether the automaton accepts some substring of `text`: every start position is tried
    /// at once by adding the start state before each scalar. Each instruction is visited at most
    /// once per position.
    func run(_ text: [Unicode.Scalar]) -> Bool {
        var steps = 0
        return run(text, steps: &steps)
    }

    /// `run`, counting the states visited: the work bound tests assert on, instead of a time.
    func run(_ text: [Unicode.Scalar], steps: inout Int) -> Bool {
        let count = instructions.count
        var current = StateList(capacity: count)
        var next = StateList(capacity: count)
        var stack: [Int] = []
        stack.reserveCapacity(count)
        for position in 0...text.count {
            if add(0, at: position, in: text, to: &current, &stack, &steps) { return true }
            if position == text.count { break }
            let scalar = text[position]
            let folded = Self.fold(scalar)
            next.clear()
            for index in 0..<current.count {
                let pc = current.states[index]
                let advances: Bool
                switch instructions[pc] {
                case .scalar(let s): advances = s == folded
                case .any: advances = !Self.isLineBreak(scalar)
                case .set(let set): advances = set.contains(scalar)
                default: advances = false // control instructions were followed in `add`
                }
                if advances, add(pc + 1, at: position + 1, in: text, to: &next, &stack, &steps) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds `pc` and everything reachable from it without reading a scalar; true on a match.
    private func add(
        _ pc: Int, at position: Int, in text: [Unicode.Scalar],
        to list: inout StateList, _ stack: inout [Int], _ steps: inout Int
    ) -> Bool {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            steps += 1
            switch instructions[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let a, let b):
                stack.append(b)
                stack.append(a)
            case .assertion(let assertion):
                if Self.holds(assertion, at: position, in: text) { stack.append(pc + 1) }
            case .scalar, .any, .set: break
            }
        }
        return false
    }

    static func holds(_ assertion: PatternAssertion, at position: Int, in text: [Unicode.Scalar]) -> Bool {
        let atEnd = position == text.count
        let beforeFinalNewline = position == text.count - 1 && text[position] == "\n"
        switch assertion {
        case .lineStart, .textStart: return position == 0
        case .lineEnd, .textEndBeforeNewline: return atEnd || beforeFinalNewline
        case .textEnd: return atEnd
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && ScalarSet.isWord(text[position - 1])
            let after = position < text.count && ScalarSet.isWord(text[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }
}

/// A set of instruction indices with O(1) insert and clear (a sparse set).
private struct StateList {
    var states: [Int]
    var count = 0
    private var slot: [Int]

    init(capacity: Int) {
        states = Array(repeating: 0, count: capacity)
        slot = Array(repeating: 0, count: capacity)
    }

    /// False when `pc` is already in the set.
    mutating func insert(_ pc: Int) -> Bool {
        let i = slot[pc]
        if i < count, states[i] == pc { return false }
        slot[pc] = count
        states[count] = pc
        count += 1
        return true
    }

    mutating func clear() { count = 0 }
}
