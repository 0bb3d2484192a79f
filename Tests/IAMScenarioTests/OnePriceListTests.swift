import IAMEngine
import Testing

@testable import IAMScenario

/// T6, issue 35: every regex filter is priced and counted by the one function
/// (`EventWork.firstExcess` over `EventWork.reachableTriggers`) whatever the trigger's source:
/// the `triggers` list or a `campaign` step's trigger (SV2). Before, a campaign step could add
/// any number of heavy filters that the same trigger in `triggers` was refused for.
@Suite("T6: one price list for every trigger source")
struct OnePriceListTests {
    /// `([ab]*a){330}x`: 1,322 instructions; three on one event fit the 4,000 limit, four do not.
    static let heavy = "([ab]*a){330}x"

    static func trigger(_ id: String) -> String {
        #"{"id": "\#(id)", "trigger_condition": [{"type": "custom_event_property", "data": {"event_name": "e", "property_filters": [[{"property_key": "k", "property_type": "string", "comparator": 10, "property_value": "\#(heavy)"}]]}}], "data": {"type": "SLIDEUP", "message": "m"}}"#
    }

    /// `listed` heavy triggers in `triggers`, `added` more in campaign steps, then an event.
    static func scenario(listed: Int, added: Int) -> String {
        let triggers = (0..<listed).map { trigger("t\($0)") }
        let steps =
            (0..<added).map { #"{"at": \#($0 + 1), "do": "campaign", "trigger": \#(trigger("c\($0)"))}"# }
            + [#"{"at": 10, "do": "customEvent", "name": "e", "properties": {"k": "ab"}}"#]
        return #"{"triggers": [\#(triggers.joined(separator: ", "))], "timeline": [\#(steps.joined(separator: ", "))]}"#
    }

    static let words =
        #"with this trigger, a custom_event "e" reaches triggers whose filters need 5288 regex automaton instructions (the limit is 4000) and 12 checks (the limit is 250000) per event (T6: the work one event can cause is bounded)"#

    @Test(
        "four heavy filters on one event are refused whichever source holds the fourth, with the same words",
        arguments: [(4, 0), (3, 1), (2, 2), (0, 4)])
    func noSourceBypasses(_ listed: Int, _ added: Int) throws {
        let path = added == 0 ? "triggers[3]" : "timeline[\(added - 1)].trigger"
        let error = loadError(Self.scenario(listed: listed, added: added))
        #expect(error == "scenario.json: \(path): \(Self.words)")
        // The general reading (the simulator's, keeping the document) gives the same answer.
        do {
            _ = try ScenarioLoader.load(
                json: Self.scenario(listed: listed, added: added), file: "scenario.json", keepingJSON: true)
            Issue.record("loaded with \(listed) + \(added) heavy filters")
        } catch {
            #expect(error.description == "scenario.json: \(path): \(Self.words)")
        }
    }

    @Test("three heavy filters load from any mix of sources; the set priced is every source's")
    func withinTheLimit() throws {
        for (listed, added) in [(3, 0), (2, 1), (0, 3)] {
            let loaded = try load(Self.scenario(listed: listed, added: added))
            let reachable = EventWork.reachableTriggers(of: loaded.scenario)
            #expect(reachable.count == 3)
            #expect(
                reachable.map(\.source)
                    == (0..<listed).map { .list($0) } + (0..<added).map { EventWork.TriggerSource.campaignStep($0) })
            #expect(EventWork.firstExcess(in: loaded.scenario) == nil)
        }
    }

    @Test("a Mirror over the loaded steps finds a trigger only in campaign steps, the ones reachableTriggers lists")
    func everyTriggerCarryingStepIsPriced() throws {
        // A campaign step's trigger is the one Action payload of type Trigger; a Mirror over a
        // step of each kind the loader makes finds any other.
        let loaded = try load(Self.scenario(listed: 1, added: 2))
        var found = 0
        for step in loaded.scenario.timeline {
            let carries = Mirror(reflecting: step.action).children.contains { child in
                Mirror(reflecting: child.value).children.contains { $0.value is Trigger }
            }
            if carries, case .addCampaign = step.action {
                found += 1
                continue
            }
            #expect(!carries, "\(step.action.name) carries a trigger that reachableTriggers does not list")
        }
        #expect(found == 2, "the reflection sees the campaign steps' triggers")
    }
}
