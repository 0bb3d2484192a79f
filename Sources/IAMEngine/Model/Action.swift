/// Everything a user, a timeline or a front end can do to the simulated app (§9 timeline steps).
public enum Action: Sendable, Equatable {
    case launch
    case background
    case foreground
    case reset
    case purchase(productID: String, properties: [String: PropertyValue])
    case customEvent(name: String, properties: [String: PropertyValue])
    case pushClick(campaignID: String?)
    case keyboard(shown: Bool)
    case rotate(Device.Orientation)
    /// Switch phone/tablet (a front-end action beyond the timeline vocabulary).
    case deviceKind(Device.Kind)
    case dismiss
    /// `nil`: the body; else the 0-based index into `btns`.
    case click(button: Int?)
    case displayNext
    /// Boxed: a message is several times the size of most cases, and a timeline holds an
    /// action per step.
    indirect case addLocal(Message)
    case delegate(Delegate)
    case network(online: Bool)
    case campaign(id: String, enabled: Bool)
    /// SV2: a campaign step that adds a trigger the device never had, live or not; `json` is the
    /// trigger as the file gave it (compact), so a recorded session writes it back unchanged.
    /// Boxed, as `addLocal`.
    indirect case addCampaign(Trigger, enabled: Bool, json: String)
    /// Switches the platform from now on (profiles.md; the simulator's `P`). Boxed, as
    /// `addLocal`: a profile is large.
    indirect case profile(Profile)
    case wait
    /// integration.md: changes the given keys of `settings.integration` from now on.
    case integration(IntegrationChange)
    /// I3: the app's own UI logs the impression of a message handed to it.
    case appImpression(message: String)
    /// TS1: a test in-app message delivered by push (`id`: `nil` for `test-N`). Boxed, as `addLocal`.
    indirect case testSend(id: String?, message: Message)
    /// TS4: a push opened by the user whose open the app's notification handler did not pass to
    /// the SDK (`pushClick` with `reachesSdk: false`).
    case unforwardedPushClick(campaignID: String?)
    /// SC1: which screen of the app is in front.
    case screen(name: String)
    /// B1: the app's side of the bridge starts or sets its handler.
    case bridge(BridgeChange)
    /// I4, B3: the app shows a message it was handed (`showInAppMessage`).
    case showInAppMessage(message: String)
    /// I4: the app keeps a message it was handed in the Web SDK's single deferred slot.
    case deferInAppMessage(message: String)
    /// I4: the app shows the deferred message (`getDeferredInAppMessage`, then `showInAppMessage`).
    case showDeferred
    /// R11: the app identifies another user (`changeUser`); X40 says what that clears.
    case changeUser(id: String)

    /// The timeline's `do` name.
    public var name: String {
        switch self {
        case .launch: "launch"
        case .background: "background"
        case .foreground: "foreground"
        case .reset: "reset"
        case .purchase: "purchase"
        case .customEvent: "customEvent"
        case .pushClick: "pushClick"
        case .keyboard: "keyboard"
        case .rotate: "rotate"
        case .deviceKind: "device"
        case .dismiss: "dismiss"
        case .click: "click"
        case .displayNext: "displayNext"
        case .addLocal: "addLocal"
        case .delegate: "delegate"
        case .network: "network"
        case .campaign, .addCampaign: "campaign"
        case .profile: "profile"
        case .wait: "wait"
        case .integration: "integration"
        case .appImpression: "appImpression"
        case .testSend: "testSend"
        case .unforwardedPushClick: "pushClick"
        case .screen: "screen"
        case .bridge: "bridge"
        case .showInAppMessage: "showInAppMessage"
        case .deferInAppMessage: "deferInAppMessage"
        case .showDeferred: "showDeferred"
        case .changeUser: "changeUser"
        }
    }
}
