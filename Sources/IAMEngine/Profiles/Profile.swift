/// One platform (profiles.md): its name, its answers where the SDKs disagree (`policies`), the
/// names it gives the interval setting (X12) and the delegate (X13), and how sure each answer is.
///
/// The four platforms are values (`Profile+Platforms.swift`); adding a fifth is one more value
/// in `Profile.all` and its tests. The rules read only `policies`, never the name.
public struct Profile: Sendable, Equatable {
    /// `ios`, `swift`, `android`, `web`: what `settings.profile` and `--profile` name.
    public var name: String
    /// The SDK in a few words, for people.
    public var title: String
    public var policies: Policies
    /// X12: the minimum interval's setting name.
    public var intervalSettingName: String
    /// X13: the delegate's method and answer names.
    public var delegateNames: DelegateNames
    /// Per row, the platform's answer in a few words and how sure it is.
    public var answers: [Difference: Answer]
    /// What the device frame is called on this platform, phone and tablet.
    public var deviceNames: DeviceNames
    /// versions.md: the SDK version named after `@` (`android@7.0.0`); `nil` for a bare name,
    /// today's answers. `name` then carries it too, so every place that prints a profile's name
    /// prints its version.
    public internal(set) var version: SDKVersion?

    public init(
        name: String, title: String, policies: Policies, intervalSettingName: String,
        delegateNames: DelegateNames, deviceNames: DeviceNames = .apple, answers: [Difference: Answer]
    ) {
        self.deviceNames = deviceNames
        self.name = name
        self.title = title
        self.policies = policies
        self.intervalSettingName = intervalSettingName
        self.delegateNames = delegateNames
        self.answers = answers
    }

    /// The answer to `row`; a row the value leaves out is the `ios` answer, inherited.
    public func answer(_ row: Difference) -> Answer {
        if let answer = answers[row] { return answer }
        let base = Profile.ios.answers[row]?.summary ?? ""
        return Answer(base, .inherited)
    }

    /// Every platform, in the order compare and the simulator's `P` use.
    public static let all: [Profile] = [.ios, .swift, .android, .web]

    /// The platform called `name` (case-insensitive), with a version after `@` when given
    /// (`android@7.0.0`, versions.md), or `nil`; `resolve` says why not.
    public static func named(_ name: String) -> Profile? {
        try? resolve(name).get()
    }

    /// `ios, swift, android or web`, for error messages.
    public static var namesList: String {
        let names = all.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

/// How sure a platform's answer is (profiles.md).
public enum Confidence: String, Sendable, CaseIterable {
    /// The SDK's own code was run on generated cases and gave this answer (revision 3: Web SDK
    /// 5.0.1, Android SDK 37.0.0 trigger matching).
    case executed
    /// Read in the SDK's code or changelog.
    case source
    /// Braze's documentation says so.
    case docs
    /// The best reading of incomplete evidence.
    case inferred
    /// Nothing is known: the `ios` answer is kept.
    case inherited
}

/// A platform's answer to one row, in a few words, with its confidence and, where the answer was
/// executed or read in the SDK's code, the file and line that decide it.
public struct Answer: Sendable, Equatable {
    public var summary: String
    public var confidence: Confidence
    /// The SDK's file and line (or the reason for an inference): `BrazeUI InAppMessageUI.swift:147`.
    public var evidence: String?

    public init(_ summary: String, _ confidence: Confidence, at evidence: String? = nil) {
        self.summary = summary
        self.confidence = confidence
        self.evidence = evidence
    }

    /// How sure, and from where: `source`, or `read from source: BrazeUI InAppMessageUI.swift:147`
    /// where the answer names its evidence.
    public var confidenceWords: String {
        guard let evidence else { return confidence.rawValue }
        return "\(confidence.words): \(evidence)"
    }
}

extension Confidence {
    /// In words, beside the evidence: executed, read from source, inferred.
    public var words: String {
        switch self {
        case .executed: "executed"
        case .source: "read from source"
        case .docs: "documented"
        case .inferred: "inferred"
        case .inherited: "inherited"
        }
    }
}

/// The device frame's name on a platform: `iPhone` and `iPad` on Apple's.
public struct DeviceNames: Sendable, Equatable {
    public var phone: String
    public var tablet: String

    public init(phone: String, tablet: String) {
        self.phone = phone
        self.tablet = tablet
    }

    public static let apple = DeviceNames(phone: "iPhone", tablet: "iPad")

    public func name(of kind: Device.Kind) -> String {
        switch kind {
        case .phone: phone
        case .tablet: tablet
        }
    }
}

/// X13: what the platform calls the display delegate and its answers.
public struct DelegateNames: Sendable, Equatable {
    public var method: String
    public var now: String
    public var later: String
    public var discard: String
    public var reenqueue: String
    /// The deprecated method that is told whether the keyboard is up (`implements = ui_keyboard`),
    /// where the platform has one.
    public var keyboardMethod: String?

    public init(
        method: String, now: String, later: String, discard: String, reenqueue: String, keyboardMethod: String? = nil
    ) {
        self.keyboardMethod = keyboardMethod
        self.method = method
        self.now = now
        self.later = later
        self.discard = discard
        self.reenqueue = reenqueue
    }

    /// What an app on this platform can implement: `ui_keyboard` only where the platform has
    /// such a method.
    public var implementable: [Delegate.Implements] {
        Delegate.Implements.allCases.filter { $0 != .uiKeyboard || keyboardMethod != nil }
    }

    /// The platform's name for `choice`.
    public func name(of choice: DisplayChoice) -> String {
        switch choice {
        case .now: now
        case .later: later
        case .discard: discard
        case .reenqueue: reenqueue
        }
    }
}
