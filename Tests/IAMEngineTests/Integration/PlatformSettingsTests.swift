import IAMEngine
import Testing

/// SV4 (integration.md): settings that apply under one platform only.
@Suite("Integration: per-platform settings")
struct PlatformSettingsTests {
    @Test(
        "SV4: settings.platforms.ios.minimumTriggerInterval 1 applies under ios only",
        arguments: Profile.all.map(\.name))
    func sv4(_ name: String) throws {
        let profile = try #require(Profile.named(name))
        let second =
            name == "ios"
            ? [
                "3.000 trigger_matched b",
                "3.000 performed b",
                "3.000 stacked b new stack=[b] depth=1",
                "3.000 offered b eligible_moment",
                "3.000 returned_to_stack b message_visible stack=[b] depth=1",
            ]
            : ["3.000 trigger_skipped b min_interval next=31.000", "3.000 no_match custom_event:b"]
        #expect(
            IntegrationScripts.sv4.lines(under: profile) == [
                "1.000 event custom_event:a",
                "1.000 trigger_matched a",
                "1.000 performed a",
                "1.000 stacked a new stack=[a] depth=1",
                "1.000 offered a eligible_moment",
                "1.000 displayed a impression",
                "3.000 event custom_event:b",
            ] + second)
    }

    @Test("SV4: a platform's own value wins; switching the platform switches the value; setting it sets the scenario's")
    func resolution() {
        var settings = Settings(minimumTriggerInterval: 30, sessionTimeout: 10)
        settings.platforms = ["android": PlatformSettings(sessionTimeout: 60)]
        #expect(settings.sessionTimeout == 10)
        settings.profile = .android
        #expect(settings.sessionTimeout == 60)
        #expect(settings.minimumTriggerInterval == 30)
        settings.sessionTimeout = 5
        #expect(settings.sessionTimeout == 60)
        settings.profile = .web
        #expect(settings.sessionTimeout == 5)
    }
}

/// SV4 in `compare`: the setting, not a rule, is named when it makes the platforms differ.
@Suite("Integration: per-platform settings in compare")
struct PlatformSettingsCompareTests {
    @Test("SV4: compare names minimumTriggerInterval (no X-row) for the divergence and the message it explains")
    func compareNamesTheSetting() throws {
        let comparison = Comparison(IntegrationScripts.sv4.scenario, profiles: [.ios, .android, .web])
        let first = try #require(comparison.firstDivergence)
        #expect(first.settings == [.minimumTriggerInterval])
        #expect(first.rows == [])
        #expect(comparison.divergences.map(\.message) == ["b"])
        #expect(comparison.divergences.map(\.settings) == [[.minimumTriggerInterval]])
        #expect(comparison.divergences.map(\.rows) == [[]])
    }

    @Test("SV4: without per-platform settings nothing is named a setting")
    func noSetting() throws {
        var script = IntegrationScripts.sv4
        script.settings.platforms = [:]
        script.settings.minimumTriggerInterval = 1
        let comparison = Comparison(script.scenario, profiles: [.ios, .android])
        #expect(comparison.firstDivergence == nil)
    }
}
