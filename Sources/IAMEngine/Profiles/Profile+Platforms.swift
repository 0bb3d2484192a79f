// The four platforms of profiles.md. Each is the `ios` rule set with its rows changed and
// nothing else; a row a platform leaves out of `answers` is inherited from `ios`.
extension Profile {
    /// The legacy iOS SDK: the rules of delivery-rules.md as written. The default.
    public static let ios = Profile(
        name: "ios", title: "legacy iOS SDK (Appboy)", policies: Policies(),
        intervalSettingName: "ABKMinimumTriggerTimeIntervalKey",
        delegateNames: DelegateNames(
            method: "beforeInAppMessageDisplayed:", now: "ABKDisplayInAppMessageNow",
            later: "ABKDisplayInAppMessageLater", discard: "ABKDiscardInAppMessage",
            reenqueue: "ABKReenqueueInAppMessage",
            keyboardMethod: "beforeInAppMessageDisplayed:withKeyboardIsUp:"),
        answers: [
            .x1: Answer("a LIFO stack", .source),
            .x2: Answer("returned to the stack; not offered on foreground", .source),
            .x3: Answer("held back (keyboard_up) unless a delegate decides", .source),
            .x4: Answer("dismisses a non-HTML message", .source),
            .x5: Answer("rolled back, not stacked", .source),
            .x6: Answer("offers the top through the delegate", .source),
            .x7: Answer("never pass", .source),
            .x8: Answer("partial match, case-insensitive", .source),
            .x9: Answer("never matches", .source),
            .x10: Answer("10 s", .source),
            .x11: Answer("none", .source),
            .x12: Answer("ABKMinimumTriggerTimeIntervalKey", .source),
            .x13: Answer("beforeInAppMessageDisplayed: (…withKeyboardIsUp:)", .source),
            .x14: Answer("still shows (expired only after)", .inherited),
            .x15: Answer("both copies stay", .inherited),
            .x16: Answer("the first in the delivered list", .inherited),
            .x17: Answer("strict: start_time < now < end_time", .source),
            .x18: Answer("as absent: no bound, the global interval, no timeout", .source),
            .x19: Answer("any purchase", .source),
            .x20: Answer("cleared by launch (S1)", .source),
            .x21: Answer("missing (T5)", .docs),
            .x22: Answer("a number", .docs),
            .x23: Answer("whole seconds for equality; other comparisons as given", .docs),
            .x24: Answer("an ISO-8601 string is a date (T5)", .docs),
            .x25: Answer("never pass, with a load warning (T4)", .docs),
            .x26: Answer("when the trigger is performed", .source),
            .x27: Answer("loads with a warning and shows", .inherited),
            .x28: Answer("yes: the top of the stack is offered", .source),
            .x29: Answer("yes: a cold start (S1)", .source),
            .x30: Answer("no: S2 counts from background", .source),
            .x31: Answer("dropped (trigger_dropped launch)", .source),
            .x32: Answer("kept", .source),
            .x33: Answer("the time it was raised", .source),
            .x34: Answer("the default: once (P3)", .source),
            .x35: Answer("stamped at performed (E1), then L3 in its order", .source),
            .x36: Answer("T1/T7 as written: the id or its campaign id; a push's campaign id as given", .source),
            .x37: Answer("logged", .source),
            .x38: Answer(
                "MODAL_STYLED a modal, WEB_HTML an HTML message; BANNER discarded when performed; no type a slideup",
                .inferred),
            .x39: Answer("no fallback: the refused message is the event's only one", .inferred),
            .x50: Answer("yes: dropped min_interval if another message was performed meanwhile", .source),
            .x51: Answer("at the hand-over's time: now >= last + N", .source),
            .x52: Answer("the simulated time as given", .source),
            .x53: Answer("push_click is raised at the open", .source),
            .i2: Answer("dropped: discarded no_presenter (no AppboyUI to show it)", .inferred),
            .i4: Answer("does not arise: no subscribers; the app's own UI is I3", .inferred),
            .b3: Answer("UI off: every bridge answers discard; only the app draws it", .source),
            .b4: Answer(
                "not ready: React Native and Cordova leave it to the native UI; Flutter and Unity answer and lose it",
                .source),
            .ts2: Answer("when its push is opened, else at the next session start", .inferred),
            .sc2: Answer("ignored: any screen presents", .inferred),
            .x40: Answer(
                "nothing cleared: a message triggered for the previous user may show to the new one", .inferred),
            .x41: Answer("shown: the seed's SDK finds the scene's window (from 3.23.0)", .source),
            .x43: Answer("any size logged (today's answer; versioned: refused over 50 KB, see versions)", .source),
            .x44: Answer("trigger_skipped templating_aborted; the next candidate by priority", .source),
        ])

