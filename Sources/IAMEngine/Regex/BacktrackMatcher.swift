// Running a backtracking program (R3): depth-first, one path at a time, with an explicit stack
// of choice points and capture restores (no recursion but one level per nested lookaround),
// every instruction paid for out of a step budget.
extension BacktrackProgram {
    /// Whether the program matches some substring of `text`: `nil` when `budget` ran out first.
    /// Start positions are tried left to right; each instruction executed costs one step, a
    /// backreference one more per scalar it compares. `budget` is left with what remains.
    func run(
        _ text: [Unicode.Scalar], caseSensitive: Bool, unsetGroupMatchesEmpty: Bool, budget: inout Int
    ) -> Bool? {
        var machine = BacktrackMachine(
            instructions: instructions, text: text, caseSensitive: caseSensitive,
            unsetGroupMatchesEmpty: unsetGroupMatchesEmpty, slots: Array(repeating: -1, count: slotCount),
            budget: budget)
        defer { budget = max(0, machine.budget) }
        for start in 0...text.count {
            guard let matched = machine.run(from: 0, at: start, endingAt: nil) else { return nil }
            if matched { return true }
        }
        return false
    }
}

private struct BacktrackMachine {
    typealias Instruction = BacktrackProgram.Instruction
    let instructions: [Instruction]
    let text: [Unicode.Scalar]
    let caseSensitive: Bool
    /// JavaScript: a backreference to a group that has not captured matches the empty string,
    /// and a loop's iteration that consumed nothing fails; ICU and Java: the backreference
    /// fails, and such an iteration ends the loop.
    let unsetGroupMatchesEmpty: Bool
    var slots: [Int]
    var budget: Int
    private var stack: [Entry] = []

    private enum Entry {
        /// A choice point: resume at `pc` with the text at `position`.
        case resume(pc: Int, position: Int)
        /// Undo a capture: `slots[slot] = value`.
        case restore(slot: Int, value: Int)
    }

    init(
        instructions: [Instruction], text: [Unicode.Scalar], caseSensitive: Bool, unsetGroupMatchesEmpty: Bool,
        slots: [Int], budget: Int
    ) {
        self.instructions = instructions
        self.text = text
        self.caseSensitive = caseSensitive
        self.unsetGroupMatchesEmpty = unsetGroupMatchesEmpty
        self.slots = slots
        self.budget = budget
    }

    /// Runs from `pc` at `position` until `match` (or, in a lookaround's body, `succeed`, at
    /// `endingAt` for a lookbehind): true; false when every path failed (the stack is then back
    /// where it was, every capture undone); nil when the budget ran out. On true, the choice
    /// points and restores of the successful path stay on the stack above where it began.
    mutating func run(from startPC: Int, at startPosition: Int, endingAt end: Int?) -> Bool? {
        let base = stack.count
        var pc = startPC
        var position = startPosition
        while true {
            budget -= 1
            if budget < 0 { return nil }
            var advanced = true
            switch instructions[pc] {
            case .scalar(let folded, let exact, let mode):
                if position < text.count,
                    mode.isSensitive(platform: caseSensitive)
                        ? text[position] == exact : PatternProgram.fold(text[position]) == folded
                {
                    position += 1
                    pc += 1
                } else {
                    advanced = false
                }
            case .any(let dotAll):
                if position < text.count, dotAll || !PatternProgram.isLineBreak(text[position]) {
                    position += 1
                    pc += 1
                } else {
                    advanced = false
                }
            case .set(let set, let mode):
                if position < text.count,
                    set.contains(text[position], caseSensitive: mode.isSensitive(platform: caseSensitive))
                {
                    position += 1
                    pc += 1
                } else {
                    advanced = false
                }
            case .assertion(let assertion):
                if PatternProgram.holds(assertion, at: position, in: text) { pc += 1 } else { advanced = false }
            case .split(let first, let second):
                stack.append(.resume(pc: second, position: position))
                pc = first
            case .jump(let target):
                pc = target
            case .save(let slot), .mark(let slot):
                stack.append(.restore(slot: slot, value: slots[slot]))
                slots[slot] = position
                pc += 1
            case .progress(let slot, let exit):
                if slots[slot] != position {
                    pc += 1
                } else if unsetGroupMatchesEmpty {
                    advanced = false
                } else {
                    pc = exit
                }
            case .backreference(let group, let mode):
                guard let length = backreference(group, mode, at: position) else { return nil }
                if length >= 0 {
                    position += length
                    pc += 1
                } else {
                    advanced = false
                }
            case .look(let behind, let negated, let minLength, let maxLength, let next):
                let mark = stack.count
                var found = false
                if behind {
                    var start = position - minLength
                    while !found, start >= max(0, position - maxLength) {
                        guard let matched = run(from: pc + 1, at: start, endingAt: position) else { return nil }
                        found = matched
                        start -= 1
                    }
                } else {
                    guard let matched = run(from: pc + 1, at: position, endingAt: nil) else { return nil }
                    found = matched
                }
                if found && negated {
                    unwind(to: mark)
                    advanced = false
                } else if found {
                    keepCaptures(above: mark)
                    pc = next
                } else if negated {
                    pc = next
                } else {
                    advanced = false
                }
            case .succeed:
                if end == nil || end == position { return true }
                advanced = false
            case .match:
                return true
            }
            if !advanced {
                guard let resume = backtrack(to: base) else { return false }
                pc = resume.pc
                position = resume.position
            }
        }
    }

    /// The length of `group`'s capture when the text at `position` repeats it; -1 when it does
    /// not; nil when comparing it ran the budget out.
    private mutating func backreference(_ group: Int, _ mode: CaseMode, at position: Int) -> Int? {
        let start = slots[2 * group]
        let end = slots[2 * group + 1]
        guard start >= 0, end >= start else { return unsetGroupMatchesEmpty ? 0 : -1 }
        let length = end - start
        budget -= length
        if budget < 0 { return nil }
        guard position + length <= text.count else { return -1 }
        let sensitive = mode.isSensitive(platform: caseSensitive)
        for offset in 0..<length {
            let a = text[start + offset]
            let b = text[position + offset]
            if a != b, sensitive || PatternProgram.fold(a) != PatternProgram.fold(b) { return -1 }
        }
        return length
    }

    /// Pops to the latest choice point above `base`, undoing captures on the way.
    private mutating func backtrack(to base: Int) -> (pc: Int, position: Int)? {
        while stack.count > base {
            switch stack.removeLast() {
            case .restore(let slot, let value): slots[slot] = value
            case .resume(let pc, let position): return (pc, position)
            }
        }
        return nil
    }

    /// Undoes everything above `mark`.
    private mutating func unwind(to mark: Int) {
        while stack.count > mark {
            if case .restore(let slot, let value) = stack.removeLast() { slots[slot] = value }
        }
    }

    /// A lookaround that held is atomic: its choice points go, the captures it made stay (and
    /// are undone when the search backtracks past it).
    private mutating func keepCaptures(above mark: Int) {
        var kept = mark
        for index in mark..<stack.count {
            if case .restore = stack[index] {
                stack[kept] = stack[index]
                kept += 1
            }
        }
        stack.removeLast(stack.count - kept)
    }
}
