/// One decision of the engine (spec §10): what happened, to which message, and why.
public struct TraceRecord: Sendable, Equatable {
    /// Spec §10 (revision 2): a record lists at most this many stack ids, the topmost.
    public static let stackShown = 16
    /// Issue 35 (a trace linear in the input): a `no_match` record prints at most this many
    /// `pending` triggers (SV1), the first in its order; the rest are counted, `+N more` in text and
    /// `pending_more` in JSON. The record keeps them all.
    public static let pendingShown = 16
    /// Spec §10 (a trace linear in the events): one event writes at most this many
    /// `trigger_skipped` records of one reason; the rest are counted in one summary record
    /// of that reason (no message, `more` = how many were not written).
    public static let skippedShownPerReason = 100

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
        /// integration.md I3: the message went to the app's own code instead of the SDK's UI.
        case handedToApp = "handed_to_app"
        /// TS2: a test send arrived (`received`), or waits for its push to be opened (`waiting`).
        case testSend = "test_send"
        /// X37 (R12): the SDK refused to log the event (`invalid_name`): no trigger is evaluated.
        case eventRejected = "event_rejected"
        /// R11: the app identified another user (`detail`: the new user's id).
        case userChanged = "user_changed"
        /// X54: taken off a screen that went away into the carry-over slot (`reason`: what took
        /// the screen away, or `app_in_background` for a message whose image arrived meanwhile).
        case carriedOver = "carried_over"
        /// X54: a message already shown, shown again by the next screen (no second impression).
        case redisplayed
    }

    /// Simulation seconds.
    public var t: Double
    public var kind: Kind
    public var reason: TraceReason?
    /// Trigger id or `local-N`.
    public var message: String? {
        get { storedMessage }
        set {
            // `trigger` read `message` until now: it keeps the old value.
            if triggerIsMessage { setTrigger(storedMessage) }
            storedMessage = newValue
        }
    }
    /// Equal to `message` on almost every record that has one: then only a flag says so.
    public var trigger: String? {
        get { triggerIsMessage ? storedMessage : rare?.trigger }
        set { setTrigger(newValue) }
    }
    public var event: Event? {
        get { sharedEvent?.event }
        set { sharedEvent = newValue.map(SharedEvent.init) }
    }
    /// The event, shared by every record it causes (the engine makes one per event).
    package var sharedEvent: SharedEvent?
    /// How many messages the stack holds (all of them, not only those `stack` lists).
    public var depth: Int?
    public var until: Double?
    public var next: Double?
    /// The timeline action's name (`click`, `dismiss`, `displayNext`), for `ignored` (M7).
    public var action: String? {
        get { rare?.action }
        set { updateRare { $0.action = newValue } }
    }
    /// Message ids, bottom to top: the `TraceRecord.stackShown` topmost (spec §10), so that a
    /// record never grows with the stack.
    public var stack: [String]? {
        get { rare?.stack }
        set { updateRare { $0.stack = newValue } }
    }
    /// The clicked button's id.
    public var button: String? {
        get { rare?.button }
        set { updateRare { $0.button = newValue } }
    }
    /// An asset URL, a click's URI or a session number: the one extra fact a record needs, in
    /// words (a `fact`'s words as the trace writes them).
    public var detail: String? {
        get { rare?.detail }
        set { updateRare { $0.detail = newValue.map(Detail.words) } }
    }
    /// The detail as values, for the records that have one (see `Fact`).
    public var fact: Fact? {
        get { rare?.fact }
        set { updateRare { $0.detail = newValue.map(Detail.fact) } }
    }
    /// The platform's name, on `app profile` records (profiles.md).
    public var profile: String? {
        get { rare?.profile }
        set { updateRare { $0.profile = newValue } }
    }
    /// On the summary `trigger_skipped` record of an event: how many records of its reason
    /// were not written (`skippedShownPerReason`).
    public var more: Int? {
        get { rare?.more }
        set { updateRare { $0.more = newValue } }
    }
    /// SV1: on `no_match`, the triggers that would have matched but are not on the device yet.
    public var pending: [PendingTrigger]? {
        get { rare?.values.pending }
        set { updateRare { $0.pending = newValue } }
    }

    private var storedMessage: String?
    private var triggerIsMessage: Bool
    /// The fields most records leave empty, behind one reference: a record is copied and
    /// destroyed on every hand-over, and each stored reference counts then.
    private var rare: RareFields?

    public init(
        t: Double, kind: Kind, message: String? = nil, trigger: String? = nil, event: Event? = nil,
        reason: TraceReason? = nil, stack: [String]? = nil, depth: Int? = nil, until: Double? = nil,
        next: Double? = nil, button: String? = nil, detail: String? = nil, fact: Fact? = nil,
        action: String? = nil, profile: String? = nil, more: Int? = nil
    ) {
        self.init(
            t: t, kind: kind, message: message, trigger: trigger, sharedEvent: event.map(SharedEvent.init),
            reason: reason, stack: stack, depth: depth, until: until, next: next, button: button, detail: detail,
            fact: fact, action: action, profile: profile, more: more)
    }

    /// As `init(t:kind:…)`, with an event already shared.
    @inline(__always)
    package init(
        t: Double, kind: Kind, message: String? = nil, trigger: String? = nil, sharedEvent: SharedEvent?,
        reason: TraceReason? = nil, stack: [String]? = nil, depth: Int? = nil, until: Double? = nil,
        next: Double? = nil, button: String? = nil, detail: String? = nil, fact: Fact? = nil,
        action: String? = nil, profile: String? = nil, more: Int? = nil
    ) {
        self.t = t
        self.kind = kind
        self.reason = reason
        self.storedMessage = message
        self.sharedEvent = sharedEvent
        self.depth = depth
        self.until = until
        self.next = next
        let triggerIsMessage = trigger != nil && trigger == message
        self.triggerIsMessage = triggerIsMessage
        let otherTrigger = triggerIsMessage ? nil : trigger
        if otherTrigger == nil, stack == nil, button == nil, detail == nil, fact == nil, action == nil,
            profile == nil, more == nil
        {
            rare = nil
        } else {
            rare = RareFields(
                RareFields.Values(
                    trigger: otherTrigger, action: action, stack: stack, button: button,
                    detail: fact.map(Detail.fact) ?? detail.map(Detail.words), profile: profile, more: more))
        }
    }

    public static func == (a: TraceRecord, b: TraceRecord) -> Bool {
        a.t == b.t && a.kind == b.kind && a.reason == b.reason && a.message == b.message && a.trigger == b.trigger
            && a.sharedEvent == b.sharedEvent && a.depth == b.depth && a.until == b.until && a.next == b.next
            && a.rare?.action == b.rare?.action && a.rare?.stack == b.rare?.stack && a.rare?.button == b.rare?.button
            && a.rare?.detail == b.rare?.detail && a.rare?.profile == b.rare?.profile && a.rare?.more == b.rare?.more
            && a.rare?.values.pending == b.rare?.values.pending
    }

    private mutating func setTrigger(_ trigger: String?) {
        triggerIsMessage = false
        updateRare { $0.trigger = trigger }
    }

    /// Copy on write: a new box with one field changed (records share boxes when copied).
    private mutating func updateRare(_ change: (inout RareFields.Values) -> Void) {
        var values = rare?.values ?? RareFields.Values()
        change(&values)
        rare = values.isEmpty ? nil : RareFields(values)
    }
}

