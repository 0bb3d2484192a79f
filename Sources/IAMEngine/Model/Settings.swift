/// `settings` of a scenario (spec §9, defaults of §11).
public struct Settings: Sendable, Equatable {
    /// P2's global interval, seconds (`ABKMinimumTriggerTimeIntervalKey`): the current
    /// platform's own value if `platforms` gives one (SV4), else the scenario's. Setting it
    /// sets the scenario's.
    public var minimumTriggerInterval: Double {
        // Read at every event: the profile's platform is spelt out only when some platform has settings.
        get {
            platforms.isEmpty
                ? allPlatformsInterval : platforms[profile.platform]?.minimumTriggerInterval ?? allPlatformsInterval
        }
        set { allPlatformsInterval = newValue }
    }
    /// S2: seconds in the background after which the session ends; `nil` leaves it to the
    /// profile (X10: a scenario's own value wins over a profile's default). As
    /// `minimumTriggerInterval`, a platform's own value (SV4) wins.
    public var sessionTimeout: Double? {
        get {
            platforms.isEmpty
                ? allPlatformsSessionTimeout : platforms[profile.platform]?.sessionTimeout ?? allPlatformsSessionTimeout
        }
        set { allPlatformsSessionTimeout = newValue }
    }
    /// SV4 (integration.md): settings that apply under one platform only, by profile name.
    public var platforms: [String: PlatformSettings] = [:]
    private var allPlatformsInterval: Double
    private var allPlatformsSessionTimeout: Double?
    /// Unix seconds at simulation time 0 (T2, T5).
    public var epoch: Double
    public var device: Device
    public var network: Network
    public var delegate: Delegate
    /// The platform (profiles.md); `ios` by default. A `profile` action switches it.
    public var profile: Profile
    /// The app around the SDK (integration.md, I1–I3): its presenter and impressions.
    public var integration = Integration()
    /// SC1–SC2 (integration.md): the app's screens by name.
    public var screens: [String: Screen] = [:]
    /// The platform's answers where the SDKs differ: the rules read these, never the name.
    public var policies: Policies { profile.policies }
    /// TS2: when a test send is shown: the app's eager-display setting
    /// (`platforms.NAME.testEagerDisplay`) where the profile's version has one (Android from
    /// 4.0.0), else the version's default (`Policies.testSends`: Android's is on from 7.0.0).
    /// The one place the setting is read.
    public var testSends: TestSendPolicy {
        guard profile.readsTestEagerDisplay, let eager = platforms[profile.platform]?.testEagerDisplay else {
            return policies.testSends
        }
        return eager ? .atOnce : .whenPushOpened
    }

    public init(
        minimumTriggerInterval: Double = 30, sessionTimeout: Double? = nil, epoch: Double = 1_767_225_600,
        device: Device = Device(), network: Network = Network(), delegate: Delegate = Delegate(),
        profile: Profile = .ios
    ) {
        self.allPlatformsInterval = minimumTriggerInterval
        self.allPlatformsSessionTimeout = sessionTimeout
        self.epoch = epoch
        self.device = device
        self.network = network
        self.delegate = delegate
        self.profile = profile
    }
}

public struct Device: Sendable, Equatable {
    public enum Kind: String, Sendable { case phone, tablet }
    public enum Orientation: String, Sendable { case portrait, landscape }

    public var kind: Kind
    public var orientation: Orientation

    public init(kind: Kind = .phone, orientation: Orientation = .portrait) {
        self.kind = kind
        self.orientation = orientation
    }
}

public struct Network: Sendable, Equatable {
    public var online: Bool
    /// D1: seconds a delivery takes.
    public var syncLatency: Double

    public init(online: Bool = true, syncLatency: Double = 0.5) {
        self.online = online
        self.syncLatency = syncLatency
    }
}

/// The app's in-app message delegate (L4).
public struct Delegate: Sendable, Equatable {
    public enum Implements: String, Sendable, CaseIterable {
        case none
        /// The deprecated `beforeInAppMessageDisplayed:withKeyboardIsUp:`.
        case uiKeyboard = "ui_keyboard"
        /// `beforeInAppMessageDisplayed:`.
        case controller
    }

    public var implements: Implements
    /// The answer for every message without its own entry in `answers`.
    public var answer: DisplayChoice
    /// Answers by message id (trigger id or `local-N`).
    public var answers: [String: DisplayChoice]

    /// As the trace words it: `controller -> now`, then each message's own answer by id
    /// (`controller -> now, vetoed=discard`).
    public var words: String {
        var text = "\(implements.rawValue) -> \(answer.rawValue)"
        for id in answers.keys.sorted() { text += ", \(id)=\(answers[id]!.rawValue)" }
        return text
    }

    public init(implements: Implements = .none, answer: DisplayChoice = .now, answers: [String: DisplayChoice] = [:]) {
        self.implements = implements
        self.answer = answer
        self.answers = answers
    }
}

/// The display choice of L4 (`ABKInAppMessageDisplayChoice`).
public enum DisplayChoice: String, Sendable, CaseIterable {
    case now, later, discard, reenqueue
}

/// One entry of the asset table: how a URL downloads (D2).
public struct AssetSpec: Sendable, Equatable {
    public var download: Double
    public var fails: Bool

    public init(download: Double = 1.0, fails: Bool = false) {
        self.download = download
        self.fails = fails
    }
}

extension Profile {
    /// TS2: whether this platform's version reads the app's eager-display setting
    /// (`platforms.NAME.testEagerDisplay`). The one reader of the row: `testSends`, the loader's
    /// warning and `check` ask this.
    public var readsTestEagerDisplay: Bool { policies.testEagerDisplaySetting }
}
