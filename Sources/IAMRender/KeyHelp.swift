/// Every key of the interactive app, as the help overlay and the key bar show it.
/// The simulator's reducer handles each of these (a test checks it).
package enum KeyHelp {
    package struct Entry: Sendable, Equatable {
        /// The key as the reducer knows it: a character, or a name ("space", "enter", "up", ...).
        package var key: String
        /// How it is written on screen.
        package var label: String
        package var action: String
        /// A short form for the key bar, or `nil` when the entry is only in the help.
        package var short: String?
        package var group: String
    }

    static func e(_ key: String, _ action: String, short: String? = nil, label: String? = nil, _ group: String) -> Entry
    {
        Entry(key: key, label: label ?? key, action: action, short: short, group: group)
    }

    package static let entries: [Entry] = [
        e("e", "custom event (name, props)", short: "event", "Events"),
        e("p", "purchase (product, props)", short: "purchase", "Events"),
        e("u", "push click (campaign)", short: "push", "Events"),
        e("l", "launch (cold start)", short: "launch", "Events"),
        e("b", "background / foreground", short: "bg/fg", "Device"),
        e("k", "keyboard up / down", short: "keyboard", "Device"),
        e("o", "rotate portrait / landscape", short: "rotate", "Device"),
        e("t", "phone / tablet", "Device"),
        e("w", "network online / offline", "Device"),
        e("R", "reset (fresh install), asks", "Device"),
        e("c", "click the message body", short: "click", "Messages"),
        e("1", "click button 1 / 2", label: "1 2", "Messages"),
        e("d", "dismiss the message", short: "dismiss", label: "d x", "Messages"),
        e("n", "display next from the stack", short: "next", "Messages"),
        e("a", "add a local message", short: "add", "Messages"),
        e("g", "delegate: method and answer", "Delegate"),
        e("s", "enable/disable a campaign", "Server"),
        e("P", "next platform: ios, swift, android, web", "Platform"),
        e("V", "split: two platforms side by side (again: next, then off)", "Platform"),
        e("space", "pause / resume the clock", short: "pause", label: "space", "Time"),
        e("-", "slower / faster (×0.25…×16)", label: "- +", "Time"),
        e(".", "step to the next deadline", short: "step", "Time"),
        e("f", "+1 s / +10 s", label: "f F", "Time"),
        e("r", "timeline play / pause", short: "play", "Timeline"),
        e(">", "timeline: jump to next step", "Timeline"),
        e("N", "the step's note, whole", "Timeline"),
        e("0", "restart from t=0 (asks)", "Timeline"),
        e("O", "open another scenario file", "Timeline"),
        e("tab", "focus: triggers / trace", label: "Tab", "Panel"),
        e("up", "select trigger / trace line", label: "↑ ↓", "Panel"),
        e("enter", "why not? / the record, JSON", label: "Enter", "Panel"),
        e("/", "search; / ⏎ again: older", short: "search", "Panel"),
        e("pageUp", "scroll the trace", label: "PgUp/Dn", "Panel"),
        e("S", "save session as scenario", "App"),
        e("home", "oldest / newest trace record", label: "Home End", "Panel"),
        e("?", "this help", short: "help", "App"),
        e("q", "quit (also Ctrl-C)", short: "quit", "App"),
    ]

    /// The key bar, in order of importance: the first ones stay when space is short.
    static let keyBarOrder = [
        "e", "p", "u", "l", "b", "k", "o", "c", "d", "n", "a", "space", ".", "r", "/", "?", "q",
    ]
}
