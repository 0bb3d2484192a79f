import IAMRender
import IAMSimulator
import Testing

@testable import IAMEngine

@Suite("Renderer snapshots")
struct RenderSnapshotTests {
    func snap(
        _ name: String, _ s: EngineState, _ ui: ViewState = Fixtures.ui(), trace: [TraceRecord] = Fixtures.trace,
        width: Int = 100, height: Int = 30, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let frame = render(engine: s, ui: ui, trace: trace, width: width, height: height)
        Snapshot.assertMatches(frame.grid, name, sourceLocation: sourceLocation)
    }

    @Test("MODAL: centred box with header, text, image placeholder, two buttons, close mark, time left")
    func modalWithButtons() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible("promo-summer")
        s.stack = [Fixtures.pending("cart-reminder", at: 2.5, expires: 60)]
        snap("modal-buttons", s)
    }

    @Test("SLIDEUP from the top with a chevron (it has a click action)")
    func slideupTop() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible("welcome")
        snap("slideup-top", s)
    }

    @Test("SLIDEUP from the bottom, two lines, no chevron, SWIPE (no countdown)")
    func slideupBottom() {
        var s = Fixtures.base()
        var m = Fixtures.scenario.triggers[2].message
        m.text = "You left something in your cart. Come back and finish your order before it expires"
        m.close = .swipe
        s.visible = Fixtures.visible("cart-reminder", message: m, dismissIn: nil)
        snap("slideup-bottom", s)
    }

    @Test("FULL covers the device screen, image area on top")
    func full() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible("big-sale")
        snap("full", s)
    }

    @Test("HTML: framed text rendering, tags dropped; phone in landscape")
    func htmlLandscape() {
        var s = Fixtures.base()
        s.device.orientation = .landscape
        s.visible = Fixtures.visible("landscape-only")
        snap("html-landscape", s)
    }

    @Test("A message waiting for its asset shows a spinner where it will appear (D4)")
    func waitingSpinner() {
        var s = Fixtures.base()
        s.waiting = [Fixtures.pending("big-sale", at: 42)]
        snap("waiting-spinner", s)
    }

    @Test("Keyboard up covers the lower screen; the returned message sits on the stack")
    func keyboardUp() {
        var s = Fixtures.base()
        s.keyboardUp = true
        s.stack = [Fixtures.pending("cart-reminder", at: 40.2)]
        snap("keyboard-up", s)
    }

    @Test("Background: home screen and the time until the session ends (S2)")
    func background() {
        var s = Fixtures.base()
        s.app = .background(since: 38)
        snap("background", s)
    }

    @Test("Tablet portrait with a modal")
    func tabletPortrait() {
        var s = Fixtures.base()
        s.device = Device(kind: .tablet, orientation: .portrait)
        s.visible = Fixtures.visible("promo-summer")
        snap("tablet-portrait", s)
    }

    @Test("Tablet landscape with a slideup; trace below the device")
    func tabletLandscape() {
        var s = Fixtures.base()
        s.device = Device(kind: .tablet, orientation: .landscape)
        s.visible = Fixtures.visible("cart-reminder")
        snap("tablet-landscape", s, height: 36)
    }

    @Test("A full stack, top first, with ages and expiry countdowns")
    func fullStack() {
        var s = Fixtures.base()
        s.stack = ["expired", "big-sale", "cart-reminder", "landscape-only", "promo-summer"].enumerated().map {
            Fixtures.pending($1, at: Double($0) * 5, expires: $0 % 2 == 0 ? 45 + Double($0) * 10 : nil)
        }
        s.visible = Fixtures.visible("welcome")
        s.delegate = Delegate(implements: .controller, answer: .later, answers: ["big-sale": .discard])
        snap("full-stack", s)
    }

    @Test("A long trace, scrolled back")
    func longTrace() {
        let trace = (0..<300).map { i in
            TraceRecord(
                t: Double(i) * 0.5, kind: TraceRecord.Kind.allCases[i % TraceRecord.Kind.allCases.count],
                message: "msg-\(i % 7)", reason: i % 3 == 0 ? .minInterval : nil, next: i % 3 == 0 ? Double(i) : nil)
        }
        snap("long-trace", Fixtures.base(), Fixtures.ui { $0.traceScroll = 20 }, trace: trace)
    }

    @Test("Too small: a centred notice")
    func tooSmall() {
        snap("too-small", Fixtures.base(), width: 60, height: 15)
    }

    @Test("Help overlay lists every key")
    func help() {
        snap("help", Fixtures.base(), Fixtures.ui { $0.helpVisible = true })
    }

    @Test("ASCII mode: box drawing and symbols fall back to ASCII")
    func asciiMode() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible("promo-summer")
        s.stack = [Fixtures.pending("cart-reminder", at: 2.5, expires: 60)]
        snap("ascii-modal", s, Fixtures.ui { $0.asciiOnly = true })
    }

    @Test("Why not? panel: the engine's own gates, the first failing one (P2) highlighted")
    func whyNot() {
        // The gates come from the engine, as in the simulator: a cart_add at 41 s, 12.5 s after
        // the last trigger, with the 30 s minimum interval still running.
        var engine = Engine(scenario: Fixtures.scenario)
        var state = Fixtures.base()
        state.lastEvent = (Event(kind: .customEvent, name: "cart_add"), 41)
        engine.state = state
        let gates = engine.whyNot("promo-summer")
        #expect(gates.first { !$0.passes }?.rule == .p2)
        let ui = Fixtures.ui {
            $0.whyNot = .init(triggerID: "promo-summer", gates: gates, against: "custom_event cart_add at 41.000")
        }
        snap("why-not", Fixtures.base(), ui)
    }

    @Test("Prompt line with its default and Tab choices")
    func prompt() {
        let ui = Fixtures.ui {
            $0.prompt = .init(
                label: "event name", text: "cart_a", defaultValue: "cart_add", choices: ["cart_add", "checkout"],
                step: "1/2")
        }
        snap("prompt", Fixtures.base(), ui)
    }

    @Test("Before launch: app not running, paused, no session")
    func notRunning() {
        var s = EngineState(scenario: Fixtures.scenario)
        s.now = 0
        snap(
            "not-running", s,
            ViewState(title: "Coffee Shop demo", keys: KeyBinding.legend).with {
                $0.clock = ViewState.Clock(paused: true)
            },
            trace: [])
    }

    @Test("Minimum size 80×24 with a modal and status message")
    func minimumSize() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible("promo-summer")
        s.stack = [Fixtures.pending("cart-reminder", at: 2.5, expires: 60)]
        snap(
            "min-80x24", s, Fixtures.ui { $0.status = .init("displayNext: the stack is empty", kind: .warning) },
            width: 80, height: 24)
    }

    @Test("M2: a control message is never drawn")
    func controlMessage() {
        var s = Fixtures.base()
        var m = Fixtures.scenario.triggers[1].message
        m.isControl = true
        s.visible = Fixtures.visible("promo-summer", message: m)
        let frame = render(engine: s, ui: Fixtures.ui(), trace: [], width: 100, height: 30)
        #expect(!frame.grid.text.contains("Summer is here"))
        #expect(frame.grid.text.contains("promo-summer MODAL (control)"))
        #expect(!frame.hotspots.contains { $0.target == .messageBody })
    }
}

