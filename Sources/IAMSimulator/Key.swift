/// A key press, as the terminal layer decodes it (IAMTerminal reads curses), so the app never sees
/// raw byte sequences or key codes. Here, with the key bar and the commands, so the reducer needs no
/// curses.
public enum Key: Hashable, Sendable {
    /// A printable character, including non-ASCII ones (read with `get_wch`).
    case character(Character)
    case enter, escape, backspace, tab, backTab, delete, insert
    case up, down, left, right, pageUp, pageDown, home, end
    /// F1 is `.function(1)`; shifted F-keys arrive as higher numbers (xterm: Shift-F1 is F13).
    case function(Int)
    /// Control plus a letter or symbol, lowercase: Ctrl-C is `.ctrl("c")` (raw mode delivers
    /// it as a key, so the app can quit cleanly instead of being killed by SIGINT).
    case ctrl(Character)
    /// A key curses reported that has no case here (its curses code or character value).
    case unknown(Int)
}
