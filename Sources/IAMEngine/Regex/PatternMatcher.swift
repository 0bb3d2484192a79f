// Running a compiled pattern: a Thompson simulation, every start position at once, no backtracking.
extension PatternProgram {
    /// Whether the automaton accepts some substring of `text`: every start position is tried
    /// at once by adding the start state before each scalar. Each instruction is visited at most
    /// once per position.
    func run(_ text: [Unicode.Scalar], caseSensitive: Bool) -> Bool {
        var steps = 0
        return run(text, caseSensitive: caseSensitive, steps: &steps)
    }

    /// `run`, counting the states visited: the work bound tests assert on, instead of a time.
    func run(_ text: [Unicode.Scalar], caseSensitive: Bool, steps: inout Int) -> Bool {
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
                case .scalar(let s, let exact, let mode):
                    advances = mode.isSensitive(platform: caseSensitive) ? exact == scalar : s == folded
                case .any(let dotAll): advances = dotAll || !Self.isLineBreak(scalar)
                case .set(let set, let mode):
                    advances = set.contains(scalar, caseSensitive: mode.isSensitive(platform: caseSensitive))
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
        case .multiLineStart: return position == 0 || isLineBreak(text[position - 1]) && !isCRLF(position, text)
        case .multiLineEnd: return atEnd || isLineBreak(text[position]) && !isCRLF(position, text)
        case .textEnd: return atEnd
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && ScalarSet.isWord(text[position - 1])
            let after = position < text.count && ScalarSet.isWord(text[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }
}

extension PatternProgram {
    /// Between the `\r` and the `\n` of a `\r\n`: not a line boundary.
    static func isCRLF(_ position: Int, _ text: [Unicode.Scalar]) -> Bool {
        position > 0 && position < text.count && text[position - 1] == "\r" && text[position] == "\n"
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
