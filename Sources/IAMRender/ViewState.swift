import IAMEngine

/// What the screen shows besides the engine's state: the value the renderer draws. The
/// interactive app (IAMSimulator) builds it from its own state each frame; the renderer knows no
/// keys, commands or clock, only this.
@dynamicMemberLookup
package struct ViewState: Sendable, Equatable {
    /// What the app keeps exactly as the screen shows it (read through `ui.traceScroll` etc.).
    package var screen: Screen
    /// The simulation clock as the title bar shows it.
    package var clock = Clock()
    package var prompt: PromptLine?
    /// The key bar's entries and the help's rows, from the app's table of key bindings.
    package var keys: KeyLegend

    package init(title: String = "", keys: KeyLegend) {
        self.screen = Screen(title: title)
        self.keys = keys
    }

    package init(screen: Screen, clock: Clock, prompt: PromptLine?, keys: KeyLegend) {
        (self.screen, self.clock, self.prompt, self.keys) = (screen, clock, prompt, keys)
    }

    package subscript<Value>(dynamicMember field: WritableKeyPath<Screen, Value>) -> Value {
        get { screen[keyPath: field] }
        set { screen[keyPath: field] = newValue }
    }

    /// The state the app and the screen share, declared once: the app keeps it (`UIState`), the
    /// renderer draws it.
    package struct Screen: Sendable, Equatable {
        /// The scenario's name, shown in the title bar.
        package var title: String = ""
        package var timeline = TimelineState()
        /// Row selected in the trigger list (index into the server trigger list).
        package var selectedTrigger = 0
        /// Trace rows scrolled away from the newest (0 = newest at the top).
        package var traceScroll = 0
        package var helpVisible = false
        /// The page of the help shown, when the keys take more than one (`HelpOverlay.pages`).
        package var helpPage = 0
        package var whyNot: WhyNotPanel?
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
        /// `D`: the status block (device, app, delegate, analytics) whole, in the panel's lower
        /// part: at 80×24 its lower rows are otherwise cut.
        package var statusExpanded = false
        /// Draw ASCII only (non-UTF-8 locale).
        package var asciiOnly = false

        package init(title: String = "") { self.title = title }
    }

    /// The clock as the title bar shows it: the speed, and whether it stands still and why.
    package struct Clock: Sendable, Equatable {
        package var speed: Double
        /// Paused by the person (space, `--paused`).
        package var paused: Bool
        /// Held while a panel waits for the person.
        package var held: Bool
        package var isStopped: Bool { paused || held }
        package init(speed: Double = 1, paused: Bool = false, held: Bool = false) {
            self.speed = speed
            self.paused = paused
            self.held = held
        }
    }

    /// The one-line form at the bottom, as drawn.
    package struct PromptLine: Sendable, Equatable {
        package var label: String
        package var text: String
        /// Shown when nothing is typed yet (taken on Enter).
        package var defaultValue: String
        /// Known values (Tab cycles through them).
        package var choices: [String]
        /// "step 1/2" of a multi-step form.
        package var step: String?
        package init(
            label: String, text: String = "", defaultValue: String = "", choices: [String] = [], step: String? = nil
        ) {
            self.label = label
            self.text = text
            self.defaultValue = defaultValue
            self.choices = choices
            self.step = step
        }
    }

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
        /// "Find a way" (`W`): the search going on, the shortest way found from here, or why none.
        package var way: String?
        /// Gate lines scrolled past (PgDn); the verdict above them stays.
        package var scroll: Int
        package init(
            triggerID: String, gates: [Gate], against: String? = nil, filters: [String] = [],
            lastOutcome: String? = nil,
            way: String? = nil, scroll: Int = 0
        ) {
            self.triggerID = triggerID
            self.gates = gates
            self.against = against
            self.filters = filters
            self.lastOutcome = lastOutcome
            self.way = way
            self.scroll = scroll
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
