import Glibc
import IAMRender
import IAMSimulator
import Testing

@testable import IAMTerminal

/// The pure decoding and policy functions.
struct DecodingTests {
    @Test func controlBytesBecomeCtrlKeys() {
        #expect(Key.fromCharacter(0x01) == .ctrl("a"))
        #expect(Key.fromCharacter(0x03) == .ctrl("c"))
        #expect(Key.fromCharacter(0x1A) == .ctrl("z"))
        #expect(Key.fromCharacter(0x0A) == .enter)
        #expect(Key.fromCharacter(0x0D) == .enter)
        #expect(Key.fromCharacter(0x1B) == .escape)
        #expect(Key.fromCharacter(0x08) == .backspace)
        #expect(Key.fromCharacter(0x1F) == .ctrl("_"))
        #expect(Key.fromCharacter(0x9B) == .unknown(0x9B))
        #expect(Key.fromCharacter(0x20AC) == .character("€"))
    }

    @Test func colourPolicy() {
        func detect(_ colors: Int, flag: Bool = false, env: String? = nil, has: Bool = true) -> ColorSupport {
            ColorSupport.detect(
                hasColors: has, colors: colors, pairs: 256, noColorFlag: flag,
                noColorEnvironment: env)
        }
        #expect(detect(256) == .colors256)
        #expect(detect(88) == .colors8)
        #expect(detect(8) == .colors8)
        #expect(detect(2) == .none)
        #expect(detect(256, has: false) == .none)
        #expect(detect(256, flag: true) == .none)
        #expect(detect(256, env: "1") == .none)
        #expect(detect(256, env: "") == .colors256)
    }

    @Test func everyRoleStaysDistinguishableWithoutColour() {
        // The main groups differ in attributes, so monochrome still tells them apart.
        let look = { (role: StyleRole) in Palette.style(for: role, .none).attributes }
        #expect(look(.normal) != look(.message))
        #expect(look(.message) != look(.button))
        #expect(look(.button) != look(.selected))
        #expect(look(.warning) != look(.error))
        #expect(look(.muted) != look(.normal))
        for role in StyleRole.allCases {
            #expect(Palette.style(for: role, .none).foreground == -1)
        }
    }

    @Test func placeholders() {
        setlocale(LC_ALL, "C.UTF-8")
        #expect(CellGlyph("\u{1B}", utf8: true, roomForWide: false).scalars == ["\u{241B}"])
        #expect(CellGlyph("\u{9B}", utf8: true, roomForWide: false).scalars == ["\u{FFFD}"])
        #expect(CellGlyph("\u{7F}", utf8: false, roomForWide: false).scalars == ["?"])
        #expect(CellGlyph("e\u{301}", utf8: true, roomForWide: false).scalars == ["e", "\u{301}"])
        #expect(CellGlyph("漢", utf8: true, roomForWide: true).width == 2)
        #expect(CellGlyph("\u{200B}", utf8: true, roomForWide: false).scalars == ["\u{FFFD}"])
    }
}
