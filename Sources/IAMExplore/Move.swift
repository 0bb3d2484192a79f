import IAMEngine

/// One step of a sequence the search tries: an action at an instant, and why it is there (the
/// note a written scenario keeps for the step).
public struct Move: Sendable, Equatable {
    /// Simulation seconds: the state's own time, or a later boundary for a wait.
    public var at: Double
    public var action: Action
    /// Why the search tried it, in words for the reader of a written scenario.
    public var why: String

    public init(at: Double, action: Action, why: String) {
        self.at = at
        self.action = action
        self.why = why
    }

    /// The move as a timeline step, with its reason as the step's note.
    public var step: TimelineStep { TimelineStep(at: at, action: action, note: why) }
}

/// What the search looks for, for each message: that it shows, or a reason it is thrown away.
public enum Outcome: Sendable, Hashable, Comparable {
    case displayed
    /// I3, I4, B1: the message went to the app's own code (its UI, a subscriber, a bridge),
    /// which shows it or not: the SDK's part is done, so this is not `never`.
    case handedToApp
    case discarded(TraceReason)

    /// `displayed`, `discarded:timeout` (explore.md).
    public var name: String {
        switch self {
        case .displayed: "displayed"
        case .handedToApp: "handed_to_app"
        case .discarded(let reason): "discarded:" + reason.rawValue
        }
    }

    /// The part of a written file's name: `displayed`, `discarded-timeout`.
    public var fileWord: String {
        switch self {
        case .displayed: "displayed"
        case .handedToApp: "handed_to_app"
        case .discarded(let reason): "discarded-" + reason.rawValue
        }
    }

    /// The outcome a record reports for its message, if any.
    public init?(_ record: TraceRecord) {
        switch record.kind {
        case .displayed: self = .displayed
        case .handedToApp: self = .handedToApp
        case .discarded:
            guard let reason = record.reason else { return nil }
            self = .discarded(reason)
        default: return nil
        }
    }

    public static func < (a: Outcome, b: Outcome) -> Bool {
        (a.rank, a.name) < (b.rank, b.name)
    }

    /// Shown first, then handed to the app, then the discards by reason.
    private var rank: Int {
        switch self {
        case .displayed: 0
        case .handedToApp: 1
        case .discarded: 2
        }
    }
}
