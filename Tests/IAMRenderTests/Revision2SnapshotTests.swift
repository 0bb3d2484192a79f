import Testing

@testable import IAMEngine
@testable import IAMRender

/// terminal-ui.md "Revision 2" at the three sizes people use: 80×24 first-class, 100×30, 200×60.
@Suite("Renderer snapshots, revision 2 (80×24, 100×30, 200×60)")
struct Revision2SnapshotTests {
    static let sizes = [(80, 24), (100, 30), (200, 60)]

    func snapAll(
        _ name: String, _ s: EngineState, _ ui: ViewState, trace: [TraceRecord] = Fixtures.trace,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (width, height) in Self.sizes {
            let frame = render(engine: s, ui: ui, trace: trace, width: width, height: height)
            Snapshot.assertMatches(frame.grid, "r2-\(name)-\(width)x\(height)", sourceLocation: sourceLocation)
        }
    }

    @Test("A prompt mid-typing shows what is typed; the label gives way first")
    func promptMidTyping() {
        let ui = Fixtures.ui {
            $0.prompt = .init(
                label: "coupon_scanned properties key=value, …", text: "code=SPRING24, amount=12.5, channel=in_store",
                defaultValue: "none", step: "event 2/2")
        }
        snapAll("prompt", Fixtures.base(), ui)
        for (width, height) in Self.sizes {
            let row = render(engine: Fixtures.base(), ui: ui, trace: [], width: width, height: height).grid
                .rowText(height - 1)
            #expect(row.contains("code=SPRING24, amount=12.5, channel=in_store"), "\(width)x\(height): \(row)")
        }
    }

    /// An engine that saw `purchase latte {size: small}` against a trigger that wants grande or venti.
    static func filterFailure() -> (EngineState, ViewState.WhyNotPanel) {
        let latte = Trigger(
            id: "latte-loyalty",
            conditions: [
                .purchaseProperty(
                    productID: "latte",
                    filters: [
                        [
                            PropertyFilter(key: "size", type: .string, comparator: .equals, value: .string("grande")),
                            PropertyFilter(key: "size", type: .string, comparator: .equals, value: .string("venti")),
                        ],
                        [
                            PropertyFilter(
                                key: "loyalty_points", type: .number, comparator: .greaterThan, value: .number(100))
                        ],
                    ])
            ],
            message: Message(kind: .modal, text: "A free pastry with your next latte", header: "Thanks!"))
        var engine = Engine(scenario: Scenario(name: "Latte", triggers: [latte]))
        engine.apply(.launch, at: 0)
        engine.advance(to: 1)
        engine.apply(.purchase(productID: "latte", properties: ["size": .string("small")]), at: 2)
        let s = engine.state
        let (event, at) = s.lastEvent!
        let panel = ViewState.WhyNotPanel(
            triggerID: latte.id, gates: engine.whyNot(latte.id), against: "purchase latte {size} at 2.000",
            filters: latte.explainFilters(event, unixNow: s.settings.epoch + at, filters: Profile.ios.policies.filters)
                .flatMap(\.lines))
        return (s, panel)
    }

    @Test("Why-not on a filter failure names the group, the property, the comparator, both values; it wraps")
    func whyNotFilter() {
        let (s, panel) = Self.filterFailure()
        #expect(panel.filters.contains { $0.contains("size equals \"grande\", but the event has \"small\"") })
        snapAll(
            "why-not-filter", s,
            Fixtures.ui {
                $0.whyNot = panel
                $0.selectedTrigger = 0
            }, trace: [])
        let text = render(engine: s, ui: Fixtures.ui { $0.whyNot = panel }, trace: [], width: 80, height: 24).grid
            .text
        #expect(text.contains("\"venti\""), "the last filter is shown, not cut, at 80×24")
    }

    @Test("In landscape why-not takes the band below the device, the trace giving way")
    func whyNotLandscape() {
        var (s, panel) = Self.filterFailure()
        s.device.orientation = .landscape
        snapAll(
            "why-not-landscape", s,
            Fixtures.ui {
                $0.whyNot = panel
                $0.selectedTrigger = 0
            }, trace: Fixtures.trace)
        let text = render(
            engine: s, ui: Fixtures.ui { $0.whyNot = panel }, trace: Fixtures.trace, width: 100, height: 30
        )
        .grid.text
        #expect(text.contains("WHY NOT?") && !text.contains("TRACE"))
    }

