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
