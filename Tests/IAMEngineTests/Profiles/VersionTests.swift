import IAMEngine
import IAMScenario
import Testing

/// versions.md, delivery-rules R10: a profile has a version; each modelled range is checked on
/// both sides of each of its boundaries, bare names keep today's answers.
@Suite("SDK versions")
struct VersionTests {
    static func profile(_ name: String) throws -> Profile { try Profile.resolve(name).get() }

    @Test("versions compare part by part; missing parts are zeros; bad text is not a version")
    func ordering() throws {
        #expect(try #require(SDKVersion("6.4.2")) < (try #require(SDKVersion("6.10.0"))))
        #expect(SDKVersion("7") == SDKVersion("7.0.0"))
        #expect(SDKVersion("7.0.0")?.description == "7.0.0")
        for bad in ["", "7.", ".7", "a.b", "1.2.3.4.5", "1234567", "-1", "7.0.0-beta"] {
            #expect(SDKVersion(bad) == nil, "\(bad)")
        }
    }

    @Test("a bare name is today's profile, unchanged; a versioned one carries its version in its name")
    func bare() throws {
        for profile in Profile.all {
            #expect(try Self.profile(profile.name) == profile)
            #expect(try Self.profile(profile.name.uppercased()) == profile)
        }
        let versioned = try Self.profile("Android@37.0.0")
        #expect(versioned.name == "android@37.0.0")
        #expect(versioned.platform == "android")
        #expect(versioned.version == SDKVersion("37.0.0"))
        // X43: the bare name keeps today's answer (any size logged) so that no trace changes;
        // 37.0.0 refuses properties over 50 KB (from 14.0.0). Every other answer is the bare one.
        var policies = versioned.policies
        #expect(policies.eventLimits.maxPropertiesBytes == 51_200)
        policies.eventLimits = Profile.android.policies.eventLimits
        #expect(policies == Profile.android.policies)
    }

    @Test("outside the known range, or not a version: an error naming the range")
    func errors() {
        #expect(
            Profile.resolve("android@99.0.0").failureDescription
                == "android@99.0.0 is outside the versions known: 1.13.0 to 43.0.0")
        #expect(
            Profile.resolve("ios@1.0").failureDescription == "ios@1.0.0 is outside the versions known: 2.19.0 to 4.7.0")
        #expect(Profile.resolve("web@x").failureDescription?.hasPrefix("'x' is not a version of web") == true)
        #expect(Profile.resolve("nokia@1.0.0").failureDescription?.hasPrefix("no platform 'nokia@1.0.0'") == true)
    }

    /// Each modelled range: the policy one version below its boundary and at it.
    @Test("TS2 android: before 7.0.0 a test send waits for its push; from 7.0.0 it shows on arrival")
    func ts2() throws {
        #expect(try Self.profile("android@6.9.9").policies.testSends == .whenPushOpened)
        #expect(try Self.profile("android@4.0.0").policies.testSends == .whenPushOpened)
        #expect(try Self.profile("android@7.0.0").policies.testSends == .atOnce)
        #expect(try Self.profile("android@43.0.0").policies.testSends == .atOnce)
    }

    @Test("X28 ios: before 3.3.0 the stack is offered at app open (the seed's yes); from 3.3.0 it is not")
    func x28() throws {
        #expect(try Self.profile("ios@3.2.9").policies.eligibleMomentsOfferStack)
        #expect(try !Self.profile("ios@3.3.0").policies.eligibleMomentsOfferStack)
        #expect(try Self.profile("ios@3.3.0").answer(.x28).summary.hasSuffix("(ios from 3.3.0)"))
        #expect(Profile.ios.policies.eligibleMomentsOfferStack)
    }

    @Test("X26 ios: 3.12.0 up to 3.14.1 a delegate discard leaves the trigger re-eligible; not before, not after")
    func x26() throws {
        #expect(try Self.profile("ios@3.11.9").policies.reEligibilityStamp == .whenPerformed)
        #expect(try Self.profile("ios@3.12.0").policies.reEligibilityStamp == .atImpression)
        #expect(try Self.profile("ios@3.14.0").policies.reEligibilityStamp == .atImpression)
        #expect(try Self.profile("ios@3.14.1").policies.reEligibilityStamp == .whenPerformed)
    }

    @Test("X15 swift: before 8.3.0 both copies stay on the stack; from 8.3.0 the older is removed")
    func x15() throws {
        #expect(try Self.profile("swift@8.2.9").policies.duplicates == .keepBoth)
        #expect(try Self.profile("swift@8.3.0").policies.duplicates == .removeOlder)
    }

    @Test("TS2 in a trace: android@6.0.0 keeps the test send waiting, android@7.0.0 shows it on arrival")
    func ts2Trace() throws {
        let json = """
            {
              "triggers": [],
              "timeline": [
                { "at": 0, "do": "launch" },
                { "at": 5, "do": "testSend", "id": "qa", "message": { "type": "SLIDEUP", "message": "Test" } }
              ]
            }
            """
        func testSendRecord(_ profile: String) throws -> String? {
            var scenario = try ScenarioLoader.load(json: json, file: "t.json").scenario
            scenario.settings.profile = try Self.profile(profile)
            let trace = ScenarioRunner.trace(scenario)
            #expect(trace.first?.profile == profile)
            return trace.first { $0.kind == .testSend }?.reason?.rawValue
        }
        #expect(try testSendRecord("android@6.0.0") == "waiting")
        #expect(try testSendRecord("android@7.0.0") == "received")
        #expect(try testSendRecord("android") == "received")
    }

    @Test("compare across versions names the row and the version")
    func compare() throws {
        let json = """
            {
              "triggers": [],
              "timeline": [
                { "at": 0, "do": "launch" },
                { "at": 5, "do": "testSend", "id": "qa", "message": { "type": "SLIDEUP", "message": "Test" } }
              ]
            }
            """
        let scenario = try ScenarioLoader.load(json: json, file: "t.json").scenario
        let comparison = Comparison(
            scenario, profiles: [try Self.profile("android@6.0.0"), try Self.profile("android@37.0.0")])
        let divergence = try #require(comparison.firstDivergence)
        #expect(divergence.rows.isEmpty)
        #expect(divergence.versions.count == 1)
        #expect(divergence.versions.first?.hasPrefix("TS2 changes at android 7.0.0") == true)
    }

    @Test("settings.profile takes a version; a bad one is a load error with its path")
    func settings() throws {
        let loaded = try ScenarioLoader.load(
            json: #"{"settings": {"profile": "android@6.0.0"}, "triggers": []}"#, file: "v.json")
        #expect(loaded.scenario.settings.profile.name == "android@6.0.0")
        #expect(throws: (any Error).self) {
            try ScenarioLoader.load(json: #"{"settings": {"profile": "android@0.1"}, "triggers": []}"#, file: "v.json")
        }
        do {
            _ = try ScenarioLoader.load(
                json: #"{"settings": {"profile": "android@0.1"}, "triggers": []}"#, file: "v.json")
        } catch {
            #expect("\(error)".contains("settings.profile"))
            #expect("\(error)".contains("1.13.0 to 43.0.0"))
        }
    }
}

extension Result where Failure == ProfileNameError {
    var failureDescription: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
