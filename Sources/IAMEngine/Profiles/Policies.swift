/// The answers a platform gives where Braze's SDKs disagree (profiles.md, X1–X28): one named
/// policy per row, each consulted in one place, beside the rule it varies. A platform profile
/// is one value of this type; the rules never ask which platform they run on.
///
/// `Policies()` is the `ios` profile: the rules of delivery-rules.md as written, except where
/// AppboyUI's code says otherwise (X56: a body tap on a MODAL or FULL with buttons does nothing).
public struct Policies: Sendable, Equatable {
    /// X1: whether refused messages wait on a stack (L1) or are thrown away.
    public var stack: StackPolicy = .lifo
    /// X2: what happens to a message offered while the app is in the background (L3 step 1).
    public var background: BackgroundPolicy = .returnToStack
    /// X3: whether the keyboard holds a message back when no delegate decides (L4).
    public var keyboardHoldsBack = true
    /// X4: whether showing the keyboard dismisses a visible non-HTML message (M5).
    public var keyboardDismissesVisible = true
    /// X5: what a delegate's `reenqueue` does (L5).
    public var reenqueue: ReenqueuePolicy = .rollBack
    /// X6: whether `displayNext` asks the delegate (L6).
    public var displayNextAsksDelegate = true
    /// X7–X9, X21–X25, R3: how property filters are evaluated (T3–T5).
    public var filters = FilterPolicy()
    /// X10: the session timeout when the scenario's settings give none (S2), seconds.
    public var sessionTimeout: Double = 10
    /// X11: the timeout given to a trigger that has none (E1).
    public var defaultTimeout: DefaultTimeoutPolicy = .none
    /// X14: whether a message is already expired at exactly its expiry (E1): `false` expires it
    /// only when `now > expiry`.
    public var expiredAtExpiry = false
    /// X15 (L1): what a push does when the same message already waits on the stack.
    public var duplicates: DuplicatePolicy = .keepBoth
    /// X16 (P4): which of several candidates of the same highest priority wins.
    public var priorityTie: PriorityTiePolicy = .firstDelivered
    /// X17 (T2): how the time window's bounds are compared with the event's time.
    public var timeWindow: TimeWindowPolicy = .strict
    /// X18: what an explicit `-1` in `end_time`, `min_seconds_since_last_trigger` or `timeout` means.
    public var explicitMinusOne: ExplicitMinusOnePolicy = .sameAsAbsent
    /// X20 (P2, S1): whether the last trigger time survives a `launch` (else S1 clears it).
    public var lastTriggerTimeSurvivesLaunch = false
    /// X26 (P3): when a trigger's re-eligibility record is stamped.
    public var reEligibilityStamp: ReEligibilityStamp = .whenPerformed
    /// X27: what becomes of a message the SDK cannot build (`Message.defect`).
    public var defectiveMessages: DefectiveMessagePolicy = .shown
    /// X28 (L2 b, c): whether a session start's delivery and a push open offer the top of the stack.
    public var eligibleMomentsOfferStack = true
    /// I2 (integration.md): what the SDK does with a message when nothing presents messages.
    public var withoutPresenter: NoPresenterPolicy = .discard(.noPresenter)
    /// TS2 (integration.md): when a test send delivered by push is shown.
    public var testSends: TestSendPolicy = .whenPushOpened
    /// TS2 (versions-evidence §9 (c)): whether the app can choose eager test display
    /// (`settings.platforms.android.testEagerDisplay`; Android from 4.0.0). `testSends` is then
    /// the default the setting overrides (`Settings.testSends`).
    public var testEagerDisplaySetting = false
    /// SC2 (integration.md): whether a screen that did not register the SDK's UI holds messages back.
    public var unregisteredScreenHoldsBack = false
    /// B3, B4 (integration.md): each bridge's native answers; `nil` where no bridge runs (Web).
    public var bridges: BridgePolicies? = .apple
    /// I4 (integration.md): whether display goes through automatic display and the app's
    /// subscribers (the Web SDK's `subscribeToInAppMessage`).
    public var displaysThroughSubscribers = false
    /// X50 (E1): whether a delayed message's hand-over checks the minimum interval (P2) again.
    public var handOverChecksInterval = true
    /// X51 (E1, P3): how a delayed message's hand-over checks re-eligibility again.
    public var handOverReEligibility: HandOverReEligibility = .atHandOver
    /// X52 (P2, P3): the clock the minimum interval and re-eligibility are stamped and read on.
    public var gateClock: GateClock = .asGiven
    /// X53 (S6): what a push open does before it raises `push_click`.
    public var pushOpen: PushOpenPolicy = .raiseAtOnce
    /// X32 (P3, D1): the re-eligibility record of a trigger a sync no longer holds.
    public var removedTriggerRecords: RemovedTriggerRecords = .kept
    /// X29 (S1): whether a `launch` inside the session (no more than the session timeout since
    /// the last activity) continues it: a page load, not a cold start.
    public var launchInsideSessionContinues = false
    /// X30 (S2): whether inactivity alone ends a session: the first event after more than the
    /// timeout since the last activity starts a new one (else S2 counts from `background`).
    public var inactivityEndsSession = false
    /// X30 (D1): the period of the SDK's data flush, whose timer restarts when a request
    /// completes; a session started by an event asks for its triggers with the next flush, not at
    /// once (`nil`: a session's sync starts with the session).
    public var periodicFlush: Double?
    /// X31 (E1): whether a delayed trigger pending at a `launch` is kept for the rest of its delay.
    public var delayedTriggersSurviveLaunch = false
    /// X32 (P3): whether a completed sync forgets the re-eligibility records of the triggers it
    /// no longer holds.
    public var syncForgetsDroppedTriggers = false
    /// X33 (D3): whether events queued behind a sync are timed at the sync's answer (else at
    /// the time they were raised).
    public var queuedEventsTimedAtAnswer = false
    /// X34 (P3): whether `re_eligibility: null` means always re-eligible (else as absent).
    public var nullReEligibilityAlways = false
    /// X35 (E1, L3): whether a performed message's expiry and the app's subscriber are checked
    /// before P2/P3 are stamped (else stamped at `performed`, then L3 in its order).
    public var handOverChecksBeforeStamp = false
    /// X37: whether an event name, product id or property key holding `"` or a control
    /// character is refused (`event_rejected invalid_name`, no trigger evaluated).
    public var refusesUnsafeNames = false
    /// X38 (R9): what becomes of a trigger whose message type the SDK cannot build (`BANNER`,
    /// no `type`).
    public var unsupportedMessageTypes: UnsupportedTypePolicy = .discardedWhenPerformed
    /// X39: whether a chosen message the SDK refuses at perform time falls back to the event's
    /// next candidate by priority.
    public var refusedMessageFallsBack = false
    /// X40 (R11): what `changeUser` clears, and whether a message triggered for the previous
    /// user may show to the new one.
    public var userChange = UserChangePolicy()
    /// X43: the events the SDK refuses to log for their size or values (`event_rejected`).
    public var eventLimits = EventLimitPolicy()
    /// X44 (P4): whether a message whose server templating aborts falls back to the event's next
    /// candidate by priority (else the event shows nothing).
    public var templatingAbortFallsBack = true
    /// X41: whether the SDK's own UI finds no window in an app that uses scenes
    /// (`integration.scenes`): the message is `discarded no_window`.
    public var noWindowInSceneApps = false
    /// X54 (M6, X2): what becomes of the visible message when the screen it is drawn on goes away
    /// (the app to the background, a configuration change that recreates the screen).
    public var screenTeardown: ScreenTeardownPolicy = .keepsVisible
    /// X55 (L3): whether the message is prepared (its image required and downloaded, steps 6–7)
    /// before expiry and orientation (steps 4–5) are checked; then a message waiting for its
    /// image is judged when the download ends, not at its expiry.
    public var preparesBeforeDisplayChecks = false
    /// X56 (M4): what a tap on the body of a message that has buttons does.
    public var bodyTapWithButtons: BodyTapPolicy = .ignoredOnImmersive
    /// X57 (M4): whether a click is logged, and `iam_click` raised, only for a message whose
    /// payload carries its `trigger_id`.
    public var clickNeedsTriggerID = false
    /// X58 (M1): what a message on screen keeps from showing.
    public var page: PagePolicy = .oneMessage
    /// X59, X60 (M3): when a message dismisses itself where the payload leaves it open.
    public var dismissTiming = DismissTiming()
    /// X61 (L3 step 6): whether a FULL message without an image is discarded (else shown).
    public var fullNeedsImage = true
    /// X62 (L3 step 5): which messages carry an orientation, and on which devices it is checked.
    public var orientationCheck: OrientationCheck = .everyMessage
    /// X63: whether an HTML message that is not `trusted` needs the app's permission
    /// (`allowUserSuppliedJavascript`) to show; a deferred message loses `trusted`.
    public var htmlNeedsPermission = false
    /// X64 (D2, L3 step 7): whether a message's image is loaded by the page each time it is shown
    /// (no prefetch; only a MODAL's or SLIDEUP's image element is awaited; while one loads, every
    /// other message is kept off the page) instead of prefetched at the sync and kept.
    public var imagesLoadAtShow = false
    /// X65 (L3 step 1): whether a message is held back while the app is in the background (else
    /// it is shown on the hidden page).
    public var backgroundHoldsBack = true
    /// X66 (L3 step 7, D4): whether preparing a message for display cancels the image download
    /// of the message already waiting for its image (that one is dropped, `discarded
    /// download_cancelled`), so at most one message waits for its image.
    public var preparingCancelsWaiting = false
    /// X67 (X40, L3): whether the different-user guard is the last check before display (after the
    /// delegate, orientation and the image) rather than the first.
    public var userGuardLast = false

