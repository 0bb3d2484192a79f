import IAMEngine
import IAMRender

/// Everything the app keeps that is not engine state. A plain value: the reducer changes it, and
/// each frame draws the `ViewState` built from it (`view(keys:)`).
@dynamicMemberLookup
package struct UIState: Sendable, Equatable {
    // The parts that are the same on screen as in the app: the view's own types.
    package typealias DeviceSide = ViewState.DeviceSide
    package typealias TimelineState = ViewState.TimelineState
    package typealias WhyNotPanel = ViewState.WhyNotPanel
    package typealias Focus = ViewState.Focus
    package typealias RecordDetail = ViewState.RecordDetail
    package typealias StepNote = ViewState.StepNote
    package typealias StatusMessage = ViewState.StatusMessage

    /// What the screen shows as the app keeps it (title, timeline, selection, scroll, panels,
    /// note, status), read and written through `ui.traceScroll` etc.
    package var screen: ViewState.Screen
    /// The simulation clock: speed, pause and hold (the title bar shows them).
    package var clock = SimClock(mono: 0)
    package var prompt: Prompt?

    package init(title: String = "") { screen = ViewState.Screen(title: title) }

    package subscript<Value>(dynamicMember field: WritableKeyPath<ViewState.Screen, Value>) -> Value {
        get { screen[keyPath: field] }
        set { screen[keyPath: field] = newValue }
    }

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
        /// What was typed before Tab began to complete it: Tab cycles through the choices that
        /// start with it (`nil` while the text is the person's own).
        package private(set) var completing: String?
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
            completing = nil
            return true
        }

        package mutating func deleteBackward() {
            guard !text.isEmpty else { return }
            text.removeLast()
            length -= 1
            completing = nil
        }

        package mutating func replaceText(_ newText: String) {
            text = newText
            length = newText.count
            completing = nil
        }

        /// Tab (`forward`) or Shift-Tab: the next choice that starts with what was typed; false
        /// (nothing changed) when none does.
        package mutating func complete(forward: Bool) -> Bool {
            let prefix = completing ?? text
            let pool = prefix.isEmpty ? choices : choices.filter { $0.hasPrefix(prefix) }
            guard !pool.isEmpty else { return false }
            let next =
                pool.firstIndex(of: text).map { ($0 + (forward ? 1 : pool.count - 1)) % pool.count }
                ?? (forward ? 0 : pool.count - 1)
            replaceText(pool[next])
            completing = prefix
            return true
        }
    }

    /// The screen's view of it, with the key bar and help of `keys`.
    package func view(keys: KeyLegend) -> ViewState {
        ViewState(
            screen: screen, clock: .init(speed: clock.speed, paused: clock.paused, held: clock.held),
            prompt: prompt.map {
                .init(label: $0.label, text: $0.text, defaultValue: $0.defaultValue, choices: $0.choices, step: $0.step)
            }, keys: keys)
    }
}
