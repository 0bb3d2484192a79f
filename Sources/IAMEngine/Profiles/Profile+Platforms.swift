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
            reenqueue: "ABKReenqueueInAppMessage"),
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
        ])

    /// The Braze Swift SDK with its BrazeUI presenter.
    public static let swift: Profile = {
        var policies = Policies()
        policies.keyboardHoldsBack = false
        policies.keyboardDismissesVisible = false
        policies.reenqueue = .pushOnStack
        policies.displayNextAsksDelegate = false
        policies.duplicates = .removeOlder
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
            ])
    }()

    /// The Braze Android SDK with its in-app message manager.
    public static let android: Profile = {
        var policies = Policies()
        policies.background = .parkUntilForeground
        policies.filters.regexDialect = .java
        policies.keyboardHoldsBack = false
        policies.keyboardDismissesVisible = false
        return Profile(
            name: "android", title: "Braze Android SDK", policies: policies,
            intervalSettingName: "com_braze_trigger_action_minimum_time_interval_seconds",
            delegateNames: DelegateNames(
                method: "beforeInAppMessageDisplayed", now: "DISPLAY_NOW", later: "DISPLAY_LATER",
                discard: "DISCARD", reenqueue: "REENQUEUE"),
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
        policies.sessionTimeout = 30 * 60
        policies.defaultTimeout = .afterDelay(seconds: 30)
        policies.expiredAtExpiry = true
        return Profile(
            name: "web", title: "Braze Web SDK (automatic display)", policies: policies,
            intervalSettingName: "minimumIntervalBetweenTriggerActionsInSeconds",
            delegateNames: DelegateNames(
                method: "subscribeToInAppMessage callback", now: "show now", later: "not shown (later)",
                discard: "not shown", reenqueue: "not shown (reenqueue)"),
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
                .x11: Answer("delay + 30 s", .source),
                .x12: Answer("minimumIntervalBetweenTriggerActionsInSeconds", .source),
                .x13: Answer("subscribeToInAppMessage callback", .source),
                .x14: Answer("expired at that instant (now < expiry to show)", .source),
                .x15: Answer("no stack (X1)", .source),
            ])
    }()
}
