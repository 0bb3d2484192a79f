import Testing

@testable import IAMEngine

/// Issue 29: a record is worded in one place (`RecordWords`), in the trace's vocabulary.
@Suite("One wording of a record")
struct WordingTests {
    @Test("every reason is worded: non-empty, its own words, the trace's, the same each time")
    func everyReason() {
        var seen: [String: TraceReason] = [:]
        for reason in TraceReason.allCases {
            let record = TraceRecord(t: 1, kind: .discarded, message: "m", reason: reason)
            let words = record.words()
            #expect(words[.reason] == reason.rawValue)
            #expect(!reason.rawValue.isEmpty)
            #expect(words.brief == "discarded m " + reason.rawValue)
            #expect(words == record.words())
            #expect(seen.updateValue(reason, forKey: words.brief) == nil, "\(reason) worded as another reason")
            // Its outcome words name the reason too, distinct from every other reason's.
            #expect(record.outcomeWords == "discarded " + reason.rawValue)
            let dropped = TraceRecord(t: 1, kind: .triggerDropped, message: "m", reason: reason)
            #expect(dropped.outcomeWords == "dropped " + reason.rawValue)
        }
        #expect(seen.count == TraceReason.allCases.count)
    }

    @Test("every record kind is worded: non-empty, its own words, the trace's, the same each time")
    func everyKind() {
        var seen: Set<String> = []
        for kind in TraceRecord.Kind.allCases {
            let record = TraceRecord(t: 2, kind: kind, message: "m", reason: .timeout)
            let words = record.words()
            #expect(words[.kind] == kind.rawValue)
            #expect(!kind.rawValue.isEmpty)
            #expect(words.text() == kind.rawValue + " m timeout")
            #expect(words == record.words())
            #expect(seen.insert(words.text()).inserted, "\(kind) worded as another kind")
            // A record that is an outcome of its message words it in its own words.
            if let outcome = record.outcomeWords { #expect(!outcome.isEmpty) }
        }
        #expect(seen.count == TraceRecord.Kind.allCases.count)
    }

    @Test("a record's parts come in the trace's order, facts grammatical, ids cleaned by the view")
    func parts() {
        let event = Event(kind: .customEvent, name: "promo")
        let full = TraceRecord(
            t: 3, kind: .triggerDelayed, message: "a\u{1B}", event: event, reason: .minInterval, stack: ["x", "y"],
            until: 9.5, next: 12.25, button: "b", detail: "d", profile: "ios", more: 2)
        #expect(
            full.words().text()
                == "trigger_delayed a\\u{001B} min_interval button b (next 12.25) (until 9.5) on custom_event promo d ios (2 more) [x y]"
        )
        #expect(full.words(time: TraceFormat.fixed3, clean: { "<" + $0 + ">" })[.next] == "(next 12.250)")
        #expect(full.words(clean: { "<" + $0 + ">" })[.subject] == "<a\u{1B}>")
        #expect(full.words().parts.map(\.part) == RecordWords.Part.allCases)
        // Without an id, the event is the subject, and no `on …` follows.
        let bare = TraceRecord(t: 0, kind: .eventQueued, event: event)
        #expect(bare.words().text() == "event_queued custom_event promo")
        // A fact: the screen's grammatical words; the trace keeps its bytes.
        let delivery = TraceRecord(t: 0, kind: .deliveryStarted, fact: .triggers(1))
        #expect(delivery.words().text() == "delivery_started 1 trigger")
        #expect(TraceFormat.text(delivery).hasSuffix("1 triggers"))
    }

    @Test("outcomes and a launch's clearing in the words compare and why-not share")
    func outcomes() {
        #expect(TraceRecord(t: 0, kind: .displayed, message: "m", reason: .impression).outcomeWords == "displayed")
        #expect(
            TraceRecord(t: 0, kind: .displayed, message: "m", reason: .controlImpression).outcomeWords
                == "control impression")
        #expect(
            TraceRecord(t: 0, kind: .handedToApp, message: "m", reason: .customUI).outcomeWords == "handed to the app")
        #expect(
            TraceRecord(t: 0, kind: .app, message: "m", reason: .bridgeNotReady).outcomeWords
                == "missed by the app (bridge_not_ready)")
        #expect(
            TraceRecord(t: 0, kind: .returnedToStack, message: "m", reason: .messageVisible).outcomeWords
                == "returned_to_stack message_visible")
        #expect(TraceRecord(t: 0, kind: .event).outcomeWords == nil)
        #expect(TraceRecord(t: 0, kind: .app, reason: .launch, stack: ["a"]).clearedWords == "cleared by launch")
        #expect(TraceRecord(t: 0, kind: .app, reason: .reset).clearedWords == "cleared by reset")
        #expect(TraceRecord(t: 0, kind: .app, reason: .rotate).clearedWords == nil)
    }

    @Test(
        "an action's words name what it was given",
        arguments: [
            (Action.click(button: 1), "click button 2 (\"button\": 1)"), (.click(button: nil), "click body"),
            (.keyboard(shown: true), "keyboard up"), (.rotate(.landscape), "rotate landscape"),
            (.customEvent(name: "promo", properties: ["b": .number(1), "a": .bool(true)]), "customEvent promo {a, b}"),
            (.purchase(productID: "latte", properties: [:]), "purchase latte"), (.launch, "launch"),
            (.network(online: false), "network offline"), (.campaign(id: "c", enabled: true), "campaign c on"),
            (.pushClick(campaignID: "spring"), "pushClick spring"), (.pushClick(campaignID: nil), "pushClick"),
        ])
    func actions(_ action: Action, _ words: String) {
        #expect(action.words() == words)
    }

    @Test("with values, as check's default timeline names a step; the view cleans the names")
    func actionValues() {
        let event = Action.customEvent(name: "promo\u{1B}", properties: ["size": .string("L"), "n": .number(2)])
        #expect(event.words(values: true, clean: TraceFormat.visible) == "customEvent promo\\u{001B} {n=2, size=\"L\"}")
        #expect(event.words() == "customEvent promo\u{1B} {n, size}")
        #expect(Action.click(button: 0).words(values: true) == "click button 1 (\"button\": 0)")
    }

    @Test("a condition's short words, the form of a narrow column")
    func conditions() {
        #expect(Condition.open.shortWords == "open")
        #expect(Condition.purchase(productID: nil).shortWords == "purchase")
        #expect(Condition.purchase(productID: "latte").shortWords == "purchase:latte")
        #expect(Condition.customEvent(name: "promo").shortWords == "event:promo")
        #expect(Condition.pushClick(campaignID: nil).shortWords == "push")
        #expect(Condition.iamClick(messageID: "w", buttons: nil).shortWords == "click:w")
    }
}
