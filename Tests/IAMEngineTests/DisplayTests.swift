import Testing

@testable import IAMEngine

@Suite("The stack and the offer (L1–L7)")
struct StackTests {
    @Test("L1: last in, first out; L2: dismissing is not an eligible moment")
    func lifo() {
        var h = Harness([
            trigger("first", .customEvent(name: "1"), interval: 0),
            trigger("second", .customEvent(name: "2"), interval: 0),
        ])
        h.launch()
        _ = h.apply(.background, at: 1)
        _ = h.apply(event("1"), at: 2)
        #expect(
            h.apply(event("2"), at: 3).suffix(3) == [
                "3.000 stacked second new stack=[first second] depth=2",
                "3.000 offered second eligible_moment",
                "3.000 returned_to_stack second app_in_background stack=[first second] depth=2",
            ])
        _ = h.apply(.foreground, at: 4)
        #expect(
            h.apply(.displayNext, at: 5) == ["5.000 offered second display_next", "5.000 displayed second impression"])
        #expect(h.apply(.dismiss, at: 6) == ["6.000 dismissed second user"])
        #expect(h.state.stack.map(\.id) == ["first"])
    }

    @Test("L2: the top is offered when a message is performed")
    func performedIsEligibleMoment() {
        var h = Harness([trigger("a", .customEvent(name: "a"))])
        h.launch()
        #expect(
            h.apply(event("a"), at: 1).suffix(2) == ["1.000 offered a eligible_moment", "1.000 displayed a impression"])
    }

    @Test("L3: another message visible returns the offered one to the stack")
    func messageVisible() {
        var h = Harness([
            trigger("a", .customEvent(name: "a"), interval: 0),
            trigger("b", .customEvent(name: "b"), interval: 0),
        ])
        h.launch()
        _ = h.apply(event("a"), at: 1)
        #expect(h.apply(event("b"), at: 2).suffix(1) == ["2.000 returned_to_stack b message_visible stack=[b] depth=1"])
    }

    @Test("L3: orientation mismatch discards on a phone; tablets ignore orientation")
    func orientation() {
        var h = Harness([
            trigger(
                "land", .customEvent(name: "l"), interval: 0, reEligibility: 0,
                message: message(orientation: .landscape))
        ])
        h.launch()
        #expect(h.apply(event("l"), at: 1).suffix(1) == ["1.000 discarded land orientation_mismatch"])
        _ = h.apply(.rotate(.landscape), at: 2)
        #expect(h.apply(event("l"), at: 3).suffix(1) == ["3.000 displayed land impression"])
        _ = h.apply(.dismiss, at: 4)
        _ = h.apply(.rotate(.portrait), at: 4)
        _ = h.apply(.deviceKind(.tablet), at: 4)
        #expect(h.apply(event("l"), at: 5).suffix(1) == ["5.000 displayed land impression"])
    }

    @Test("L3: FULL without image and image-only without image are discarded")
    func missingImages() {
        var h = Harness([
            trigger("full", .customEvent(name: "f"), interval: 0, message: message(.full)),
            trigger("graphic", .customEvent(name: "g"), interval: 0, message: message(.modal, style: .graphic)),
            trigger("modal", .customEvent(name: "m"), interval: 0, message: message(.modal)),
        ])
        h.launch()
        #expect(h.apply(event("f"), at: 1).suffix(1) == ["1.000 discarded full full_without_image"])
        #expect(h.apply(event("g"), at: 1).suffix(1) == ["1.000 discarded graphic image_only_without_image"])
        #expect(h.apply(event("m"), at: 1).suffix(1) == ["1.000 displayed modal impression"])
    }

    @Test("L3: a failed image download discards; expiry while waiting discards with timeout")
    func assetFailures() {
        var h = Harness(
            [
                trigger(
                    "bad", .customEvent(name: "b"), interval: 0, reEligibility: 0, prefetch: false,
                    message: message(image: "bad.png")),
                trigger(
                    "slow", .customEvent(name: "s"), interval: 0, timeout: 1000, prefetch: false,
                    message: message(image: "slow.png")),
            ], assets: ["bad.png": AssetSpec(download: 1, fails: true), "slow.png": AssetSpec(download: 5)])
        h.launch()
        _ = h.apply(event("b"), at: 1)
        #expect(h.advance(to: 2) == ["2.000 asset_failed bad.png", "2.000 discarded bad asset_failed"])
        #expect(h.apply(event("b"), at: 3).suffix(1) == ["3.000 discarded bad asset_failed"])
        _ = h.apply(event("s"), at: 4)
        #expect(h.advance(to: 10) == ["5.000 discarded slow timeout", "9.000 asset_ready slow.png"])
    }

    @Test("L3: the checks run in order: background before the delegate before expiry")
    func checkOrder() {
        var h = Harness(
            [trigger("a", .customEvent(name: "a"), timeout: 0, message: message(.full))],
            settings: Settings(delegate: Delegate(implements: .controller, answer: .discard)))
        h.launch()
        _ = h.apply(.background, at: 1)
        #expect(
            h.apply(event("a"), at: 2).suffix(1) == ["2.000 returned_to_stack a app_in_background stack=[a] depth=1"])
        _ = h.apply(.foreground, at: 3)
        #expect(h.apply(.displayNext, at: 3).suffix(1) == ["3.000 discarded a delegate_discard"])
    }

    @Test("L4: delegate answers: later, discard, per-message answers; ui_keyboard overrides the keyboard default")
    func delegate() {
        var h = Harness([
            trigger("a", .customEvent(name: "a"), interval: 0),
            trigger("b", .customEvent(name: "b"), interval: 0),
        ])
        h.launch()
        _ = h.apply(.delegate(Delegate(implements: .controller, answer: .later, answers: ["b": .discard])), at: 1)
        #expect(h.apply(event("a"), at: 2).suffix(1) == ["2.000 returned_to_stack a delegate_later stack=[a] depth=1"])
        #expect(h.apply(event("b"), at: 3).suffix(1) == ["3.000 discarded b delegate_discard"])
        _ = h.apply(.keyboard(shown: true), at: 4)
        _ = h.apply(.delegate(Delegate(implements: .uiKeyboard, answer: .now)), at: 4)
        #expect(h.apply(.displayNext, at: 5) == ["5.000 offered a display_next", "5.000 displayed a impression"])
    }

    @Test("L5: reenqueue rolls back lastTriggerTime and re-eligibility and does not stack")
    func reenqueue() {
        var h = Harness(
            [
                trigger("a", .customEvent(name: "a"), reEligibility: -1),
                trigger("b", .customEvent(name: "b")),
            ],
            settings: Settings(delegate: Delegate(implements: .controller, answer: .reenqueue)))
        h.launch()
        #expect(h.apply(event("a"), at: 1).suffix(2) == ["1.000 offered a eligible_moment", "1.000 reenqueued a"])
        #expect(h.state.stack.isEmpty)
        #expect(h.state.lastTriggerTime == nil)
        #expect(h.state.lastPerformed["a"] == nil)
        _ = h.apply(.delegate(Delegate()), at: 2)
        #expect(h.apply(event("a"), at: 2).contains("2.000 performed a"))
    }

    @Test("L6: displayNext offers the top now; with an empty stack it says so (M7: an ignored record)")
    func displayNext() {
        var h = Harness([])
        h.launch()
        #expect(h.apply(.displayNext, at: 1) == ["1.000 ignored stack_empty action=displayNext"])
    }

    @Test("L7: a local message is pushed and offered at once, with no stamps and no analytics")
    func local() {
        var h = Harness([trigger("a", .customEvent(name: "a"))])
        h.launch()
        #expect(
            h.apply(.addLocal(message(.slideup, close: .autoDismiss)), at: 1) == [
                "1.000 stacked local-1 local stack=[local-1] depth=1",
                "1.000 offered local-1 eligible_moment",
                "1.000 displayed local-1 local",
            ])
        #expect(h.state.lastTriggerTime == nil)
        #expect(h.state.analytics.isEmpty)
        _ = h.apply(.click(button: nil), at: 2)
        #expect(h.state.analytics.isEmpty)
        #expect(h.apply(.addLocal(message()), at: 3).first == "3.000 stacked local-2 local stack=[local-2] depth=1")
    }
}