    public init() {}
}

/// X40 (R11, versions.md): a `changeUser`. The default keeps everything and lets a message
/// triggered for the previous user show to the new one (legacy iOS; the other SDKs before
/// their fixes).
public struct UserChangePolicy: Sendable, Equatable {
    /// The visible message is dismissed (`dismissed user_changed`).
    public var dismissesVisible = false
    /// The stack, the parked slot and the messages waiting for an asset are cleared
    /// (`discarded user_changed`).
    public var clearsWaiting = false
    /// I4: the Web SDK's deferred slot is cleared (`discarded user_changed`).
    public var clearsDeferred = false
    /// A message triggered for the previous user (still waiting, or delayed) is refused when it
    /// is offered (`discarded user_changed`).
    public var refusesPreviousUsers = false

    public init(
        dismissesVisible: Bool = false, clearsWaiting: Bool = false, clearsDeferred: Bool = false,
        refusesPreviousUsers: Bool = false
    ) {
        self.dismissesVisible = dismissesVisible
        self.clearsWaiting = clearsWaiting
        self.clearsDeferred = clearsDeferred
        self.refusesPreviousUsers = refusesPreviousUsers
    }
}

/// X51 (E1, P3): the re-eligibility re-check when a delayed message is handed over.
public enum HandOverReEligibility: Sendable, Equatable {
    /// At the hand-over's time: `now >= last + N`.
    case atHandOver
    /// With the trigger's `delay` added again: `now + delay >= last + N`.
    case delayAddedAgain
}

