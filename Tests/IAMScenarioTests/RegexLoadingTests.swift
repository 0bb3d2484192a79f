import IAMEngine
import Testing

@testable import IAMScenario

/// R3: what the loader makes of regex filters the SDKs' engines evaluate.
@Suite("R3: regex filters at load time")
struct RegexLoadingTests {
    let filterPath = "scenario.json: triggers[0].trigger_condition[0].data.property_filters"

    func onlyFilter(_ loaded: LoadedScenario) -> PropertyFilter? {
        guard case .customEventProperty(_, let groups) = loaded.scenario.triggers.first?.conditions.first else {
            return nil
        }
        return groups.first?.first
    }

    func regexFilter(_ pattern: String, _ comparator: Int = 10) -> String {
        #"[[{"property_key": "k", "property_type": "string", "comparator": \#(comparator), "property_value": "\#(pattern)"}]]"#
    }

    @Test("R3: lookaround and backreferences load without a warning, on the backtracking matcher")
    func lookaroundLoads() throws {
        for pattern in ["x(?=y)", "(?<=g)old", "^(?!s)", "(?<!b)old", #"(a)\\1"#] {
            let loaded = try load(filterScenario(regexFilter(pattern)))
            #expect(loaded.warnings.isEmpty, "\(pattern): \(loaded.warnings)")
            let filter = try #require(onlyFilter(loaded))
            #expect(filter.unsupported == nil)
            #expect(filter.pattern?.usesBacktracking == true, "\(pattern)")
        }
    }

    @Test("R3: an inline flag loads (ICU and Java honour it) with a warning that web throws on it")
    func inlineFlagWarns() throws {
        let loaded = try load(filterScenario(regexFilter("(?i)GOLD")))
        #expect(
            loaded.warnings.map(\.description) == [
                "\(filterPath)[0][0].property_value: warning: regular expression \"(?i)GOLD\": inline flags such as "
                    + "(?i) are a syntax error in JavaScript; under the web profile it throws and no trigger matches "
                    + "the event (R3)"
            ])
        let filter = try #require(onlyFilter(loaded))
        #expect(filter.unsupported == nil)
        #expect(filter.passes(["k": .string("gold")], unixNow: 0, policy: Profile.ios.policies.filters))
    }

    @Test("R3: a pattern no engine compiles loads unsupported, keeping the pattern for the platforms that read it")
    func uncompilableKept() throws {
        let loaded = try load(filterScenario(regexFilter("(", 17)))
        #expect(
            loaded.warnings.map(\.description) == [
                "\(filterPath)[0][0].property_value: warning: unsupported filter: regular expression \"(\": missing ')' "
                    + "for the group at character 1; it never passes (T4)"
            ])
        let filter = try #require(onlyFilter(loaded))
        #expect(filter.pattern?.isCompiled == false)
        #expect(filter.pattern?.javaScriptError == "missing ')' for the group at character 1")
        var android = FilterPolicy()
        android.regexDialect = .java
        // ios: never passes; android: a missing or non-string value is answered before compiling.
        for properties: [String: PropertyValue] in [[:], ["k": .number(1)], ["k": .string("a")]] {
            #expect(!filter.passes(properties, unixNow: 0, policy: Profile.ios.policies.filters))
        }
        #expect(filter.passes([:], unixNow: 0, policy: android))
        #expect(filter.passes(["k": .number(1)], unixNow: 0, policy: android))
        #expect(!filter.passes(["k": .string("a")], unixNow: 0, policy: android))
    }
}
