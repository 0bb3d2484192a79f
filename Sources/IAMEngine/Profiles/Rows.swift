/// The platforms of profiles.md, as the rows name them.
public enum Platform: String, Sendable, CaseIterable {
    case ios, swift, android, web
}

/// What a platform's cell of a row changes in `Policies`, where its answer differs from `ios`'s.
public typealias PolicyChange = @Sendable (inout Policies) -> Void

/// A platform's cell of a row: its answer in a few words, how sure it is, and the policy value
/// it sets where that differs from the `ios` answer (`Policies()`).
public struct Cell<Value: Sendable>: Sendable {
    let answer: Answer
    let value: Value?

    static func says(_ summary: String, _ confidence: Confidence, at evidence: String? = nil) -> Cell {
        Cell(answer: Answer(summary, confidence, at: evidence), value: nil)
    }

    static func says(_ summary: String, _ confidence: Confidence, _ value: Value, at evidence: String? = nil) -> Cell {
        Cell(answer: Answer(summary, confidence, at: evidence), value: value)
    }
}

/// One row of profiles.md or integration.md, declared once: its question, each platform's
/// answer with its confidence and the policy value it sets, how compare carries the row from
/// one platform to another, and what a scenario must hold for the row to matter. `Profile`'s
/// four platforms, `iamterm profiles`, compare's attribution, the split view's marker and
/// why-not all read this; a new row is one case here, its rule and its test.
public struct Row: Sendable {
    public let question: String
    let answers: [Platform: Answer]
    let changes: [Platform: PolicyChange]
    /// Sets the row's policy of the first to the second's (compare's probe); `nil` for a row
    /// without a policy (X12, X13: names only).
    let adopt: (@Sendable (inout Policies, Policies) -> Void)?
    /// What a scenario must hold for the row to change anything; `nil`: always tried.
    let matters: (KeyPath<ScenarioTraits, Bool> & Sendable)?

    /// A row whose policy is one value of `Policies`.
    init<Value: Sendable>(
        _ question: String, _ policy: WritableKeyPath<Policies, Value> & Sendable,
        ios: Cell<Value>? = nil, swift: Cell<Value>? = nil, android: Cell<Value>? = nil, web: Cell<Value>? = nil,
        matters: (KeyPath<ScenarioTraits, Bool> & Sendable)? = nil
    ) {
        let cells: [Platform: Cell<Value>] = [.ios: ios, .swift: swift, .android: android, .web: web]
            .compactMapValues { $0 }
        self.question = question
        self.answers = cells.mapValues(\.answer)
        self.changes = cells.compactMapValues { cell in
            cell.value.map { value -> PolicyChange in { $0[keyPath: policy] = value } }
        }
        self.adopt = { $0[keyPath: policy] = $1[keyPath: policy] }
        self.matters = matters
    }

    /// A row whose policy spans several values (or none): each cell says what it changes.
    init(
        _ question: String, adopt: (@Sendable (inout Policies, Policies) -> Void)?,
        ios: Cell<PolicyChange>? = nil, swift: Cell<PolicyChange>? = nil,
        android: Cell<PolicyChange>? = nil, web: Cell<PolicyChange>? = nil,
        matters: (KeyPath<ScenarioTraits, Bool> & Sendable)? = nil
    ) {
        let cells: [Platform: Cell<PolicyChange>] = [.ios: ios, .swift: swift, .android: android, .web: web]
            .compactMapValues { $0 }
        self.question = question
        self.answers = cells.mapValues(\.answer)
        self.changes = cells.compactMapValues(\.value)
        self.adopt = adopt
        self.matters = matters
    }
}

extension Difference {
    /// The row, declared once (read from a table built at first use).
    public var row: Row { Self.rows[self]! }