    /// The Braze Swift SDK with its BrazeUI presenter.
    public static let swift: Profile = {
        var policies = Policies()
        policies.keyboardHoldsBack = false
        policies.keyboardDismissesVisible = false
        policies.reenqueue = .pushOnStack
        policies.displayNextAsksDelegate = false
        policies.duplicates = .removeOlder
        policies.reEligibilityStamp = .atImpression
        policies.defectiveMessages = .discarded
        policies.eligibleMomentsOfferStack = false
        policies.userChange = UserChangePolicy(dismissesVisible: true, refusesPreviousUsers: true)
        return Profile(
            name: "swift", title: "Braze Swift SDK (BrazeUI)", policies: policies,
            intervalSettingName: "triggerMinimumTimeInterval",
            delegateNames: DelegateNames(
                method: "inAppMessage(_:displayChoiceForMessage:)", now: ".now", later: ".later",
                discard: ".discard", reenqueue: ".reenqueue"),
            answers: [
                .x1: Answer("a LIFO stack (array, end is top)", .source),
                .x2: Answer("returned to the stack, as ios", .inferred),
                .x3: Answer("no keyboard gate", .source),
                .x4: Answer("stays visible", .source),
                .x5: Answer("pushed on top of the stack, nothing rolled back", .source),
                .x6: Answer("presentNext() shows the top without the delegate", .source),
                .x10: Answer("10 s", .docs),
                .x12: Answer("triggerMinimumTimeInterval", .source),
                .x13: Answer("inAppMessage(_:displayChoiceForMessage:)", .source),
                .x15: Answer("the older copy is removed first", .source),
                .x26: Answer("at the impression: a message never shown leaves its trigger eligible", .inferred),
                .x27: Answer("performed, then discarded invalid_message", .inferred),
                .x28: Answer("no: the stack waits for the next message or presentNext()", .source),
                .i2: Answer("dropped: discarded no_presenter (no presenter set)", .docs),
                .i4: Answer("does not arise: no subscribers; the app's own UI is I3", .inferred),
                .b3: Answer("UI off: every bridge answers discard; only the app draws it", .source),
                .b4: Answer(
                    "not ready: React Native and Cordova leave it to the native UI; Flutter and Unity answer and lose it",
                    .source),
                .ts2: Answer("when its push is opened, else at the next session start", .inferred),
                .sc2: Answer("ignored: any screen presents", .inferred),
                .x40: Answer(
                    "the visible message dismissed; a message triggered for the previous user refused when offered",
                    .source),
                .x41: Answer("shown: the scene's window is found", .inferred),
                .x43: Answer("any size logged; values accepted", .inherited),
                .x44: Answer("trigger_skipped templating_aborted; the next candidate by priority", .inherited),
            ])
    }()

