/// The rows where the SDKs disagree: profiles.md's (X1–X15, revision 3's X16–X28, revision 4's
/// X29–X39 and revision 4b's X50–X53) and integration.md's where a platform's answer differs
/// (I2, I4, B3, B4, TS2, SC2). Each is one case here: its question, the policy it adopts
/// (`Policies.adopting`) and each platform's answer (`Profile.answers`), read alike by
/// `iamterm profiles`, compare's attribution and the split view's marker.
public enum Difference: String, Sendable, CaseIterable, Comparable {
    case x1 = "X1"
    case x2 = "X2"
    case x3 = "X3"
    case x4 = "X4"
    case x5 = "X5"
    case x6 = "X6"
    case x7 = "X7"
    case x8 = "X8"
    case x9 = "X9"
    case x10 = "X10"
    case x11 = "X11"
    case x12 = "X12"
    case x13 = "X13"
    case x14 = "X14"
    case x15 = "X15"
    case x16 = "X16"
    case x17 = "X17"
    case x18 = "X18"
    case x19 = "X19"
    case x20 = "X20"
    case x21 = "X21"
    case x22 = "X22"
    case x23 = "X23"
    case x24 = "X24"
    case x25 = "X25"
    case x26 = "X26"
    case x27 = "X27"
    case x28 = "X28"
    case x29 = "X29"
    case x30 = "X30"
    case x31 = "X31"
    case x32 = "X32"
    case x33 = "X33"
    case x34 = "X34"
    case x35 = "X35"
    case x36 = "X36"
    case x37 = "X37"
    case x38 = "X38"
    case x39 = "X39"
    // versions.md: the user.
    case x40 = "X40"
    case x41 = "X41"
    case x43 = "X43"
    case x44 = "X44"
    case x50 = "X50"
    case x51 = "X51"
    case x52 = "X52"
    case x53 = "X53"
    // integration.md: the app around the SDK.
    case i2 = "I2"
    case i4 = "I4"
    case b3 = "B3"
    case b4 = "B4"
    case ts2 = "TS2"
    case sc2 = "SC2"

    public var id: String { rawValue }

    /// The row's question, for people.
    public var question: String {
        switch self {
        case .x1: "is there a stack of waiting messages?"
        case .x2: "a message performed while the app is in the background"
        case .x3: "keyboard up when a message is offered"
        case .x4: "keyboard shown while a message is visible"
        case .x5: "the delegate answers reenqueue"
        case .x6: "displayNext and the delegate"
        case .x7: "comparators 4 and 6 on a number filter"
        case .x8: "regex filters: case"
        case .x9: "an empty property_filters array"
        case .x10: "session timeout default"
        case .x11: "default timeout of a trigger without one"
        case .x12: "the minimum interval's setting name"
        case .x13: "the delegate's method and answer names"
        case .x14: "a message reaching its expiry at that instant"
        case .x15: "a push while the same message waits on the stack"
        case .x16: "two matching triggers with the same priority"
        case .x17: "the time window's bounds"
        case .x18: "an explicit -1 in end_time, min_seconds_since_last_trigger, timeout"
        case .x19: "a purchase condition with product_id \"\""
        case .x20: "the last trigger time across a launch"
        case .x21: "an event property whose value is null"
        case .x22: "an integer property beyond 32 bits"
        case .x23: "the precision of date comparisons"
        case .x24: "a date-looking string against a date filter"
        case .x25: "filters the dashboard does not send"
        case .x26: "when re-eligibility is stamped"
        case .x27: "a message the SDK cannot build"
        case .x28: "the stack offered at a session start or a push open"
        case .x29: "is a launch a new session?"
        case .x30: "does inactivity end a session without background?"
        case .x31: "a delayed trigger pending at a launch"
        case .x32: "the re-eligibility record of a trigger a sync removed"
        case .x33: "the time of an event queued during a sync"
        case .x34: "re_eligibility: null"
        case .x35: "the order of the checks when a performed message is handed over"
        case .x36: "what iam_click and push_click conditions compare"
        case .x37: "an event name or key holding a quote or a control character"
        case .x38: "message types MODAL_STYLED, WEB_HTML, BANNER and none"
        case .x39: "a chosen message the SDK refuses at perform time"
        case .x40: "changeUser: what it clears, and the previous user's messages"
        case .x41: "a scene-based app: does the SDK's UI find a window?"
        case .x43: "events the SDK refuses to log (size, values)"
        case .x44: "a message whose server templating aborts"
        case .x50: "a delayed message's hand-over: the minimum interval again?"
        case .x51: "a delayed message's hand-over: how re-eligibility is checked again"
        case .x52: "precision of the minimum interval and re-eligibility"
        case .x53: "a push open"
        case .i2: "a message to show when nothing presents messages"
        case .i4: "automatic display and the app's subscribers"
        case .b3: "a bridge's answer when the native UI is off"
        case .b4: "a message while a bridge's app side is not ready"
        case .ts2: "when a test send delivered by push is shown"
        case .sc2: "a screen that did not register the SDK's UI"
        }
    }