/// A record's detail: words, or a fact worded on demand.
private enum Detail {
    case words(String)
    indirect case fact(TraceRecord.Fact)
}

/// `TraceRecord`'s rarely set fields. Immutable, so records that share one stay values.
private final class RareFields: Sendable {
    struct Values {
        var trigger: String?
        var action: String?
        var stack: [String]?
        var button: String?
        var detail: Detail?
        var profile: String?
        var more: Int?
        var pending: [PendingTrigger]?

        var isEmpty: Bool {
            trigger == nil && action == nil && stack == nil && button == nil && detail == nil && profile == nil
                && more == nil && pending == nil
        }
    }

    let values: Values

    var trigger: String? { values.trigger }
    var action: String? { values.action }
    var stack: [String]? { values.stack }
    var button: String? { values.button }
    var detail: String? {
        switch values.detail {
        case .words(let words): words
        case .fact(let fact): fact.words()
        case nil: nil
        }
    }
    var fact: TraceRecord.Fact? {
        if case .fact(let fact) = values.detail { return fact }
        return nil
    }
    var profile: String? { values.profile }
    var more: Int? { values.more }

    init(_ values: Values) { self.values = values }
}

/// SV1 (integration.md): a trigger live on the server since `enabledAt` that the device gets
/// at its next session start (D5).
public struct PendingTrigger: Sendable, Equatable {
    public var trigger: String
    public var enabledAt: Double

    public init(trigger: String, enabledAt: Double) {
        self.trigger = trigger
        self.enabledAt = enabledAt
    }
}