/// X52 (P2, P3): what the minimum interval and re-eligibility read of the time.
public enum GateClock: Sendable, Equatable {
    /// The simulated time as given.
    case asGiven
    /// Whole seconds: stamps and checks read `⌊epoch + t⌋`.
    case wholeSeconds
}

/// X53 (S6): a push opened by the user.
public enum PushOpenPolicy: Sendable, Equatable {
    /// `push_click` is raised at the open.
    case raiseAtOnce
    /// A trigger sync first (D1); `push_click` waits for it (D3) and is raised when it completes.
    case syncFirst
}

/// X32 (P3, D1): a sync whose trigger list no longer holds a trigger with a re-eligibility record.
public enum RemovedTriggerRecords: Sendable, Equatable {
    /// The record is kept.
    case kept
    /// Kept while the app runs; the next `launch` forgets it, unless the trigger was stamped again
    /// since (only the stored copy was removed).
    case forgottenAtLaunch
}

/// X36 (T1, T7): what `iam_click` and `push_click` conditions compare with the clicked id.
public enum ClickIDPolicy: Sendable, Equatable {
    /// T7: an `iam_click` names the message's id or its campaign id; a `push_click` the push's
    /// campaign id as given.
    case asWritten
    /// The campaign part of the base64-decoded id (before `_`), compared with equality, for the
    /// clicked message's id and the push's campaign id alike (`CampaignID.part`).
    case campaignPart
}