    @Test("Every panel that cannot show its rows says +N more")
    func overflowing() {
        var s = Fixtures.base()
        var triggers = s.serverTriggers
        for i in 0..<14 {
            triggers.append(
                Trigger(id: "extra-\(i)", conditions: [.customEvent(name: "e\(i)")], message: Message(text: "x")))
        }
        s.serverTriggers = triggers
        s.delivered = TriggerSet(triggers)
        s.stack = (0..<9).map { i in
            var p = Fixtures.pending("cart-reminder", at: Double(i))
            p.id = "queued-\(i)"
            return p
        }
        for i in 0..<8 { s.analytics["extra-\(i)"] = Analytics() }
        let trace = (0..<300).map { TraceRecord(t: Double($0) / 2, kind: .event, event: .open) }
        let ui = Fixtures.ui {
            $0.note = .init(
                step: 3,
                text: "The promo shows because cart_add matched; the cart reminder, also matched, waits out the "
                    + "minimum interval and is skipped. Press d to dismiss and watch the stack.",
                manualActionsSince: 2)
        }
        snapAll("overflow", s, ui, trace: trace)
        for (width, height) in Self.sizes {
            let text = render(engine: s, ui: ui, trace: trace, width: width, height: height).grid.text
            #expect(text.contains("more"), "\(width)x\(height)")
        }
    }

    static let people = "Hallo 👋🏽 Welt 🇩🇪🇯🇵 — 👨\u{200D}👩\u{200D}👧\u{200D}👦 東京の喫茶店 Ca\u{0301}fe\u{0301} ﻿"

    @Test("A modal with flags, skin tones, a ZWJ family, CJK and combining marks keeps every cluster whole")
    func modalClusters() {
        var s = Fixtures.base()
        var m = Fixtures.scenario.triggers[1].message
        m.header = "Grüße 🇩🇪🇯🇵"
        m.text = Self.people
        s.visible = Fixtures.visible("promo-summer", message: m)
        snapAll("modal-clusters", s, Fixtures.ui())
        for (width, height) in Self.sizes {
            let grid = render(engine: s, ui: Fixtures.ui(), trace: [], width: width, height: height).grid
            let cells = (0..<grid.height).flatMap { y in (0..<grid.width).map { grid[$0, y].character } }
            #expect(cells.contains("🇩🇪") && cells.contains("🇯🇵") && !cells.contains("🇩🇯"))
            #expect(cells.contains("👋🏽"))
            #expect(cells.contains("👨\u{200D}👩\u{200D}👧\u{200D}👦"))
            #expect(cells.contains("e\u{0301}"))
        }
    }

    @Test("Landscape with a two-button modal: both buttons whole")
    func landscapeTwoButtons() {
        var s = Fixtures.base()
        s.device.orientation = .landscape
        var m = Fixtures.scenario.triggers[1].message
        m.buttons = [Button(id: "no", text: "Not now"), Button(id: "card", text: "Show my card")]
        s.visible = Fixtures.visible("promo-summer", message: m)
        snapAll("landscape-buttons", s, Fixtures.ui())
        for (width, height) in Self.sizes {
            let text = render(engine: s, ui: Fixtures.ui(), trace: [], width: width, height: height).grid.text
            #expect(text.contains("Not now") && text.contains("Show my card"), "\(width)x\(height)")
        }
    }

    @Test("A message's ARGB colours are carried to its cells (roles stay the fallback)")
    func messageColours() {
        var s = Fixtures.base()
        var m = Fixtures.scenario.triggers[1].message
        m.colors = ["bg_color": 0xFF10_2030, "text_color": 0xFFFF_EEDD, "header_text_color": 0x00FF_0000]
        s.visible = Fixtures.visible("promo-summer", message: m)
        let grid = render(engine: s, ui: Fixtures.ui(), trace: [], width: 100, height: 30).grid
        // The device's cells (the side panel's STACK line uses the message role too).
        let cells = (0..<grid.height).flatMap { y in (0..<27).map { grid[$0, y] } }
        let body = cells.filter { $0.role == .message && $0.character != " " }
        #expect(!body.isEmpty && body.allSatisfy { $0.tint == Tint(foreground: 0xFFEEDD, background: 0x102030) })
        let header = cells.filter { $0.role == .messageHeader }
        #expect(
            !header.isEmpty && header.allSatisfy { $0.tint == Tint(background: 0x102030) },
            "a transparent colour is left out")
        #expect(cells.filter { $0.role == .frame }.allSatisfy { $0.tint == nil })
    }
}

