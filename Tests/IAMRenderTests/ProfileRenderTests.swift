import IAMRender
import Testing

@testable import IAMEngine

/// What the screen says of the platform (profiles.md): the title bar, the interval's setting
/// name (X12) and the delegate line (X3).
@Suite("The platform on screen")
struct ProfileRenderTests {
    static func text(_ profile: Profile) -> String {
        var state = Fixtures.base()
        state.settings.profile = profile
        let frame = render(engine: state, ui: Fixtures.ui(), trace: Fixtures.trace, width: 120, height: 36)
        return (0..<frame.grid.height).map(frame.grid.rowText).joined(separator: "\n")
    }

    @Test("X3: the delegate line says keyboard up → later on ios and 'no keyboard gate' elsewhere")
    func delegateLine() {
        // The panel's short form where the long one does not fit: "kb up", "no kb gate".
        #expect(Self.text(.ios).contains("up → later)"))
        for profile in [Profile.swift, .android, .web] {
            let text = Self.text(profile)
            #expect(text.contains("DELEGATE none (no kb gate)") || text.contains("DELEGATE none (no keyboard gate)"))
            #expect(!text.contains("→ later"), "\(profile.name) has no keyboard gate")
            #expect(text.contains("[\(profile.name)]"), "the title bar names \(profile.name)")
        }
    }
}
