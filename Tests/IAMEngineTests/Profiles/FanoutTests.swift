import IAMEngine
import Testing

/// Issue 47: a comparison finds the same whatever runs its independent runs and in whatever
/// order they finish (`Fanout`).
@Suite("Compare: the fan-out changes nothing")
struct FanoutTests {
    /// Runs the pieces last first, and counts them.
    final class Reversed: @unchecked Sendable {
        var pieces = 0
        var fanout: Fanout {
            Fanout { count, body in
                self.pieces += count
                var results = [(any Sendable)?](repeating: nil, count: count)
                for index in (0..<count).reversed() { results[index] = body(index) }
                return results.map { $0! }
            }
        }
    }

    /// What a comparison found, as plain values.
    static func summary(_ comparison: Comparison) -> [String] {
        var lines = comparison.messages.map { id in "\(id): \(comparison.fates(of: id))" }
        if let first = comparison.firstDivergence {
            lines.append("first \(first.index) \(first.rows.map(\.id)) \(first.settings) \(first.versions)")
        }
        for divergence in comparison.divergences {
            lines.append("\(divergence.message) \(divergence.rows.map(\.id)) \(divergence.settings)")
        }
        return lines
    }

    @Test("every row's script under every platform: a reversed fan-out finds what the sequential one finds")
    func sameFindings() {
        let reversed = Reversed()
        for (_, script) in ProfileScripts.all {
            let sequential = Comparison(script.scenario, profiles: Profile.all)
            let spread = Comparison(script.scenario, profiles: Profile.all, fanout: reversed.fanout)
            #expect(Self.summary(sequential) == Self.summary(spread))
        }
        // The fan-out was used: the platforms' runs, at least.
        #expect(reversed.pieces >= 4 * ProfileScripts.all.count)
    }
}
