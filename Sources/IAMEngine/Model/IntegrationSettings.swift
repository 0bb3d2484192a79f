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

    public init(ui: UI = .default, impressions: Impressions = .sdk) {
        self.ui = ui
        self.impressions = impressions
    }

    /// `ui=custom impressions=app`: the `app integration` record's detail.
    public var summary: String { "ui=\(ui.rawValue) impressions=\(impressions.rawValue)" }
}

/// The keys an `integration` timeline step gives; those it leaves out keep their value.
public struct IntegrationChange: Sendable, Equatable {
    public var ui: Integration.UI?
    public var impressions: Integration.Impressions?

    public init(ui: Integration.UI? = nil, impressions: Integration.Impressions? = nil) {
        self.ui = ui
        self.impressions = impressions
    }

    /// `integration` with this step's keys applied.
    public func applied(to integration: Integration) -> Integration {
        var changed = integration
        if let ui { changed.ui = ui }
        if let impressions { changed.impressions = impressions }
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

    public init(minimumTriggerInterval: Double? = nil, sessionTimeout: Double? = nil) {
        self.minimumTriggerInterval = minimumTriggerInterval
        self.sessionTimeout = sessionTimeout
    }
}
