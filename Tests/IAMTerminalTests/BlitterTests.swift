import IAMRender
import Testing

@testable import IAMTerminal

extension CursesSessions {
    /// What reaches the terminal when grids are drawn: minimal updates, no raw control bytes,
    /// wide characters once.
    @Suite struct BlitterTests {
        private func statusScreen(_ clock: String) -> Grid {
            Grid(width: 80, height: 24)
                .writing(" iamterm · Coffee Shop demo", x: 0, y: 0, role: .title)
                .writing("▶ ×1  t \(clock)", x: 40, y: 0, role: .accent)
                .writing("┌─ iPhone · portrait ─────┐", x: 0, y: 1, role: .frame)
                .writing(" e event  p purchase  q quit", x: 0, y: 23, role: .keyBar)
        }

        @Test(arguments: [false, true]) func oneChangedDigitCostsFewBytes(noColor: Bool) throws {
            let harness = try Harness(noColor: noColor)
            harness.terminal.draw(statusScreen("00:42.5"))
            let first = harness.drain()
            #expect(first.count > 100)
            harness.terminal.draw(statusScreen("00:42.6"))
            let second = harness.drain()
            print(
                "one-digit change, noColor=\(noColor): \(second.count) bytes (first frame \(first.count)): \(String(decoding: second, as: UTF8.self).debugDescription)"
            )
            #expect(second.count <= 40) // measured: 29 with colour, 23 without
            #expect(contains(second, "6"))
        }

        @Test func anUnchangedGridSendsNothing() throws {
            let harness = try Harness()
            harness.terminal.draw(statusScreen("00:00.0"))
            _ = harness.drain()
            harness.terminal.draw(statusScreen("00:00.0"))
            #expect(harness.drain().isEmpty)
        }

        /// The same change with a harmless letter and with a control character must produce the
        /// same bytes, except that the control character shows as its placeholder.
        @Test(arguments: ["\u{1B}", "\u{9B}", "\u{85}", "\u{07}", "\u{7F}", "\r\n", "\u{0}"])
        func controlCharactersNeverReachTheTerminalRaw(control: String) throws {
            func changeFrame(to character: Character) throws -> [UInt8] {
                let harness = try Harness()
                let base = Grid(width: 80, height: 24).writing("abc", x: 5, y: 3, role: .message)
                harness.terminal.draw(base)
                _ = harness.drain()
                var changed = base
                changed[6, 3] = Cell(character, role: .message)
                harness.terminal.draw(changed)
                return harness.drain()
            }
            let safe = try changeFrame(to: "y")
            let hostile = try changeFrame(to: Character(control))
            let placeholder = CellGlyph(Character(control), utf8: true, roomForWide: false).scalars
                .map(String.init).joined()
            #expect(placeholder != control)
            #expect(contains(hostile, placeholder))
            #expect(replacing(placeholder, with: "y", in: hostile) == safe)
            #expect(!hostile.contains(0x07))
            #expect(!contains(hostile, "\u{9B}") && !contains(hostile, "\u{85}"))
        }

        @Test func withoutUTF8ControlsAndNonASCIIBecomeQuestionMarks() throws {
            let harness = try Harness(locale: "C")
            #expect(!harness.terminal.supportsUTF8)
            let grid = Grid(width: 80, height: 24).writing("a\u{1B}[31mé\u{9B}z", x: 0, y: 0)
            harness.terminal.draw(grid)
            let bytes = harness.drain()
            #expect(contains(bytes, "a?[31m??z"))
            #expect(!bytes.contains(where: { $0 >= 0x80 }))
        }

        @Test func wideCharactersAreWrittenOnce() throws {
            let harness = try Harness()
            let grid = Grid(width: 80, height: 24).writing("漢字 ok 😀!", x: 2, y: 2)
            harness.terminal.draw(grid)
            let bytes = harness.drain()
            #expect(count(bytes, "漢") == 1)
            #expect(count(bytes, "字") == 1)
            #expect(count(bytes, "😀") == 1)
            // Replacing a wide character by two narrow ones rewrites both halves.
            harness.terminal.draw(Grid(width: 80, height: 24).writing("ab字 ok 😀!", x: 2, y: 2))
            let second = harness.drain()
            #expect(contains(second, "ab"))
            #expect(count(second, "字") == 0)
        }

        @Test func flagsReachTheTerminalUnchanged() throws {
            let harness = try Harness(noColor: true)
            let grid = Grid(width: 80, height: 24).writing("x🇩🇪🇯🇵y", x: 2, y: 2)
            harness.terminal.draw(grid)
            let text = String(decoding: harness.drain(), as: UTF8.self)
            // Both flags whole, each at its cell, never re-paired (🇩🇯); a terminal giving each
            // half two columns overprints up to four, so what follows is written again.
            #expect(text.contains("x    y"))
            #expect(
                text.contains("\u{1B}[3;4H\u{1B}(B\u{1B}[m🇩🇪\u{1B}[3;6H\u{1B}(B\u{1B}[m🇯🇵\u{1B}[3;8H\u{1B}(B\u{1B}[my"))
            #expect(!text.contains("🇩🇯"))
        }

