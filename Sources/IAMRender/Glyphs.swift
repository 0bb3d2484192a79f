/// Box drawing and symbols, in UTF-8 or in plain ASCII for a non-UTF-8 locale.
public struct Glyphs: Sendable {
    public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
    public var play, pause, chevron, close, bullet, hollow, half, barFull, barEmpty: Character
    public var arrow, check, cross, download, keyboardEdge, dot, ellipsis, up, down: String
    /// The timeline's state: glyphs of its own, never the clock's ▶ and ⏸.
    public var timelinePlaying, timelineStopped: String
    public var spinner: [Character]
    public var appIcon: Character
    public var imageFill: Character
    public var skeleton: Character

    public static let unicode = Glyphs(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│",
        play: "▶", pause: "⏸", chevron: "›", close: "×", bullet: "●", hollow: "○", half: "◐",
        barFull: "█", barEmpty: "░",
        arrow: "→", check: "✓", cross: "✗", download: "⇣", keyboardEdge: "▁", dot: "·", ellipsis: "…",
        up: "↑", down: "↓", timelinePlaying: "▷▷", timelineStopped: "□",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        appIcon: "▢", imageFill: "░", skeleton: "▬"
    )

    public static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        play: ">", pause: "|", chevron: ">", close: "x", bullet: "*", hollow: "o", half: "%",
        barFull: "#", barEmpty: ".",
        arrow: "->", check: "ok", cross: "X", download: "v", keyboardEdge: "_", dot: "-", ellipsis: "~",
        up: "^", down: "v", timelinePlaying: ">>", timelineStopped: "[]",
        spinner: ["|", "/", "-", "\\"],
        appIcon: "#", imageFill: ":", skeleton: "="
    )

    public static func forMode(ascii: Bool) -> Glyphs { ascii ? .ascii : .unicode }
}
