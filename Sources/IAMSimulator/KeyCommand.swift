import IAMRender

/// Every command of the interactive app. What runs it, how the help and the key bar write it and
/// its group are its row of `KeyBinding.table`; what it does is its case of `Simulator.perform`.
package enum KeyCommand: Sendable, Equatable, CaseIterable {
    // Events
    case customEvent, purchase, pushClick, launch, changeUser
    // Device
    case backgroundForeground, keyboard, rotate, deviceKind, network, reset
    // Messages
    case clickBody, button1, button2, dismiss, displayNext, addLocal
    // Delegate, the app's presenter, server, platform
    case delegate, integration, campaign, nextProfile, chooseProfile, split
    // Time
    case pause, slower, faster, stepToDeadline, plusOne, plusTen
    // Timeline
    case timelinePlay, timelineStep, note, restart, open
    // Panel
    case focus, up, down, enter, escape, search, findWay, pageUp, pageDown, top, bottom, details
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
}

/// One row of the app's key table: the keys (values, as the terminal layer decodes them) that run
/// a command, the help's row for it, its group, and its key bar entry. The reducer's dispatch,
/// the help and the key bar are all built from `KeyBinding.table`; a new key is one row here.
package struct KeyBinding: Sendable {
    package var command: KeyCommand
    /// The keys that run it; the help's label names them.
    package var keys: [Key]
    /// The help's row: the keys as written and what they do; `nil` for a command the row of
    /// another one describes (button 2 with button 1, `+` with `-`, ...).
    package var help: (label: String, action: String)?
    package var group: KeyCommand.Group
    /// Its key bar entry (label and a word), or `nil` when it is only in the help.
    package var bar: Bar?

    /// A key bar entry: the label and word, and when it matters (`KeyBarEntry`).
    package struct Bar: Sendable {
        var label: String
        var asciiLabel: String?
        var word: String
        var wordWhilePlaying: String?
        var firstWhen: KeyBarEntry.Condition?
        var onlyWhen: KeyBarEntry.Condition?

        init(
            _ label: String, _ word: String, ascii: String? = nil, whilePlaying: String? = nil,
            first: KeyBarEntry.Condition? = nil, only: KeyBarEntry.Condition? = nil
        ) {
            self.label = label
            self.asciiLabel = ascii
            self.word = word
            self.wordWhilePlaying = whilePlaying
            self.firstWhen = first
            self.onlyWhen = only
        }
    }

    init(
        _ command: KeyCommand, _ keys: [Key], _ group: KeyCommand.Group, help: (String, String)?, bar: Bar? = nil
    ) {
        self.command = command
        self.keys = keys
        self.help = help.map { (label: $0.0, action: $0.1) }
        self.group = group
        self.bar = bar
    }

    /// Every key of the app, in the order the help and the key bar list them.
    package static let table: [KeyBinding] = [
        .init(.customEvent, ["e"], .events, help: ("e", "custom event (name, props)"), bar: .init("e", "event")),
        .init(.purchase, ["p"], .events, help: ("p", "purchase (product, props)"), bar: .init("p", "purchase")),
        .init(.pushClick, ["u"], .events, help: ("u", "push click (campaign)"), bar: .init("u", "push")),
        .init(
            .launch, ["l"], .events, help: ("l", "launch (cold start)"),
            bar: .init("l", "launch", first: .appNotRunning)),
        .init(.changeUser, ["U"], .events, help: ("U", "change user (changeUser id)")),
        .init(
            .backgroundForeground, ["b"], .device, help: ("b", "background / foreground"), bar: .init("b", "bg/fg")),
        .init(.keyboard, ["k"], .device, help: ("k", "keyboard up / down"), bar: .init("k", "keyboard")),
        .init(.rotate, ["o"], .device, help: ("o t", "rotate / phone or tablet"), bar: .init("o", "rotate")),
        .init(.deviceKind, ["t"], .device, help: nil),
        .init(.network, ["w"], .device, help: ("w", "network online / offline")),
        .init(.reset, ["R"], .device, help: ("R", "reset (fresh install), asks")),
        .init(
            .clickBody, ["c"], .messages, help: ("c", "click the message body"),
            bar: .init("c", "click", first: .messageOnScreen)),
        .init(
            .button1, ["1"], .messages, help: ("1 2", "click button 1 / 2"),
            bar: .init("1 2", "button", first: .messageHasButtons, only: .messageHasButtons)),
        .init(.button2, ["2"], .messages, help: nil),
        .init(
            .dismiss, ["d", "x"], .messages, help: ("d x", "dismiss the message"),
            bar: .init("d", "dismiss", first: .messageOnScreen)),
        .init(
            .displayNext, ["n"], .messages, help: ("n", "display next from the stack"),
            bar: .init("n", "next", first: .stackWaiting)),
        .init(.addLocal, ["a"], .messages, help: ("a", "add a local message"), bar: .init("a", "add")),
        .init(.delegate, ["g"], .delegate, help: ("g", "delegate method, answers")),
        .init(
            .integration, ["i"], .delegate, help: ("i", "app UI: default/none/custom"),
            bar: .init("i", "app UI", only: .integrationLine)),
        .init(.campaign, ["s"], .server, help: ("s", "enable/disable a campaign")),
        .init(.nextProfile, ["P"], .platform, help: ("P @", "next platform / a version")),
        .init(.chooseProfile, ["@"], .platform, help: nil),
        .init(.split, ["V"], .platform, help: ("V", "split view (again: next)")),
        .init(
            .pause, [" "], .time, help: ("space", "pause / resume the clock"), bar: .init("␣", "pause", ascii: "spc")),
        .init(.slower, ["-"], .time, help: ("- +", "slower / faster (×0.25…×16)")),
        .init(.faster, ["+", "="], .time, help: nil),
        .init(.stepToDeadline, ["."], .time, help: (".", "step to the next deadline"), bar: .init(".", "step")),
        .init(.plusOne, ["f"], .time, help: ("f F", "+1 s / +10 s")),
        .init(.plusTen, ["F"], .time, help: nil),
        .init(
            .timelinePlay, ["r"], .timeline, help: ("r", "timeline play / pause"),
            bar: .init("r", "play", whilePlaying: "pause", first: .timelineLeft)),
        .init(
            .timelineStep, [">"], .timeline, help: (">", "timeline: jump to next step"),
            bar: .init(">", "step", first: .timelineLeft, only: .timelineLeft)),
        .init(
            .note, ["N"], .timeline, help: ("N", "the note or intro, whole"),
            bar: .init("N", "note", first: .noteShown, only: .noteShown)),
        .init(.restart, ["0"], .timeline, help: ("0 O", "restart (asks) / open file")),
        .init(.open, ["O"], .timeline, help: nil),
        .init(.focus, [.tab], .panel, help: ("Tab", "focus: triggers / trace")),
        .init(.up, [.up], .panel, help: ("↑ ↓", "select trigger / trace line")),
        .init(.down, [.down], .panel, help: nil),
        .init(.enter, [.enter], .panel, help: ("Enter", "why not? / the record, JSON")),
        // Esc closes whatever panel is open, as the panels say.
        .init(.escape, [.escape], .panel, help: nil),
        .init(.search, ["/"], .panel, help: ("/", "search; / ⏎ again: older"), bar: .init("/", "search")),
        // Named in the why-not panel it acts on ("W way"), where it is used.
        .init(.findWay, ["W"], .panel, help: nil),
        .init(.pageUp, [.pageUp], .panel, help: ("PgUp/Dn", "page the trace, why-not")),
        .init(.pageDown, [.pageDown], .panel, help: nil),
        .init(.top, [.home], .panel, help: ("Home End", "trace top / bottom")),
        .init(.bottom, [.end], .panel, help: nil),
        // Named in the help on `m`'s row, and in the status block's "+N more (D: all)".
        .init(.details, ["D"], .panel, help: nil),
        .init(.save, ["S"], .app, help: ("S", "save session as scenario")),
        .init(.lastMessage, ["m"], .app, help: ("m D", "message / status, whole"), bar: .init("m", "message")),
        .init(.help, ["?"], .app, help: ("?", "this help"), bar: .init("?", "help")),
        .init(.quit, ["q"], .app, help: ("q", "quit (also Ctrl-C)"), bar: .init("q", "quit")),
    ]

    /// The commands kept in sight whatever the room: on the key bar's right end and on every
    /// page of the help.
    static let pinned: Set<KeyCommand> = [.help, .quit]

    /// The command a key runs, if any.
    package static func command(for key: Key) -> KeyCommand? { byKey[key] }

    private static let byKey: [Key: KeyCommand] = {
        var map: [Key: KeyCommand] = [:]
        for binding in table {
            for key in binding.keys { map[key] = binding.command }
        }
        return map
    }()

    /// The key bar and the help as the renderer draws them.
    package static let legend = legend(of: table)

    /// The legend of a table (tests pass a longer one).
    package static func legend(of table: [KeyBinding]) -> KeyLegend {
        KeyLegend(
            bar: table.enumerated().compactMap { index, binding in
                binding.bar.map {
                    KeyBarEntry(
                        tag: CommandTag(index), label: $0.label, asciiLabel: $0.asciiLabel, word: $0.word,
                        wordWhilePlaying: $0.wordWhilePlaying, firstWhen: $0.firstWhen, onlyWhen: $0.onlyWhen,
                        pinned: pinned.contains(binding.command))
                }
            },
            help: table.compactMap { binding in
                binding.help.map {
                    HelpRow(label: $0.label, action: $0.action, pinned: pinned.contains(binding.command))
                }
            })
    }

    /// The command of a key bar entry's tag (its row in `table`).
    package static func command(for tag: CommandTag) -> KeyCommand? {
        table.indices.contains(tag.rawValue) ? table[tag.rawValue].command : nil
    }
}

extension KeyCommand {
    /// The tag of its key bar entry (its row in `KeyBinding.table`).
    package var tag: CommandTag { CommandTag(KeyBinding.table.firstIndex { $0.command == self } ?? -1) }

    /// Its row of the table.
    package var binding: KeyBinding? { KeyBinding.table.first { $0.command == self } }
}

/// A printable key written as its character in the table (`"e"`, `" "` for space).
extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
    public init(extendedGraphemeClusterLiteral value: Character) { self = .character(value) }
}
