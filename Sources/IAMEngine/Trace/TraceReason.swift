/// Every `reason` a trace record can carry (spec §10). The raw values are the spec's strings,
/// so the printed trace is unchanged; in code a reason is a case, and a typo does not compile.
public enum TraceReason: String, Sendable, CaseIterable {
    // `app`: the action itself.
    case launch, background, foreground, reset, keyboard, rotate, device, network, delegate, campaign
    /// The platform the run starts with, or switches to (profiles.md).
    case profile

    // `trigger_skipped`, `trigger_dropped` (P1–P3, T2, T4) and `no_match`.
    case minInterval = "min_interval"
    case reEligibility = "re_eligibility"
    case outsideTimeWindow = "outside_time_window"
    case lowerPriority = "lower_priority"
    /// T4 (revision 2): the trigger fails only because a filter the engine cannot evaluate never passes.
    case unsupportedFilter = "unsupported_filter"
    /// R3: the trigger fails only because a regex filter ran out of its step budget.
    case regexBudget = "regex_budget"
    /// R3, `web`: the trigger's regex does not compile in JavaScript and threw out of the SDK's
    /// event logging: no trigger is evaluated for the event after it (`no_match` follows).
    case sdkError = "sdk_error"
    case appNotRunning = "app_not_running"
    /// `trigger_matched` of a `test` trigger at delivery (E2).
    case test

    // `stacked`: a new performed message, or a local one (L7).
    case new, local

    // `offered` (L2, L6).
    case eligibleMoment = "eligible_moment"
    case displayNext = "display_next"

    // `returned_to_stack` and `discarded` (L3).
    case appInBackground = "app_in_background"
    case messageVisible = "message_visible"
    case keyboardUp = "keyboard_up"
    case delegateLater = "delegate_later"
    case delegateDiscard = "delegate_discard"
    case timeout
    case orientationMismatch = "orientation_mismatch"
    case fullWithoutImage = "full_without_image"
    case imageOnlyWithoutImage = "image_only_without_image"
    case assetFailed = "asset_failed"
    /// X5: a delegate's `reenqueue` on platforms that put the message back on the stack.
    case delegateReenqueue = "delegate_reenqueue"
    /// X2: a parked message replaced by a newer one.
    case replacedInBackground = "replaced_in_background"
    /// X15: the older copy of a message taken off the stack before the same message is pushed.
    case duplicateOnStack = "duplicate_on_stack"
    /// X1: a message on the stack when the run switches to a platform without one.
    case noStack = "no_stack"
    /// X27 (R6): a message the platform's SDK cannot build, dropped once performed.
    case invalidMessage = "invalid_message"

    // `displayed` (M2; `local` above).
    case impression
    case controlImpression = "control_impression"

    // `dismissed` (M3–M6; `keyboard`, `launch`, `reset` above).
    case auto, user

    // `ignored`: a user action that changed nothing (M7, revision 2).
    case noSuchButton = "no_such_button"
    case nothingVisible = "nothing_visible"
    case stackEmpty = "stack_empty"

    // `clicked`: the click action, in Braze's spelling (M4).
    case clickNone = "NONE"
    case clickURI = "URI"
    case clickNewsFeed = "NEWS_FEED"

    // The app around the SDK (integration.md).
    /// I2: nothing presents messages (iOS, Swift).
    case noPresenter = "no_presenter"
    /// I2, SC2: no Activity registered the in-app message manager (Android).
    case noActivity = "no_activity"
    /// I2: the Web SDK hands the message to no one.
    case noSubscriber = "no_subscriber"
    /// I3: `handed_to_app` to the app's own UI.
    case customUI = "custom_ui"
    /// `app`: an `integration` step; `offered`: a parked message once something presents again.
    case integration
    /// `ignored appImpression`: the message is not waiting for the app to log its impression.
    case notHandedToApp = "not_handed_to_app"
    /// `ignored appImpression`: the message was handed to the app and its impression is already
    /// logged (by the app, or by the SDK with `impressions sdk`).
    case impressionLogged = "impression_logged"
    /// TS2: `test_send` shown at once; `offered` reason of a test send.
    case received, waiting
    case testSend = "test_send"
    /// TS4: the app did not pass the push open to the SDK.
    case pushNotForwarded = "push_not_forwarded"
    /// SC1: `app` record of a screen change; SC2: `offered` when a registered screen comes to the front.
    case screen
    /// SV3: the run starts from `initial`, the device mid-life.
    case initial
    /// B1: `handed_to_app` through a bridge's listener.
    case bridge
    /// B4: the app's side of a bridge was not running: its copy lost (`app`, `discarded`) or queued (`app`).
    case bridgeNotReady = "bridge_not_ready"
    /// B4: a `bridge` step when the app has no bridge (`ignored`).
    case noBridge = "no_bridge"
    /// I4: a `show` subscriber offers a message automatic display or another subscriber already showed.
    case shownAgain = "shown_again"
    /// I4: `showInAppMessage` from the app's code.
    case manual
    /// I4: the Web SDK's deferred slot (`parked`; `offered` when the app shows it).
    case deferred

    // Revision 4 (delivery-rules §13 R12).
    /// X37: `event_rejected`: an event name, product id or property key holding `"` or a control character.
    case invalidName = "invalid_name"
    /// X38: a `BANNER` or untyped message: its trigger is not built (`trigger_skipped`), or it is
    /// `discarded` when performed.
    case unsupportedType = "unsupported_type"
    /// X40 (R11): `dismissed`/`discarded` by a `changeUser`, or a message triggered for the
    /// previous user refused when offered; `ignored changeUser` when the id is already the user's.
    case userChanged = "user_changed"
    /// X43: `event_rejected`: the properties' JSON is over the SDK's limit (50 KB).
    case propertiesTooLarge = "properties_too_large"
    /// X43: `event_rejected`: a property whose value is `""`, on an SDK that refuses it.
    case emptyValue = "empty_value"
    /// X43: `event_rejected`: a value or product id starting with `$`, on an SDK that refuses it.
    case invalidValue = "invalid_value"
    /// X44: `trigger_skipped`: the server's templating of the performed message aborted or failed.
    case templatingAborted = "templating_aborted"
    /// X41: `discarded`: the SDK's UI found no window (legacy iOS before 3.23.0 in a scene-based app).
    case noWindow = "no_window"
    /// X54: `redisplayed`, `displayed`: the carried-over message shown by the next screen.
    case carryover
    /// X54: `discarded`: the carried-over message expired by the time the next screen showed it
    /// (the SDK's own words: the carry-over, then the check that refused it).
    case carryoverTimeout = "carryover timeout"
    /// X54: `discarded`: the carried-over message does not fit the next screen's orientation.
    case carryoverOrientationMismatch = "carryover orientation_mismatch"
    /// X56: `ignored`: a tap on the body of a MODAL or FULL message that has buttons.
    case hasButtons = "has_buttons"
    /// X63: `discarded`: an HTML message not `trusted`, without `allowUserSuppliedJavascript`.
    case htmlNotAllowed = "html_not_allowed"
    /// X63: `discarded`: a click URI that runs script (`javascript:`, `data:`), without
    /// `allowUserSuppliedJavascript`.
    case javascriptNotAllowed = "javascript_not_allowed"
    /// X66: `discarded`: the message was waiting for its image when another message was prepared
    /// for display, which cancelled its download (detail: the other message).
    case downloadCancelled = "download_cancelled"
}
