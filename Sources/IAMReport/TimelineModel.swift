import IAMEngine

/// What the SVG timeline shows, in the engine's terms: spans of app state, marks for events and
/// decisions, a bar per visible message, the stack depth and the minimum-interval cooldown.
package struct TimelineModel: Sendable, Equatable {
    /// A stretch of time with a label (`foreground`, `up`, `landscape`, a message id, ...).
    package struct Span: Sendable, Equatable {
        package var start: Double
        package var end: Double
        package var label: String
    }

    /// One instant: an event, a performed trigger, a discard or a return to the stack.
    package struct Mark: Sendable, Equatable {
        package var t: Double
        package var label: String
        /// The longer text of the hover title: the record as the text trace prints it.
        package var detail: String
    }

    /// A visible message: from `displayed` to its `dismissed` (or the end of the picture).
    package struct Bar: Sendable, Equatable {
        package var start: Double
        package var end: Double
        package var id: String
        package var kind: Message.Kind
        package var local: Bool
    }

    package var name: String
    /// The platform (profiles.md) the run starts on.
    package var profile: String
    /// The simulated time the picture ends at.
    package var end: Double
    package var app: [Span] = []
    package var keyboard: [Span] = []
    package var orientation: [Span] = []
    package var events: [Mark] = []
    package var performed: [Mark] = []
    package var bars: [Bar] = []
    /// Control impressions (M2): logged, never drawn.
    package var controls: [Mark] = []
    /// (time, depth) at each change of the stack's size, from 0 at time 0.
    package var depth: [(t: Double, depth: Int)] = [(0, 0)]
    /// P2: from each performed trigger to when the global interval lets the next one pass.
    package var cooldowns: [Span] = []
    package var discards: [Mark] = []
    package var returns: [Mark] = []
    /// Every record, in order: the same trace `iamterm run` prints.
    package var records: [TraceRecord] = []

    package static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.profile == b.profile && a.end == b.end && a.app == b.app && a.keyboard == b.keyboard
            && a.orientation == b.orientation && a.events == b.events && a.performed == b.performed
            && a.bars == b.bars && a.controls == b.controls && a.depth.map(\.t) == b.depth.map(\.t)
            && a.depth.map(\.depth) == b.depth.map(\.depth) && a.cooldowns == b.cooldowns
            && a.discards == b.discards && a.returns == b.returns && a.records == b.records
    }
}