/// X16 (P4): a tie for the highest priority.
public enum PriorityTiePolicy: Sendable, Equatable {
    /// The one earlier in the delivered list.
    case firstDelivered
    /// The one later in the delivered list (a stable ascending sort, then the last taken).
    case lastDelivered
}

/// X17 (T2): the time window's bounds.
public enum TimeWindowPolicy: Sendable, Equatable {
    /// `start_time < now < end_time`, `now` exactly as simulated.
    case strict
    /// `start_time < ⌊now⌋ < end_time`: the SDK reads the clock in whole seconds.
    case strictWholeSeconds
    /// `start_time ≤ now ≤ end_time`, `now` to the millisecond and the bounds whole seconds (the
    /// SDK truncates a bound to an integer before turning it into a date).
    case inclusive
}

/// X18: an explicit `-1` (`Trigger.explicitMinusOne`) where the field also may be absent.
public enum ExplicitMinusOnePolicy: Sendable, Equatable {
    /// `-1` is read as if the field were absent: no bound, the global interval, no timeout.
    case sameAsAbsent
    /// `-1` is a value like any other: `end_time` a second before 1970 (the trigger never
    /// matches), an interval of -1 s (none), a timeout of -1 ms (expired at once).
    case literal

    /// The fields of `explicit` (a trigger's explicit `-1`s) read as the value -1: all of them
    /// under `literal`, none under `sameAsAbsent`. The one place X18 is read.
    @inline(__always)
    public func literalFields(_ explicit: ExplicitMinusOne) -> ExplicitMinusOne {
        self == .literal ? explicit : []
    }
}

/// X26 (P3): when the re-eligibility record is stamped (P2's last trigger time is always
/// stamped when the trigger is performed, E1).
public enum ReEligibilityStamp: Sendable, Equatable {
    /// E1: when the trigger is performed.
    case whenPerformed
    /// At the message's impression (`displayed`): a message that never shows leaves its trigger
    /// eligible.
    case atImpression
}

/// X27: a message the SDK cannot build (`Message.defect`).
public enum DefectiveMessagePolicy: Sendable, Equatable {
    /// It loads with a warning and is offered like any other.
    case shown
    /// It is performed, then `discarded invalid_message` at once.
    case discarded
}

/// X15 (L1): pushing a message whose copy already waits on the stack.
public enum DuplicatePolicy: Sendable, Equatable {
    /// Both copies stay (a plain push).
    case keepBoth
    /// The older copy is taken off the stack first (`discarded duplicate_on_stack`).
    case removeOlder
}

/// X1 (L1): the stack of waiting messages, or none.
public enum StackPolicy: Sendable, Equatable {
    /// Last in, first out.
    case lifo
    /// No stack: where another platform returns a message to the stack, it is discarded with the
    /// same reason, and `displayNext` has nothing to offer.
    case none
}

