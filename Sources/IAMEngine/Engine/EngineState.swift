/// Everything the engine knows at one instant. Front ends read it; only `Engine` changes it.
public struct EngineState: Sendable {
    public var now: Double = 0
    public var settings: Settings
    public var app: AppState = .notRunning
    /// The current or last session; `nil` before the first launch.
    public var session: Session?
    public var keyboardUp = false
    public var device: Device
    public var online: Bool
    public var delegate: Delegate
    /// The app around the SDK (integration.md): starts as `settings.integration`, changed by
    /// `integration` steps.
    public var integration: Integration
    /// I3: messages handed to the app's own UI whose impression the app has yet to log.
    public var awaitingAppImpression: Set<String> = []
    /// I3: messages handed to the app's own UI whose impression is logged (by the app, or by the
    /// SDK with `impressions sdk`): a later `appImpression` says so.
    public var loggedHandOffImpressions: Set<String> = []
    /// TS2: test sends waiting for their push to be opened (or the next session), oldest first,
    /// found by id (a push open looks up its campaign's without a scan, issue 35).
    public var waitingTestSends: DeadlineQueue<WaitingTestSend> = []
    public var testSendCount = 0
    /// SC1: the screen in front (`nil`: none named yet).
    public var screen: String?
    /// SC2: a message went back to the stack because the screen in front did not register.
    public var heldForScreen = false
    /// I4, B1–B3: the messages handed to the app's code (a subscriber, a bridge's listener), by
    /// id: what `showInAppMessage` and `deferInAppMessage` can name.
    public var handedToApp: [String: PendingMessage] = [:]
    /// B4: messages a bridge holds until the app's side is ready, oldest first.
    public var bridgeQueue: [PendingMessage] = []
    /// I4: the Web SDK's single deferred slot.
    public var deferred: PendingMessage?
    /// X29, X30: the time of the session's last activity (its start, a launch that continued
    /// it, an event raised, an impression, a click).
    public var lastActivity: Double?
    /// X30: the periodic data flush (a platform with one, from the first launch).
    public var flush: FlushTimer?
    /// SV3: the run started from the scenario's `initial` state.
    public var startedMidLife = false
    /// R11: the identified user (`nil`: the anonymous user the run starts with).
    public var user: String?
    /// R11: how many times the user changed; a triggered message carries the count it was
    /// triggered at (X40).
    public var userEpoch = 0

    /// The server side (D1, D5): the scenario's triggers and which are switched off.
    public var serverTriggers: [Trigger] { didSet { serverGeneration &+= 1 } }
    public var disabledCampaigns: Set<String> = [] { didSet { serverGeneration &+= 1 } }
    /// Counts the changes to `serverTriggers` and `disabledCampaigns` (`campaign` steps, or a
    /// front end's edit): a delivery of the same generation sends the same set (issue 35).
    var serverGeneration = 0
    /// The set a delivery sends (the enabled server triggers, indexed), built once per
    /// generation: a session start re-delivering an unchanged set costs the same however many
    /// triggers it holds. `nil` until the first delivery.
    var deliverable: (generation: Int, set: TriggerSet)?
    /// SV1: when each campaign switched on (or was added live) during the run, by trigger id.
    public var enabledAt: [String: Double] = [:]
    /// Each server trigger's place in `serverTriggers`, by id: built the first time a campaign
    /// goes live (`indexServerPositions`), so the pending look (SV1) visits the live campaigns
    /// only, not every server trigger on every `no_match` (issue 35). `nil` until then.
    var serverPositions: [String: Int]?
    /// The device's cached set from the last successful delivery, indexed (T6).
    public var delivered = TriggerSet()
    public var delivery: Delivery?
    /// Whether the latest delivery failed (offline): the cached set from the last successful one,
    /// if any, stays in use (D1).
    public var lastDeliveryFailed = false
    public var assetTable: [String: AssetSpec]
    public var assets: [String: AssetState] = [:]
    /// The downloads in flight (the URLs of `assets` that are `.downloading`), in request order.
    public var downloads: DeadlineQueue<Download> = []

