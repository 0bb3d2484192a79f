import IAMEngine
import IAMScenario
import Testing

/// The built-in lessons (terminal-ui.md, "Lessons"): each loads, each step's note names rule
/// IDs, and each lesson's trace has the records its notes talk about.
@Suite("Lessons")
struct LessonTests {
    /// A record a note promises: time, kind, message and reason (nil: any).
    struct Line: CustomStringConvertible {
        var t: Double
        var kind: TraceRecord.Kind
        var message: String?
        var reason: TraceReason?
        var next: Double? = nil

        func matches(_ r: TraceRecord) -> Bool {
            r.t == t && r.kind == kind && (message == nil || (r.message ?? r.trigger) == message)
                && (reason == nil || r.reason == reason) && (next == nil || r.next == next)
        }

        var description: String { "\(t) \(kind.rawValue) \(message ?? "-") \(reason?.rawValue ?? "-")" }
    }

    static func trace(_ name: String) throws -> [TraceRecord] {
        let lesson = try #require(Lesson.named(name))
        return ScenarioRunner.trace(try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario)
    }

    static func expect(
        _ name: String, _ lines: [Line], absent: [Line] = [], sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let trace = try trace(name)
        for line in lines {
            #expect(trace.contains(where: line.matches), "\(name): missing \(line)", sourceLocation: sourceLocation)
        }
        for line in absent {
            #expect(!trace.contains(where: line.matches), "\(name): unexpected \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test("at least nine lessons; each written one loads without warnings, every step has a note naming a rule ID")
    func catalogue() throws {
        #expect(Lesson.all.count >= 9)
        #expect(Set(Lesson.all.map(\.name)).count == Lesson.all.count)
        for lesson in Lesson.all {
            #expect(!lesson.rules.isEmpty)
            let loaded = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName)
            #expect(loaded.warnings.isEmpty, "\(lesson.name): \(loaded.warnings)")
            #expect(!loaded.scenario.timeline.isEmpty)
            let notes = loaded.scenario.timeline.map { $0.note ?? "" }
            #expect(notes.allSatisfy { !$0.isEmpty }, "\(lesson.name): a step without a note")
            let all = notes.joined(separator: " ") + " " + loaded.scenario.description
            for rule in lesson.rules { #expect(all.contains(rule), "\(lesson.name) lists \(rule) but never names it") }
            #expect(notes.contains { Self.namesRule($0) }, "\(lesson.name): no note names a rule ID")
        }
    }

    /// A rule ID in parentheses or a list: a capital letter and digits, e.g. "(P2)" or "(S1, S4)".
    static func namesRule(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() where "A"..."Z" ~= s {
            if i + 1 < scalars.count, "0"..."9" ~= scalars[i + 1], i == 0 || !(("A"..."Z") ~= scalars[i - 1]) {
                return true
            }
        }
        return false
    }

    @Test("P2: the second event inside 30 s is skipped with next 32 and dropped; at 32 it shows")
    func minimumInterval() throws {
        try Self.expect(
            "minimum-interval",
            [
                Line(t: 2, kind: .displayed, message: "welcome-offer", reason: .impression),
                Line(t: 10, kind: .triggerSkipped, message: "cart-nudge", reason: .minInterval, next: 32),
                Line(t: 10, kind: .noMatch),
                Line(t: 20, kind: .triggerSkipped, message: "cart-nudge", reason: .minInterval, next: 32),
                Line(t: 32, kind: .performed, message: "cart-nudge"),
                Line(t: 32, kind: .displayed, message: "cart-nudge", reason: .impression),
            ],
            absent: [Line(t: 10, kind: .performed, message: "cart-nudge"), Line(t: 20, kind: .displayed)])
    }

    @Test("P4, P3: the higher priority wins and the loser is skipped; the once-only winner is later skipped")
    func priority() throws {
        try Self.expect(
            "priority",
            [
                Line(t: 2, kind: .triggerMatched, message: "twenty-percent"),
                Line(t: 2, kind: .triggerSkipped, message: "ten-percent", reason: .lowerPriority),
                Line(t: 2, kind: .displayed, message: "twenty-percent"),
                Line(t: 40, kind: .triggerSkipped, message: "twenty-percent", reason: .reEligibility),
                Line(t: 40, kind: .displayed, message: "ten-percent"),
            ],
            absent: [Line(t: 2, kind: .performed, message: "ten-percent")])
    }

    @Test("L1, L2, L6: returned while another is visible; dismiss shows nothing; displayNext is last in, first out")
    func theStack() throws {
        try Self.expect(
            "the-stack",
            [
                Line(t: 2, kind: .displayed, message: "first"),
                Line(t: 4, kind: .returnedToStack, message: "second", reason: .messageVisible),
                Line(t: 6, kind: .returnedToStack, message: "third", reason: .messageVisible),
                Line(t: 8, kind: .dismissed, message: "first", reason: .user),
                Line(t: 10, kind: .displayed, message: "third"),
                Line(t: 14, kind: .displayed, message: "second"),
            ],
            absent: [Line(t: 8, kind: .displayed), Line(t: 8, kind: .offered)])
        let stacked = try Self.trace("the-stack").first { $0.t == 6 && $0.kind == .returnedToStack }
        #expect(stacked?.stack == ["second", "third"])
    }

    @Test("L3 steps 1–3, L4, S3: keyboard_up, app_in_background, delegate_later; shown only by displayNext")
    func returnedToStack() throws {
        try Self.expect(
            "returned-to-stack",
            [
                Line(t: 3, kind: .returnedToStack, message: "promo", reason: .keyboardUp),
                Line(t: 6, kind: .displayed, message: "promo"),
                Line(t: 11, kind: .returnedToStack, message: "promo", reason: .appInBackground),
                Line(t: 14, kind: .displayed, message: "promo"),
                Line(t: 18, kind: .returnedToStack, message: "promo", reason: .delegateLater),
            ],
            absent: [Line(t: 5, kind: .displayed), Line(t: 13, kind: .displayed), Line(t: 13, kind: .offered)])
    }

    @Test("L3 steps 4–6, E1: orientation_mismatch, full_without_image, timeout after the expiry")
    func discards() throws {
        try Self.expect(
            "discards",
            [
                Line(t: 2, kind: .discarded, message: "landscape-only", reason: .orientationMismatch),
                Line(t: 4, kind: .discarded, message: "full-no-image", reason: .fullWithoutImage),
                Line(t: 7, kind: .returnedToStack, message: "flash-sale", reason: .keyboardUp),
                Line(t: 15, kind: .discarded, message: "flash-sale", reason: .timeout),
            ],
            absent: [Line(t: 15, kind: .displayed)])
    }

    @Test(
        "L4, L5: discard, reenqueue (rolled back, not stacked), the UI delegate's now with the keyboard up, a per-id answer"
    )
    func delegateAnswers() throws {
        try Self.expect(
            "delegate-answers",
            [
                Line(t: 2, kind: .discarded, message: "promo", reason: .delegateDiscard),
                Line(t: 5, kind: .reenqueued, message: "promo"),
                Line(t: 9, kind: .displayed, message: "promo"),
                Line(t: 12, kind: .discarded, message: "survey", reason: .delegateDiscard),
            ],
            absent: [Line(t: 5, kind: .returnedToStack), Line(t: 5, kind: .displayed)])
    }

    @Test(
        "S2–S4, D1, D3, D5: queued open, same session after 4 s away, ended after 10 s, vip gone after delivery, offline cache"
    )
    func sessionsAndDelivery() throws {
        try Self.expect(
            "sessions-and-delivery",
            [
                Line(t: 0, kind: .eventQueued),
                Line(t: 0.5, kind: .displayed, message: "welcome"),
                Line(t: 11, kind: .displayed, message: "vip"),
                Line(t: 25, kind: .sessionEnded),
                Line(t: 30, kind: .sessionStarted),
                Line(t: 30.5, kind: .displayed, message: "welcome"),
                Line(t: 35, kind: .noMatch),
                Line(t: 37.5, kind: .deliveryFailed),
                Line(t: 37.5, kind: .displayed, message: "welcome"),
            ],
            absent: [
                Line(t: 9, kind: .sessionStarted), Line(t: 9, kind: .deliveryStarted), Line(t: 35, kind: .displayed),
            ])
    }

    @Test("D2, D4, L3 step 7: the session-start message waits for its image; a failed one is discarded; no prefetch")
    func assetsAndLatency() throws {
        try Self.expect(
            "assets-and-latency",
            [
                Line(t: 0.5, kind: .waitingForAsset, message: "hero"),
                Line(t: 1.5, kind: .assetFailed),
                Line(t: 2.5, kind: .assetReady),
                Line(t: 2.5, kind: .displayed, message: "hero"),
                Line(t: 8, kind: .discarded, message: "broken", reason: .assetFailed),
                Line(t: 10, kind: .waitingForAsset, message: "on-demand"),
                Line(t: 11.5, kind: .displayed, message: "on-demand"),
            ],
            absent: [Line(t: 0.5, kind: .displayed)])
        let requested = try Self.trace("assets-and-latency").filter { $0.kind == .assetRequested }
        #expect(requested.map(\.t) == [0.5, 0.5, 10]) // late.png only when offered (prefetch false)
    }

    @Test("platform differences (X1, X2, X3): ios holds back on the keyboard and keeps come-back on the stack")
    func platformDifferences() throws {
        try Self.expect(
            "platform-differences",
            [
                Line(t: 0, kind: .app, message: nil, reason: .profile),
                Line(t: 3, kind: .returnedToStack, message: "search-tip", reason: .keyboardUp),
                Line(t: 13, kind: .returnedToStack, message: "come-back", reason: .appInBackground),
                Line(t: 17, kind: .displayed, message: "come-back"),
            ],
            absent: [
                Line(t: 15, kind: .offered), Line(t: 3, kind: .displayed),
                Line(t: 17, kind: .displayed, message: "search-tip"),
            ])
        // What the notes say of the other platforms, run under each.
        let lesson = try #require(Lesson.named("platform-differences"))
        var scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        scenario.settings.profile = .android
        let android = ScenarioRunner.trace(scenario)
        #expect(android.contains { $0.t == 3 && $0.kind == .displayed && $0.message == "search-tip" })
        #expect(android.contains { $0.t == 13 && $0.kind == .parked && $0.message == "come-back" })
        #expect(android.contains { $0.t == 15 && $0.kind == .displayed && $0.message == "come-back" })
        scenario.settings.profile = .web
        let web = ScenarioRunner.trace(scenario)
        // X65: the hidden page shows it all the same.
        #expect(web.contains { $0.t == 13 && $0.kind == .displayed && $0.message == "come-back" })
        #expect(web.contains { $0.t == 17 && $0.kind == .ignored && $0.reason == .stackEmpty })
    }

    @Test("upgrading the SDK (R10, TS2, X40): android@6.0.0 keeps the test send waiting and shows the old user's promo")
    func upgradingTheSDK() throws {
        try Self.expect(
            "upgrading-the-sdk",
            [
                Line(t: 3, kind: .testSend, message: "qa-check", reason: .waiting),
                Line(t: 5, kind: .displayed, message: "cart"),
                Line(t: 7, kind: .returnedToStack, message: "promo", reason: .messageVisible),
                Line(t: 10, kind: .userChanged, message: nil, reason: nil),
                Line(t: 12, kind: .dismissed, message: "cart", reason: .user),
                Line(t: 13, kind: .displayed, message: "promo"),
            ],
            absent: [Line(t: 10, kind: .dismissed), Line(t: 13, kind: .discarded)])
        // What the notes say of later versions, run under each.
        let lesson = try #require(Lesson.named("upgrading-the-sdk"))
        var scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        func run(_ name: String) throws -> [TraceRecord] {
            scenario.settings.profile = try Profile.resolve(name).get()
            return ScenarioRunner.trace(scenario)
        }
        let v7 = try run("android@7.0.0")
        #expect(v7.contains { $0.t == 3 && $0.kind == .testSend && $0.reason == .received })
        let v35 = try run("android@35.0.0")
        #expect(
            v35.contains { $0.t == 13 && $0.kind == .discarded && $0.message == "promo" && $0.reason == .userChanged })
        let v36 = try run("android@36.0.0")
        #expect(
            v36.contains { $0.t == 10 && $0.kind == .dismissed && $0.message == "cart" && $0.reason == .userChanged })
        let v42 = try run("android@42.0.0")
        #expect(
            v42.contains { $0.t == 10 && $0.kind == .discarded && $0.message == "promo" && $0.reason == .userChanged })
    }

    @Test(
        "SDK code rows (X16, X17, X20): ios takes the first of a tie, forgets the interval at launch, has a strict window"
    )
    func sdkCodeRows() throws {
        try Self.expect(
            "sdk-code-rows",
            [
                Line(t: 5, kind: .triggerMatched, message: "tip-first", reason: nil),
                Line(t: 5, kind: .triggerSkipped, message: "tip-second", reason: .lowerPriority),
                Line(t: 12, kind: .displayed, message: "tip-first"),
                Line(t: 20, kind: .triggerSkipped, message: "launch-week", reason: .outsideTimeWindow),
                Line(t: 20.5, kind: .displayed, message: "launch-week"),
            ],
            absent: [Line(t: 20, kind: .displayed)])
        // What the notes say of the other platforms, run under each.
        let lesson = try #require(Lesson.named("sdk-code-rows"))
        var scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        scenario.settings.profile = .web
        let web = ScenarioRunner.trace(scenario)
        #expect(web.contains { $0.t == 5 && $0.kind == .displayed && $0.message == "tip-second" })
        #expect(
            web.contains {
                $0.t == 12 && $0.kind == .triggerSkipped && $0.message == "tip-second" && $0.reason == .minInterval
                    && $0.next == 35
            })
        #expect(web.contains { $0.t == 20 && $0.kind == .displayed && $0.message == "launch-week" })
        // X58: slide-ups stack on a web page: the second shows over the first.
        #expect(web.contains { $0.t == 20.5 && $0.kind == .displayed && $0.message == "launch-week" })
        scenario.settings.profile = .android
        let android = ScenarioRunner.trace(scenario)
        #expect(android.contains { $0.t == 5 && $0.kind == .displayed && $0.message == "tip-first" })
        #expect(
            android.contains { $0.t == 20.5 && $0.kind == .triggerSkipped && $0.reason == .outsideTimeWindow })
    }

    @Test("after the hand-over (X54–X57, X61, X62): carry-over, parking, a recreated screen, inert taps, check order")
    func afterTheHandOver() throws {
        try Self.expect(
            "after-the-hand-over",
            [
                Line(t: 4, kind: .carriedOver, message: "tip", reason: .background),
                Line(t: 5, kind: .parked, message: "cart-offer", reason: .appInBackground),
                Line(t: 6, kind: .ignored, message: nil, reason: .nothingVisible),
                Line(t: 9, kind: .redisplayed, message: "tip", reason: .carryover),
                Line(t: 15, kind: .dismissed, message: "tip", reason: .auto),
                Line(t: 16, kind: .offered, message: "cart-offer", reason: .rotate),
                Line(t: 16, kind: .displayed, message: "cart-offer", reason: .impression),
                Line(t: 18, kind: .ignored, message: "cart-offer", reason: .hasButtons),
                Line(t: 19, kind: .clicked, message: "cart-offer"),
                Line(t: 24, kind: .discarded, message: "menu", reason: .fullWithoutImage),
            ],
            absent: [Line(t: 8, kind: .dismissed), Line(t: 9, kind: .displayed)])
        // What the notes say of ios and web, run under each.
        let lesson = try #require(Lesson.named("after-the-hand-over"))
        var scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        for profile in [Profile.ios, .web] {
            scenario.settings.profile = profile
            let trace = ScenarioRunner.trace(scenario)
            // X58, X65: web shows cart-offer on the hidden page, over tip, and the dismiss closes it.
            let closed = profile == .web ? "cart-offer" : "tip"
            #expect(
                trace.contains { $0.t == 6 && $0.kind == .dismissed && $0.message == closed && $0.reason == .user })
            #expect(!trace.contains { $0.kind == .carriedOver || $0.kind == .redisplayed })
            #expect(
                trace.contains {
                    $0.t == 24 && $0.kind == .discarded && $0.message == "menu" && $0.reason == .orientationMismatch
                })
        }
        scenario.settings.profile = .ios
        #expect(
            ScenarioRunner.trace(scenario).contains {
                $0.t == 5 && $0.kind == .returnedToStack && $0.message == "cart-offer" && $0.reason == .appInBackground
            })
        scenario.settings.profile = .web
        #expect(
            ScenarioRunner.trace(scenario).contains { $0.t == 5 && $0.kind == .displayed && $0.message == "cart-offer" }
        )
    }

    @Test("the web page (X58–X60, X63): stacked slide-ups, a modal that waits, the close animation, HTML refused")
    func theWebPage() throws {
        try Self.expect(
            "the-web-page",
            [
                Line(t: 3, kind: .displayed, message: "sale"),
                Line(t: 4, kind: .displayed, message: "signup"),
                Line(t: 5, kind: .discarded, message: "survey", reason: .messageVisible),
                Line(t: 7, kind: .dismissed, message: "sale", reason: .auto),
                Line(t: 10, kind: .dismissed, message: "tip", reason: .auto),
                Line(t: 20, kind: .dismissed, message: "signup", reason: .user),
                Line(t: 20.3, kind: .discarded, message: "survey", reason: .messageVisible),
                Line(t: 21, kind: .displayed, message: "survey"),
                Line(t: 21.5, kind: .dismissed, message: "survey", reason: .auto),
                Line(t: 25, kind: .discarded, message: "quiz", reason: .htmlNotAllowed),
            ],
            absent: [Line(t: 9, kind: .dismissed, message: "signup")])
        // What the notes say of ios.
        let lesson = try #require(Lesson.named("the-web-page"))
        var scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        scenario.settings.profile = .ios
        let ios = ScenarioRunner.trace(scenario)
        #expect(ios.contains { $0.t == 3 && $0.kind == .returnedToStack && $0.message == "sale" })
        #expect(ios.contains { $0.t == 25.3 && $0.kind == .dismissed && $0.message == "survey" })
    }

    @Test(
        "I1–I3, SC1, SC3, TS2: shown, then dropped with no presenter, handed to the app, held by a splash, a test send")
    func nothingShows() throws {
        try Self.expect(
            "nothing-shows",
            [
                Line(t: 2, kind: .displayed, message: "spring-sale", reason: .impression),
                Line(t: 6, kind: .app, message: nil, reason: .integration),
                Line(t: 8, kind: .discarded, message: "spring-sale", reason: .noPresenter),
                Line(t: 12, kind: .handedToApp, message: "spring-sale", reason: .customUI),
                Line(t: 13, kind: .app, message: "spring-sale", reason: .impression),
                Line(t: 17, kind: .app, message: nil, reason: .screen),
                Line(t: 18, kind: .returnedToStack, message: "spring-sale", reason: .delegateLater),
                Line(t: 21, kind: .displayed, message: "spring-sale", reason: .impression),
                Line(t: 26, kind: .testSend, message: "qa-check", reason: .waiting),
                Line(t: 28, kind: .offered, message: "qa-check", reason: .testSend),
                Line(t: 28, kind: .displayed, message: "qa-check", reason: .impression),
            ],
            absent: [
                Line(t: 8, kind: .displayed), Line(t: 12, kind: .displayed), Line(t: 20, kind: .displayed),
                Line(t: 26, kind: .displayed),
            ])
        let trace = try Self.trace("nothing-shows")
        #expect(
            trace.filter { $0.reason == .integration }.map(\.detail) == [
                "ui=none impressions=sdk", "ui=custom impressions=app", "ui=default impressions=sdk",
            ])
        // What the notes say of the other platforms, run under each.
        let lesson = try #require(Lesson.named("nothing-shows"))
        var scenario = try ScenarioLoader.load(json: lesson.json, file: lesson.fileName).scenario
        scenario.settings.profile = .android
        let android = ScenarioRunner.trace(scenario)
        #expect(android.contains { $0.t == 8 && $0.kind == .parked && $0.reason == .noActivity })
        #expect(android.contains { $0.t == 26 && $0.kind == .testSend && $0.reason == .received })
        scenario.settings.profile = .web
        let web = ScenarioRunner.trace(scenario)
        #expect(web.contains { $0.t == 8 && $0.kind == .discarded && $0.reason == .noSubscriber })
    }
}
