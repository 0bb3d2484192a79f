import IAMEngine

/// What the key bar and the help show of the app's keys, as values the app hands the renderer
/// (IAMSimulator builds it from its one table of key bindings). The renderer knows no command:
/// a click on an entry is answered with its `tag`.
package struct KeyLegend: Sendable, Equatable {
    /// The key bar's entries, in the table's order.
    package var bar: [KeyBarEntry]
    /// The help's rows, in the table's order.
    package var help: [HelpRow]

    package init(bar: [KeyBarEntry], help: [HelpRow]) {
        self.bar = bar
        self.help = help
    }
}

/// Which key bar entry or help row a click stands for: the app's own number for its command.
package struct CommandTag: Hashable, Sendable {
    package var rawValue: Int
    package init(_ rawValue: Int) { self.rawValue = rawValue }
}

/// One entry of the key bar: `e event`.
package struct KeyBarEntry: Sendable, Equatable {
    package var tag: CommandTag
    package var label: String
    /// The label on a terminal that draws ASCII only.
    package var asciiLabel: String
    package var word: String
    /// The word while the timeline plays (`r pause`), if it changes then.
    package var wordWhilePlaying: String?
    /// When the entry matters for what is on screen: it then takes the bar's first places.
    package var firstWhen: Condition?
    /// When set, the entry is left out unless this holds.
    package var onlyWhen: Condition?
    /// Kept at the bar's right end whatever the width (`? help`, `q quit`).
    package var pinned: Bool

    package init(
        tag: CommandTag, label: String, asciiLabel: String? = nil, word: String, wordWhilePlaying: String? = nil,
        firstWhen: Condition? = nil, onlyWhen: Condition? = nil, pinned: Bool = false
    ) {
        self.tag = tag
        self.label = label
        self.asciiLabel = asciiLabel ?? label
        self.word = word
        self.wordWhilePlaying = wordWhilePlaying
        self.firstWhen = firstWhen
        self.onlyWhen = onlyWhen
        self.pinned = pinned
    }

    /// Something on screen an entry depends on.
    package enum Condition: Sendable, Equatable {
        /// A message is on screen.
        case messageOnScreen
        /// The message on screen has buttons.
        case messageHasButtons
        /// Nothing on screen, and messages wait on the stack.
        case stackWaiting
        /// The app is not running.
        case appNotRunning
        /// Timeline steps are left to play.
        case timelineLeft
        /// A step note (or the introduction) is on screen.
        case noteShown
        /// The side panel shows the integration line (the app around the SDK matters).
        case integrationLine
    }
}

/// One row of the help: the keys as written and what they do.
package struct HelpRow: Sendable, Equatable {
    package var label: String
    package var action: String
    /// On every page of the help, whatever the number of keys (`? this help`, `q quit`).
    package var pinned: Bool

    package init(label: String, action: String, pinned: Bool = false) {
        self.label = label
        self.action = action
        self.pinned = pinned
    }
}