/// X2 (L3 step 1, L2): a message offered while the app is in the background.
public enum BackgroundPolicy: Sendable, Equatable {
    /// Back on the stack until the next eligible moment (not `foreground` within a session).
    case returnToStack
    /// Back on the stack, then moved into a single parking slot (replacing, and discarding,
    /// what was parked) and offered at the next `foreground`.
    case parkUntilForeground
}

/// X54 (M6): the visible message when its screen goes away.
public enum ScreenTeardownPolicy: Sendable, Equatable {
    /// It stays visible through the background and dismisses on its own time (M3, M6).
    case keepsVisible
    /// It is taken off the screen into a carry-over slot (`carried_over`): nothing dismisses it
    /// there, and the next screen shows it again (`redisplayed`, expiry and orientation checked
    /// again, its duration restarted) before the parked message, which keeps waiting. A
    /// configuration change (rotation, another screen size) recreates the screen, unless the
    /// SDK locked the orientation for a message that names one.
    case carriedOver
}

/// X58 (M1): what a message on screen keeps from showing.
public enum PagePolicy: Sendable, Equatable {
    /// M1: one visible message; any other is refused (`message_visible`).
    case oneMessage
    /// A page: a slide-up always shows (over anything; slide-ups stack); a modal-like message
    /// (any other type) is refused while a modal-like one is on the page, including one still
    /// closing (`closingHold` seconds after its dismissal). A control message logs its
    /// impression whatever shows. `dismiss` and `click` act on the newest.
    case modalLikeBlocksModalLike(closingHold: Double)
}

/// X59, X60 (M3): a message's own dismissal.
public struct DismissTiming: Sendable, Equatable {
    /// X59: without `message_close`, only a slide-up dismisses itself (the others wait for the
    /// user); else every type is `AUTO_DISMISS`.
    public var manualUnlessSlideup = false
    /// X60: durations under 999 ms become 5000 ms (else only 0 does).
    public var raisesShortDurations = true

    public init(manualUnlessSlideup: Bool = false, raisesShortDurations: Bool = true) {
        self.manualUnlessSlideup = manualUnlessSlideup
        self.raisesShortDurations = raisesShortDurations
    }
}

/// X62 (L3 step 5): the orientation check.
public enum OrientationCheck: Sendable, Equatable {
    /// Every message's `orientation` (absent: `ANY`), on a phone.
    case everyMessage
    /// Only a FULL message carries one (absent: `PORTRAIT`), checked on a phone only.
    case fullOnly
}

/// X56 (M4): a tap on the body of a MODAL or FULL message with buttons.
public enum BodyTapPolicy: Sendable, Equatable {
    /// M4 as written: the body's click action, a dismissal and `iam_click`.
    case clicks
    /// Nothing on a MODAL or FULL (immersive) message with buttons: only its buttons and its close
    /// control act (`ignored click has_buttons`).
    case ignoredOnImmersive
    /// Nothing on any message with buttons (the Web SDK sets the body's handler only without).
    case ignoredWithButtons
    /// Nothing on a MODAL or FULL with buttons whose layout has text; a tap on an image-only
    /// (`GRAPHIC`) one still clicks (BrazeUI 7.2.0 up to 7.5.0).
    case ignoredOnImmersiveWithText
}

/// X5 (L5): the delegate answered `reenqueue`.
public enum ReenqueuePolicy: Sendable, Equatable {
    /// L5: the stamps of E1 are rolled back; the message is not stacked.
    case rollBack
    /// Pushed back on top of the stack (`returned_to_stack delegate_reenqueue`); nothing rolled back.
    case pushOnStack
}