    /// P2's `lastTriggerTime`; `nil` before the first trigger of this launch (X20: or of the
    /// install, on a platform that keeps it across launches).
    public var lastTriggerTime: Double?
    /// P3's re-eligibility records: trigger id → time last performed. Survive `launch`.
    public var lastPerformed: [String: Double] = [:]
    /// X32 (`forgottenAtLaunch`): the records of `lastPerformed` whose stored copy a sync removed
    /// (its trigger list no longer held them) and no stamp has written again; a `launch` forgets them.
    public var unstoredRecords: Set<String> = []
    /// Triggers that won and wait out their `delay` (E1).
    public var delayed: DeadlineQueue<DelayedTrigger> = []
    /// L1: bottom to top.
    public var stack: [PendingMessage] = []
    /// X2: the message parked while the app was in the background (platforms that park).
    public var parked: PendingMessage?
    /// Offered messages waiting for their asset (L3 step 7).
    public var waiting: DeadlineQueue<PendingMessage> = []
    public var visible: VisibleMessage?
    /// X54: the message a screen that went away was showing (or whose image arrived while no
    /// screen was there), shown by the next screen before anything else.
    public var carryover: CarriedOver?
    /// X54: the screen the SDK draws on (an Android Activity), on platforms that carry a message
    /// over: `nil` until the first launch.
    public var sdkScreen: SDKScreen?
    /// X54: the SDK locked a screen's orientation and has not yet restored it (it locks again
    /// only after restoring; the lock outlives the screen it was set on).
    public var restoresOrientation = false
    /// X54: the auto-dismiss timers a carried-over message left running, earliest first. The
    /// timer was set on the old screen's view and nothing cancelled it: when it runs it closes
    /// whatever message is visible then.
    public var strayDismissals: [Double] = []
    /// X58: the messages still on the page beneath `visible` (the newest), oldest first, on a
    /// platform whose page holds several.
    public var beneath: [VisibleMessage] = []
    /// X58: when the close animations of modal-like messages end (they block the next one until then).
    public var closingModalsUntil: [Double] = []
    public var analytics: [String: Analytics] = [:]
    public var localCount = 0
    /// How many performed messages have been offered (L2 a) so far: R7 compares it before and
    /// after a session start's or push open's events, to offer the stack once per moment.
    public var performedOffers = 0
    /// The last event raised, with its time: what "why not?" evaluates filters against.
    public var lastEvent: (event: Event, at: Double)? {
        get { lastSharedEvent.map { ($0.event.event, $0.at) } }
        set { lastSharedEvent = newValue.map { (SharedEvent($0.event), $0.at) } }
    }
    /// `lastEvent` as the records hold it: raising an event then counts one reference, not three.
    package var lastSharedEvent: (event: SharedEvent, at: Double)?

    /// S2's timeout: the scenario's own, else the platform's default (X10).
    public var sessionTimeout: Double { settings.sessionTimeout ?? settings.platformSessionTimeout }

    public init(scenario: Scenario) {
        settings = scenario.settings
        device = scenario.settings.device
        online = scenario.settings.network.online
        delegate = scenario.settings.delegate
        integration = scenario.settings.integration
        serverTriggers = scenario.triggers
        for trigger in scenario.triggers where trigger.startsDisabled { disabledCampaigns.insert(trigger.id) }
        assetTable = scenario.assets
        if let initial = scenario.initial { start(midLife: initial) }
    }
}

public enum AppState: Sendable, Equatable {
    case notRunning
    case foreground
    case background(since: Double)

    public var isBackground: Bool { if case .background = self { true } else { false } }
}

public struct Session: Sendable, Equatable {
    /// 1 for the first session since install.
    public var number: Int
    public var ended = false

    public init(number: Int) {
        self.number = number
    }
}

/// A delivery in flight (D1) and the events queued behind it (D3).
public struct Delivery: Sendable, Equatable {
    public var completesAt: Double
    public var succeeds: Bool
    /// The server set as requested; replaces the cache on success.
    public var triggers: [Trigger]
    public var queued: [QueuedEvent] = []
    /// The server generation `triggers` was read at (`EngineState.deliverable`).
    var generation = 0
}

public struct QueuedEvent: Sendable, Equatable {
    public var event: Event
    public var at: Double
}

public enum AssetState: Sendable, Equatable {
    case downloading(startedAt: Double, until: Double, fails: Bool)
    case ready
    case failed
}

/// A download in flight (D2): its URL and when it ends.
public struct Download: Scheduled, Equatable {
    public var url: String
    public var until: Double

    public var dueAt: Double? { until }
}

/// A trigger that won and is waiting out its delay (E1).
public struct DelayedTrigger: Scheduled, Equatable {
    public var trigger: Trigger
    /// `nil` for the winner of a delivery's `test` event (R8).
    public var event: Event?
    public var eventTime: Double
    public var performAt: Double
    /// X39, X44: the event's other candidates still to fall back to, the next one last (only for
    /// a message the platform refuses, or whose templating aborts, when it is performed). Shared
    /// with the event's list, not a copy of what is left of it.
    public var fallbacks: Fallbacks = .none
    /// X40: the user the event was raised for (`EngineState.userEpoch`).
    public var user = 0

    public var dueAt: Double? { performAt }
}

/// X39, X44: the candidates an event falls back through, in the order the SDK tries them (the
/// next one last). The list is made once per event and shared: falling back moves `remaining`,
/// and a candidate waiting out its delay keeps the same list, so each step costs the same
/// however many candidates are left (100,000 refused candidates used to copy what was left of
/// the list at every step, one call deeper each time, and crash the process).
public struct Fallbacks: Sendable, Equatable {
    /// Every candidate of the event, the next one last; never changed once made.
    public let candidates: [Trigger]
    /// How many of `candidates`, from the first, are still to be tried.
    public private(set) var remaining: Int

    public static let none = Fallbacks([])

    public init(_ candidates: [Trigger]) {
        self.candidates = candidates
        remaining = candidates.count
    }

    /// The candidate tried next, if any.
    public var next: Trigger? { remaining > 0 ? candidates[remaining - 1] : nil }

