import CNcurses

/// Video attributes, independent of curses' bit layout.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let italic = TextAttributes(rawValue: 1 << 4)

    /// The curses `attr_t` bits (no colour pair).
    var cursesValue: attr_t {
        var value = iam_a_normal()
        if contains(.bold) { value |= iam_a_bold() }
        if contains(.dim) { value |= iam_a_dim() }
        if contains(.reverse) { value |= iam_a_reverse() }
        if contains(.underline) { value |= iam_a_underline() }
        if contains(.italic) { value |= iam_a_italic() }
        return value
    }
}
