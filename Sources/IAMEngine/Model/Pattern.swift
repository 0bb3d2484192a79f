/// A compiled property-filter regex (comparators 10 and 17): case-insensitive, partial match.
public struct Pattern: Sendable {
    public let source: String
    private let box: Box

    /// Throws when `source` is not a valid regular expression.
    public init(_ source: String) throws {
        self.source = source
        self.box = Box(try Regex(source).ignoresCase())
    }

    /// A partial match anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        (try? box.regex.firstMatch(in: text)) != nil
    }

    // Regex<AnyRegexOutput> is immutable once built; the box only hides its missing Sendable.
    private final class Box: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
    }
}