    /// The Braze Android SDK with its in-app message manager.
    public static let android: Profile = {
        var policies = Policies()
        policies.background = .parkUntilForeground
        policies.withoutPresenter = .park
        policies.testSends = .atOnce
        policies.userChange = UserChangePolicy(dismissesVisible: true, refusesPreviousUsers: true)
        policies.unregisteredScreenHoldsBack = true
        policies.bridges = .android
        policies.filters.regexDialect = .java
        policies.keyboardHoldsBack = false
        policies.keyboardDismissesVisible = false
        policies.timeWindow = .strictWholeSeconds
        policies.eligibleMomentsOfferStack = false
        // X21–X25, executed (the trigger classes run on the JVM).
        policies.filters.nullProperty = .present
        policies.filters.bigIntegers = .wrongType
        policies.filters.datePrecision = .wholeSeconds
        policies.filters.dateStrings = .storedForm
        policies.filters.unsentFilters = .presenceFirst
        // Revision 4b, executed (the SDK's whole trigger pipeline runs on the JVM).
        policies.handOverChecksInterval = false
        policies.handOverReEligibility = .delayAddedAgain
        policies.gateClock = .wholeSeconds
        policies.pushOpen = .syncFirst
        policies.removedTriggerRecords = .forgottenAtLaunch
        policies.filters.clickIDs = .campaignPart
        return Profile(
            name: "android", title: "Braze Android SDK", policies: policies,
            intervalSettingName: "com_braze_trigger_action_minimum_time_interval_seconds",
            delegateNames: DelegateNames(
                method: "beforeInAppMessageDisplayed", now: "DISPLAY_NOW", later: "DISPLAY_LATER",
                discard: "DISCARD", reenqueue: "REENQUEUE"),
            deviceNames: DeviceNames(phone: "Android", tablet: "Android tablet"),
            answers: [
                .x1: Answer("a LIFO stack (java.util.Stack)", .source),
                .x2: Answer("parked in one slot, offered on the next foreground", .source),
                .x3: Answer("no keyboard gate", .source),
                .x4: Answer("stays visible", .source),
                .x5: Answer("rolled back, not stacked", .source),
                .x6: Answer("offers the top through the listener", .source),
                .x7: Answer("never pass", .source),
                .x8: Answer("partial match, case-insensitive", .source),
                .x9: Answer("never matches", .source),
                .x10: Answer("10 s", .docs),
                .x11: Answer("none for the chosen trigger", .source),
                .x12: Answer("com_braze_trigger_action_minimum_time_interval_seconds", .source),
                .x13: Answer("beforeInAppMessageDisplayed", .source),
                .x14: Answer("still shows: expired only when now > expiry", .source),
                .x15: Answer("both copies stay (Stack.push)", .source),
                .x16: Answer("the first in the delivered list", .executed),
                .x17: Answer("strict, in whole seconds: start_time < ⌊now⌋ < end_time", .executed),
                .x21: Answer("present: exists passes, does not exist fails, others see the wrong type", .executed),
                .x22: Answer("the wrong type for a number filter (a 64-bit integer)", .executed),
                .x23: Answer("event dates truncated to whole seconds", .executed),
                .x24: Answer(
                    "only yyyy-MM-dd kk:mm:ss (UTC) is a date; a date value is that text to a string filter", .executed),
                .x25: Answer("a missing property passes 2, 12 and 17; 11 and 12 answered before the type", .executed),
                .x18: Answer(
                    "as absent: the global interval; no bound, no timeout (those two read in source)", .executed),
                .x28: Answer("no: only the parked message is offered at foreground", .source),
                .x31: Answer("dropped: the delayed coroutine ends with the process", .executed),
                .x32: Answer("kept while the app runs; forgotten at the next launch", .executed),
                .x36: Answer("the campaign part of the base64-decoded id, for iam_click and push_click", .executed),
                .x50: Answer("no: only re-eligibility is checked again; P2 stamped anew", .executed),
                .x51: Answer("with the delay added again: now + delay >= last + N", .executed),
                .x52: Answer("whole seconds: stamps and checks read floor(now)", .executed),
                .x53: Answer("a trigger sync first; push_click when it completes", .executed),
                .i2: Answer("kept in one slot until an Activity registers (no_activity, parked)", .source),
                .i4: Answer("does not arise: no subscribers; the app's own UI is I3", .inferred),
                .b3: Answer(
                    "UI off: React Native answers DISPLAY_LATER (stays on the stack); the others discard", .source),
                .b4: Answer(
                    "not ready: React Native and Cordova leave it to the native UI; Flutter and Unity answer and lose it",
                    .source),
                .ts2: Answer("at once when the push arrives in the foreground", .inferred),
                .sc2: Answer("held back (no_activity) until a registered Activity comes to the front", .source),
                .x40: Answer(
                    "the visible message removed; a message triggered for the previous user refused when offered",
                    .source),
                .x41: Answer("does not arise: no scenes", .inferred),
                .x43: Answer("any size logged (today's answer; versioned: refused over 50 KB, see versions)", .source),
                .x44: Answer("trigger_skipped templating_aborted; the next candidate by priority", .source),
            ])
    }()

