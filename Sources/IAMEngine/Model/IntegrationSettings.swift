/// The app around the SDK (integration.md): what presents messages and who logs their
/// impressions. Simulator data; the defaults are the SDK's own UI, as every rule assumes.
public struct Integration: Sendable, Equatable {
    /// I1–I3: what presents a message that passed L3's checks.
    public enum UI: String, Sendable, CaseIterable {
        /// I1: the SDK's own UI (AppboyUI, BrazeInAppMessageUI, the in-app message manager,
        /// the Web SDK's automatic display).
        case `default`
        /// I2: nothing can present.
        case none
        /// I3: the app's own code receives the message.
        case custom
    }

    /// I3: who logs the impression of a message handed to the app's own UI.
    public enum Impressions: String, Sendable, CaseIterable {
        /// The SDK, as for its own UI.
        case sdk
        /// The app, when the timeline's `appImpression` step names the message.
        case app
        /// Nobody.
        case never
    }

    public var ui: UI
    public var impressions: Impressions
    /// B1–B4: the cross-platform bridge between the native SDK and the app's JavaScript, Dart or
    /// C# side; `nil`: a native app.
    public var bridge: Bridge?
    /// I4: the Web SDK's automatic display and the app's subscribers (web only).
    public var web: WebDisplay
    /// X41 (versions.md): the app draws in scenes (`UIWindowSceneDelegate`), which legacy iOS
    /// before 3.23.0 could not present in.
    public var scenes = false

    public init(
        ui: UI = .default, impressions: Impressions = .sdk, bridge: Bridge? = nil, web: WebDisplay = WebDisplay(),
        scenes: Bool = false
    ) {
        self.scenes = scenes
        self.ui = ui
        self.impressions = impressions
        self.bridge = bridge
        self.web = web
    }

    /// `ui=custom impressions=app`: the `app integration` record's detail; a bridge and a web
    /// display that is not the default follow.
    public var summary: String {
        var text = "ui=\(ui.rawValue) impressions=\(impressions.rawValue)"
        if let bridge { text += " " + bridge.summary }
        if web != WebDisplay() { text += " " + web.summary }
        if scenes { text += " scenes" }
        return text
    }

    /// `UI default`, `UI none`, `UI custom, impressions app`: who presents, in a person's words
    /// (the impressions matter only to the app's own UI), for the screen and the SVG alike.
    public var presenter: String {
        "UI \(ui.rawValue)" + (ui == .custom ? ", impressions \(impressions.rawValue)" : "")
    }
}

/// B1–B4: a bridge (React Native, Flutter, Cordova, Unity) hands each message to the app's side
/// through a listener; the native SDK's UI may present it too.
public struct Bridge: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case reactNative = "react-native"
        case flutter, cordova, unity
    }

    /// B4: what the bridge does with a message while the app's side is not running.
    public enum WhenNotReady: String, Sendable, CaseIterable {
        /// Held and handed over once that side is ready (Flutter's replay option).
        case queue
        /// Answered natively with the bridge's default; the app's copy is lost.
        case `default`
    }

    public var kind: Kind
    /// B1: whether the native SDK's UI also presents the message (`useBrazeUI`, Flutter's
    /// automatic integration, Unity's display option).
    public var nativeUI: Bool
    /// B1: whether the app set a handler on its side.
    public var listener: Bool
    /// B1: whether the app's side is running (a bundle loaded, an engine started).
    public var ready: Bool
    /// B3: the native display choice with `nativeUI: false`; `nil`: the bridge's own for the platform.
    public var answer: DisplayChoice?
    /// B4: `nil`: the bridge's own behaviour for the platform.
    public var whenNotReady: WhenNotReady?

    public init(
        kind: Kind, nativeUI: Bool = true, listener: Bool = false, ready: Bool = true, answer: DisplayChoice? = nil,
        whenNotReady: WhenNotReady? = nil
    ) {
        self.kind = kind
        self.nativeUI = nativeUI
        self.listener = listener
        self.ready = ready
        self.answer = answer
        self.whenNotReady = whenNotReady
    }

    /// `bridge=flutter nativeUI=true listener=true ready=false`.
    public var summary: String {
        var text = "bridge=\(kind.rawValue) nativeUI=\(nativeUI) listener=\(listener) ready=\(ready)"
        if let answer { text += " answer=\(answer.rawValue)" }
        if let whenNotReady { text += " whenNotReady=\(whenNotReady.rawValue)" }
        return text
    }
}

/// I4: the Web SDK's display: automatic display and the app's `subscribeToInAppMessage`
/// subscribers, in the order the app registered them.
public struct WebDisplay: Sendable, Equatable {
    /// What a subscriber does with the message it receives.
    public enum Subscriber: String, Sendable, CaseIterable {
        /// Calls `showInAppMessage`.
        case show
        /// Keeps it (the app draws it, or defers it).
        case consume
    }

    public var automaticallyShow: Bool
    public var subscribers: [Subscriber]
    /// X63: `initialize`'s `allowUserSuppliedJavascript`: without it an HTML message that is not
    /// `trusted` is refused when shown (`discarded html_not_allowed`).
    public var allowUserSuppliedJavascript = false

    /// Issue 35: the most subscribers a scenario may register (a load error beyond): each
    /// message writes three records per subscriber and every `app integration` record lists
    /// them, so the trace stays linear in the file. Apps register one or two.
    public static let maxSubscribers = 16

