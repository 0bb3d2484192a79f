/// The answers a platform gives where Braze's SDKs disagree (profiles.md, X1–X15): one named
/// policy per row, each consulted in one place, beside the rule it varies. A platform profile
/// is one value of this type; the rules never ask which platform they run on.
///
/// `Policies()` is the `ios` profile: the rules of delivery-rules.md as written.
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
    /// X7–X9, R3: how property filters are evaluated (T3–T5).
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

    public init() {}
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

/// X5 (L5): the delegate answered `reenqueue`.
public enum ReenqueuePolicy: Sendable, Equatable {
    /// L5: the stamps of E1 are rolled back; the message is not stacked.
    case rollBack
    /// Pushed back on top of the stack (`returned_to_stack delegate_reenqueue`); nothing rolled back.
    case pushOnStack
}

/// X7–X9 (T3–T5): the platform's filter evaluation.
public struct FilterPolicy: Sendable, Equatable {
    /// X7: comparators 4 and 6 on a `number` filter mean `>=` and `<=` (else they never pass).
    public var relativeComparatorsCompareNumbers = false
    /// X8: regex comparators 10 and 17 are case-sensitive (else case-insensitive).
    public var regexCaseSensitive = false
    /// X9: an empty `property_filters` array matches every event (else none).
    public var emptyFiltersMatch = false
    /// R3: the regex engine whose dialect comparators 10 and 17 speak.
    public var regexDialect: RegexDialect = .icu

    public init() {}
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