@Suite("A visible message (M1–M6)")
struct VisibleTests {
    @Test("M1: at most one message is visible")
    func oneVisible() {
        var h = Harness([trigger("a", .customEvent(name: "a"), interval: 0)])
        h.launch()
        _ = h.apply(event("a"), at: 1)
        _ = h.apply(.addLocal(message()), at: 2)
        #expect(h.state.visible?.pending.id == "a")
        #expect(h.state.stack.map(\.id) == ["local-1"])
    }

    @Test("M2: an impression per display; a control message logs a control impression and is never drawn")
    func impressions() {
        var h = Harness([trigger("ctl", .customEvent(name: "c"), interval: 0, message: message(control: true))])
        h.launch()
        #expect(h.apply(event("c"), at: 1).suffix(1) == ["1.000 displayed ctl control_impression"])
        #expect(h.state.visible == nil)
        #expect(h.state.analytics["ctl"]?.controlImpressions == 1)
        #expect(h.state.analytics["ctl"]?.impressions == 0)
    }

    @Test("M3: auto-dismiss after duration; below 999 ms it becomes 5000; SWIPE stays")
    func autoDismiss() {
        var h = Harness([
            trigger(
                "auto", .customEvent(name: "a"), interval: 0, message: message(close: .autoDismiss, duration: 2000)),
            trigger(
                "short", .customEvent(name: "s"), interval: 0, message: message(close: .autoDismiss, duration: 500)),
            trigger("swipe", .customEvent(name: "w"), interval: 0, message: message(close: .swipe)),
        ])
        h.launch()
        _ = h.apply(event("a"), at: 1)
        #expect(h.advance(to: 10) == ["3.000 dismissed auto auto"])
        _ = h.apply(event("s"), at: 10)
        #expect(h.advance(to: 20) == ["15.000 dismissed short auto"])
        _ = h.apply(event("w"), at: 20)
        #expect(h.advance(to: 1000) == [])
        #expect(h.state.visible?.pending.id == "swipe")
    }

