/// A run of text in one style.
package struct Span: Sendable, Equatable {
    package var text: String
    package var role: StyleRole
    package var bold: Bool
    package var reverse: Bool
    package init(_ text: String, _ role: StyleRole = .normal, bold: Bool = false, reverse: Bool = false) {
        self.text = text
        self.role = role
        self.bold = bold
        self.reverse = reverse
    }
}

/// One line of styled spans.
package typealias Line = [Span]