    /// The Braze Web SDK with automatic display.
    public static let web: Profile = {
        var policies = Policies()
        policies.stack = .none
        policies.keyboardHoldsBack = false
        policies.keyboardDismissesVisible = false
        // Without a stack, a reenqueue is discarded with its own reason and nothing rolled back.
        policies.reenqueue = .pushOnStack
        policies.filters.relativeComparatorsCompareNumbers = true
        policies.filters.regexCaseSensitive = true
        policies.filters.regexDialect = .javaScript
        policies.filters.emptyFiltersMatch = true
        // X21–X25, executed (the Web SDK's own JavaScript run in Node).
        policies.filters.nullProperty = .missing
        policies.filters.bigIntegers = .number
        policies.filters.datePrecision = .milliseconds
        policies.filters.dateStrings = .never
        policies.filters.unsentFilters = .javaScript
        policies.sessionTimeout = 30 * 60
        policies.defaultTimeout = .afterDelay(seconds: 30)
        policies.expiredAtExpiry = true
        policies.priorityTie = .lastDelivered
        policies.timeWindow = .inclusive
        policies.explicitMinusOne = .literal
        policies.filters.emptyProductIDMatchesAny = false
        policies.lastTriggerTimeSurvivesLaunch = true
        policies.withoutPresenter = .discard(.noSubscriber)
        policies.testSends = .nextSession
        policies.userChange = UserChangePolicy(clearsDeferred: true)
        policies.bridges = nil
        policies.displaysThroughSubscribers = true
        // X29–X39, executed (whole sessions through the Web SDK's own modules in Node).
        policies.launchInsideSessionContinues = true
        policies.inactivityEndsSession = true
        policies.delayedTriggersSurviveLaunch = true
        policies.syncForgetsDroppedTriggers = true
        policies.queuedEventsTimedAtAnswer = true
        policies.nullReEligibilityAlways = true
        policies.handOverChecksBeforeStamp = true
        policies.filters.iamClicks = .campaignPart
        policies.refusesUnsafeNames = true
        policies.unsupportedMessageTypes = .notBuilt
        policies.refusedMessageFallsBack = true
        return Profile(
            name: "web", title: "Braze Web SDK (automatic display)", policies: policies,
            intervalSettingName: "minimumIntervalBetweenTriggerActionsInSeconds",
            delegateNames: DelegateNames(
                method: "subscribeToInAppMessage callback", now: "show now", later: "not shown (later)",
                discard: "not shown", reenqueue: "not shown (reenqueue)"),
            deviceNames: DeviceNames(phone: "browser", tablet: "tablet browser"),
            answers: [
                .x1: Answer("no stack: a refused message is discarded", .source),
                .x2: Answer("discarded app_in_background", .inferred),
                .x3: Answer("no keyboard gate", .inferred),
                .x4: Answer("stays visible", .inferred),
                .x5: Answer("discarded delegate_reenqueue", .source),
                .x6: Answer("nothing to offer (no stack)", .source),
                .x7: Answer(">= and <=", .source),
                .x8: Answer("partial match, case-sensitive", .source),
                .x9: Answer("always matches", .source),
                .x10: Answer("30 minutes", .docs),
                .x11: Answer("delay + 30 s when timeout is absent or null", .executed),
                .x12: Answer("minimumIntervalBetweenTriggerActionsInSeconds", .source),
                .x13: Answer("subscribeToInAppMessage callback", .source),
                .x14: Answer("expired at that instant (now < expiry to show)", .source),
                .x15: Answer("no stack (X1)", .source),
                .x16: Answer("the last in the delivered list", .executed),
                .x17: Answer("inclusive, to the millisecond: start_time <= now <= end_time", .executed),
                .x18: Answer(
                    "end_time -1 never matches; interval -1 is none; timeout -1 expires at once", .executed),
                .x19: Answer("only a purchase of the product \"\"", .executed),
                .x20: Answer("kept (localStorage): the interval runs across a reload", .executed),
                .x21: Answer("missing: nulls are deleted when the event is logged", .executed),
                .x22: Answer("a number", .executed),
                .x23: Answer("milliseconds", .executed),
                .x24: Answer("never a date: only a date value is", .executed),
                .x25: Answer(
                    "evaluated as JavaScript does (17 passes for non-strings, 3-6 with < > <= >=, ...)", .executed),
                .x28: Answer("does not arise: no stack (X1)", .source),
                .x29: Answer("only after the session timed out: inside it a launch continues the session", .executed),
                .x30: Answer(
                    "yes: the first event after the timeout since the last activity starts a session", .executed),
                .x31: Answer("kept and rescheduled for the rest of its delay", .executed),
                .x32: Answer("forgotten: the sync rebuilds the records from the triggers it holds", .executed),
                .x33: Answer("the sync's answer", .executed),
                .x34: Answer("always re-eligible", .executed),
                .x35: Answer("expiry, then a subscriber, then the display; nothing stamped before", .executed),
                .x36: Answer(
                    "the campaign part of the base64 id; buttons absent or [] any click; ids as strings", .executed),
                .x37: Answer("refused: event_rejected invalid_name, no trigger evaluated", .executed),
                .x38: Answer("MODAL_STYLED a modal, WEB_HTML HTML; BANNER or none never matches", .executed),
                .x39: Answer("the next candidate by priority, with its own delay", .executed),
                .i2: Answer("handed to no one: discarded no_subscriber", .docs),
                .i4: Answer(
                    "automaticallyShow false and no subscriber is I2; a show subscriber beside it offers twice", .docs),
                .b3: Answer("does not arise: no bridge runs on the Web SDK", .inferred),
                .b4: Answer("does not arise: no bridge runs on the Web SDK", .inferred),
                .ts2: Answer("at the next session start", .inferred),
                .sc2: Answer("ignored: no Activities", .inferred),
                .x40: Answer("the deferred message cleared; the previous user's messages may still show", .source),
                .x41: Answer("does not arise: no scenes", .inferred),
                .x43: Answer("any size logged (today's answer; versioned: refused over 50 KB, see versions)", .source),
                .x44: Answer("trigger_skipped templating_aborted; the next candidate by priority", .source),
            ])
    }()
}
