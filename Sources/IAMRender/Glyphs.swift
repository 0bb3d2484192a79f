/// Box drawing and symbols, in UTF-8 or in plain ASCII for a non-UTF-8 locale.
package struct Glyphs: Sendable {
    package var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
    package var play, pause, chevron, close, bullet, hollow, half, barFull, barEmpty: Character
    package var arrow, check, cross, download, keyboardEdge, dot, ellipsis, up, down: String
    /// The timeline's state: glyphs of its own, never the clock's ▶ and ⏸.
    package var timelinePlaying, timelineStopped: String
    package var spinner: [Character]
    package var appIcon: Character
    package var imageFill: Character
    package var skeleton: Character

    static let unicode = Glyphs(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│",
        play: "▶", pause: "⏸", chevron: "›", close: "×", bullet: "●", hollow: "○", half: "◐",
        barFull: "█", barEmpty: "░",
        arrow: "→", check: "✓", cross: "✗", download: "⇣", keyboardEdge: "▁", dot: "·", ellipsis: "…",
        up: "↑", down: "↓", timelinePlaying: "▷▷", timelineStopped: "□",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        appIcon: "▢", imageFill: "░", skeleton: "▬"
    )

    package static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        play: ">", pause: "|", chevron: ">", close: "x", bullet: "*", hollow: "o", half: "%",
        barFull: "#", barEmpty: ".",
        arrow: "->", check: "ok", cross: "X", download: "v", keyboardEdge: "_", dot: "-", ellipsis: "~",
        up: "^", down: "v", timelinePlaying: ">>", timelineStopped: "[]",
        spinner: ["|", "/", "-", "\\"],
        appIcon: "#", imageFill: ":", skeleton: "="
    )

    static func forMode(ascii: Bool) -> Glyphs { ascii ? .ascii : .unicode }
}
