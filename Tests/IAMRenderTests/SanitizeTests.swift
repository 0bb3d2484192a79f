import Testing

@testable import IAMEngine
@testable import IAMRender

/// Scalars that must never reach a cell: they would move the cursor, change modes, reorder or hide text.
func isForbidden(_ v: UInt32) -> Bool {
    v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        || (0x200B...0x200F).contains(v) || v == 0xFEFF || v == 0x2028 || v == 0x2029 || v == 0x2060
}

func forbiddenScalars(in grid: Grid) -> [String] {
    var found: [String] = []
    for y in 0..<grid.height {
        for x in 0..<grid.width {
            for s in grid[x, y].character.unicodeScalars where isForbidden(s.value) {
                found.append("U+\(String(s.value, radix: 16)) at \(x),\(y)")
            }
        }
    }
    return found
}

@Suite("Hostile text never lands raw in the grid")
struct SanitizeTests {
    static let hostile: [String] = [
        "\u{1B}[2J\u{1B}[31mRED\u{1B}[0m", // CSI: clear screen, colours
        "\u{1B}]0;pwned\u{07}title", // OSC: set window title, BEL-terminated
        "\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\", // OSC 8 hyperlink, ST-terminated
        "\u{9B}31mC1 CSI\u{9D}osc\u{9C}", // 8-bit C1 CSI / OSC / ST
        "abc\u{202E}evil\u{202C}def\u{2066}iso\u{2069}", // bidi override and isolate
        "zero\u{200B}width\u{200D}joiner\u{FEFF}bom\u{2060}",
        "Z\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}\u{0306}algo", // stacked combining marks
        "\u{0301}leading mark",
        "tab\there\rcr\u{08}bs\u{7F}del\u{00}nul",
        "line\u{2028}sep\u{2029}para",
    ]

    @Test("Sanitize.clean leaves no control, escape, bidi or zero-width scalar")
    func cleanFunction() {
        for text in Self.hostile {
            let clean = Sanitize.clean(text)
            #expect(!clean.unicodeScalars.contains { isForbidden($0.value) }, "\(clean.debugDescription)")
        }
    }

    @Test("Placeholders are visible: ␛ for ESC, � for C1, ⍰ for invisible characters, control pictures")
    func placeholders() {
        #expect(Sanitize.clean("a\u{1B}[1m") == "a␛[1m")
        #expect(Sanitize.clean("\u{9B}x") == "�x")
        #expect(Sanitize.clean("a\u{202E}b") == "a⍰b")
        #expect(Sanitize.clean("a\u{200B}b") == "a⍰b")
        #expect(Sanitize.clean("a\tb\u{7F}") == "a␉b␡")
        #expect(Sanitize.clean("caf\u{0065}\u{0301}") == "cafe\u{0301}") // one accent on a letter is kept
        let zalgo = Sanitize.clean("Z\u{0301}\u{0302}\u{0303}\u{0304}")
        #expect(zalgo.unicodeScalars.count == 4) // Z + at most three marks (UnsafeText.maxCombiningMarks)
        #expect(Sanitize.clean("\u{0301}x") == "⍰x") // a mark with no base
    }

    @Test("ASCII mode: everything non-ASCII becomes ?")
    func asciiMode() {
        #expect(Sanitize.clean("Café 東京 \u{1B}", ascii: true) == "Caf? ?? ?")
        // One placeholder per cluster, never one per scalar: a decomposed é, a flag, a family.
        #expect(Sanitize.clean("e\u{0301} 🇩🇪 👨\u{200D}👩\u{200D}👧\u{200D}👦", ascii: true) == "? ? ?")
    }

    static let people = "Hallo 👋🏽 Welt 🇩🇪🇯🇵 — 👨\u{200D}👩\u{200D}👧\u{200D}👦 東京 e\u{0301}"

