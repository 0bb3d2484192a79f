/// Every command of the interactive app: its keys, how the help and the key bar write it, and
/// what it does in words. The reducer dispatches on it, the key bar and the help list it; each
/// property is an exhaustive switch, so a new command is one compiler-checked edit.
package enum KeyCommand: Sendable, Equatable, CaseIterable {
    // Events
    case customEvent, purchase, pushClick, launch
    // Device
    case backgroundForeground, keyboard, rotate, deviceKind, network, reset
    // Messages
    case clickBody, button1, button2, dismiss, displayNext, addLocal
    // Delegate, the app's presenter, server, platform
    case delegate, integration, campaign, nextProfile, split
    // Time
    case pause, slower, faster, stepToDeadline, plusOne, plusTen
    // Timeline
    case timelinePlay, timelineStep, note, restart, open
    // Panel
    case focus, up, down, enter, escape, search, pageUp, pageDown, oldest, newest
    // App
    case save, lastMessage, help, quit

    /// The help's groups, in the order it lists them.
    package enum Group: String, Sendable, CaseIterable {
        case events = "Events"
        case device = "Device"
        case messages = "Messages"
        case delegate = "Delegate"
        case server = "Server"
        case platform = "Platform"
        case time = "Time"
        case timeline = "Timeline"
        case panel = "Panel"
        case app = "App"
    }

    /// The keys that run it, by name: a character, or `space`, `enter`, `escape`, `tab`, `up`,
    /// `down`, `pageUp`, `pageDown`, `home`, `end`. The first is the one shown.
    package var keys: [String] {
        switch self {
        case .customEvent: ["e"]
        case .purchase: ["p"]
        case .pushClick: ["u"]
        case .launch: ["l"]
        case .backgroundForeground: ["b"]
        case .keyboard: ["k"]
        case .rotate: ["o"]
        case .deviceKind: ["t"]
        case .network: ["w"]
        case .reset: ["R"]
        case .clickBody: ["c"]
        case .button1: ["1"]
        case .button2: ["2"]
        case .dismiss: ["d", "x"]
        case .displayNext: ["n"]
        case .addLocal: ["a"]
        case .delegate: ["g"]
        case .integration: ["i"]
        case .campaign: ["s"]
        case .nextProfile: ["P"]
        case .split: ["V"]
        case .pause: ["space"]
        case .slower: ["-"]
        case .faster: ["+", "="]
        case .stepToDeadline: ["."]
        case .plusOne: ["f"]
        case .plusTen: ["F"]
        case .timelinePlay: ["r"]
        case .timelineStep: [">"]
        case .note: ["N"]
        case .restart: ["0"]
        case .open: ["O"]
        case .focus: ["tab"]
        case .up: ["up"]
        case .down: ["down"]
        case .enter: ["enter"]
        case .escape: ["escape"]
        case .search: ["/"]
        case .pageUp: ["pageUp"]
        case .pageDown: ["pageDown"]
        case .oldest: ["home"]
        case .newest: ["end"]
        case .save: ["S"]
        case .lastMessage: ["m"]
        case .help: ["?"]
        case .quit: ["q"]
        }
    }

    /// The command a key name runs, if any.
    package static func named(_ key: String) -> KeyCommand? { byKey[key] }

    private static let byKey: [String: KeyCommand] = {
        var table: [String: KeyCommand] = [:]
        for command in allCases {
            for key in command.keys { table[key] = command }
        }
        return table
    }()

    /// The help's row for it: the keys as written and what they do. `nil` for a command the row
    /// of another one describes (button 2 with button 1, `+` with `-`, ...).
    package var help: (label: String, action: String)? {
        switch self {
        case .customEvent: ("e", "custom event (name, props)")
        case .purchase: ("p", "purchase (product, props)")
        case .pushClick: ("u", "push click (campaign)")
        case .launch: ("l", "launch (cold start)")
        case .backgroundForeground: ("b", "background / foreground")
        case .keyboard: ("k", "keyboard up / down")
        case .rotate: ("o t", "rotate / phone or tablet")
        case .deviceKind: nil
        case .network: ("w", "network online / offline")
        case .reset: ("R", "reset (fresh install), asks")
        case .clickBody: ("c", "click the message body")
        case .button1: ("1 2", "click button 1 / 2")
        case .button2: nil
        case .dismiss: ("d x", "dismiss the message")
        case .displayNext: ("n", "display next from the stack")
        case .addLocal: ("a", "add a local message")
        case .delegate: ("g", "delegate method, answers")
        case .integration: ("i", "app UI: default/none/custom")
        case .campaign: ("s", "enable/disable a campaign")
        case .nextProfile: ("P", "next platform (ios…web)")
        case .split: ("V", "split view (again: next)")
        case .pause: ("space", "pause / resume the clock")
        case .slower: ("- +", "slower / faster (×0.25…×16)")
        case .faster: nil
        case .stepToDeadline: (".", "step to the next deadline")
        case .plusOne: ("f F", "+1 s / +10 s")
        case .plusTen: nil
        case .timelinePlay: ("r", "timeline play / pause")
        case .timelineStep: (">", "timeline: jump to next step")
        case .note: ("N", "the note or intro, whole")
        case .restart: ("0", "restart from t=0 (asks)")
        case .open: ("O", "open another scenario file")
        case .focus: ("Tab", "focus: triggers / trace")
        case .up: ("↑ ↓", "select trigger / trace line")
        case .down: nil
        case .enter: ("Enter", "why not? / the record, JSON")
        case .escape: nil // closes whatever panel is open, as the panels say
        case .search: ("/", "search; / ⏎ again: older")
        case .pageUp: ("PgUp/Dn", "scroll the trace a page")
        case .pageDown: nil
        case .oldest: ("Home End", "oldest / newest record")
        case .newest: nil
        case .save: ("S", "save session as scenario")
        case .lastMessage: ("m", "the last message, whole")
        case .help: ("?", "this help")
        case .quit: ("q", "quit (also Ctrl-C)")
        }
    }

    package var group: Group {
        switch self {
        case .customEvent, .purchase, .pushClick, .launch: .events
        case .backgroundForeground, .keyboard, .rotate, .deviceKind, .network, .reset: .device
        case .clickBody, .button1, .button2, .dismiss, .displayNext, .addLocal: .messages
        case .delegate, .integration: .delegate
        case .campaign: .server
        case .nextProfile, .split: .platform
        case .pause, .slower, .faster, .stepToDeadline, .plusOne, .plusTen: .time
        case .timelinePlay, .timelineStep, .note, .restart, .open: .timeline
        case .focus, .up, .down, .enter, .escape, .search, .pageUp, .pageDown, .oldest, .newest: .panel
        case .save, .lastMessage, .help, .quit: .app
        }
    }

    /// Its key bar entry (label and a word), or `nil` when it is only in the help. The bar
    /// lists them in `allCases` order, those that apply now first.
    package var keyBar: (label: String, word: String)? {
        switch self {
        case .customEvent: ("e", "event")
        case .purchase: ("p", "purchase")
        case .pushClick: ("u", "push")
        case .launch: ("l", "launch")
        case .backgroundForeground: ("b", "bg/fg")
        case .keyboard: ("k", "keyboard")
        case .rotate: ("o", "rotate")
        case .clickBody: ("c", "click")
        case .button1: ("1 2", "button")
        case .dismiss: ("d", "dismiss")
        case .displayNext: ("n", "next")
        case .addLocal: ("a", "add")
        case .integration: ("i", "app UI")
        case .pause: ("space", "pause")
        case .stepToDeadline: (".", "step")
        case .timelinePlay: ("r", "play")
        case .timelineStep: (">", "step")
        case .note: ("N", "note")
        case .search: ("/", "search")
        case .lastMessage: ("m", "message")
        case .help: ("?", "help")
        case .quit: ("q", "quit")
        case .deviceKind, .network, .reset, .button2, .delegate, .campaign, .nextProfile, .split, .slower, .faster,
            .plusOne, .plusTen, .restart, .open, .focus, .up, .down, .enter, .escape, .pageUp, .pageDown, .oldest,
            .newest, .save:
            nil
        }
    }
}