/// X7–X9, X21–X25 (T3–T5) and X19 (T1): the platform's condition and filter evaluation.
public struct FilterPolicy: Sendable, Equatable {
    /// X7: comparators 4 and 6 on a `number` filter mean `>=` and `<=` (else they never pass).
    public var relativeComparatorsCompareNumbers = false
    /// X8: regex comparators 10 and 17 are case-sensitive (else case-insensitive).
    public var regexCaseSensitive = false
    /// X9: an empty `property_filters` array matches every event (else none).
    public var emptyFiltersMatch = false
    /// X19 (T1): whether a `purchase` condition with `product_id: ""` matches any purchase (else
    /// only a purchase of the product `""`). Kept with the filters because condition matching
    /// (`Condition.matches`) reads this policy and no other.
    public var emptyProductIDMatchesAny = true
    /// X21: what an event property whose value is JSON `null` is.
    public var nullProperty: NullPropertyPolicy = .missing
    /// X22: what a number written as an integer beyond 32 bits is to a `number` filter.
    public var bigIntegers: BigIntegerPolicy = .number
    /// X23: the precision of date comparisons.
    public var datePrecision: DatePrecisionPolicy = .asGiven
    /// X24: which event values a `date` filter reads as dates, and what a `string` filter sees of a
    /// date value.
    public var dateStrings: DateStringPolicy = .iso8601
    /// X25: whether a filter the dashboard does not send (T4's unsupported filters) can pass.
    public var unsentFilters: UnsentFilterPolicy = .neverPass
    /// R3: the regex engine whose dialect comparators 10 and 17 speak.
    public var regexDialect: RegexDialect = .icu
    /// X36 (T1, T7): what `iam_click` and `push_click` conditions compare. Kept with the filters
    /// because condition matching reads this policy and no other.
    public var clickIDs: ClickIDPolicy = .asWritten
    /// X36 (T1, T7): what an `iam_click` condition matches (kept here as X19 is: condition
    /// matching reads this policy and no other).
    public var iamClicks: IAMClickPolicy = .asWritten
    /// R3, T6: not a platform's policy but one event's shared backtracking budget, set for the
    /// event by `Engine.match` (`nil` in every profile: each evaluation gets the whole budget).
    public var eventRegexBudget: EventRegexBudget?

    public init() {}
}

/// X21: an event property whose value is JSON `null`.
public enum NullPropertyPolicy: Sendable, Equatable {
    /// A missing property (T5): deleted when the event is logged.
    case missing
    /// A value of its own: `exists` passes, `does not exist` fails, every other comparator sees
    /// the wrong type.
    case present
}

/// X22: an integer property beyond 32 bits (`3000000000`).
public enum BigIntegerPolicy: Sendable, Equatable {
    /// A number like any other.
    case number
    /// The wrong type for a `number` filter (stored as a 64-bit integer the comparison refuses).
    case wrongType
}

/// X23: how precisely event dates are compared.
public enum DatePrecisionPolicy: Sendable, Equatable {
    /// T4 as written: "on the second" (1, 2) compares whole seconds; the others compare the times
    /// as given.
    case asGiven
    /// Everything in whole seconds: the event's date, the event's time and the filter's value
    /// are truncated before comparing.
    case wholeSeconds
    /// Milliseconds: "equals" means the same millisecond; the filter's unix time is whole seconds.
    case milliseconds
}

/// X24: date-looking strings against a `date` filter.
public enum DateStringPolicy: Sendable, Equatable {
    /// An ISO-8601 string is a date (T5), as a date value is.
    case iso8601
    /// Only `yyyy-MM-dd kk:mm:ss` (UTC) is a date, the form dates are stored in; a date value is
    /// that text to a `string` filter.
    case storedForm
    /// Only a date value is a date.
    case never
}

/// X25: filters the dashboard does not send (a comparator on the wrong `property_type`, an
/// unknown `property_type`).
public enum UnsentFilterPolicy: Sendable, Equatable {
    /// They never pass (T4).
    case neverPass
    /// A missing property passes 2, 12 and 17, and a present one passes 11, before the
    /// `property_type` is read; nothing else passes.
    case presenceFirst
    /// Evaluated as JavaScript would: the value compared as it is (`===`, `<`, `>` between values
    /// of one `typeof`), 17 passes for anything but a string, 15 and 16 read any date value.
    case javaScript
}

