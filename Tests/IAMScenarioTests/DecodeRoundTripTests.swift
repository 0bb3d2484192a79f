import IAMEngine
import IAMTestSupport
import Testing

@testable import IAMScenario

/// Steps that between them use every action and every key a step may have.
private let baseSteps: [String] = [
    #"{"at":0,"do":"launch","note":"start"}"#,
    #"{"at":1,"do":"customEvent","name":"event-1","properties":{"amount":2,"tier":"gold","ok":true,"none":null,"big":9007199254740993,"when":{"$date":"2026-01-31T12:00:00Z"},"list":[1,"a"]}}"#,
    #"{"at":1.5,"do":"purchase","product_id":"latte","price":3.5,"properties":{"size":"L"}}"#,
    #"{"at":2,"do":"pushClick","campaign_id":"c1","reachesSdk":false}"#,
    #"{"at":2,"do":"keyboard","shown":true}"#,
    #"{"at":3,"do":"rotate","orientation":"landscape"}"#,
    #"{"at":3,"do":"device","kind":"tablet"}"#,
    #"{"at":4,"do":"click","button":1}"#,
    #"{"at":4,"do":"addLocal","message":{"type":"MODAL","message":"local","btns":[{"id":"a","text":"A","click_action":"URI","uri":"app://a"}],"asset_urls":["https://cdn/a.js"]}}"#,
    #"{"at":5,"do":"delegate","implements":"controller","answer":"later","answers":{"campaign-1":"discard"}}"#,
    #"{"at":5,"do":"network","online":false}"#,
    #"{"at":6,"do":"campaign","id":"campaign-1","enabled":false}"#,
    #"{"at":6,"do":"profile","name":"android"}"#,
    #"{"at":7,"do":"integration","ui":"custom","impressions":"app"}"#,
    #"{"at":7,"do":"appImpression","message":"m1"}"#,
    #"{"at":8,"do":"testSend","id":"t1","message":{"type":"SLIDEUP","message":"test"}}"#,
    #"{"at":8,"do":"screen","name":"home"}"#,
    #"{"at":9,"do":"dismiss"}"#,
]

/// The sources of a trigger's regex filters (`PropertyFilter` equality leaves the compiled
/// pattern out).
private func patterns(_ triggers: [Trigger]) -> [String?] {
    triggers.flatMap(\.conditions).flatMap { condition -> [String?] in
        switch condition {
        case .customEventProperty(_, let groups), .purchaseProperty(_, let groups):
            groups.flatMap { $0.map { $0.pattern?.source } }
        default: []
        }
    }
}

/// Whether the decoder kept less than the file said: an unsupported condition or filter keeps
/// why, not the whole of it; a defective message keeps its defect, not the `click_action`.
private func keepsLess(_ trigger: Trigger) -> Bool {
    if trigger.message.defect != nil || trigger.message.buttons.count > 2 { return true }
    return trigger.conditions.contains { condition in
        switch condition {
        case .unsupported: true
        case .customEventProperty(_, let groups), .purchaseProperty(_, let groups):
            groups.contains { $0.contains { $0.unsupported != nil } }
        default: false
        }
    }
}

private func keepsLess(_ step: TimelineStep) -> Bool {
    switch step.action {
    case .addLocal(let message), .testSend(_, let message): message.defect != nil
    default: false
    }
}

@Suite("Decode, encode, decode")
struct DecodeRoundTripTests {
    /// Decodes `json`; encodes what it decoded; decodes that: the same triggers and steps.
    /// `nil` when `json` does not load (its errors are the loader error tests' subject).
    private func roundTrip(_ json: String) throws -> (checked: Int, same: Bool)? {
        guard let first = try? ScenarioLoader.load(json: json, file: "scenario.json") else { return nil }
        let triggers = first.scenario.triggers
        let timeline = first.scenario.timeline
        let encoded = JSONText.compact(
            .object([
                JSONMember(key: "triggers", value: .array(triggers.map(TriggerEncoding.trigger))),
                JSONMember(key: "timeline", value: .array(timeline.map(StepEncoding.step))),
            ]))
        let second = try ScenarioLoader.load(json: encoded, file: "encoded.json")
        // Compared where the decoder kept all the file said.
        let kept = triggers.indices.filter { !keepsLess(triggers[$0]) }
        let keptSteps = timeline.indices.filter { !keepsLess(timeline[$0]) }
        func pick<T>(_ values: [T], _ indices: [Int]) -> [T] { indices.map { values[$0] } }
        let same =
            second.scenario.triggers.count == triggers.count && second.scenario.timeline.count == timeline.count
            && pick(second.scenario.triggers, kept) == pick(triggers, kept)
            && patterns(pick(second.scenario.triggers, kept)) == patterns(pick(triggers, kept))
            && pick(second.scenario.timeline, keptSteps) == pick(timeline, keptSteps)
        let (triggerCount, stepCount) = (kept.count, keptSteps.count)
        if !same, second.scenario.triggers.count == triggers.count, second.scenario.timeline.count == timeline.count {
            for index in kept where second.scenario.triggers[index] != triggers[index] {
                #expect(second.scenario.triggers[index] == triggers[index])
            }
            for index in keptSteps where second.scenario.timeline[index] != timeline[index] {
                #expect(second.scenario.timeline[index] == timeline[index])
            }
        }
        return (triggerCount + stepCount, same)
    }

    @Test("§8, §9: the demo's and every lesson's triggers and steps read back the same once encoded")
    func builtInScenarios() throws {
        for json in [DemoScenario.json] + Lesson.all.map(\.json) {
            let result = try #require(try roundTrip(json))
            #expect(result.same)
            #expect(result.checked >= 5)
        }
    }

    @Test("§8, §9, T1–T6: mutated triggers and steps that load read back the same once encoded")
    func mutatedScenarios() throws {
        var random = SeededGenerator(seed: 18)
        let triggerBases = try baseTriggers.map { try JSONReader.parse($0) }
        let stepBases = try baseSteps.map { try JSONReader.parse($0) }
        var loaded = 0
        var checked = 0
        for round in 0..<1500 {
            // The benchmark's trigger as it is (the `campaign` step names it), then two mutated.
            var triggers: [JSONValue] = [triggerBases[0]]
            for _ in 0..<2 {
                var trigger = triggerBases[1...3].randomElement(using: &random)!
                for _ in 0..<Int.random(in: 0...2, using: &random) { trigger = mutate(trigger, &random) }
                triggers.append(trigger)
            }
            var steps: [JSONValue] = stepBases
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let index = Int.random(in: 0..<steps.count, using: &random)
                steps[index] = mutate(steps[index], &random)
            }
            var json = JSONText.compact(
                .object([
                    JSONMember(key: "triggers", value: .array(triggers)),
                    JSONMember(key: "timeline", value: .array(steps)),
                ]))
            // Now and then a key written with an escape (the same key) or in another form.
            if round % 7 == 0 { json = json.replacingFirst(#""message":"#, with: #""m\u0065ssage":"#) }
            if round % 11 == 0 { json = json.replacingFirst(#""type":"#, with: #""typ\u00e9":"#) }
            guard let result = try roundTrip(json) else { continue }
            #expect(result.same, "\(json)")
            if !result.same { return }
            loaded += 1
            checked += result.checked
        }
        // A fifth of the mutated files load (the rest are the loader error tests' subject); each
        // that does is checked, trigger by trigger and step by step.
        #expect(loaded > 250)
        #expect(checked > 5000)
    }
}