        /// A cluster of several spacing scalars reaches the terminal whole, written after curses'
        /// update at its cell (xterm's `cup` is 1-based: row 3, column 4 is cell (3, 2); the family reaches 8 columns, so b, c and the cells between are written again after it), its
        /// cells blank in curses; then attributes reset and the cursor back where curses left it.
        @Test func aClusterCursesCannotHoldIsWrittenWholeAtItsCell() throws {
            let harness = try Harness(noColor: true)
            let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
            let grid = Grid(width: 80, height: 24).writing("a\(family)b 👋🏽c", x: 2, y: 2)
            harness.terminal.draw(grid)
            let bytes = harness.drain()
            let text = String(decoding: bytes, as: UTF8.self)
            print("cluster frame: \(text.debugDescription)")
            #expect(!contains(bytes, "\u{FFFD}"))
            #expect(count(bytes, family) == 1)
            #expect(count(bytes, "👋🏽") == 1)
            // Curses drew blanks in the clusters' cells; the clusters follow, each at its cell.
            #expect(contains(bytes, "a  b   c"))
            #expect(contains(bytes, "\u{1B}[3;4H\u{1B}(B\u{1B}[m\(family)"))
            #expect(contains(bytes, "\u{1B}[3;8H\u{1B}(B\u{1B}[m👋🏽"))
        }

        /// A terminal that counts a cluster's scalars apart (👋🏽 as 4 columns) overprints the
        /// two cells after it: they are written again right after the cluster.
        @Test func theCellsACounterOfScalarsOverprintsAreWrittenAgain() throws {
            let harness = try Harness(noColor: true)
            let grid = Grid(width: 80, height: 24).writing("👋🏽xyz", x: 0, y: 5)
            harness.terminal.draw(grid)
            let text = String(decoding: harness.drain(), as: UTF8.self)
            let cluster = "\u{1B}[6;1H\u{1B}(B\u{1B}[m👋🏽"
            let again = "\u{1B}[6;3H\u{1B}(B\u{1B}[mx\u{1B}[6;4H\u{1B}(B\u{1B}[my"
            #expect(text.contains(cluster + again + "\u{1B}(B\u{1B}[m\u{1B}["))
            #expect(!text.contains("z\u{1B}[6;6H"))
        }

        /// Curses believes blanks are where a cluster is: replacing the cluster by blanks must
        /// still clear it, so the row is sent again; the same cluster again sends nothing.
        @Test func aClusterReplacedByBlanksIsCleared() throws {
            let harness = try Harness(noColor: true)
            let base = Grid(width: 80, height: 24).writing("row", x: 0, y: 1)
            harness.terminal.draw(base.writing("ok 👋🏽 end", x: 0, y: 4))
            _ = harness.drain()
            harness.terminal.draw(base.writing("ok 👋🏽 end", x: 0, y: 4))
            #expect(harness.drain().isEmpty)
            harness.terminal.draw(base.writing("ok    end", x: 0, y: 4))
            let cleared = String(decoding: harness.drain(), as: UTF8.self)
            print("cleared: \(cleared.debugDescription)")
            #expect(!cleared.contains("👋"))
            #expect(cleared.contains("ok    end"))
        }

        @Test func withoutRoomForItsReachAClusterIsOnePlaceholder() throws {
            let harness = try Harness(noColor: true)
            // 👋🏽 at column 77 of 80 would reach 4 columns: past the edge on a terminal that
            // counts its scalars apart, so it is not sent.
            let grid = Grid(width: 80, height: 24).writing("👋🏽x", x: 77, y: 3)
            harness.terminal.draw(grid)
            let bytes = harness.drain()
            #expect(!contains(bytes, "👋"))
            #expect(contains(bytes, "\u{FFFD} x"))
        }

        @Test func aWideCharacterWithoutRoomShowsAPlaceholder() throws {
            let harness = try Harness()
            var grid = Grid(width: 80, height: 24)
            grid[0, 0] = Cell("漢") // no continuation cell after it
            grid[1, 0] = Cell("x")
            harness.terminal.draw(grid)
            let bytes = harness.drain()
            #expect(!contains(bytes, "漢"))
            #expect(contains(bytes, "\u{FFFD}x"))
        }