    public init(automaticallyShow: Bool = true, subscribers: [Subscriber] = []) {
        self.automaticallyShow = automaticallyShow
        self.subscribers = subscribers
    }

    /// `web=automatic subscribers=show,consume`.
    public var summary: String {
        "web=\(automaticallyShow ? "automatic" : "manual") subscribers="
            + (subscribers.isEmpty ? "none" : subscribers.map(\.rawValue).joined(separator: ","))
            + (allowUserSuppliedJavascript ? " user-js" : "")
    }
}

/// B1: the `bridge` step: the app's side starts (`ready`) or sets its handler (`listener`).
public struct BridgeChange: Sendable, Equatable {
    public var ready: Bool?
    public var listener: Bool?

    public init(ready: Bool? = nil, listener: Bool? = nil) {
        self.ready = ready
        self.listener = listener
    }
}

/// The keys an `integration` timeline step gives; those it leaves out keep their value.
public struct IntegrationChange: Sendable, Equatable {
    public var ui: Integration.UI?
    public var impressions: Integration.Impressions?
    /// `.some(nil)`: the step removes the bridge (`"bridge": null`).
    public var bridge: Bridge??
    public var web: WebDisplay?
    /// X41: the app uses scenes.
    public var scenes: Bool?

    public init(
        ui: Integration.UI? = nil, impressions: Integration.Impressions? = nil, bridge: Bridge?? = nil,
        web: WebDisplay? = nil, scenes: Bool? = nil
    ) {
        self.scenes = scenes
        self.ui = ui
        self.impressions = impressions
        self.bridge = bridge
        self.web = web
    }

    /// `integration` with this step's keys applied.
    public func applied(to integration: Integration) -> Integration {
        var changed = integration
        if let ui { changed.ui = ui }
        if let impressions { changed.impressions = impressions }
        if let bridge { changed.bridge = bridge }
        if let web { changed.web = web }
        if let scenes { changed.scenes = scenes }
        return changed
    }
}

/// SC1–SC2: one of the app's screens (`settings.screens.NAME`).
public struct Screen: Sendable, Equatable {
    /// SC2: whether the screen registered the SDK's UI (an Android Activity); other platforms
    /// ignore it.
    public var registered: Bool
    /// SC1: the display choice the app's delegate answers while this screen is in front.
    public var delegate: DisplayChoice?

    public init(registered: Bool = true, delegate: DisplayChoice? = nil) {
        self.registered = registered
        self.delegate = delegate
    }
}

/// SV3: the device mid-life, as a QA engineer finds it: the app in the foreground in its
/// first session, with no delivery in flight. Times are simulation seconds, at most 0.
public struct InitialState: Sendable, Equatable {
    /// P2's last trigger time; `nil`: no trigger yet this launch.
    public var lastTriggerAt: Double?
    /// P3: trigger id → when it was last performed.
    public var performed: [String: Double]
    /// Trigger ids already cached from an earlier session (D1), matched before any delivery.
    public var cachedTriggers: [String]

    public init(lastTriggerAt: Double? = nil, performed: [String: Double] = [:], cachedTriggers: [String] = []) {
        self.lastTriggerAt = lastTriggerAt
        self.performed = performed
        self.cachedTriggers = cachedTriggers
    }
}

/// SV4: the settings one platform overrides (`settings.platforms.NAME`); `nil` keeps the
/// scenario's value.
public struct PlatformSettings: Sendable, Equatable {
    public var minimumTriggerInterval: Double?
    public var sessionTimeout: Double?
    /// TS2 (versions-evidence §9 (c)): Android's app setting for eager test display
    /// (`com_braze_in_app_message_push_test_eager_display_enabled`): a test send shows when its
    /// push arrives (true) or when it is opened (false). `nil`: the version's default. Read
    /// only where the profile's version has the setting (`Policies.testEagerDisplaySetting`).
    public var testEagerDisplay: Bool?

    public init(minimumTriggerInterval: Double? = nil, sessionTimeout: Double? = nil, testEagerDisplay: Bool? = nil) {
        self.minimumTriggerInterval = minimumTriggerInterval
        self.sessionTimeout = sessionTimeout
        self.testEagerDisplay = testEagerDisplay
    }
}

/// SV4: a setting a platform may override (`settings.platforms.NAME`); `compare` names it when
/// it is what makes the platforms differ.
public enum PlatformSetting: String, Sendable, CaseIterable, Comparable {
    case minimumTriggerInterval
    case sessionTimeout

    /// Its value under `settings`' platform (`nil`: the platform's default).
    public func value(in settings: Settings) -> Double? {
        switch self {
        case .minimumTriggerInterval: settings.minimumTriggerInterval
        case .sessionTimeout: settings.sessionTimeout
        }
    }

    /// The value `platform` gives it (`nil`: it keeps the scenario's).
    public func value(of platform: PlatformSettings) -> Double? {
        switch self {
        case .minimumTriggerInterval: platform.minimumTriggerInterval
        case .sessionTimeout: platform.sessionTimeout
        }
    }

    /// `platform` with this setting overridden to `value`.
    func setting(_ value: Double?, on platform: PlatformSettings) -> PlatformSettings {
        var changed = platform
        switch self {
        case .minimumTriggerInterval: changed.minimumTriggerInterval = value
        case .sessionTimeout: changed.sessionTimeout = value
        }
        return changed
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
