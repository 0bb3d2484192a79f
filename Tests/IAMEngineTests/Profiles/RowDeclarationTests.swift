import Testing

@testable import IAMEngine

/// Each row is one declaration (`Rows.swift`): the platforms, compare and `profiles` read it.
@Suite("A platform row is one declaration")
struct RowDeclarationTests {
    static let platforms: [(Platform, Profile)] = [(.ios, .ios), (.swift, .swift), (.android, .android), (.web, .web)]

    @Test("every row has an ios answer; a platform's answer is its declared cell or the inherited ios one")
    func answers() {
        for row in Difference.allCases {
            let ios = row.row.answers[.ios]
            #expect(ios != nil, "\(row) has no ios answer")
            for (platform, profile) in Self.platforms {
                if let declared = row.row.answers[platform] {
                    #expect(profile.answer(row) == declared, "\(row) \(platform)")
                } else {
                    #expect(profile.answer(row) == Answer(ios?.summary ?? "", .inherited), "\(row) \(platform)")
                }
            }
        }
    }

    @Test("adopting every row from a platform gives that platform's policies: no policy lives outside a row")
    func rowsCoverEveryPolicy() {
        for (_, from) in Self.platforms {
            for (_, to) in Self.platforms {
                var policies = to.policies
                for row in Difference.allCases { policies = policies.adopting(row, from: from.policies) }
                #expect(policies == from.policies, "\(to.name) adopting every row of \(from.name)")
            }
        }
    }

    @Test("a row whose declaration changes nothing for a platform is not a difference from ios")
    func differencesAreTheDeclaredChanges() {
        for (platform, profile) in Self.platforms {
            let differing = Set(profile.policies.differences(from: Profile.ios.policies))
            for row in differing {
                #expect(row.row.changes[platform] != nil, "\(row) differs on \(platform) without a declared value")
            }
            for row in Difference.allCases where !differing.contains(row) {
                var alone = Policies()
                row.row.changes[platform]?(&alone)
                #expect(alone == Policies(), "\(row) declares a value on \(platform) that changes nothing")
            }
        }
    }
}
