import IAMEngine
import Testing

/// TS2 and Android's app setting for eager test display (versions-evidence §9 (c)):
/// `settings.platforms.android.testEagerDisplay`, absent before 4.0.0, off by default 4.0.0–6.x,
/// on by default from 7.0.0: the exact lines on both sides of each boundary.
@Suite("TS2: Android's eager test display setting and its default per version")
struct EagerTestDisplayTests {
    /// A test send in the foreground, then its push opened.
    static func script(eager: Bool?) -> Script {
        var settings = Settings(minimumTriggerInterval: 0)
        if let eager { settings.platforms["android"] = PlatformSettings(testEagerDisplay: eager) }
        return Script(
            triggers: [],
            steps: [(5, .testSend(id: "qa", message: message(.modal, "test"))), (10, .pushClick(campaignID: "qa"))],
            until: 12, settings: settings)
    }

    static let atOnce = [
        "5.000 test_send qa received",
        "5.000 offered qa test_send",
        "5.000 displayed qa impression",
        "10.000 delivery_started until=10.500 0 triggers",
        "10.000 event push_click:qa",
        "10.000 event_queued push_click:qa",
        "10.500 delivery_completed 0 triggers",
        "10.500 no_match push_click:qa",
    ]
    static let whenOpened = [
        "5.000 test_send qa waiting",
        "10.000 delivery_started until=10.500 0 triggers",
        "10.000 event push_click:qa",
        "10.000 event_queued push_click:qa",
        "10.000 offered qa test_send",
        "10.000 displayed qa impression",
        "10.500 delivery_completed 0 triggers",
        "10.500 no_match push_click:qa",
    ]

    /// Each version and setting (nil: not set), with the lines it writes.
    static let expected: [(String, Bool?, [String])] = [
        // Before 4.0.0 there is no setting: the default (waits for the tap) whatever it says.
        ("android@3.9.9", nil, whenOpened), ("android@3.9.9", true, whenOpened), ("android@3.9.9", false, whenOpened),
        // 4.0.0–6.x: off by default; on when the app sets it.
        ("android@4.0.0", nil, whenOpened), ("android@4.0.0", true, atOnce), ("android@4.0.0", false, whenOpened),
        ("android@6.9.9", nil, whenOpened), ("android@6.9.9", true, atOnce),
        // From 7.0.0 (and the bare name, 37.0.0): on by default; off when the app says so.
        ("android@7.0.0", nil, atOnce), ("android@7.0.0", false, whenOpened), ("android@7.0.0", true, atOnce),
        ("android", nil, atOnce), ("android", false, whenOpened), ("android@43.0.0", false, whenOpened),
    ]

    @Test("TS2 android: the eager display setting and its default on both sides of 4.0.0 and 7.0.0")
    func perVersion() throws {
        for (name, eager, lines) in Self.expected {
            let profile = try Profile.resolve(name).get()
            #expect(Self.script(eager: eager).lines(under: profile) == lines, "\(name) \(String(describing: eager))")
        }
    }

    @Test("TS2: the setting is read only where the version has it; other platforms keep their answer")
    func availability() throws {
        #expect(try !Profile.resolve("android@3.9.9").get().policies.testEagerDisplaySetting)
        #expect(try Profile.resolve("android@4.0.0").get().policies.testEagerDisplaySetting)
        #expect(Profile.android.policies.testEagerDisplaySetting)
        for profile in [Profile.ios, .swift, .web] {
            #expect(!profile.policies.testEagerDisplaySetting)
            // Set under the profile's own platform, the setting changes nothing.
            var settings = Settings(profile: profile)
            settings.platforms[profile.name] = PlatformSettings(testEagerDisplay: true)
            #expect(settings.testSends == profile.policies.testSends)
        }
        #expect(
            try Profile.resolve("android@3.0.0").get().firstVersion(where: \.readsTestEagerDisplay)
                == SDKVersion("4.0.0"))
        #expect(try Profile.resolve("android@4.0.0").get().firstVersion(where: \.readsTestEagerDisplay) == nil)
    }
}
