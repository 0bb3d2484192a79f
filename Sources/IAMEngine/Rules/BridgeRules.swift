/// B3, B4 (integration.md): what each bridge's native side answers for the app, per platform.
/// The answers come from each bridge's own code (docs/RULES.md names the file of each).
public struct BridgePolicy: Sendable, Equatable {
    /// B3: the display choice the bridge gives the native SDK when its UI is off.
    public var withoutNativeUI: DisplayChoice
    /// B4: what becomes of a message while the app's side is not ready.
    public var notReady: BridgeNotReady

    public init(withoutNativeUI: DisplayChoice, notReady: BridgeNotReady) {
        self.withoutNativeUI = withoutNativeUI
        self.notReady = notReady
    }
}

/// B4: a message that arrives while the app's side (a JavaScript bundle, a Flutter engine, a
/// Unity scene) is not running.
public enum BridgeNotReady: Sendable, Equatable {
    /// The bridge installs its handler only when the app's side subscribes: until then the
    /// native SDK shows the message with its own UI, and the app never hears of it.
    case nativeUIShows
    /// The bridge answers the native SDK as configured, and its hand-over goes nowhere.
    case answered
    /// Held by the bridge and handed over when the app's side is ready.
    case queued
}

/// B3, B4: one `BridgePolicy` per bridge, for one platform.
public struct BridgePolicies: Sendable, Equatable {
    public var reactNative: BridgePolicy
    public var flutter: BridgePolicy
    public var cordova: BridgePolicy
    public var unity: BridgePolicy

    public subscript(kind: Bridge.Kind) -> BridgePolicy {
        switch kind {
        case .reactNative: reactNative
        case .flutter: flutter
        case .cordova: cordova
        case .unity: unity
        }
    }

    /// iOS (the bridges' current releases run the Swift SDK's `BrazeInAppMessageUI`).
    public static let apple = BridgePolicies(
        reactNative: BridgePolicy(withoutNativeUI: .discard, notReady: .nativeUIShows),
        flutter: BridgePolicy(withoutNativeUI: .discard, notReady: .answered),
        cordova: BridgePolicy(withoutNativeUI: .discard, notReady: .nativeUIShows),
        unity: BridgePolicy(withoutNativeUI: .discard, notReady: .answered))

    /// Android: React Native answers DISPLAY_LATER when its UI is off, so the message stays on
    /// the stack and is handed over again at each offer.
    public static let android = BridgePolicies(
        reactNative: BridgePolicy(withoutNativeUI: .later, notReady: .nativeUIShows),
        flutter: BridgePolicy(withoutNativeUI: .discard, notReady: .answered),
        cordova: BridgePolicy(withoutNativeUI: .discard, notReady: .nativeUIShows),
        unity: BridgePolicy(withoutNativeUI: .discard, notReady: .answered))
}

extension Bridge.Kind {
    /// B3, B4: each bridge's answers on each platform with their confidence (docs/RULES.md).
    public func answer(on platform: String) -> Answer {
        let android = platform == "android"
        switch self {
        case .reactNative:
            return android
                ? Answer(
                    "UI off: DISPLAY_LATER (stays on the stack); not ready: the native UI shows it, JavaScript misses it",
                    .source)
                : Answer("UI off: discard; not ready: the native UI shows it, JavaScript misses it", .source)
        case .flutter:
            return Answer(
                "UI off: discard (the app's chosen operation); not ready: answered and lost (queued with replay)",
                .source)
        case .cordova:
            return Answer("UI off: discard; not ready: the native UI shows it, JavaScript misses it", .source)
        case .unity:
            return android
                ? Answer("UI off: discard; not ready: answered and lost (the game object is not loaded)", .inferred)
                : Answer("UI off: discard; not ready: answered and lost (the game object is not loaded)", .source)
        }
    }
}
