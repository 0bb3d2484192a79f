import IAMTestSupport
import Testing

@testable import IAMEngine

/// T6's index answers through a hashed table of ASCII names and a dictionary for the rest, and
/// matching reads P1's gates from a list kept by position: each must answer as the plain rule.
@Suite("T6 index and P1 gates by position")
struct TriggerIndexTests {
    /// Names with the awkward cases: canonically equal spellings (`é` two ways, the Kelvin sign
    /// and `K`), non-ASCII, empty, and a base64 trigger id whose campaign id is `camp` (T7).
    static let names = [
        "a", "b", "K", "\u{212A}", "café", "cafe\u{301}", "日本", "", "camp", "Y2FtcF94", "event-1", "event-10",
    ]

    static func randomTrigger(_ i: Int, _ rng: inout SeededGenerator) -> Trigger {
        func name() -> String { names.randomElement(using: &rng)! }
        func filters() -> FilterGroups {
            let above = PropertyFilter(
                key: "x", type: .number, comparator: .greaterThan,
                value: .number(Double(Int.random(in: 0...2, using: &rng))))
            return Bool.random(using: &rng) ? [] : [[above]]
        }
        func condition() -> Condition {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: .open
            case 1: .purchase(productID: Bool.random(using: &rng) ? nil : name())
            case 2: .purchaseProperty(productID: name(), filters: filters())
            case 3: .customEvent(name: name())
            case 4: .customEventProperty(name: name(), filters: filters())
            case 5: .pushClick(campaignID: Bool.random(using: &rng) ? nil : name())
            case 6: .iamClick(messageID: name(), buttons: nil)
            case 7: .test
            default: .unsupported(type: "x")
            }
        }
        let epoch = Settings().epoch
        let when = [nil, epoch + 10, epoch + 1_000]
        return Trigger(
            id: "t\(i % 40)", conditions: (0..<Int.random(in: 0...3, using: &rng)).map { _ in condition() },
            startTime: when.randomElement(using: &rng)!, endTime: when.randomElement(using: &rng)!.map { $0 + 50 },
            priority: Int.random(in: 0...3, using: &rng),
            minSecondsSinceLastTrigger: [-1, 0, 5, 30].randomElement(using: &rng)!,
            delay: [0, 0, 2].randomElement(using: &rng)!, reEligibility: [-1, 0, 0, 10].randomElement(using: &rng)!,
            message: Message(kind: .modal, text: "m"))
    }

    /// The candidates by definition: every trigger with a key of the event's kind and name (or
    /// no name, for the kinds whose unnamed conditions match every event), in delivered order.
    static func scan(_ triggers: [Trigger], _ event: Event) -> [Int] {
        triggers.indices.filter { position in
            TriggerSet.keys(of: triggers[position]).contains { key in
                guard key.kind == event.kind else { return false }
                if let name = key.name {
                    return name == event.name || (event.kind == .iamClick && name == event.name.flatMap(CampaignID.of))
                }
                return event.kind == .purchase || event.kind == .pushClick || event.kind == .open
            }
        }
    }

    @Test("T6: candidates equal a scan of every trigger, ASCII and non-ASCII names alike; T1 read from the set's list")
    func candidatesEqualAScan() {
        var rng = SeededGenerator(seed: 9)
        for round in 0..<60 {
            // Some sets hold only ASCII names (the hashed table answers), the others not.
            let ascii = round % 2 == 0
            var triggers = (0..<Int.random(in: 0...80, using: &rng)).map { Self.randomTrigger($0, &rng) }
            if ascii {
                triggers = triggers.filter {
                    TriggerSet.keys(of: $0).allSatisfy { $0.name?.utf8.allSatisfy { $0 < 0x80 } ?? true }
                }
            }
            let set = TriggerSet(triggers)
            for kind in Event.Kind.allCases {
                for name in Self.names + [nil] {
                    let event = Event(kind: kind, name: name, properties: ["x": .number(Double(round % 3))])
                    #expect(
                        set.candidates(for: event, clickIDs: .asWritten) == Self.scan(triggers, event),
                        "\(kind) \(name ?? "nil")")
                    for position in triggers.indices {
                        #expect(
                            set.matches(at: position, event, unixNow: 0, filters: FilterPolicy())
                                == triggers[position].matches(event, unixNow: 0, filters: Profile.ios.policies.filters))
                    }
                }
            }
        }
    }

    @Test("T6: canonically equal names meet, whichever side is ASCII")
    func canonicalEquivalence() {
        let kelvin = TriggerSet([trigger("k", .customEvent(name: "\u{212A}"))])
        #expect(kelvin.candidates(for: Event(kind: .customEvent, name: "K"), clickIDs: .asWritten) == [0])
        let plain = TriggerSet([trigger("k", .customEvent(name: "K")), trigger("e", .purchase(productID: "cafe"))])
        #expect(plain.candidates(for: Event(kind: .customEvent, name: "\u{212A}"), clickIDs: .asWritten) == [0])
        #expect(plain.candidates(for: Event(kind: .purchase, name: "café"), clickIDs: .asWritten).isEmpty)
        #expect(KeyTable([(TriggerSet.Key(kind: .customEvent, name: "café"), TriggerSet.Run())]) == nil)
        #expect(KeyTable([(TriggerSet.Key(kind: .customEvent, name: "cafe"), TriggerSet.Run())]) != nil)
    }

    @Test("P1: the gates kept by position give exclusion(of:)'s answer for every trigger and time")
    func gatesByPositionAnswerAsExclusion() {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            let triggers = (0..<60).map { Self.randomTrigger($0, &rng) }
            var engine = Engine(scenario: Scenario(settings: Settings(minimumTriggerInterval: 5), triggers: triggers))
            engine.apply(.launch, at: 0)
            var t = 0.5
            var checked = 0
            for _ in 0..<60 {
                t += Double(Int.random(in: 0...4, using: &rng))
                let name = Self.names.randomElement(using: &rng)!
                let action: Action =
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: .purchase(productID: name, properties: [:])
                    case 1: .pushClick(campaignID: name)
                    case 2: .dismiss
                    default: .customEvent(name: name, properties: [:])
                    }
                engine.apply(action, at: t)
                let state = engine.state
                for (position, trigger) in state.delivered.triggers.enumerated() {
                    #expect(state.delivered.gates[position] == Gates(trigger))
                    for moment in [EligibilityMoment.event, .perform] {
                        let fast = state.gateInputs.exclusion(
                            of: state.delivered.gates[position], id: trigger.id, at: t, moment: moment)
                        #expect(fast == state.exclusion(of: trigger, at: t, moment: moment))
                        if fast != nil { checked += 1 }
                    }
                }
            }
            // The scenarios reach the gates: some triggers are held back.
            #expect(checked > 0)
        }
    }
}