    @Test("Grapheme clusters stay whole: flags, skin tones, ZWJ families, CJK, combining marks")
    func clustersKept() {
        #expect(Sanitize.clean(Self.people) == Self.people)
        let flags = Array(Sanitize.clean("🇩🇪🇯🇵"))
        #expect(flags == ["🇩🇪", "🇯🇵"]) // never re-paired into 🇩🇯
        #expect(Sanitize.clean("👋🏽").unicodeScalars.count == 2) // the skin tone stays
        #expect(Sanitize.clean("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}").count == 1) // tag flag
        #expect(Sanitize.clean("1\u{FE0F}\u{20E3}") == "1\u{FE0F}\u{20E3}") // keycap
    }

    @Test("A cluster that cannot be drawn becomes one placeholder, not a different character")
    func clusterPlaceholder() {
        let chain = (0..<10).map { _ in "👨" }.joined(separator: "\u{200D}") // one 19-scalar cluster
        #expect(chain.count == 1)
        #expect(Sanitize.clean("a" + chain + "b") == "a⍰b")
        // A joiner outside an emoji sequence still shows as a placeholder.
        #expect(Sanitize.clean("a\u{200D}b") == "a⍰b")
    }

    @Test("The screen and the trace flag the same scalars (one classifier, UnsafeText)")
    func oneClassifier() {
        var checked = 0
        for v in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(v) else { continue }
            // Each scalar after a safe base, so a combining mark is judged as it would be in text.
            let text = "a" + String(Character(scalar))
            let escaped = TraceFormat.visible(text) != text
            let replaced = Sanitize.clean(text) != text
            #expect(escaped == replaced, "U+\(String(v, radix: 16)): trace \(escaped), screen \(replaced)")
            checked += 1
        }
        #expect(checked > 10_000)
    }

    @Test("Every scenario string in every message type renders without raw controls")
    func renderHostileMessages() {
        for kind in Message.Kind.allCases {
            for text in Self.hostile {
                var s = Fixtures.base()
                s.serverTriggers[0].id = "id\u{1B}[2J" + text
                let m = Message(
                    kind: kind, text: text + "\n" + text, header: text, imageURL: "https://x/\(text).png",
                    buttons: [Button(id: text, text: text), Button(id: "b", text: text)],
                    clickAction: .uri(text), slideFrom: .top)
                s.visible = Fixtures.visible("welcome", message: m)
                s.visible!.pending.id = text
                s.stack = [Fixtures.pending("promo-summer")]
                s.stack[0].id = text
                let trace = [
                    TraceRecord(
                        t: 1, kind: .noMatch, message: text, event: Event(kind: .customEvent, name: text),
                        detail: text)
                ]
                let ui = Fixtures.ui {
                    $0.title = text
                    $0.status = .init(text)
                    $0.whyNot = .init(
                        triggerID: text, gates: [Gate(rule: .p2, name: text, passes: false, detail: text)],
                        against: text)
                }
                let frame = render(engine: s, ui: ui, trace: trace, width: 100, height: 30)
                let bad = forbiddenScalars(in: frame.grid)
                #expect(bad.isEmpty, "\(kind) \(text.debugDescription): \(bad.prefix(5))")
                var prompted = ui
                prompted.prompt = .init(label: text, text: text, defaultValue: text, choices: [text])
                #expect(
                    forbiddenScalars(in: render(engine: s, ui: prompted, trace: trace, width: 80, height: 24).grid)
                        .isEmpty)
            }
        }
    }

    @Test("Cells never hold a zero-width grapheme")
    func noZeroWidthCells() {
        var grid = Grid(width: 10, height: 1)
        grid.put("a\u{0301}\u{1161}b", x: 0, y: 0)
        for x in 0..<10 { #expect(TextWidth.of(grid[x, 0].character) > 0 || grid[x, 0].isContinuation) }
    }
}