        @Test func monochromeSendsNoColourSequences() throws {
            let grid = statusScreen("00:01.0").writing("warning", x: 2, y: 5, role: .warning)
                .writing("[ Shop ]", x: 2, y: 6, role: .button)
            let colour = try Harness()
            #expect(colour.terminal.colorSupport == .colors256)
            colour.terminal.draw(grid)
            #expect(contains(colour.drain(), "38;5;")) // the check below would catch colour

            let flag = try Harness(noColor: true)
            checkMonochrome(flag, grid)
            let environment = try Harness(noColorEnvironment: "1")
            checkMonochrome(environment, grid)
            let vt100 = try Harness(term: "vt100")
            checkMonochrome(vt100, grid)
            // An empty NO_COLOR does not count.
            #expect(try Harness(noColorEnvironment: "").terminal.colorSupport == .colors256)
        }

        private func checkMonochrome(_ harness: Harness, _ grid: Grid) {
            #expect(harness.terminal.colorSupport == .none)
            harness.terminal.draw(grid)
            let bytes = harness.drain()
            #expect(!contains(bytes, "38;5;") && !contains(bytes, "48;5;"))
            let sgr = sgrParameters(bytes)
            #expect(!sgr.isEmpty)
            #expect(!sgr.joined().contains(where: isColourParameter), "\(sgr)")
            #expect(sgr.contains { $0.contains(7) }) // reverse video for bars and buttons
        }

        @Test func messageColoursMapToTheNearest256Colour() throws {
            #expect(NearestColor.xterm256(0xFF0000) == 196)
            #expect(NearestColor.xterm256(0xFFFFFF) == 231)
            #expect(NearestColor.xterm256(0x000000) == 16)
            #expect(NearestColor.xterm256(0x333333) == 236) // a grey: the grey ramp is nearer
            #expect(NearestColor.xterm256(0x5F87AF) == 67) // exactly a cube entry
            var grid = Grid(width: 80, height: 24)
            grid[3, 3] = Cell("A", role: .message, tint: Tint(foreground: 0xFF0000, background: 0x333333))
            let colour = try Harness()
            colour.terminal.draw(grid)
            let sgr = sgrParameters(colour.drain()).joined()
            #expect(sgr.contains(196) && sgr.contains(236), "\(sgr)")
            // Below 256 colours the role's look stays: no palette index is sent.
            let eight = try Harness(term: "xterm")
            eight.terminal.draw(grid)
            #expect(!contains(eight.drain(), "38;5;"))
        }

        @Test func eightColourTerminalUsesTheANSIPalette() throws {
            let harness = try Harness(term: "xterm")
            #expect(harness.terminal.colorSupport == .colors8)
            harness.terminal.draw(statusScreen("00:01.0"))
            let bytes = harness.drain()
            #expect(!contains(bytes, "38;5;"))
            #expect(sgrParameters(bytes).joined().contains(where: isColourParameter))
        }

        @Test func restoreIsIdempotentAndEndsDrawing() throws {
            let harness = try Harness()
            harness.terminal.draw(statusScreen("00:00.0"))
            _ = harness.drain()
            harness.terminal.restore()
            let restored = harness.drain()
            #expect(contains(restored, "\u{1B}[?1049l")) // rmcup: the shell's screen is back
            #expect(contains(restored, "\u{1B}[?25h")) // cursor visible
            harness.terminal.restore()
            harness.terminal.draw(statusScreen("00:00.1"))
            #expect(harness.drain().isEmpty)
            #expect(harness.terminal.nextInput(timeout: 0) == nil)
        }

        @Test func theBottomRightCellIsDrawn() throws {
            let harness = try Harness()
            var grid = Grid(width: 80, height: 24)
            grid[79, 23] = Cell("Z")
            harness.terminal.draw(grid)
            #expect(contains(harness.drain(), "Z"))
        }

        @Test func anUnknownTerminalTypeFailsWithAClearError() {
            #expect(throws: TerminalError.cannotStart(term: "no-such-terminal-xyz")) {
                try Terminal(
                    options: TerminalOptions(
                        device: .custom(input: 0, output: 1, term: "no-such-terminal-xyz", width: 80, height: 24),
                        handlesSignals: false))
            }
        }

        @Test func aTerminalWithoutCursorAddressingFailsWithAClearError() {
            #expect(throws: TerminalError.cannotDraw(term: "dumb")) {
                try Terminal(
                    options: TerminalOptions(
                        device: .custom(input: 0, output: 1, term: "dumb", width: 80, height: 24),
                        handlesSignals: false))
            }
            #expect(TerminalError.cannotDraw(term: "").description.hasPrefix("TERM is not set"))
        }

        @Test func sizeFollowsTheRequestedDimensions() throws {
            let harness = try Harness(width: 100, height: 30)
            #expect(harness.terminal.size == (100, 30))
        }
    }
}
