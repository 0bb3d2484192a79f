/// A Thompson automaton: instructions run by `run(_:)` without backtracking.
struct PatternProgram: Sendable {
    enum Instruction: Sendable {
        /// A scalar, stored folded (lowercase mapping) and as written (for case-sensitive runs).
        case scalar(folded: Unicode.Scalar, exact: Unicode.Scalar, CaseMode)
        case any(dotAll: Bool)
        case set(ScalarSet, CaseMode)
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
                    + "automaton steps; the limit is \(Pattern.maxProgramSize) (counted repetitions like {100} multiply)",
                isLimit: true)
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
        case .scalar, .any, .set, .assertion, .backreference: return 1
        case .group(let inner, _): return size(of: inner)
        case .look(let inner, _, _): return min(cap, size(of: inner) + 2)
        case .sequence(let items): return min(cap, items.reduce(0) { min(cap, $0 + size(of: $1)) })
        case .alternation(let branches):
            return min(cap, branches.reduce(0) { min(cap, $0 + size(of: $1) + 2) })
        case .repetition(let inner, let low, let high, _):
            let body = size(of: inner)
            let copies = high.map { max($0, 1) } ?? (low + 1)
            let (product, overflow) = (body + 1).multipliedReportingOverflow(by: copies)
            return overflow ? cap : min(cap, product + 1)
        }
    }

    private mutating func emit(_ node: PatternNode) {
        switch node {
        case .empty: break
        case .scalar(let s, let mode): instructions.append(.scalar(folded: Self.fold(s), exact: s, mode))
        case .any(let dotAll): instructions.append(.any(dotAll: dotAll))
        case .set(let set, let mode): instructions.append(.set(set, mode))
        case .group(let inner, _): emit(inner)
        case .look, .backreference:
            preconditionFailure("lookaround and backreferences are compiled by BacktrackProgram")
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
        case .repetition(let inner, let low, let high, _):
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
}
