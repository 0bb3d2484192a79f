/// The program of a pattern that needs lookaround or a backreference (R3): run by a bounded
/// backtracking machine (`BacktrackProgram.run`), never by the linear one. Everything else a
/// pattern can say compiles as in `PatternProgram`, plus:
/// - `save`: a capture's start or end position (slot `2 × group` and `2 × group + 1`);
/// - `backreference`: the text a group captured, again;
/// - `look`: a lookaround whose body follows it and ends in `succeed`; the machine runs the
///   body as a sub-search (atomic, as in ICU, Java and JavaScript) and continues at `next`;
/// - `mark` / `progress`: a loop whose body can match the empty string records where an
///   iteration began and refuses an iteration that consumed nothing (no endless loop).
struct BacktrackProgram: Sendable {
    enum Instruction: Sendable {
        case scalar(folded: Unicode.Scalar, exact: Unicode.Scalar, CaseMode)
        case any(dotAll: Bool)
        case set(ScalarSet, CaseMode)
        case assertion(PatternAssertion)
        /// Try the first target; on failure, the second.
        case split(Int, Int)
        case jump(Int)
        case save(slot: Int)
        case backreference(group: Int, CaseMode)
        /// A lookbehind's body is tried ending exactly here, starting `minLength…maxLength` back.
        case look(behind: Bool, negated: Bool, minLength: Int, maxLength: Int, next: Int)
        case succeed
        case mark(slot: Int)
        /// After an iteration of a loop whose body can match nothing: one that consumed nothing
        /// ends the loop at `exit` (ICU, Java: its captures kept) or fails (JavaScript).
        case progress(slot: Int, exit: Int)
        case match
    }

    private(set) var instructions: [Instruction] = []
    /// Capture slots (two per group, slot 0 and 1 unused), then one per empty-matching loop.
    private(set) var slotCount: Int

    init(compiling tree: PatternNode, groups: Int) throws(PatternError) {
        let size = PatternProgram.size(of: tree) + Self.extraSize(of: tree)
        if size + 1 > Pattern.maxProgramSize {
            throw PatternError(
                "the pattern is too complex: it needs \(size >= Int.max / 4 ? "too many" : String(size)) "
                    + "steps; the limit is \(Pattern.maxProgramSize) (counted repetitions like {100} multiply)",
                isLimit: true)
        }
        slotCount = 2 * (groups + 1)
        instructions.reserveCapacity(size + 1)
        emit(tree)
        instructions.append(.match)
    }

    /// What this program adds to `PatternProgram.size`: saves, loop marks (saturating).
    private static func extraSize(of node: PatternNode) -> Int {
        let cap = Int.max / 4
        switch node {
        case .empty, .scalar, .any, .set, .assertion, .backreference: return 0
        case .group(let inner, _): return min(cap, extraSize(of: inner) + 2)
        case .look(let inner, _, _): return extraSize(of: inner)
        case .sequence(let items), .alternation(let items):
            return items.reduce(0) { min(cap, $0 + extraSize(of: $1)) }
        case .repetition(let inner, let low, let high, _):
            let copies = high.map { max($0, 1) } ?? (low + 1)
            let (product, overflow) = (extraSize(of: inner) + 2).multipliedReportingOverflow(by: copies)
            return overflow ? cap : min(cap, product)
        }
    }

    private mutating func emit(_ node: PatternNode) {
        switch node {
        case .empty: break
        case .scalar(let s, let mode):
            instructions.append(.scalar(folded: PatternProgram.fold(s), exact: s, mode))
        case .any(let dotAll): instructions.append(.any(dotAll: dotAll))
        case .set(let set, let mode): instructions.append(.set(set, mode))
        case .assertion(let a): instructions.append(.assertion(a))
        case .backreference(let group, let mode): instructions.append(.backreference(group: group, mode))
        case .sequence(let items): for item in items { emit(item) }
        case .group(let inner, let index):
            instructions.append(.save(slot: 2 * index))
            emit(inner)
            instructions.append(.save(slot: 2 * index + 1))
        case .look(let inner, let behind, let negated):
            let range = inner.lengthRange
            let look = placeholder()
            emit(inner)
            instructions.append(.succeed)
            instructions[look] = .look(
                behind: behind, negated: negated, minLength: range.min, maxLength: range.max ?? 0,
                next: instructions.count)
        case .alternation(let branches):
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
        case .repetition(let inner, let low, let high, let lazy):
            for _ in 0..<low { emit(inner) }
            let canBeEmpty = inner.lengthRange.min == 0
            if let high {
                // Each optional copy: split body, end (all copies skip to the same end).
                var splits: [Int] = []
                for _ in low..<max(low, high) {
                    splits.append(placeholder())
                    emit(inner)
                }
                let end = instructions.count
                for split in splits { instructions[split] = choice(split + 1, end, lazy: lazy) }
            } else {
                // loop: split body, end; [mark] body [progress]; jump loop
                let loop = placeholder()
                var slot: Int?
                if canBeEmpty {
                    slot = slotCount
                    slotCount += 1
                    instructions.append(.mark(slot: slot!))
                }
                emit(inner)
                let progress = slot.map { _ in placeholder() }
                instructions.append(.jump(loop))
                let exit = instructions.count
                if let slot, let progress { instructions[progress] = .progress(slot: slot, exit: exit) }
                instructions[loop] = choice(loop + 1, exit, lazy: lazy)
            }
        }
    }

    /// Greedy: the body first; lazy: what follows first.
    private func choice(_ body: Int, _ skip: Int, lazy: Bool) -> Instruction {
        lazy ? .split(skip, body) : .split(body, skip)
    }

    private mutating func placeholder() -> Int {
        instructions.append(.jump(-1))
        return instructions.count - 1
    }
}