    /// Takes the next candidate off the list.
    public mutating func popNext() -> Trigger? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        return candidates[remaining]
    }

    /// Two lists are equal when the candidates still to be tried are.
    public static func == (lhs: Fallbacks, rhs: Fallbacks) -> Bool {
        lhs.candidates[..<lhs.remaining] == rhs.candidates[..<rhs.remaining]
    }
}

/// TS2: a test send waiting for its push to be opened: never due on its own, found by its id.
public struct WaitingTestSend: Scheduled, Equatable {
    public var pending: PendingMessage

    public var dueAt: Double? { nil }
    public var scheduleKeys: [String] { [pending.id] }
}

/// A message that was performed (or added locally) and has not shown yet.
public struct PendingMessage: Scheduled, Equatable {
    /// Trigger id, or `local-N`.
    public var id: String
    public var message: Message
    /// `nil` for local messages (L7).
    public var triggerID: String?
    public var stackedAt: Double
    /// Event time + `timeout`; `nil` for none (E1).
    public var expiresAt: Double?
    /// What L5 restores on `reenqueue`.
    public var rollback: Rollback?
    /// TS1: a test send (no trigger, but analytics like a campaign's message).
    public var isTestSend = false
    /// X40: the user it was triggered for (`EngineState.userEpoch`); `nil` for local messages
    /// and test sends, which no user triggered.
    public var user: Int?

    /// L7: added with `addLocal` (no trigger, no analytics).
    public var isLocal: Bool { triggerID == nil && !isTestSend }

    /// X55: judged only when its download ends, not at its expiry, while it waits for assets.
    public var waitsPastExpiry = false

    /// A message waiting for its assets (L3 step 7) falls due at its expiry (E1), unless the
    /// platform judges it when the download ends (X55).
    public var dueAt: Double? { waitsPastExpiry ? nil : expiresAt }
    /// A waiting message is found again by the URLs it needs (D4).
    public var scheduleKeys: [String] { message.requiredAssets }

    public struct Rollback: Sendable, Equatable {
        /// When E1 stamped; only a stamp still equal to it is undone.
        public var stampedAt: Double
        public var lastTriggerTime: Double?
        public var lastPerformed: Double?
    }
}

public struct VisibleMessage: Sendable, Equatable {
    public var pending: PendingMessage
    public var displayedAt: Double
    /// M3: `nil` for `SWIPE`.
    public var dismissAt: Double?
    public var clicked = false
    /// I3: drawn by the app's own UI (`handed_to_app custom_ui`), not the SDK's.
    public var shownByApp = false
}

/// X54: a message in the carry-over slot.
public struct CarriedOver: Sendable, Equatable {
    public var pending: PendingMessage
    /// Whether it was on a screen before (the next screen redisplays it without an impression);
    /// `false` for a message whose image arrived while no screen was there.
    public var shownBefore: Bool
    public var clicked = false
}

/// X54: the screen the SDK draws on. It keeps the orientation and size it was created with; a
/// configuration change replaces it, unless the SDK locked its orientation.
public struct SDKScreen: Sendable, Equatable {
    public var orientation: Device.Orientation
    public var kind: Device.Kind
    /// The SDK locked this screen's orientation while a message that names one shows.
    public var orientationLocked = false

    public init(device: Device) {
        orientation = device.orientation
        kind = device.kind
    }
}

/// Analytics logged per message id (M2, M4). Local messages log none (L7).
public struct Analytics: Sendable, Equatable {
    public var impressions = 0
    public var controlImpressions = 0
    public var clicks = 0
    public var buttonClicks: [String: Int] = [:]

    public init() {}
}

extension EngineState {
    /// X54: the carried-over message that has not shown yet (its image arrived while no screen
    /// was there): pending like a parked one.
    public var unshownCarryover: PendingMessage? {
        guard let carryover, !carryover.shownBefore else { return nil }
        return carryover.pending
    }

    /// X29, X30: whether a session is running and has not outlived its timeout since the last
    /// activity (a platform whose sessions end by inactivity judges them so, at the next launch
    /// or event: more than the timeout ends it, exactly the timeout does not).
    public var sessionIsLive: Bool {
        guard let session, !session.ended, app != .notRunning, let lastActivity else { return false }
        return now - lastActivity <= sessionTimeout
    }

    /// X30: on a platform whose sessions end by inactivity, the instant the live session's
    /// timeout since the last activity runs out: the first event (or launch) strictly after it
    /// ends the session and starts the next. `nil` when no session is live or the platform's
    /// sessions do not end so.
    public var sessionOutlivedAfter: Double? {
        guard settings.sessionsEndByInactivity, sessionIsLive, let lastActivity else { return nil }
        return lastActivity + sessionTimeout
    }
}

extension Settings {
    /// X30 (S2): whether inactivity alone ends a session (the first event after the timeout
    /// starts a new one) and anything logged is activity. The one reader of the row.
    public var sessionsEndByInactivity: Bool { policies.inactivityEndsSession }

    /// X10 (S2): the platform's session timeout where the scenario gives none. The one reader
    /// of the row.
    public var platformSessionTimeout: Double { policies.sessionTimeout }
}
