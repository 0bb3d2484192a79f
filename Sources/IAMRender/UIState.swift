import IAMEngine

/// Everything the front end shows that is not engine state. A plain value: the renderer reads it,
/// the simulator's reducer changes it.
package struct UIState: Sendable, Equatable {
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

    /// One of the split view's two devices: A on the left, B on the right.
    package enum DeviceSide: Sendable, Equatable {
        case left, right
        package var tag: String { self == .left ? "A" : "B" }
    }

    package struct TimelineState: Sendable, Equatable {
        /// Steps in the scenario's timeline.
        package var count = 0
        /// Steps already applied.
        package var index = 0
        package var playing = false
        package init(count: Int = 0, index: Int = 0, playing: Bool = false) {
            self.count = count
            self.index = index
            self.playing = playing
        }
    }

    /// The "why not?" explanation of one trigger: its gates, computed by the engine.
    package struct WhyNotPanel: Sendable, Equatable {
        package var triggerID: String
        package var gates: [Gate]
        /// What the filters were evaluated against ("purchase coffee at 12.0"), if anything.
        package var against: String?
        /// The failing filter group and each filter in it, in words (`FilterExplanation.lines`).
        package var filters: [String]
        /// What became of its message the last time (`discarded no_presenter at 8.000`): the gates
        /// say what holds it now, this says why the last one did not show.
        package var lastOutcome: String?
        package init(
            triggerID: String, gates: [Gate], against: String? = nil, filters: [String] = [], lastOutcome: String? = nil
        ) {
            self.triggerID = triggerID
            self.gates = gates
            self.against = against
            self.filters = filters
            self.lastOutcome = lastOutcome
        }
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

    /// Which panel ↑ ↓ and Enter act on; Tab moves between them.
    package enum Focus: Sendable, Equatable { case triggers, trace }

    /// The whole of one trace record, as JSON, in a panel (Enter on a trace line).
    package struct RecordDetail: Sendable, Equatable {
        /// Index of the record in the trace.
        package var index: Int
        package var json: String
        package init(index: Int, json: String) {
            self.index = index
            self.json = json
        }
    }

    /// The note of the timeline step last applied; it stays until the next step.
    package struct StepNote: Sendable, Equatable {
        package var step: Int
        package var text: String
        /// Manual actions taken since that step: the note may no longer describe the screen.
        package var manualActionsSince: Int
        /// When this run applied the step, and the time the scenario gives it (the clock its
        /// note's times are written on); `nil` for the introduction.
        package var ranAt: Double?
        package var writtenAt: Double?
        /// The platform the note speaks of (the file's own, or its last `profile` step's).
        package var writtenFor: String?
        package init(
            step: Int, text: String, manualActionsSince: Int = 0, ranAt: Double? = nil, writtenAt: Double? = nil,
            writtenFor: String? = nil
        ) {
            self.step = step
            self.text = text
            self.manualActionsSince = manualActionsSince
            self.ranAt = ranAt
            self.writtenAt = writtenAt
            self.writtenFor = writtenFor
        }

        /// docs/RULES.md, "Notes and the run": a note speaks of the scenario's clock and its
        /// platform. When this run applied the step at another time (the timeline started late,
        /// or the clock was moved before `>`), or runs under another platform (`--profile`, `P`),
        /// the screen says so: `this run: at 16.0, the note expects 15 (+1.0 s)`, `this run: web,
        /// the note speaks of ios`. The trace is the truth.
        package func runDiffers(profile: String?) -> String? {
            var parts: [String] = []
            if let ranAt, let writtenAt, abs(ranAt - writtenAt) > 1e-9 {
                let shift = ranAt - writtenAt
                parts.append(
                    // The run's times as the trace panel and the title bar show them (tenths).
                    "at \(formatTime(ranAt)), the note expects \(TraceFormat.number(writtenAt))"
                        + " (\(shift > 0 ? "+" : "-")\(formatTime(abs(shift))) s)")
            }
            if let writtenFor, let profile, writtenFor != profile {
                parts.append("\(profile), the note speaks of \(writtenFor)")
            }
            return parts.isEmpty ? nil : "this run: " + parts.joined(separator: "; ")
        }
    }

    package struct StatusMessage: Sendable, Equatable {
        package enum Kind: Sendable, Equatable { case info, warning, error, success }
        package var text: String
        package var kind: Kind
        package init(_ text: String, kind: Kind = .info) {
            self.text = text
            self.kind = kind
        }
    }
}
