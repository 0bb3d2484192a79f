/// A triggered action: conditions, scheduling fields and the message (spec §3–§5, §9).
public struct Trigger: Sendable, Equatable, Identifiable {
    /// The longest id a scenario may give a trigger or a test send, in UTF-8 bytes (spec §10):
    /// far above what Braze sends (a base64 id is under 100 bytes), and what keeps a record's
    /// 16-id stack window, and so the whole trace, bounded in bytes.
    public static let maxIDBytes = 1_024

    public var id: String
    public var conditions: [Condition]
    /// Unix seconds; `nil` is no bound (T2).
    public var startTime: Double?
    public var endTime: Double?
    public var priority: Int
    /// Seconds; a negative value means "use the global minimum interval" (P2).
    public var minSecondsSinceLastTrigger: Double
    /// Seconds between the event and performing the trigger (E1).
    public var delay: Double
    /// Milliseconds after the event after which the message is stale; negative means none (E1).
    public var timeout: Double
    /// Seconds; 0 always, negative once only, N > 0 after N seconds (P3).
    public var reEligibility: Double
    public var prefetch: Bool
    /// The fields the payload wrote as an explicit `-1` (X18). The values above read such a `-1`
    /// as if the field were absent; the platform's `Policies.explicitMinusOne` decides.
    public var explicitMinusOne: ExplicitMinusOne = []
    /// X34: the payload wrote `re_eligibility: null` (`reEligibility` then reads as absent: once
    /// only); the platform's `Policies.nullReEligibilityAlways` decides.
    public var reEligibilityIsNull = false
    /// SV2 (integration.md): `x_sim.enabled: false`, the campaign starts switched off on the server.
    public var startsDisabled = false
    /// X44 (versions.md): `x_sim.templating`, the server's templating of this message aborts or
    /// fails when it is performed; `nil`: it succeeds (or the message is not templated).
    public var templating: Templating?
    public var message: Message {
        get { messageBox.message }
        set { messageBox = MessageBox(newValue) }
    }
    /// The message is most of a trigger's size (strings, buttons, extras), and the engine copies
    /// triggers out of its lists on every event that reaches them: boxed, a copy of a trigger
    /// counts one reference for it instead of one per string.
    private var messageBox: MessageBox

    public init(
        id: String, conditions: [Condition], startTime: Double? = nil, endTime: Double? = nil,
        priority: Int = 0, minSecondsSinceLastTrigger: Double = -1, delay: Double = 0,
        timeout: Double = -1, reEligibility: Double = -1, prefetch: Bool = true,
        message: Message
    ) {
        self.id = id
        self.conditions = conditions
        self.startTime = startTime
        self.endTime = endTime
        self.priority = priority
        self.minSecondsSinceLastTrigger = minSecondsSinceLastTrigger
        self.delay = delay
        self.timeout = timeout
        self.reEligibility = reEligibility
        self.prefetch = prefetch
        self.messageBox = MessageBox(message)
    }

    /// The message's display time (see `Message.displayDuration`), read in place: `message`
    /// returns a copy of the whole message.
    package var messageDisplayDuration: Double? { messageBox.message.displayDuration }

    /// E2: a `test` trigger is performed at delivery and never suppressed by P2.
    public var isTest: Bool { conditions.contains { $0 == .test } }
}

/// X18: the scheduling fields a payload wrote as an explicit `-1`, not absent nor `null`.
public struct ExplicitMinusOne: OptionSet, Sendable, Equatable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let startTime = ExplicitMinusOne(rawValue: 1 << 0)
    public static let endTime = ExplicitMinusOne(rawValue: 1 << 1)
    public static let minSecondsSinceLastTrigger = ExplicitMinusOne(rawValue: 1 << 2)
    public static let timeout = ExplicitMinusOne(rawValue: 1 << 3)
}

/// One `trigger_condition` entry (T1).
public enum Condition: Sendable, Equatable {
    case open
    /// `nil` product: any purchase.
    case purchase(productID: String?)
    case purchaseProperty(productID: String, filters: FilterGroups)
    case customEvent(name: String)
    case customEventProperty(name: String, filters: FilterGroups)
    /// `nil` campaign: any push.
    case pushClick(campaignID: String?)
    /// `nil` buttons: a body click only.
    case iamClick(messageID: String, buttons: [String]?)
    case test
    /// A condition of a `type` the engine does not know (T4, revision 2): it loads with a
    /// warning and never matches.
    case unsupported(type: String)

    /// The type a scenario's `type` writes: one of `ConditionType`, or the unsupported spelling.
    public var typeName: String {
        let type: ConditionType
        switch self {
        case .open: type = .open
        case .purchase: type = .purchase
        case .purchaseProperty: type = .purchaseProperty
        case .customEvent: type = .customEvent
        case .customEventProperty: type = .customEventProperty
        case .pushClick: type = .pushClick
        case .iamClick: type = .iamClick
        case .test: type = .test
        case .unsupported(let written): return written
        }
        return type.rawValue
    }
}

/// The condition types the engine knows, spelled as a scenario's `type` writes them (T1).
public enum ConditionType: String, Sendable, CaseIterable {
    case open, purchase
    case purchaseProperty = "purchase_property"
    case customEvent = "custom_event"
    case customEventProperty = "custom_event_property"
    case pushClick = "push_click"
    case iamClick = "iam_click"
    case test
}

/// A message held by reference, compared by value (see `Trigger.message`).
final class MessageBox: Sendable, Equatable {
    let message: Message

    init(_ message: Message) { self.message = message }

    static func == (a: MessageBox, b: MessageBox) -> Bool { a === b || a.message == b.message }
}

/// X44: how the server's templating (Liquid, Connected Content) of a message ends.
public enum Templating: String, Sendable, Equatable, CaseIterable {
    /// The template aborted (`{% abort_message %}`).
    case abort
    /// The templating request failed (an endpoint or network error).
    case error
}
