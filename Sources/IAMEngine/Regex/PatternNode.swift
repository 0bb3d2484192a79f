// The syntax tree `PatternParser` builds and `PatternProgram` compiles (see `Pattern`).

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