    @Test("M4: a body click logs once, records the action and dismisses; a button logs its id")
    func clicks() {
        // A slide-up: on a MODAL or FULL with buttons the body does nothing (X56).
        var h = Harness([
            trigger(
                "m", .customEvent(name: "m"), interval: 0, reEligibility: 0,
                message: message(
                    .slideup,
                    buttons: [
                        Button(id: "0", text: "No"), Button(id: "1", text: "Shop", clickAction: .uri("app://shop")),
                    ],
                    click: .newsFeed))
        ])
        h.launch()
        _ = h.apply(event("m"), at: 1)
        #expect(
            h.apply(.click(button: nil), at: 2).prefix(3) == [
                "2.000 clicked m NEWS_FEED", "2.000 dismissed m user", "2.000 event iam_click:m",
            ])
        _ = h.apply(event("m"), at: 3)
        #expect(
            h.apply(.click(button: 1), at: 4).prefix(2) == [
                "4.000 clicked m URI button=1 app://shop", "4.000 dismissed m user",
            ])
        #expect(h.state.analytics["m"]?.clicks == 1)
        #expect(h.state.analytics["m"]?.buttonClicks == ["1": 1])
        #expect(h.state.analytics["m"]?.impressions == 2)
    }

    @Test("M5: the keyboard dismisses a visible non-HTML message, not an HTML one")
    func keyboard() {
        var h = Harness([
            trigger("m", .customEvent(name: "m"), interval: 0),
            trigger("h", .customEvent(name: "h"), interval: 0, message: message(.html)),
        ])
        h.launch()
        _ = h.apply(event("m"), at: 1)
        #expect(h.apply(.keyboard(shown: true), at: 2) == ["2.000 app keyboard up", "2.000 dismissed m keyboard"])
        _ = h.apply(.keyboard(shown: false), at: 3)
        _ = h.apply(event("h"), at: 3)
        #expect(h.apply(.keyboard(shown: true), at: 4) == ["4.000 app keyboard up"])
        #expect(h.state.visible?.pending.id == "h")
    }

    @Test("M6: rotating or backgrounding leaves a visible message; launch removes it")
    func rotateBackground() {
        var h = Harness([trigger("p", .customEvent(name: "p"), message: message(orientation: .portrait))])
        h.launch()
        _ = h.apply(event("p"), at: 1)
        #expect(h.apply(.rotate(.landscape), at: 2) == ["2.000 app rotate landscape"])
        #expect(h.apply(.background, at: 3) == ["3.000 app background"])
        #expect(h.state.visible?.pending.id == "p")
        #expect(h.apply(.launch, at: 4).prefix(2) == ["4.000 app launch", "4.000 dismissed p launch"])
    }
}
