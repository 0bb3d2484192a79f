// The four platforms of profiles.md: their names and titles. What each answers, and the policy
// each answer sets, is declared row by row (`Difference.row`, Rows.swift); a row a platform
// leaves out is inherited from `ios`.
extension Profile {
    /// The legacy iOS SDK: the rules of delivery-rules.md as written. The default.
    public static let ios = Profile(
        .ios, title: "legacy iOS SDK (Appboy)", intervalSettingName: "ABKMinimumTriggerTimeIntervalKey",
        delegateNames: DelegateNames(
            method: "beforeInAppMessageDisplayed:", now: "ABKDisplayInAppMessageNow",
            later: "ABKDisplayInAppMessageLater", discard: "ABKDiscardInAppMessage",
            reenqueue: "ABKReenqueueInAppMessage",
            keyboardMethod: "beforeInAppMessageDisplayed:withKeyboardIsUp:"))

    /// The Braze Swift SDK with its BrazeUI presenter.
    public static let swift = Profile(
        .swift, title: "Braze Swift SDK (BrazeUI)", intervalSettingName: "triggerMinimumTimeInterval",
        delegateNames: DelegateNames(
            method: "inAppMessage(_:displayChoiceForMessage:)", now: ".now", later: ".later",
            discard: ".discard", reenqueue: ".reenqueue"))

    /// The Braze Android SDK with its in-app message manager.
    public static let android = Profile(
        .android, title: "Braze Android SDK",
        intervalSettingName: "com_braze_trigger_action_minimum_time_interval_seconds",
        delegateNames: DelegateNames(
            method: "beforeInAppMessageDisplayed", now: "DISPLAY_NOW", later: "DISPLAY_LATER",
            discard: "DISCARD", reenqueue: "REENQUEUE"),
        deviceNames: DeviceNames(phone: "Android", tablet: "Android tablet"))

    /// The Braze Web SDK with automatic display.
    public static let web = Profile(
        .web, title: "Braze Web SDK (automatic display)",
        intervalSettingName: "minimumIntervalBetweenTriggerActionsInSeconds",
        delegateNames: DelegateNames(
            method: "subscribeToInAppMessage callback", now: "show now", later: "not shown (later)",
            discard: "not shown", reenqueue: "not shown (reenqueue)"),
        deviceNames: DeviceNames(phone: "browser", tablet: "tablet browser"))

    /// `platform` as its rows declare it.
    init(
        _ platform: Platform, title: String, intervalSettingName: String, delegateNames: DelegateNames,
        deviceNames: DeviceNames = .apple
    ) {
        var answers: [Difference: Answer] = [:]
        for row in Difference.allCases {
            if let answer = row.row.answers[platform] { answers[row] = answer }
        }
        self.init(
            name: platform.rawValue, title: title, policies: .of(platform), intervalSettingName: intervalSettingName,
            delegateNames: delegateNames, deviceNames: deviceNames, answers: answers)
    }
}