@Suite("Revision 2: small things on screen")
struct Revision2SmallThingsTests {
    @Test("A trigger disabled on the server but still delivered shows its real state, not 'not now'")
    func disabledButDelivered() {
        var s = Fixtures.base()
        s.disabledCampaigns = ["big-sale"]
        let status = TriggerStatus.of(s.serverTriggers.first { $0.id == "big-sale" }!, in: s)
        #expect(status.kind == .coolingDown)
        #expect(status.text.hasSuffix("gone next session (disabled)"))
    }

    @Test("Glyphs: ASCII cooling down differs from the ellipsis; the timeline's differ from the clock's")
    func distinctGlyphs() {
        for g in [Glyphs.unicode, Glyphs.ascii] {
            #expect(String(g.half) != g.ellipsis)
            #expect(![String(g.play), String(g.pause)].contains(g.timelinePlaying))
            #expect(![String(g.play), String(g.pause)].contains(g.timelineStopped))
        }
    }

    @Test("The title bar's time reads as the trace's seconds; a long name is cut with an ellipsis")
    func titleBar() {
        var s = Fixtures.base(now: 64.8)
        s.now = 64.8
        let ui = Fixtures.ui { $0.title = String(repeating: "A very long scenario name ", count: 4) }
        let row = render(engine: s, ui: ui, trace: [], width: 80, height: 24).grid.rowText(0)
        #expect(row.contains("t 64.8") && !row.contains("01:04"))
        #expect(row.contains("…"))
    }

    @Test("A delayed trigger shows in the side panel with its countdown (E1)")
    func delayedTrigger() {
        var s = Fixtures.base()
        let trigger = s.serverTriggers[1]
        s.delayed = [
            DelayedTrigger(
                trigger: trigger, event: Event(kind: .customEvent, name: "cart_add"), eventTime: 42, performAt: 45)
        ]
        let text = render(engine: s, ui: Fixtures.ui(), trace: [], width: 100, height: 30).grid.text
        #expect(text.contains("promo-summer in 2.5s"))
    }

    @Test("A deep stack and many delays: only the rows shown are built, the same rows, the earliest delays first")
    func deepStackRows() {
        var s = Fixtures.base()
        let trigger = s.serverTriggers[1]
        // Delays added out of order (a tie at 60: the one added first comes first).
        let times = (0..<3_000).map { Double(($0 * 7_919) % 3_000) / 10 + 43 } + [60]
        for (index, at) in times.enumerated() {
            var delayed = trigger
            delayed.id = "d\(index)"
            let event = Event(kind: .customEvent, name: "e")
            s.delayed.append(DelayedTrigger(trigger: delayed, event: event, eventTime: 42, performAt: at))
        }
        let message = trigger.message
        s.stack = (0..<5_000).map {
            PendingMessage(id: "s\($0)", message: message, triggerID: "s\($0)", stackedAt: 30, expiresAt: nil)
        }
        let ctx = RenderContext(engine: s, ui: Fixtures.ui(), trace: [], glyphs: Glyphs.forMode(ascii: false))
        let all = SidePanel.stackLines(ctx, width: 60)
        #expect(SidePanel.stackLineCount(ctx) == all.count)
        #expect(all.count == 1 + 3_001 + 5_000)
        func text(_ line: Line) -> String { line.map(\.text).joined() }
        for limit in [0, 1, 5, 9, 40] {
            let first = SidePanel.stackLines(ctx, width: 60, limit: limit)
            #expect(first.prefix(limit).map(text) == all.prefix(limit).map(text))
        }
        // The earliest delays, in due order, then the stack's top.
        let order = times.indices.sorted { (times[$0], $0) < (times[$1], $1) }
        #expect(all[1...4].map(text).map { $0.split(separator: " ")[1] } == order.prefix(4).map { "d\($0)" })
        #expect(text(all[3_002]).contains("s4999"))
    }

    @Test("The help covers the screen behind its box and lists x, Home and End")
    func helpOverlay() {
        let grid = render(
            engine: Fixtures.base(), ui: Fixtures.ui { $0.helpVisible = true }, trace: [], width: 80, height: 24
        ).grid
        let text = grid.text
        #expect(text.contains("d x") && text.contains("Home End"))
        for y in 2..<22 { #expect(grid.rowText(y).first == " ", "row \(y): \(grid.rowText(y))") }
    }
}
