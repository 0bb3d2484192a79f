import IAMEngine
import Testing

/// X39, X44 (issue 48): when every candidate of one event falls back to the next, the engine
/// walks the candidates in a loop over one shared list. It used to go one call deeper per
/// candidate and copy what was left of the list at each level: about 900 candidates crashed the
/// process (SIGSEGV) and memory grew with the square of their number. 100,000 candidates (the
/// loader's limit on triggers) must run under every profile; the trace says each candidate was
/// tried once, in priority order. No duration is measured.
@Suite("Issue 48: a fallback chain is a loop over one shared list")
struct FallbackChainTests {
    static let count = 100_000
    static let names = Profile.all.map(\.name)

    /// `count` triggers on the event `e`, `c0` first by priority; each aborts its templating
    /// (X44) or carries a message the Web SDK refuses (X39). With `spaced`, candidate `k` waits
    /// `k` ms after the event, so that every fallback waits out its own delay.
    static func candidates(refused: Bool, spaced: Bool = false) -> [Trigger] {
        var refusedMessage = message(.slideup, close: .autoDismiss, duration: 1000)
        refusedMessage.refusal = "an unknown brazeActions:// action (click_action)"
        return (0..<count).map { k in
            var candidate = trigger(
                "c\(k)", .customEvent(name: "e"), priority: count - k, delay: spaced ? Double(k) / 1000 : 0,
                interval: 0, reEligibility: 0,
                message: refused ? refusedMessage : message(.slideup, close: .autoDismiss, duration: 1000))
            if !refused { candidate.templating = .abort }
            return candidate
        }
    }

    static let templatingChain = candidates(refused: false)
    static let refusedChain = candidates(refused: true)

    /// The records of the event at 1 s and of everything it leads to, until `until`.
    static func eventRecords(_ triggers: [Trigger], under name: String, until: Double = 2) throws -> [TraceRecord] {
        var settings = Settings()
        settings.profile = try #require(Profile.named(name))
        var engine = Engine(scenario: Scenario(settings: settings, triggers: triggers))
        _ = engine.apply(.launch, at: 0)
        _ = engine.advance(to: 0.5)
        return engine.apply(event("e"), at: 1) + engine.advance(to: until)
    }

    static let expectedOrder = (0..<count).map { "c\($0)" }

    @Test("X44: 100,000 candidates whose templating aborts are each skipped once, in priority order", arguments: names)
    func templatingChainRuns(_ name: String) throws {
        let records = try Self.eventRecords(Self.templatingChain, under: name)
        let aborted = records.filter { $0.kind == .triggerSkipped && $0.reason == .templatingAborted }
        #expect(aborted.map(\.message) == Self.expectedOrder)
        #expect(!records.contains { $0.kind == .performed || $0.kind == .displayed })
        // event, trigger_matched, 100 trigger_skipped lower_priority and their summary, then the chain.
        #expect(records.count == 2 + TraceRecord.skippedShownPerReason + 1 + Self.count)
    }

    @Test(
        "X39: 100,000 refused candidates: web discards each once, in priority order; the others show the first",
        arguments: names)
    func refusedChainRuns(_ name: String) throws {
        let records = try Self.eventRecords(Self.refusedChain, under: name)
        let discarded = records.filter { $0.kind == .discarded && $0.reason == .invalidMessage }
        if name == "web" {
            #expect(discarded.map(\.message) == Self.expectedOrder)
            #expect(discarded.first?.detail?.hasSuffix("; falls back to c1") == true)
            #expect(discarded.last?.detail == "an unknown brazeActions:// action (click_action)")
            #expect(records.filter { $0.kind == .performed }.count == Self.count)
            #expect(!records.contains { $0.kind == .displayed })
        } else {
            #expect(discarded.isEmpty)
            #expect(records.filter { $0.kind == .displayed }.map(\.message) == ["c0"])
        }
    }

    @Test("X39, X44: a chain of 100,000 delayed fallbacks keeps one shared list (web refuses, every profile aborts)")
    func delayedChainSharesTheList() throws {
        for (refused, names) in [(true, ["web"]), (false, Self.names)] {
            let triggers = Self.candidates(refused: refused, spaced: true)
            for name in names {
                var settings = Settings()
                settings.profile = try #require(Profile.named(name))
                var engine = Engine(scenario: Scenario(settings: settings, triggers: triggers))
                _ = engine.apply(.launch, at: 0)
                _ = engine.advance(to: 0.5)
                var records = engine.apply(event("e"), at: 1)
                // c1 waits out its 1 ms with the rest of the list: the event's list, not a copy.
                let first = try #require(engine.state.delayed.earliest(1).first)
                #expect(first.trigger.id == "c1")
                #expect(first.fallbacks.candidates.count == Self.count - 1)
                #expect(first.fallbacks.remaining == Self.count - 2)
                records += engine.advance(to: 1.0015)
                let second = try #require(engine.state.delayed.earliest(1).first)
                #expect(second.trigger.id == "c2")
                #expect(second.fallbacks.remaining == Self.count - 3)
                #expect(Self.sameStorage(first.fallbacks.candidates, second.fallbacks.candidates))
                records += engine.advance(to: 1 + Double(Self.count) / 1000)
                #expect(engine.state.delayed.count == 0)
                let delayed = records.filter { $0.kind == .triggerDelayed }
                #expect(delayed.map(\.message) == Array(Self.expectedOrder.dropFirst()), "\(name)")
                let tried = records.filter {
                    refused ? $0.kind == .discarded : $0.kind == .triggerSkipped && $0.reason == .templatingAborted
                }
                #expect(tried.map(\.message) == Self.expectedOrder, "\(name)")
            }
        }
    }

    static func sameStorage(_ a: [Trigger], _ b: [Trigger]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