extension ViewState {
    func with(_ change: (inout ViewState) -> Void) -> ViewState {
        var copy = self
        change(&copy)
        return copy
    }
}

@Suite("Hotspots")
struct HotspotTests {
    @Test("Key bar entries, message buttons, the close mark and trigger rows are clickable where they are drawn")
    func hotspots() {
        var s = Fixtures.base()
        s.visible = Fixtures.visible("promo-summer")
        let frame = render(engine: s, ui: Fixtures.ui(), trace: [], width: 100, height: 30)
        let lines = frame.grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func position(_ text: String) -> (Int, Int)? {
            for (y, line) in lines.enumerated() {
                if let r = line.firstRange(of: text) {
                    return (line.distance(from: line.startIndex, to: r.lowerBound), y)
                }
            }
            return nil
        }
        let help = position("? help")!
        #expect(frame.target(atX: help.0, y: help.1) == .command(KeyCommand.help.tag))
        let shop = position("[ Shop ]")!
        #expect(frame.target(atX: shop.0 + 3, y: shop.1) == .messageButton(0))
        let later = position("[ Later ]")!
        #expect(frame.target(atX: later.0 + 1, y: later.1) == .messageButton(1))
        #expect(frame.target(atX: shop.0, y: shop.1 - 2) == .messageBody)
        let close = position("×┐")!
        #expect(frame.target(atX: close.0, y: close.1) == .messageClose)
        let row = position("big-sale ")!
        #expect(frame.target(atX: row.0, y: row.1) == .triggerRow(3))
        #expect(frame.target(atX: 0, y: 0) == nil)
    }
}