@Suite("Text width")
struct TextWidthTests {
    @Test("East-Asian wide and emoji take two cells; combining marks none")
    func widths() {
        #expect("abc".cellWidth == 3)
        #expect("東京".cellWidth == 4)
        #expect("한국어".cellWidth == 6)
        #expect("ＡＢ".cellWidth == 4) // fullwidth forms
        #expect("☕".cellWidth == 2)
        #expect("🎉".cellWidth == 2)
        #expect("🇩🇪".cellWidth == 2) // a flag is one wide cluster
        #expect("👋🏽".cellWidth == 2)
        #expect("👨\u{200D}👩\u{200D}👧\u{200D}👦".cellWidth == 2)
        #expect("e\u{0301}".cellWidth == 1)
        #expect("e\u{0301}".cellWidth == 1)
        #expect("❤\u{FE0F}".cellWidth == 2) // emoji presentation
        #expect("│─┌".cellWidth == 3)
    }

    @Test("A wide character uses a continuation cell; one that does not fit becomes a space")
    func wideInGrid() {
        var grid = Grid(width: 5, height: 1)
        let end = grid.put("a東京", x: 0, y: 0)
        #expect(end == 5)
        #expect(grid[1, 0].character == "東" && grid[2, 0].isContinuation)
        #expect(grid[3, 0].character == "京" && grid[4, 0].isContinuation)
        var tight = Grid(width: 4, height: 1)
        tight.put("ab東", x: 1, y: 0)
        #expect(tight.rowText(0) == " ab ")
        #expect(!tight[3, 0].isContinuation)
    }

    @Test("Overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var grid = Grid(width: 4, height: 1)
        grid.put("東京", x: 0, y: 0)
        grid.put("x", x: 1, y: 0)
        #expect(grid.rowText(0) == " x京")
    }

    @Test("Clipping and wrapping count cells, not characters")
    func clipWrap() {
        #expect("東京タワー".clipped(to: 5, ellipsis: "…") == "東京…")
        #expect(wrap("hello wide 東京 world", width: 9) == ["hello", "wide 東京", "world"])
    }

    @Test("CJK message text renders aligned in a modal")
    func cjkSnapshot() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible(
            "promo-summer",
            message: Message(
                kind: .modal, text: "夏のセール 20% オフ ☕ 한국어 테스트", header: "東京 ☀",
                buttons: [Button(id: "a", text: "買う"), Button(id: "b", text: "後で")]))
        let frame = render(engine: s, ui: Fixtures.ui(), trace: [], width: 100, height: 30)
        Snapshot.assertMatches(frame.grid, "modal-cjk")
        // Every row still spans exactly the grid width in cells.
        for y in 0..<frame.grid.height {
            let cells = frame.grid.rowText(y).reduce(0) { $0 + TextWidth.of($1) }
            #expect(cells == 100, "row \(y)")
        }
    }

    @Test("A hostile message renders as visible placeholders (snapshot)")
    func hostileSnapshot() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible(
            "promo-summer",
            message: Message(
                kind: .modal, text: "\u{1B}[2Jwipe \u{9B}31m \u{202E}txet\u{202C} zero\u{200B}width",
                header: "\u{1B}]0;title\u{07}Hi"))
        Snapshot.assertMatches(
            render(engine: s, ui: Fixtures.ui(), trace: [], width: 100, height: 30).grid, "modal-hostile")
    }
}

@Suite("Wrapping")
struct WrapTests {
    @Test("An 80,000-character word wraps into full lines, cut between clusters, nothing lost")
    func longWord() {
        let word = String(repeating: "ab🇩🇪c", count: 20_000) // 80,000 clusters, 100,000 cells
        let lines = wrap(word, width: 30)
        #expect(lines.joined() == word)
        #expect(lines.dropLast().allSatisfy { $0.cellWidth == 30 || $0.cellWidth == 29 })
        #expect(lines.allSatisfy { $0.cellWidth <= 30 })
        #expect((100_000 / 30...100_000 / 29 + 1).contains(lines.count))
    }

    @Test("Words fill lines; a long word starts its own line")
    func words() {
        #expect(wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(wrap("a abcdefghij b", width: 4) == ["a", "abcd", "efgh", "ij b"])
        #expect(wrap("", width: 5) == [""])
        #expect(wrap("东京 东京", width: 4) == ["东京", "东京"])
    }
}
