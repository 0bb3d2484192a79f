import IAMEngine

/// Everything the front end shows that is not engine state. A plain value: the renderer reads it,
/// the simulator's reducer changes it.
public struct UIState: Sendable, Equatable {
    /// The scenario's name, shown in the title bar.
    public var title: String = ""
    /// The simulation clock: speed, pause and hold (the title bar shows them).
    package var clock = SimClock(mono: 0)
    public var timeline = TimelineState()
    /// Row selected in the trigger list (index into the server trigger list).
    public var selectedTrigger = 0
    /// Trace rows scrolled away from the newest (0 = newest at the top).
    public var traceScroll = 0
    public var helpVisible = false
    public var whyNot: WhyNotPanel?
    public var prompt: Prompt?
    /// A yes/no question on the bottom row ("restart from t=0? (y/n)").
    public var confirm: String?
    public var focus = Focus.triggers
    /// The trace row the cursor is on when the trace has the focus: records from the newest
    /// (0 = newest).
    public var traceCursor = 0
    public var recordDetail: RecordDetail?
    public var note: StepNote?
    /// `N`: the note shown whole, in the panel's lower part.
    public var noteExpanded = false
    /// A one-line message about the last action (shown above the key bar).
    public var status: StatusMessage?
    /// Draw ASCII only (non-UTF-8 locale).
    public var asciiOnly = false

    public init(title: String = "") { self.title = title }

    public struct TimelineState: Sendable, Equatable {
        /// Steps in the scenario's timeline.
        public var count = 0
        /// Steps already applied.
        public var index = 0
        public var playing = false
        public init(count: Int = 0, index: Int = 0, playing: Bool = false) {
            self.count = count
            self.index = index
            self.playing = playing
        }
    }

    /// The "why not?" explanation of one trigger: its gates, computed by the engine.
    public struct WhyNotPanel: Sendable, Equatable {
        public var triggerID: String
        public var gates: [Gate]
        /// What the filters were evaluated against ("purchase coffee at 12.0"), if anything.
        public var against: String?
        /// The failing filter group and each filter in it, in words (`FilterExplanation.lines`).
        public var filters: [String]
        public init(triggerID: String, gates: [Gate], against: String? = nil, filters: [String] = []) {
            self.triggerID = triggerID
            self.gates = gates
            self.against = against
            self.filters = filters
        }
    }

    /// A one-line form at the bottom.
    public struct Prompt: Sendable, Equatable {
        /// The longest input taken, in characters: a paste of 100 KB fills the field and stops
        /// there instead of growing a line nobody can read (the status line says so).
        package static let maxLength = 500

        public var label: String
        package private(set) var text: String
        /// Characters in `text` (kept so that a long paste costs constant work per key).
        package private(set) var length: Int
        /// Taken when Enter is pressed on an empty line.
        public var defaultValue: String
        /// Known values; Tab cycles through them.
        public var choices: [String]
        /// "step 1/2" of a multi-step form.
        public var step: String?
        public init(
            label: String, text: String = "", defaultValue: String = "", choices: [String] = [], step: String? = nil
        ) {
            self.label = label
            self.text = text
            self.length = text.count
            self.defaultValue = defaultValue
            self.choices = choices
            self.step = step
        }

        /// Types one character; false when the field is full.
        package mutating func type(_ character: Character) -> Bool {
            guard length < Self.maxLength else { return false }
            text.append(character)
            length += 1
            return true
        }

        package mutating func deleteBackward() {
            guard !text.isEmpty else { return }
            text.removeLast()
            length -= 1
        }

        package mutating func replaceText(_ newText: String) {
            text = newText
            length = newText.count
        }
    }

    /// Which panel ↑ ↓ and Enter act on; Tab moves between them.
    public enum Focus: Sendable, Equatable { case triggers, trace }

    /// The whole of one trace record, as JSON, in a panel (Enter on a trace line).
    public struct RecordDetail: Sendable, Equatable {
        /// Index of the record in the trace.
        public var index: Int
        public var json: String
        public init(index: Int, json: String) {
            self.index = index
            self.json = json
        }
    }

    /// The note of the timeline step last applied; it stays until the next step.
    public struct StepNote: Sendable, Equatable {
        public var step: Int
        public var text: String
        /// Manual actions taken since that step: the note may no longer describe the screen.
        public var manualActionsSince: Int
        public init(step: Int, text: String, manualActionsSince: Int = 0) {
            self.step = step
            self.text = text
            self.manualActionsSince = manualActionsSince
        }
    }

    public struct StatusMessage: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case info, warning, error, success }
        public var text: String
        public var kind: Kind
        public init(_ text: String, kind: Kind = .info) {
            self.text = text
            self.kind = kind
        }
    }
}

/// What a click on a screen position means.
public enum HitTarget: Sendable, Equatable {
    case messageBody
    /// 0-based button index.
    case messageButton(Int)
    case messageClose
    /// A key bar entry: the key it stands for.
    case key(String)
    /// A row of the trigger list: the index into the server trigger list.
    case triggerRow(Int)
}

public struct Hotspot: Sendable, Equatable {
    public var rect: Rect
    public var target: HitTarget
    public init(_ rect: Rect, _ target: HitTarget) {
        self.rect = rect
        self.target = target
    }
}

/// A rendered screen: the cells and where clicks land.
public struct Frame: Sendable, Equatable {
    public var grid: Grid
    /// Later entries lie on top of earlier ones.
    public var hotspots: [Hotspot]

    public init(grid: Grid, hotspots: [Hotspot] = []) {
        self.grid = grid
        self.hotspots = hotspots
    }

    /// The target under (x, y), topmost first.
    public func target(atX x: Int, y: Int) -> HitTarget? {
        hotspots.last { $0.rect.contains(x: x, y: y) }?.target
    }
}
