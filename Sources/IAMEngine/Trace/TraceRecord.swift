/// One decision of the engine (spec §10): what happened, to which message, and why.
public struct TraceRecord: Sendable, Equatable {
    /// Spec §10 (revision 2): a record lists at most this many stack ids, the topmost.
    public static let stackShown = 16

    public enum Kind: String, Sendable, CaseIterable {
        case app
        case sessionStarted = "session_started"
        case sessionEnded = "session_ended"
        case deliveryStarted = "delivery_started"
        case deliveryCompleted = "delivery_completed"
        case deliveryFailed = "delivery_failed"
        case assetRequested = "asset_requested"
        case assetReady = "asset_ready"
        case assetFailed = "asset_failed"
        case event
        case eventQueued = "event_queued"
        case triggerMatched = "trigger_matched"
        case triggerSkipped = "trigger_skipped"
        case noMatch = "no_match"
        case triggerDelayed = "trigger_delayed"
        case triggerDropped = "trigger_dropped"
        case performed
        case stacked
        case offered
        case returnedToStack = "returned_to_stack"
        case reenqueued
        /// X2: moved off the stack into the parking slot (platforms that park).
        case parked
        case discarded
        case waitingForAsset = "waiting_for_asset"
        case displayed
        case dismissed
        case clicked
        /// M7 (revision 2): a user action that changed nothing (with `action`).
        case ignored
    }

    /// Simulation seconds.
    public var t: Double
    public var kind: Kind
    /// Trigger id or `local-N`.
    public var message: String?
    public var trigger: String?
    public var event: Event? {
        get { sharedEvent?.event }
        set { sharedEvent = newValue.map(SharedEvent.init) }
    }
    /// The event, shared by every record it causes (the engine makes one per event).
    package var sharedEvent: SharedEvent?
    public var reason: TraceReason?
    /// The timeline action's name (`click`, `dismiss`, `displayNext`), for `ignored` (M7).
    public var action: String?
    /// Message ids, bottom to top: the `TraceRecord.stackShown` topmost (spec §10), so that a
    /// record never grows with the stack.
    public var stack: [String]?
    /// How many messages the stack holds (all of them, not only those `stack` lists).
    public var depth: Int?
    public var until: Double?
    public var next: Double?
    /// The clicked button's id.
    public var button: String?
    /// An asset URL, a click's URI or a session number: the one extra fact a record needs.
    public var detail: String?
    /// The platform's name, on `app profile` records (profiles.md).
    public var profile: String?

    public init(
        t: Double, kind: Kind, message: String? = nil, trigger: String? = nil, event: Event? = nil,
        reason: TraceReason? = nil, stack: [String]? = nil, depth: Int? = nil, until: Double? = nil,
        next: Double? = nil, button: String? = nil, detail: String? = nil, action: String? = nil,
        profile: String? = nil
    ) {
        self.init(
            t: t, kind: kind, message: message, trigger: trigger, sharedEvent: event.map(SharedEvent.init),
            reason: reason, stack: stack, depth: depth, until: until, next: next, button: button, detail: detail,
            action: action, profile: profile)
    }

    /// As `init(t:kind:…)`, with an event already shared.
    package init(
        t: Double, kind: Kind, message: String? = nil, trigger: String? = nil, sharedEvent: SharedEvent?,
        reason: TraceReason? = nil, stack: [String]? = nil, depth: Int? = nil, until: Double? = nil,
        next: Double? = nil, button: String? = nil, detail: String? = nil, action: String? = nil,
        profile: String? = nil
    ) {
        self.t = t
        self.kind = kind
        self.message = message
        self.trigger = trigger
        self.sharedEvent = sharedEvent
        self.reason = reason
        self.stack = stack
        self.depth = depth
        self.until = until
        self.next = next
        self.button = button
        self.detail = detail
        self.action = action
        self.profile = profile
    }
}
