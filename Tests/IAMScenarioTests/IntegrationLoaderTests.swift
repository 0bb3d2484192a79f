import IAMEngine
import Testing

@testable import IAMScenario

/// integration.md: the app around the SDK is simulator data, read strictly (§9): each key is
/// checked, an unknown one is an error with its JSON path.
@Suite("Scenario loader: integration, screens, test sends")
struct IntegrationLoaderTests {
    @Test("I1-I3: settings.integration and settings.screens load; absent, they are the defaults")
    func settings() throws {
        let loaded = try load(
            scenario(
                [],
                #""settings": {"integration": {"ui": "custom", "impressions": "app"}, "#
                    + #""screens": {"splash": {"registered": false, "delegate": "later"}, "home": {}}}"#))
        #expect(loaded.scenario.settings.integration == Integration(ui: .custom, impressions: .app))
        #expect(
            loaded.scenario.settings.screens == [
                "splash": Screen(registered: false, delegate: .later), "home": Screen(),
            ])
        #expect(loaded.warnings.isEmpty)
        let plain = try load(scenario([]))
        #expect(plain.scenario.settings.integration == Integration(ui: .default, impressions: .sdk))
        #expect(plain.scenario.settings.screens.isEmpty)
    }

    @Test("I1-I3, SC1: unknown keys and values are errors with their path")
    func strict() {
        #expect(
            loadError(scenario([], #""settings": {"integration": {"ui": "none", "presenter": "x"}}"#))
                == #"scenario.json: settings.integration.presenter: unknown key "presenter" in settings.integration (expected ui, impressions, bridge, web or scenes)"#
        )
        #expect(
            loadError(scenario([], #""settings": {"integration": {"ui": "nothing"}}"#))
                == #"scenario.json: settings.integration.ui: unknown integration ui "nothing" (expected default, none or custom)"#
        )
        #expect(
            loadError(scenario([], #""settings": {"screens": {"splash": {"registred": false}}}"#))
                == #"scenario.json: settings.screens.splash.registred: unknown key "registred" in a screen (expected registered or delegate)"#
        )
        #expect(
            loadError(timelineScenario(#"[{"at": 1, "do": "integration", "ui": "none", "bridges": null}]"#))
                == #"scenario.json: timeline[0].bridges: unknown key "bridges" in an integration step (expected at, do, note, ui, impressions, bridge, web or scenes)"#
        )
        #expect(
            loadError(timelineScenario(#"[{"at": 1, "do": "screen"}]"#))
                == #"scenario.json: timeline[0]: missing required key "name""#)
    }

    @Test("B1-B4, I4: settings.integration.bridge and .web load; bad values are errors with their path")
    func bridges() throws {
        let loaded = try load(
            scenario(
                [],
                #""settings": {"integration": {"bridge": {"kind": "flutter", "nativeUI": false, "listener": true, "#
                    + #""ready": false, "answer": null, "whenNotReady": "queue"}, "#
                    + #""web": {"automaticallyShow": false, "subscribers": ["show", "consume"]}}}"#))
        #expect(
            loaded.scenario.settings.integration
                == Integration(
                    bridge: Bridge(kind: .flutter, nativeUI: false, listener: true, ready: false, whenNotReady: .queue),
                    web: WebDisplay(automaticallyShow: false, subscribers: [.show, .consume])))
        #expect(
            loadError(scenario([], #""settings": {"integration": {"bridge": {"kind": "xamarin"}}}"#))
                == #"scenario.json: settings.integration.bridge.kind: unknown bridge kind "xamarin" (expected react-native, flutter, cordova or unity)"#
        )
        #expect(
            loadError(scenario([], #""settings": {"integration": {"bridge": {"kind": "unity", "ready": 1}}}"#))
                == #"scenario.json: settings.integration.bridge.ready: expected true or false, got the number 1"#)
        #expect(
            loadError(scenario([], #""settings": {"integration": {"web": {"subscribers": ["hide"]}}}"#))
                == #"scenario.json: settings.integration.web.subscribers[0]: unknown subscriber "hide" (expected show or consume)"#
        )
        #expect(
            loadError(timelineScenario(#"[{"at": 1, "do": "bridge"}]"#))
                == #"scenario.json: timeline[0].do: a bridge step gives ready or listener (or both)"#)
        #expect(
            loadError(timelineScenario(#"[{"at": 1, "do": "showInAppMessage"}]"#))
                == #"scenario.json: timeline[0]: missing required key "message""#)
    }

    @Test("B1, I4: the bridge and web steps load and encode back to the same actions")
    func bridgeSteps() throws {
        let loaded = try load(
            timelineScenario(
                #"[{"at": 1, "do": "bridge", "ready": true}, {"at": 2, "do": "bridge", "listener": false}, "#
                    + #"{"at": 3, "do": "showInAppMessage", "message": "a"}, "#
                    + #"{"at": 4, "do": "deferInAppMessage", "message": "a"}, {"at": 5, "do": "showDeferred"}, "#
                    + #"{"at": 6, "do": "integration", "bridge": {"kind": "cordova"}, "web": {"subscribers": []}}, "#
                    + #"{"at": 7, "do": "integration", "bridge": null}]"#))
        let actions = loaded.scenario.timeline.map(\.action)
        #expect(
            actions == [
                .bridge(BridgeChange(ready: true)), .bridge(BridgeChange(listener: false)),
                .showInAppMessage(message: "a"), .deferInAppMessage(message: "a"), .showDeferred,
                .integration(IntegrationChange(bridge: .some(Bridge(kind: .cordova)), web: WebDisplay())),
                .integration(IntegrationChange(bridge: .some(nil))),
            ])
        for step in loaded.scenario.timeline {
            let json = JSONText.compact(StepEncoding.step(step))
            let again = try load(timelineScenario("[\(json)]"))
            #expect(again.scenario.timeline.map(\.action) == [step.action], "\(json)")
        }
    }

    @Test("SV2: x_sim.enabled false starts a campaign off; a campaign step adds a trigger, written back as given")
    func campaignTrigger() throws {
        let addedJSON = trigger("new", extra: #""x_sim": {"enabled": false}"#)
        let loaded = try load(
            scenario(
                [trigger("a", extra: #""x_sim": {"name": "A", "enabled": false}"#), trigger("b")],
                #""timeline": [{"at": 1, "do": "campaign", "trigger": \#(addedJSON)}, "#
                    + #"{"at": 2, "do": "campaign", "id": "new", "enabled": true}]"#))
        #expect(loaded.scenario.triggers.map(\.startsDisabled) == [true, false])
        guard case .addCampaign(let added, let enabled, let json) = loaded.scenario.timeline[0].action else {
            Issue.record("expected a campaign step that adds a trigger")
            return
        }
        #expect(added.id == "new")
        #expect(added.startsDisabled)
        #expect(!enabled)
        #expect(loaded.scenario.timeline[1].action == .campaign(id: "new", enabled: true))
        let encoded = JSONText.compact(StepEncoding.step(loaded.scenario.timeline[0]))
        #expect(encoded == #"{"at":1,"do":"campaign","trigger":"# + json + #","enabled":false}"#)
        #expect(
            loadError(timelineScenario(#"[{"at": 1, "do": "campaign", "trigger": \#(trigger("a"))}]"#))
                == #"scenario.json: timeline[0].trigger.id: trigger "a" is already among the triggers (a campaign step with a trigger adds a new one; to switch one on or off, give its id)"#
        )
        #expect(
            loadError(
                timelineScenario(
                    #"[{"at": 1, "do": "campaign", "trigger": \#(addedJSON), "enabled": true, "id": "x"}]"#))
                == #"scenario.json: timeline[0].id: unknown key "id" in a campaign step (expected at, do, note, trigger or enabled)"#
        )
    }

    @Test("I3, TS1, TS4, SC1: the new steps load and encode back to the same actions")
    func steps() throws {
        let loaded = try load(
            timelineScenario(
                #"[{"at": 1, "do": "integration", "impressions": "never"}, "#
                    + #"{"at": 2, "do": "appImpression", "message": "a"}, "#
                    + #"{"at": 3, "do": "testSend", "id": "qa", "message": {"type": "SLIDEUP", "message": "t"}}, "#
                    + #"{"at": 4, "do": "pushClick", "campaign_id": "qa", "reachesSdk": false}, "#
                    + #"{"at": 5, "do": "pushClick", "reachesSdk": true}, "#
                    + #"{"at": 6, "do": "screen", "name": "splash"}]"#))
        let actions = loaded.scenario.timeline.map(\.action)
        #expect(actions.count == 6)
        #expect(actions[0] == .integration(IntegrationChange(impressions: .never)))
        #expect(actions[1] == .appImpression(message: "a"))
        guard case .testSend(let id, let message) = actions[2] else {
            Issue.record("step 2 is \(actions[2])")
            return
        }
        #expect(id == "qa")
        #expect(message.text == "t")
        #expect(actions[3] == .unforwardedPushClick(campaignID: "qa"))
        #expect(actions[4] == .pushClick(campaignID: nil))
        #expect(actions[5] == .screen(name: "splash"))
        for step in loaded.scenario.timeline {
            let json = StepEncoding.step(step)
            let again = try load(timelineScenario("[" + JSONText.compact(json) + "]"))
            #expect(again.scenario.timeline.first == step)
        }
    }

    @Test("SV3: initial loads; its times are at most 0 and its trigger ids must exist")
    func initial() throws {
        let loaded = try load(
            scenario(
                [trigger("a"), trigger("b")],
                #""initial": {"lastTriggerAt": -12.5, "performed": {"a": -3600}, "cachedTriggers": ["b"]}"#))
        #expect(
            loaded.scenario.initial
                == InitialState(lastTriggerAt: -12.5, performed: ["a": -3600], cachedTriggers: ["b"]))
        #expect(
            loadError(scenario([trigger("a")], #""initial": {"performed": {"z": -1}}"#))
                == #"scenario.json: initial.performed.z: trigger "z" is not among the triggers"#)
        #expect(
            loadError(scenario([trigger("a")], #""initial": {"lastTriggerAt": 5}"#))
                == "scenario.json: initial.lastTriggerAt: a time before the run is at most 0 and above -1e9 seconds; got 5"
        )
        #expect(
            loadError(scenario([trigger("a")], #""initial": {"lastTriggerAt": -1e12}"#))
                == "scenario.json: initial.lastTriggerAt: a time before the run is at most 0 and above -1e9 seconds; got -1000000000000"
        )
        #expect(
            loadError(scenario([trigger("a")], #""initial": {"cached": ["a"]}"#))
                == #"scenario.json: initial.cached: unknown key "cached" in initial (expected lastTriggerAt, performed or cachedTriggers)"#
        )
    }

    @Test("SV4: settings.platforms loads by profile name; unknown names and keys are errors")
    func platforms() throws {
        let loaded = try load(
            scenario(
                [], #""settings": {"minimumTriggerInterval": 30, "platforms": {"ios": {"minimumTriggerInterval": 1}}}"#)
        )
        var settings = loaded.scenario.settings
        #expect(settings.platforms == ["ios": PlatformSettings(minimumTriggerInterval: 1)])
        #expect(settings.minimumTriggerInterval == 1)
        settings.profile = .android
        #expect(settings.minimumTriggerInterval == 30)
        #expect(
            loadError(scenario([], #""settings": {"platforms": {"iphone": {}}}"#))
                == #"scenario.json: settings.platforms.iphone: unknown profile "iphone" (expected ios, swift, android or web)"#
        )
        #expect(
            loadError(scenario([], #""settings": {"platforms": {"web": {"epoch": 0}}}"#))
                == #"scenario.json: settings.platforms.web.epoch: unknown key "epoch" in settings.platforms.web (expected minimumTriggerInterval, sessionTimeout or testEagerDisplay)"#
        )
    }

    @Test(
        "TS2: settings.platforms.android.testEagerDisplay loads; under a version before 4.0.0 it warns, elsewhere it is an error"
    )
    func testEagerDisplay() throws {
        let on = try load(scenario([], #""settings": {"platforms": {"android": {"testEagerDisplay": false}}}"#))
        #expect(on.warnings.isEmpty)
        #expect(on.scenario.settings.platforms == ["android": PlatformSettings(testEagerDisplay: false)])
        var settings = on.scenario.settings
        // Under ios the android setting is not read; under android it turns the default (on) off.
        #expect(settings.testSends == .whenPushOpened)
        settings.profile = .android
        #expect(settings.testSends == .whenPushOpened)
        settings.platforms = [:]
        #expect(settings.testSends == .atOnce)
        let old = try load(
            scenario(
                [], #""settings": {"profile": "android@3.2.2", "platforms": {"android": {"testEagerDisplay": true}}}"#))
        #expect(
            old.warnings.map(\.description) == [
                "scenario.json: settings.platforms.android.testEagerDisplay: warning: android@3.2.2 has no app setting for eager test display (it exists from android 4.0.0); ignored"
            ])
        #expect(old.scenario.settings.testSends == .whenPushOpened)
        #expect(
            VersionedSettings.warnings(on.scenario.settings, file: "f.json").isEmpty)
        settings.platforms = on.scenario.settings.platforms
        settings.profile = try Profile.resolve("android@1.13.0").get()
        #expect(
            VersionedSettings.warnings(settings, file: "f.json").map(\.description) == [
                "f.json: settings.platforms.android.testEagerDisplay: warning: android@1.13.0 has no app setting for eager test display (it exists from android 4.0.0); ignored"
            ])
        #expect(
            loadError(scenario([], #""settings": {"platforms": {"ios": {"testEagerDisplay": true}}}"#))
                == "scenario.json: settings.platforms.ios.testEagerDisplay: ios has no such app setting (it is one of another platform's SDK)"
        )
        #expect(
            loadError(scenario([], #""settings": {"platforms": {"android": {"testEagerDisplay": 1}}}"#))
                == "scenario.json: settings.platforms.android.testEagerDisplay: expected true or false, got the number 1"
        )
    }
}
