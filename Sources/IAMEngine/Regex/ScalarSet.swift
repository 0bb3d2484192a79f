/// A bracket expression or a class escape: ranges and classes, possibly negated.
struct ScalarSet: Sendable {
    enum Class: Sendable { case digit, word, space }
    var ranges: [ClosedRange<UInt32>] = []
    var classes: [(Class, negated: Bool)] = []
    var negated = false

    static func of(_ kind: Class, negated: Bool) -> ScalarSet {
        ScalarSet(classes: [(kind, negated)])
    }

    /// Case-insensitive: the scalar, its lowercase and its uppercase mapping are tried; a
    /// case-sensitive run tries the scalar alone.
    func contains(_ scalar: Unicode.Scalar, caseSensitive: Bool) -> Bool {
        if caseSensitive { return containsExactly(scalar) != negated }
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