    private static let rows: [Difference: Row] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, $0.declaration) })

    /// Every row. The `ios` cell's policy is `Policies()`; a platform's cell left out inherits
    /// the `ios` answer (`Profile.answer`).
    private var declaration: Row {
        switch self {
        case .x1:
            Row(
                "is there a stack of waiting messages?", \.stack,
                ios: .says("a LIFO stack", .source),
                swift: .says(
                    "a LIFO stack (array, end is top)", .source, at: "BrazeUI InAppMessageUI.swift:27–34, 421–425"),
                android: .says("a LIFO stack (java.util.Stack)", .source),
                web: .says("no stack: a refused message is discarded", .source, .none))
        case .x2:
            Row(
                "a message performed while the app is in the background", \.background,
                ios: .says("returned to the stack; not offered on foreground", .source),
                swift: .says(
                    "returned to the stack, as ios", .inferred,
                    at: "BrazeUI has no app-state code; BrazeKit (closed) decides"),
                android: .says("parked in one slot, offered on the next foreground", .source, .parkUntilForeground),
                web: .says("shown on the hidden page (X65); nothing returns to a stack", .executed))
        case .x3:
            Row(
                "keyboard up when a message is offered", \.keyboardHoldsBack,
                ios: .says(
                    "held back (keyboard_up) unless a delegate decides", .source,
                    at: "AppboyUI ABKInAppMessageUIController.m:108–126"),
                swift: .says("no keyboard gate", .source, false, at: "BrazeUI InAppMessageUI.swift:90–118"),
                android: .says("no keyboard gate", .source, false),
                web: .says("no keyboard gate", .inferred, false))
        case .x4:
            Row(
                "keyboard shown while a message is visible", \.keyboardDismissesVisible,
                ios: .says(
                    "dismisses a non-HTML message", .source, at: "AppboyUI ABKInAppMessageWindowController.m:250–256"),
                swift: .says(
                    "stays visible", .source, false, at: "BrazeUI Views/InAppMessageUIContainerView.swift:15–20 (moves)"
                ),
                android: .says("stays visible", .source, false),
                web: .says("stays visible", .inferred, false))
        case .x5:
            Row(
                "the delegate answers reenqueue", \.reenqueue,
                ios: .says("rolled back, not stacked", .source),
                swift: .says(
                    "pushed on top of the stack, nothing rolled back", .source, .pushOnStack,
                    at: "BrazeUI InAppMessageUI.swift:109–112"),
                android: .says("rolled back, not stacked", .source),
                web: .says("discarded delegate_reenqueue", .source, .pushOnStack))
        case .x6:
            Row(
                "displayNext and the delegate", \.displayNextAsksDelegate,
                ios: .says("offers the top through the delegate", .source),
                swift: .says(
                    "presentNext() shows the top without the delegate", .source, false,
                    at: "BrazeUI InAppMessageUI.swift:176–183"),
                android: .says("offers the top through the listener", .source),
                web: .says("nothing to offer (no stack)", .source),
                matters: \ScenarioTraits.hasDisplayNext)
        case .x7:
            Row(
                "comparators 4 and 6 on a number filter", \.filters.relativeComparatorsCompareNumbers,
                ios: .says("never pass", .source),
                android: .says("never pass", .source),
                web: .says(">= and <=", .source, true),
                matters: \ScenarioTraits.hasRelativeNumberFilter)
        case .x8:
            Row(
                "regex filters: case",
                // The regex row: case (X8) and the dialect (R3) travel together.
                adopt: {
                    $0.filters.regexCaseSensitive = $1.filters.regexCaseSensitive
                    $0.filters.regexDialect = $1.filters.regexDialect
                },
                ios: .says("partial match, case-insensitive", .source),
                android: .says("partial match, case-insensitive", .source, { $0.filters.regexDialect = .java }),
                web: .says(
                    "partial match, case-sensitive", .source,
                    {
                        $0.filters.regexCaseSensitive = true
                        $0.filters.regexDialect = .javaScript
                    }),
                matters: \ScenarioTraits.hasRegexFilter)
        case .x9:
            Row(
                "an empty property_filters array", \.filters.emptyFiltersMatch,
                ios: .says("never matches", .source),
                android: .says("never matches", .source),
                web: .says("always matches", .source, true),
                matters: \ScenarioTraits.hasEmptyFilters)
        case .x10:
            Row(
                "session timeout default", \.sessionTimeout,
                ios: .says("10 s", .source),
                swift: .says("10 s", .docs),
                android: .says("10 s", .docs),
                web: .says("30 minutes", .docs, 30 * 60))
        case .x11:
            Row(
                "default timeout of a trigger without one", \.defaultTimeout,
                ios: .says("none", .source),
                android: .says("none for the chosen trigger", .source),
                web: .says("delay + 30 s when timeout is absent or null", .executed, .afterDelay(seconds: 30)))
        case .x12:
            Row(
                "the minimum interval's setting name", adopt: nil,
                ios: .says("ABKMinimumTriggerTimeIntervalKey", .source),
                swift: .says("triggerMinimumTimeInterval", .source),
                android: .says("com_braze_trigger_action_minimum_time_interval_seconds", .source),
                web: .says("minimumIntervalBetweenTriggerActionsInSeconds", .source))
        case .x13:
            Row(
                "the delegate's method and answer names", adopt: nil,
                ios: .says("beforeInAppMessageDisplayed: (…withKeyboardIsUp:)", .source),
                swift: .says("inAppMessage(_:displayChoiceForMessage:)", .source),
                android: .says("beforeInAppMessageDisplayed", .source),
                web: .says("subscribeToInAppMessage callback", .source))
        case .x14:
            Row(
                "a message reaching its expiry at that instant", \.expiredAtExpiry,
                ios: .says("still shows (expired only after)", .inherited),
                android: .says("still shows: expired only when now > expiry", .source),
                web: .says("expired at that instant (now < expiry to show)", .source, true))
        case .x15:
            Row(
                "a push while the same message waits on the stack", \.duplicates,
                ios: .says("both copies stay", .inherited),
                swift: .says(
                    "the older copy is removed first", .source, .removeOlder,
                    at: "BrazeUI InAppMessageUI.swift:111, 423"),
                android: .says("both copies stay (Stack.push)", .source),
                web: .says("no stack (X1)", .source))
        case .x16:
            Row(
                "two matching triggers with the same priority", \.priorityTie,
                ios: .says("the first in the delivered list", .inherited),
                android: .says("the first in the delivered list", .executed),
                web: .says("the last in the delivered list", .executed, .lastDelivered))
        case .x17:
            Row(
                "the time window's bounds", \.timeWindow,
                ios: .says("strict: start_time < now < end_time", .source),
                android: .says(
                    "strict, in whole seconds: start_time < ⌊now⌋ < end_time", .executed, .strictWholeSeconds),
                web: .says("inclusive, to the millisecond: start_time <= now <= end_time", .executed, .inclusive))
        case .x18:
            Row(
                "an explicit -1 in end_time, min_seconds_since_last_trigger, timeout", \.explicitMinusOne,
                ios: .says("as absent: no bound, the global interval, no timeout", .source),
                android: .says(
                    "as absent: the global interval; no bound, no timeout (those two read in source)", .executed),
                web: .says(
                    "end_time -1 never matches; interval -1 is none; timeout -1 expires at once", .executed, .literal))
        case .x19:
            Row(
                "a purchase condition with product_id \"\"", \.filters.emptyProductIDMatchesAny,
                ios: .says("any purchase", .source),
                web: .says("only a purchase of the product \"\"", .executed, false),
                matters: \ScenarioTraits.hasEmptyProductID)
        case .x20:
            Row(
                "the last trigger time across a launch", \.lastTriggerTimeSurvivesLaunch,
                ios: .says("cleared by launch (S1)", .source),
                web: .says("kept (localStorage): the interval runs across a reload", .executed, true),
                matters: \ScenarioTraits.hasLaunchAfterTrigger)
        case .x21:
            Row(
                "an event property whose value is null", \.filters.nullProperty,
                ios: .says("missing (T5)", .docs),
                android: .says(
                    "present: exists passes, does not exist fails, others see the wrong type", .executed, .present),
                web: .says("missing: nulls are deleted when the event is logged", .executed, .missing),
                matters: \ScenarioTraits.hasNullValue)
        case .x22:
            Row(
                "an integer property beyond 32 bits", \.filters.bigIntegers,
                ios: .says("a number", .docs),
                android: .says("the wrong type for a number filter (a 64-bit integer)", .executed, .wrongType),
                web: .says("a number", .executed, .number),
                matters: \ScenarioTraits.hasBigInteger)
        case .x23:
            Row(
                "the precision of date comparisons", \.filters.datePrecision,
                ios: .says("whole seconds for equality; other comparisons as given", .docs),
                android: .says("event dates truncated to whole seconds", .executed, .wholeSeconds),
                web: .says("milliseconds", .executed, .milliseconds),
                matters: \ScenarioTraits.hasDateFilter)
        case .x24:
            Row(
                "a date-looking string against a date filter", \.filters.dateStrings,
                ios: .says("an ISO-8601 string is a date (T5)", .docs),
                android: .says(
                    "only yyyy-MM-dd kk:mm:ss (UTC) is a date; a date value is that text to a string filter", .executed,
                    .storedForm),
                web: .says("never a date: only a date value is", .executed, .never),
                matters: \ScenarioTraits.hasDates)
        case .x25:
            Row(
                "filters the dashboard does not send", \.filters.unsentFilters,
                ios: .says("never pass, with a load warning (T4)", .docs),
                android: .says(
                    "a missing property passes 2, 12 and 17; 11 and 12 answered before the type", .executed,
                    .presenceFirst),
                web: .says(
                    "evaluated as JavaScript does (17 passes for non-strings, 3-6 with < > <= >=, ...)", .executed,
                    .javaScript),
                matters: \ScenarioTraits.hasUnsentFilter)
        case .x26:
            Row(
                "when re-eligibility is stamped", \.reEligibilityStamp,
                ios: .says("when the trigger is performed", .source),
                swift: .says(
                    "at the impression: a message never shown leaves its trigger eligible", .inferred, .atImpression))
        case .x27:
            Row(
                "a message the SDK cannot build", \.defectiveMessages,
                ios: .says("loads with a warning and shows", .inherited),
                swift: .says("performed, then discarded invalid_message", .inferred, .discarded))
        case .x28:
            Row(
                "the stack offered at a session start or a push open", \.eligibleMomentsOfferStack,
                ios: .says("yes: the top of the stack is offered", .source),
                swift: .says("no: the stack waits for the next message or presentNext()", .source, false),
                android: .says("no: only the parked message is offered at foreground", .source, false),
                web: .says("does not arise: no stack (X1)", .source))
        case .x29:
            Row(
                "is a launch a new session?", \.launchInsideSessionContinues,
                ios: .says("yes: a cold start (S1)", .source),
                web: .says(
                    "only after the session timed out: inside it a launch continues the session", .executed, true),
                matters: \ScenarioTraits.hasRelaunch)
        case .x30:
            Row(
                "does inactivity end a session without background?",
                adopt: {
                    $0.inactivityEndsSession = $1.inactivityEndsSession
                    $0.periodicFlush = $1.periodicFlush
                },
                ios: .says("no: S2 counts from background", .source),
                web: .says(
                    "yes: the first event after the timeout since the last activity starts a session; "
                        + "its sync goes with the next data flush (every 10 s)", .executed,
                    {
                        $0.inactivityEndsSession = true
                        $0.periodicFlush = 10
                    }),
                matters: \ScenarioTraits.hasIdleGap)
        case .x31:
            Row(
                "a delayed trigger pending at a launch", \.delayedTriggersSurviveLaunch,
                ios: .says("dropped (trigger_dropped launch)", .source),
                android: .says("dropped: the delayed coroutine ends with the process", .executed),
                web: .says("kept and rescheduled for the rest of its delay", .executed, true),
                matters: \ScenarioTraits.hasDelay)
        case .x32:
            Row(
                "the re-eligibility record of a trigger a sync removed",
                adopt: {
                    $0.syncForgetsDroppedTriggers = $1.syncForgetsDroppedTriggers
                    $0.removedTriggerRecords = $1.removedTriggerRecords
                },
                ios: .says("kept", .source),
                android: .says(
                    "kept while the app runs; forgotten at the next launch", .executed,
                    { $0.removedTriggerRecords = .forgottenAtLaunch }),
                web: .says(
                    "forgotten: the sync rebuilds the records from the triggers it holds", .executed,
                    { $0.syncForgetsDroppedTriggers = true }),
                matters: \ScenarioTraits.hasCampaignStep)
        case .x33:
            Row(
                "the time of an event queued during a sync", \.queuedEventsTimedAtAnswer,
                ios: .says("the time it was raised", .source),
                web: .says("the sync's answer", .executed, true),
                matters: \ScenarioTraits.hasEventDuringSync)
        case .x34:
            Row(
                "re_eligibility: null", \.nullReEligibilityAlways,
                ios: .says("the default: once (P3)", .source),
                web: .says("always re-eligible", .executed, true),
                matters: \ScenarioTraits.hasNullReEligibility)
        case .x35:
            Row(
                "the order of the checks when a performed message is handed over", \.handOverChecksBeforeStamp,
                ios: .says("stamped at performed (E1), then L3 in its order", .source),
                web: .says("expiry, then a subscriber, then the display; nothing stamped before", .executed, true))
        case .x36:
            Row(
                "what iam_click and push_click conditions compare",
                adopt: {
                    $0.filters.iamClicks = $1.filters.iamClicks
                    $0.filters.clickIDs = $1.filters.clickIDs
                },
                ios: .says("T1/T7 as written: the id or its campaign id; a push's campaign id as given", .source),
                android: .says(
                    "the campaign part of the base64-decoded id, for iam_click and push_click", .executed,
                    { $0.filters.clickIDs = .campaignPart }),
                web: .says(
                    "the campaign part of the base64 id; buttons absent or [] any click; ids as strings", .executed,
                    { $0.filters.iamClicks = .campaignPart }),
                matters: \ScenarioTraits.hasClickConditions)
        case .x37:
            Row(
                "an event name or key holding a quote or a control character", \.refusesUnsafeNames,
                ios: .says("logged", .source),
                web: .says("refused: event_rejected invalid_name, no trigger evaluated", .executed, true),
                matters: \ScenarioTraits.hasUnsafeName)
        case .x38:
            Row(
                "message types MODAL_STYLED, WEB_HTML, BANNER and none", \.unsupportedMessageTypes,
                ios: .says(
                    "MODAL_STYLED a modal, WEB_HTML an HTML message; BANNER discarded when performed; no type a slideup",
                    .inferred),
                web: .says(
                    "MODAL_STYLED a modal, WEB_HTML HTML; BANNER or none matches, then is dropped unstamped when performed",
                    .executed, .unparsedWhenPerformed),
                matters: \ScenarioTraits.hasUnsupportedType)
        case .x39:
            Row(
                "a chosen message the SDK refuses at perform time", \.refusedMessageFallsBack,
                ios: .says("no fallback: the refused message is the event's only one", .inferred),
                web: .says("the next candidate by priority, with its own delay", .executed, true),
                matters: \ScenarioTraits.hasRefusedMessage)
        case .x40:
            Row(
                "changeUser: what it clears, and the previous user's messages", \.userChange,
                ios: .says(
                    "nothing cleared: a message triggered for the previous user may show to the new one", .inferred,
                    at: "AppboyUI has no user code; AppboyKit (closed) holds the stack"),
                swift: .says(
                    "the visible message dismissed, the stack and the message waiting for its image cleared; a "
                        + "message triggered for the previous user refused when offered",
                    .source, UserChangePolicy(dismissesVisible: true, clearsWaiting: true, refusesPreviousUsers: true),
                    at: "BrazeUI InAppMessageUI.swift:130–165 (stack.removeAll() at 147), 279–290"),
                android: .says(
                    "the visible message removed; a message triggered for the previous user refused when offered",
                    .source, UserChangePolicy(dismissesVisible: true, refusesPreviousUsers: true)),
                web: .says(
                    "the deferred message cleared; the previous user's messages may still show", .source,
                    UserChangePolicy(clearsDeferred: true)),
                matters: \ScenarioTraits.hasUserChange)
        case .x41:
            Row(
                "a scene-based app: does the SDK's UI find a window?", \.noWindowInSceneApps,
                ios: .says("shown: the seed's SDK finds the scene's window (from 3.23.0)", .source),
                swift: .says(
                    "shown: the scene's window is found", .source, at: "BrazeUI InAppMessageUI.swift:256–258, 310–314"),
                android: .says("does not arise: no scenes", .inferred),
                web: .says("does not arise: no scenes", .inferred),
                matters: \ScenarioTraits.hasScenes)
        case .x43:
            Row(
                "events the SDK refuses to log (size, values)", \.eventLimits,
                ios: .says("any size logged (today's answer; versioned: refused over 50 KB, see versions)", .source),
                swift: .says("any size logged; values accepted", .inherited),
                android: .says(
                    "any size logged (today's answer; versioned: refused over 50 KB, see versions)", .source),
                web: .says("any size logged (today's answer; versioned: refused over 50 KB, see versions)", .source),
                matters: \ScenarioTraits.hasEventProperties)
        case .x44:
            Row(
                "a message whose server templating aborts", \.templatingAbortFallsBack,
                ios: .says("trigger_skipped templating_aborted; the next candidate by priority", .source),
                swift: .says("trigger_skipped templating_aborted; the next candidate by priority", .inherited),
                android: .says("trigger_skipped templating_aborted; the next candidate by priority", .source),
                web: .says("trigger_skipped templating_aborted; the next candidate by priority", .source),
                matters: \ScenarioTraits.hasTemplating)
        case .x50:
            Row(
                "a delayed message's hand-over: the minimum interval again?", \.handOverChecksInterval,
                ios: .says("yes: dropped min_interval if another message was performed meanwhile", .source),
                android: .says("no: only re-eligibility is checked again; P2 stamped anew", .executed, false),
                matters: \ScenarioTraits.hasDelay)
        case .x51:
            Row(
                "a delayed message's hand-over: how re-eligibility is checked again", \.handOverReEligibility,
                ios: .says("at the hand-over's time: now >= last + N", .source),
                android: .says("with the delay added again: now + delay >= last + N", .executed, .delayAddedAgain),
                matters: \ScenarioTraits.hasDelay)
        case .x52:
            Row(
                "precision of the minimum interval and re-eligibility", \.gateClock,
                ios: .says("the simulated time as given", .source),
                android: .says("whole seconds: stamps and checks read floor(now)", .executed, .wholeSeconds))
        case .x53:
            Row(
                "a push open", \.pushOpen,
                ios: .says("push_click is raised at the open", .source),
                android: .says("a trigger sync first; push_click when it completes", .executed, .syncFirst),
                matters: \ScenarioTraits.hasPushOpen)
        case .x54:
            Row(
                "the visible message when its screen goes away (background, a rotation)", \.screenTeardown,
                ios: .says(
                    "stays visible and dismisses on its own time", .source,
                    at: "AppboyUI ABKInAppMessageWindowController.m:322–336 (a timer; no app-state observer)"),
                swift: .says(
                    "stays visible and dismisses on its own time", .source,
                    at: "BrazeUI InAppMessageUI.swift:321–331 (a timer; no app-state code)"),
                android: .says(
                    "carried over: off the screen, not dismissed; the next screen shows it again, before the parked one",
                    .executed, .carriedOver),
                web: .says("stays on the page", .inferred),
                matters: \ScenarioTraits.hasScreenChange)
        case .x55:
            Row(
                "the display checks: the image before expiry and orientation?", \.preparesBeforeDisplayChecks,
                ios: .says(
                    "expiry, orientation, then the image; a waiting message expires at its expiry", .source,
                    at:
                        "spec L3; the download is AppboyKit's (closed); orientation: ABKInAppMessageUIController.m:37–51"
                ),
                swift: .says(
                    "expiry, orientation, then the image; a waiting message expires at its expiry", .source,
                    at: "BrazeUI InAppMessageUI.swift:190 (orientation), 213–223 (the image after it)"),
                android: .says(
                    "the image first (a FULL without one dropped); expiry and orientation when it is here", .executed,
                    true),
                web: .says(
                    "expiry at the hand-over only (X35); the page's checks when shown, then the image", .executed))
        case .x56:
            Row(
                "a tap on the body of a message with buttons (MODAL, FULL)", \.bodyTapWithButtons,
                ios: .says(
                    "nothing: only the buttons act (AppboyUI 3.3.0 on)", .source,
                    at: "AppboyUI ABKInAppMessageWindowController.m:205–209"),
                swift: .says(
                    "nothing: only the buttons act (BrazeUI 7.5.0 on)", .source,
                    at: "BrazeUI Views/InAppMessageUIModalView.swift:502, InAppMessageUIModalImageView.swift:435"),
                android: .says("nothing: only the buttons act", .executed),
                web: .says(
                    "nothing, on any message with buttons: only the buttons act", .executed, .ignoredWithButtons),
                matters: \ScenarioTraits.hasClick)
        case .x57:
            Row(
                "a click on a message whose payload has no trigger_id", \.clickNeedsTriggerID,
                ios: .says(
                    "logged; iam_click raised with the trigger's id", .inferred,
                    at: "ABKInAppMessageWindowController.m:402–408 calls AppboyKit (closed) to log"),
                swift: .says(
                    "logged; iam_click raised with the trigger's id", .inferred,
                    at: "logClick goes to BrazeKit's context (closed): Views/InAppMessageUIModalView.swift:503"),
                android: .says("not logged; no iam_click (the id is read from the message)", .executed, true),
                matters: \ScenarioTraits.hasClick)
        case .x58:
            Row(
                "what a message on screen keeps from showing", \.page,
                ios: .says(
                    "one visible message: any other waits (message_visible)", .source,
                    at: "AppboyUI ABKInAppMessageUIController.m:141–146"),
                swift: .says(
                    "one visible message: any other waits (message_visible)", .source,
                    at: "BrazeUI InAppMessageUI.swift:411–434"),
                web: .says(
                    "slide-ups always show and stack; a modal-like message waits for no modal-like one, closing ones included (0.5 s)",
                    .executed, .modalLikeBlocksModalLike(closingHold: 0.5)),
                matters: \ScenarioTraits.hasSeveralMessages)
        case .x59:
            Row(
                "a message without message_close", \.dismissTiming.manualUnlessSlideup,
                ios: .says(
                    "AUTO_DISMISS", .source,
                    at: "the default is AppboyKit's; the timer: ABKInAppMessageWindowController.m:331–336"),
                swift: .says(
                    "AUTO_DISMISS", .inferred,
                    at: "messageClose is BrazeKit's (closed); the timer: InAppMessageUI.swift:322"),
                web: .says("only a slide-up dismisses itself; MODAL, FULL and HTML wait for the user", .executed, true),
                matters: \ScenarioTraits.hasDefaultClose)
        case .x60:
            Row(
                "an auto-dismiss duration under 999 ms", \.dismissTiming.raisesShortDurations,
                ios: .says("5000 ms", .source, at: "the duration is AppboyKit's (closed); spec M3"),
                swift: .says("5000 ms", .inferred, at: "the interval is BrazeKit's (closed): InAppMessageUI.swift:322"),
                web: .says("as given (only 0 becomes 5000 ms)", .executed, false),
                matters: \ScenarioTraits.hasShortDuration)
        case .x61:
            Row(
                "a FULL message without an image", \.fullNeedsImage,
                ios: .says(
                    "discarded full_without_image", .source, at: "AppboyUI ABKInAppMessageUIController.m:60–64"),
                swift: .says(
                    "discarded full_without_image", .inferred,
                    at: "the message is parsed by BrazeKit (closed); InAppMessageUIExt.swift:41–94"),
                web: .says("shown without one", .executed, false))
        case .x62:
            Row(
                "which messages the orientation check reads", \.orientationCheck,
                ios: .says(
                    "every message's orientation (absent: ANY), on a phone", .source,
                    at: "AppboyUI ABKInAppMessageUIController.m:37–51"),
                swift: .says(
                    "every message's orientation (absent: ANY), on a phone", .source,
                    at: "BrazeUI InAppMessageUI.swift:445–453"),
                web: .says("FULL messages only (absent: PORTRAIT), on a phone", .executed, .fullOnly))
        case .x63:
            Row(
                "an HTML message that is not trusted", \.htmlNeedsPermission,
                ios: .says("shown", .source, at: "AppboyUI ABKInAppMessageUIController.m:85–90 (no permission asked)"),
                swift: .says("shown", .source, at: "BrazeUI InAppMessageUIExt.swift:84–85 (no permission asked)"),
                web: .says(
                    "refused unless allowUserSuppliedJavascript (html_not_allowed); a deferred one loses trusted",
                    .executed, true))
        case .x64:
            Row(
                "when a message's image is loaded", \.imagesLoadAtShow,
                ios: .says(
                    "prefetched at the sync (D2); a message waits for it once (D4)", .source,
                    at: "AppboyKit (closed); spec D2, D4"),
                swift: .says(
                    "prefetched at the sync (D2); a message waits for it once (D4)", .inferred,
                    at: "BrazeKit (closed) prefetches; withLocalAssets: InAppMessageUI.swift:213–223"),
                web: .says(
                    "by the page at each show: a MODAL's or SLIDEUP's image awaited, a FULL's not; while one loads, no other message shows",
                    .executed, true))
        case .x65:
            Row(
                "a message handed over while the app is in the background", \.backgroundHoldsBack,
                ios: .says(
                    "held back: app_in_background (L3 step 1)", .source,
                    at: "AppboyKit (closed); AppboyUI has no app-state check"),
                swift: .says(
                    "held back: app_in_background (L3 step 1)", .inferred,
                    at: "BrazeKit (closed); BrazeUI has no app-state code"),
                web: .says("shown on the hidden page: the display code never reads visibility", .executed, false))
        case .x66:
            Row(
                "a message waiting for its image when another is prepared for display", \.preparingCancelsWaiting,
                ios: .says(
                    "both wait; the first shows, or returns to the stack (message_visible), when its image is here",
                    .inferred, at: "the download is AppboyKit's (closed); spec D4"),
                swift: .says(
                    "dropped: its download is cancelled (download_cancelled); it never returns to the stack", .source,
                    true, at: "BrazeUI InAppMessageUI.swift:23–25, 197, 213–223, 417"),
                android: .says(
                    "both wait; the first returns to the stack (message_visible) when its image is here (X55)",
                    .executed),
                web: .says("does not arise: while an image loads no other message shows (X64)", .executed),
                matters: \ScenarioTraits.hasSeveralMessages)
        case .x67:
            Row(
                "the different-user guard (X40): first or last?", \.userGuardLast,
                ios: .says(
                    "first: a previous user's message is refused before the delegate is asked", .inferred,
                    at: "AppboyUI has no user check (ABKInAppMessageUIController.m:36–106); AppboyKit is closed"),
                swift: .says(
                    "last: after the delegate, orientation and the image", .source, true,
                    at: "BrazeUI InAppMessageUI.swift:102–104, 190, 213–223, 279–290"),
                android: .says("first: before the listener is asked", .inferred),
                web: .says("first: before the subscribers", .inferred),
                matters: \ScenarioTraits.hasUserChange)
        case .i2:
            Row(
                "a message to show when nothing presents messages", \.withoutPresenter,
                ios: .says("dropped: discarded no_presenter (no AppboyUI to show it)", .inferred),
                swift: .says("dropped: discarded no_presenter (no presenter set)", .docs),
                android: .says("kept in one slot until an Activity registers (no_activity, parked)", .source, .park),
                web: .says("handed to no one: discarded no_subscriber", .docs, .discard(.noSubscriber)),
                matters: \ScenarioTraits.hasNoPresenter)
        case .i4:
            Row(
                "automatic display and the app's subscribers", \.displaysThroughSubscribers,
                ios: .says("does not arise: no subscribers; the app's own UI is I3", .inferred),
                swift: .says("does not arise: no subscribers; the app's own UI is I3", .inferred),
                android: .says("does not arise: no subscribers; the app's own UI is I3", .inferred),
                web: .says(
                    "automaticallyShow false and no subscriber is I2; a show subscriber beside it offers twice", .docs,
                    true))
        case .b3:
            Row(
                "a bridge's answer when the native UI is off",
                adopt: { mine, other in mine.adoptBridges(from: other, \.withoutNativeUI) },
                ios: .says("UI off: every bridge answers discard; only the app draws it", .source),
                swift: .says("UI off: every bridge answers discard; only the app draws it", .source),
                android: .says(
                    "UI off: React Native answers DISPLAY_LATER (stays on the stack); the others discard", .source,
                    { $0.bridges = .android }),
                web: .says("does not arise: no bridge runs on the Web SDK", .inferred, { $0.bridges = nil }),
                matters: \ScenarioTraits.hasBridge)
        case .b4:
            Row(
                "a message while a bridge's app side is not ready",
                adopt: { mine, other in mine.adoptBridges(from: other, \.notReady) },
                ios: .says(
                    "not ready: React Native and Cordova leave it to the native UI; Flutter and Unity answer and lose it",
                    .source),
                swift: .says(
                    "not ready: React Native and Cordova leave it to the native UI; Flutter and Unity answer and lose it",
                    .source),
                android: .says(
                    "not ready: React Native and Cordova leave it to the native UI; Flutter and Unity answer and lose it",
                    .source),
                web: .says("does not arise: no bridge runs on the Web SDK", .inferred, { $0.bridges = nil }),
                matters: \ScenarioTraits.hasBridge)
        case .ts2:
            Row(
                "when a test send delivered by push is shown",
                adopt: {
                    $0.testSends = $1.testSends
                    $0.testEagerDisplaySetting = $1.testEagerDisplaySetting
                },
                ios: .says("when its push is opened, else at the next session start", .inferred),
                swift: .says("when its push is opened, else at the next session start", .inferred),
                android: .says(
                    "at once when the push arrives in the foreground", .inferred,
                    {
                        $0.testSends = .atOnce
                        $0.testEagerDisplaySetting = true
                    }),
                web: .says("at the next session start", .inferred, { $0.testSends = .nextSession }),
                matters: \ScenarioTraits.hasTestSend)
        case .sc2:
            Row(
                "a screen that did not register the SDK's UI", \.unregisteredScreenHoldsBack,
                ios: .says("ignored: any screen presents", .inferred),
                swift: .says(
                    "ignored: any screen presents", .source,
                    at: "BrazeUI InAppMessageUI.swift:300–319 (its own window over any screen)"),
                android: .says("held back (no_activity) until a registered Activity comes to the front", .source, true),
                web: .says("ignored: no Activities", .inferred),
                matters: \ScenarioTraits.hasScreenStep)
        }
    }
}

extension Policies {
    /// B3, B4: each bridge's answer of one row taken from `other`; a platform where no bridge
    /// runs (Web) has neither.
    fileprivate mutating func adoptBridges<Value>(
        from other: Policies, _ answer: WritableKeyPath<BridgePolicy, Value>
    ) {
        let mine = bridges
        bridges = other.bridges.map { theirs in
            var mixed = mine ?? theirs
            mixed.reactNative[keyPath: answer] = theirs.reactNative[keyPath: answer]
            mixed.flutter[keyPath: answer] = theirs.flutter[keyPath: answer]
            mixed.cordova[keyPath: answer] = theirs.cordova[keyPath: answer]
            mixed.unity[keyPath: answer] = theirs.unity[keyPath: answer]
            return mixed
        }
    }

    /// The policies of `platform`: every row's cell applied to the `ios` ones.
    static func of(_ platform: Platform) -> Policies {
        var policies = Policies()
        for row in Difference.allCases {
            row.row.changes[platform]?(&policies)
        }
        return policies
    }
}