/// R3 (delivery-rules §12): the platform's regex engine. All three evaluate lookaround and
/// backreferences (the backtracking matcher, within its budget); they part on what a pattern
/// that does not compile does.
public enum RegexDialect: Sendable, Equatable {
    /// ICU (`NSRegularExpression`; `ios`, `swift`): inline flags honoured; a pattern that does
    /// not compile never passes (`unsupported_filter`).
    case icu
    /// `java.util.regex` (`android`): inline flags honoured; a pattern that does not compile
    /// fails its filter, and only for a string value (`compilesOnlyForStringValues`).
    case java
    /// JavaScript's `RegExp` (`web`): inline flags are a syntax error, and a pattern that does
    /// not compile throws out of the SDK's event logging when it is compiled (only for a string
    /// value): `trigger_skipped sdk_error`, then `no_match`, and no other trigger is evaluated
    /// for that event. A backreference to a group that has not captured matches the empty string.
    case javaScript

    /// Whether the SDK reads the value's type before it compiles the pattern (Android, Web:
    /// executed): a filter whose pattern does not compile still gets T5's answer for a missing
    /// or non-string value (17 passes) and fails only on a string. ICU (`ios`, inherited): such
    /// a filter never passes (T4).
    public var compilesOnlyForStringValues: Bool { self != .icu }

    /// Whether a pattern this engine cannot compile throws out of the event's matching (rather
    /// than failing its one filter).
    public var syntaxErrorAbortsEvent: Bool { self == .javaScript }
}

/// X11 (E1): the expiry of a message whose trigger has no `timeout`.
public enum DefaultTimeoutPolicy: Sendable, Equatable {
    /// No expiry.
    case none
    /// Event time + the trigger's `delay` + this many seconds.
    case afterDelay(seconds: Double)
}

/// X36 (T1, T7): what an `iam_click` condition matches.
public enum IAMClickPolicy: Sendable, Equatable {
    /// T1/T7 as written: the message id as given; `buttons` absent is a body click only.
    case asWritten
    /// The campaign part of the base64-decoded clicked id (before `_`); `buttons` absent or
    /// empty matches any click; a button without an id raises no `iam_click`.
    case campaignPart
}

/// X38 (R9): a trigger whose message is a `BANNER` or has no `type`.
public enum UnsupportedTypePolicy: Sendable, Equatable {
    /// It matches as usual; once performed it is `discarded unsupported_type`.
    case discardedWhenPerformed
    /// Its trigger is built and competes as usual; when it is performed the message does not
    /// parse: `discarded unsupported_type` before anything is checked or stamped, and no fallback.
    case unparsedWhenPerformed
}

extension Profile {
    /// X38: whether a message of type `type` (`Message.unsupportedType`) is thrown away once
    /// performed, whichever way the platform drops it. Why-not asks this; `perform` reads the
    /// policy itself for when it drops it.
    public func dropsOncePerformed(type: String) -> Bool {
        switch policies.unsupportedMessageTypes {
        case .unparsedWhenPerformed: true
        case .discardedWhenPerformed: type != "none"
        }
    }

    /// X41: whether the SDK's own UI finds no window in an app that uses scenes. The one reader
    /// of the row.
    public var findsNoWindowInSceneApps: Bool { policies.noWindowInSceneApps }
}

extension Profile {
    /// X64: whether the page loads a message's image each time it shows it. The one reader of
    /// the row.
    public var imagesLoadAtShow: Bool { policies.imagesLoadAtShow }

    /// X65: whether the background holds a message back. The one reader of the row.
    public var backgroundHoldsBack: Bool { policies.backgroundHoldsBack }
}
