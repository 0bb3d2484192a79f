import IAMEngine
import IAMRender

/// Everything the app keeps that is not engine state. A plain value: the reducer changes it, and
/// each frame draws the `ViewState` built from it (`view(keys:)`).
package struct UIState: Sendable, Equatable {
    // The parts that are the same on screen as in the app: the view's own types.
    package typealias DeviceSide = ViewState.DeviceSide
    package typealias TimelineState = ViewState.TimelineState
    package typealias WhyNotPanel = ViewState.WhyNotPanel
    package typealias Focus = ViewState.Focus
    package typealias RecordDetail = ViewState.RecordDetail
    package typealias StepNote = ViewState.StepNote
    package typealias StatusMessage = ViewState.StatusMessage

    /// The scenario's name, shown in the title bar.
    package var title: String = ""
    /// The simulation clock: speed, pause and hold (the title bar shows them).
    package var clock = SimClock(mono: 0)
    package var timeline = TimelineState()
    /// Row selected in the trigger list (index into the server trigger list).
    package var selectedTrigger = 0
    /// Trace rows scrolled away from the newest (0 = newest at the top).
    package var traceScroll = 0
    package var helpVisible = false
    /// The help's page on screen when it has more than one.
    package var helpPage = 0
    package var whyNot: WhyNotPanel?
    package var prompt: Prompt?
    /// A yes/no question on the bottom row ("restart from t=0? (y/n)").
    package var confirm: String?
    package var focus = Focus.triggers
    /// The trace row the cursor is on when the trace has the focus: records from the newest
    /// (0 = newest).
    package var traceCursor = 0
    package var recordDetail: RecordDetail?
    /// In the split view: the device whose trace has the cursor and whose why-not and record
    /// detail are shown (Tab goes through A's triggers, A's trace, B's triggers, B's trace).
    package var side = DeviceSide.left
    package var note: StepNote?
    /// `N`: the note shown whole, in the panel's lower part.
    package var noteExpanded = false
    /// A one-line message about the last action (shown above the key bar).
    package var status: StatusMessage?
    /// `m`: the last message shown whole, in the panel's lower part.
    package var messageExpanded = false
    /// Draw ASCII only (non-UTF-8 locale).
    package var asciiOnly = false

    package init(title: String = "") { self.title = title }

    /// A one-line form at the bottom.
    package struct Prompt: Sendable, Equatable {
        /// The longest input taken, in characters: a paste of 100 KB fills the field and stops
        /// there instead of growing a line nobody can read (the status line says so).
        package static let maxLength = 500

        package var label: String
        package private(set) var text: String
        /// Characters in `text` (kept so that a long paste costs constant work per key).
        package private(set) var length: Int
        /// Taken when Enter is pressed on an empty line.
        package var defaultValue: String
        /// Known values; Tab cycles through them.
        package var choices: [String]
        /// "step 1/2" of a multi-step form.
        package var step: String?
        package init(
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

    /// The screen's view of it, with the key bar and help of `keys`.
    package func view(keys: KeyLegend) -> ViewState {
        var view = ViewState(title: title, keys: keys)
        view.clock = .init(speed: clock.speed, paused: clock.paused, held: clock.held)
        view.timeline = timeline
        view.selectedTrigger = selectedTrigger
        view.traceScroll = traceScroll
        view.helpVisible = helpVisible
        view.helpPage = helpPage
        view.whyNot = whyNot
        view.prompt = prompt.map {
            .init(label: $0.label, text: $0.text, defaultValue: $0.defaultValue, choices: $0.choices, step: $0.step)
        }
        view.confirm = confirm
        view.focus = focus
        view.traceCursor = traceCursor
        view.recordDetail = recordDetail
        view.side = side
        view.note = note
        view.noteExpanded = noteExpanded
        view.status = status
        view.messageExpanded = messageExpanded
        view.asciiOnly = asciiOnly
        return view
    }
}