    /// The spec file that holds the row: `profiles.md` or `integration.md`.
    public var source: String {
        switch self {
        case .i2, .i4, .b3, .b4, .ts2, .sc2: "integration.md"
        case .x40, .x41, .x43, .x44: "versions.md"
        default: "profiles.md"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Policies {
    /// These policies with `row` answered as `other` answers it: how compare finds which row
    /// makes two platforms part (rows without a policy, X12, X13 and X31, change nothing).
    public func adopting(_ row: Difference, from other: Policies) -> Policies {
        var copy = self
        switch row {
        case .x1: copy.stack = other.stack
        case .x2: copy.background = other.background
        case .x3: copy.keyboardHoldsBack = other.keyboardHoldsBack
        case .x4: copy.keyboardDismissesVisible = other.keyboardDismissesVisible
        case .x5: copy.reenqueue = other.reenqueue
        case .x6: copy.displayNextAsksDelegate = other.displayNextAsksDelegate
        case .x7: copy.filters.relativeComparatorsCompareNumbers = other.filters.relativeComparatorsCompareNumbers
        case .x8:
            // The regex row: case (X8) and the dialect (R3) travel together.
            copy.filters.regexCaseSensitive = other.filters.regexCaseSensitive
            copy.filters.regexDialect = other.filters.regexDialect
        case .x9: copy.filters.emptyFiltersMatch = other.filters.emptyFiltersMatch
        case .x10: copy.sessionTimeout = other.sessionTimeout
        case .x11: copy.defaultTimeout = other.defaultTimeout
        case .x12, .x13: break
        case .x14: copy.expiredAtExpiry = other.expiredAtExpiry
        case .x15: copy.duplicates = other.duplicates
        case .x16: copy.priorityTie = other.priorityTie
        case .x17: copy.timeWindow = other.timeWindow
        case .x18: copy.explicitMinusOne = other.explicitMinusOne
        case .x19: copy.filters.emptyProductIDMatchesAny = other.filters.emptyProductIDMatchesAny
        case .x20: copy.lastTriggerTimeSurvivesLaunch = other.lastTriggerTimeSurvivesLaunch
        case .x21: copy.filters.nullProperty = other.filters.nullProperty
        case .x22: copy.filters.bigIntegers = other.filters.bigIntegers
        case .x23: copy.filters.datePrecision = other.filters.datePrecision
        case .x24: copy.filters.dateStrings = other.filters.dateStrings
        case .x25: copy.filters.unsentFilters = other.filters.unsentFilters
        case .x26: copy.reEligibilityStamp = other.reEligibilityStamp
        case .x27: copy.defectiveMessages = other.defectiveMessages
        case .x28: copy.eligibleMomentsOfferStack = other.eligibleMomentsOfferStack
        case .x29: copy.launchInsideSessionContinues = other.launchInsideSessionContinues
        case .x30: copy.inactivityEndsSession = other.inactivityEndsSession
        case .x31: copy.delayedTriggersSurviveLaunch = other.delayedTriggersSurviveLaunch
        case .x32:
            copy.syncForgetsDroppedTriggers = other.syncForgetsDroppedTriggers
            copy.removedTriggerRecords = other.removedTriggerRecords
        case .x33: copy.queuedEventsTimedAtAnswer = other.queuedEventsTimedAtAnswer
        case .x34: copy.nullReEligibilityAlways = other.nullReEligibilityAlways
        case .x35: copy.handOverChecksBeforeStamp = other.handOverChecksBeforeStamp
        case .x36:
            copy.filters.iamClicks = other.filters.iamClicks
            copy.filters.clickIDs = other.filters.clickIDs
        case .x37: copy.refusesUnsafeNames = other.refusesUnsafeNames
        case .x38: copy.unsupportedMessageTypes = other.unsupportedMessageTypes
        case .x39: copy.refusedMessageFallsBack = other.refusedMessageFallsBack
        case .x40: copy.userChange = other.userChange
        case .x41: copy.noWindowInSceneApps = other.noWindowInSceneApps
        case .x43: copy.eventLimits = other.eventLimits
        case .x44: copy.templatingAbortFallsBack = other.templatingAbortFallsBack
        case .x50: copy.handOverChecksInterval = other.handOverChecksInterval
        case .x51: copy.handOverReEligibility = other.handOverReEligibility
        case .x52: copy.gateClock = other.gateClock
        case .x53: copy.pushOpen = other.pushOpen
        case .i2: copy.withoutPresenter = other.withoutPresenter
        case .i4: copy.displaysThroughSubscribers = other.displaysThroughSubscribers
        // B3, B4: each bridge's answer of that row; a platform where no bridge runs (Web) has
        // neither.
        case .b3:
            let mine = bridges
            copy.bridges = other.bridges.map { bridges in
                var mixed = mine ?? bridges
                mixed.reactNative.withoutNativeUI = bridges.reactNative.withoutNativeUI
                mixed.flutter.withoutNativeUI = bridges.flutter.withoutNativeUI
                mixed.cordova.withoutNativeUI = bridges.cordova.withoutNativeUI
                mixed.unity.withoutNativeUI = bridges.unity.withoutNativeUI
                return mixed
            }
        case .b4:
            let mine = bridges
            copy.bridges = other.bridges.map { bridges in
                var mixed = mine ?? bridges
                mixed.reactNative.notReady = bridges.reactNative.notReady
                mixed.flutter.notReady = bridges.flutter.notReady
                mixed.cordova.notReady = bridges.cordova.notReady
                mixed.unity.notReady = bridges.unity.notReady
                return mixed
            }
        case .ts2: copy.testSends = other.testSends
        case .sc2: copy.unregisteredScreenHoldsBack = other.unregisteredScreenHoldsBack
        }
        return copy
    }

    /// The rows whose policy differs between the two.
    public func differences(from other: Policies) -> [Difference] {
        Difference.allCases.filter { adopting($0, from: other) != self }
    }
}
