import IAMEngine
import Testing

@testable import IAMScenario

@Suite("Demo scenario")
struct DemoScenarioTests {
    @Test("the demo loads with one warning, its deliberate X7 filter, and the expected counts")
    func loads() throws {
        let loaded = try DemoScenario.load()
        // refill-reminder's comparator 4 on a number is where web parts from the others (X7).
        #expect(
            loaded.warnings.map(\.description) == [
                "demo.json: triggers[11].trigger_condition[0].data.property_filters[0][0].comparator: warning: "
                    + "comparator 4 compares dates; for a number property it is never true (T4), except on web, "
                    + "which reads it as >= (X7)"
            ])
        let scenario = loaded.scenario
        #expect(scenario.name == "Coffee Shop")
        #expect(scenario.triggers.count == 15)
        #expect(scenario.timeline.count == 35)
        #expect(scenario.assets.count == 4)
        #expect(scenario.timeline.allSatisfy { $0.note?.isEmpty == false })
    }

    @Test("T1: the demo covers every trigger type but test")
    func triggerTypes() throws {
        let types = Set(try DemoScenario.load().scenario.triggers.flatMap(\.conditions).map(\.typeName))
        #expect(
            types == [
                "open", "purchase", "purchase_property", "custom_event", "custom_event_property",
                "push_click", "iam_click",
            ])
    }

    @Test("the demo has each situation the timeline walks through")
    func situations() throws {
        let scenario = try DemoScenario.load().scenario
        let byID = Dictionary(uniqueKeysWithValues: scenario.triggers.map { ($0.id, $0) })
        // P4: two triggers match the latte purchase, with different priorities.
        #expect(byID["latte-loyalty"]?.priority == 5 && byID["thanks-any-purchase"]?.priority == 0)
        // E1: a delayed trigger.
        #expect(byID["pastry-upsell"]?.delay == 10)
        // L3: a failing image, a landscape-only message, a FULL without image, a control message, HTML.
        let failing = try #require(byID["winter-banner-broken"]?.message.imageURL)
        #expect(scenario.assets[failing]?.fails == true)
        #expect(byID["store-map-landscape"]?.message.orientation == .landscape)
        #expect(
            byID["full-menu-no-image"]?.message.kind == .full && byID["full-menu-no-image"]?.message.imageURL == nil)
        #expect(byID["control-group"]?.message.isControl == true)
        #expect(byID["winter-menu-push"]?.message.kind.isHTML == true)
        // T1: the follow-up listens to a button of latte-loyalty.
        #expect(byID["rewards-followup"]?.conditions == [.iamClick(messageID: "latte-loyalty", buttons: ["rewards"])])
        // The timeline: non-decreasing, about three and a half minutes, with the key actions.
        let times = scenario.timeline.map(\.at)
        #expect(times == times.sorted() && times.last == 215)
        let actions = Set(scenario.timeline.map(\.action.name))
        #expect(
            actions.isSuperset(of: [
                "launch", "purchase", "customEvent", "keyboard", "displayNext", "click",
                "delegate", "background", "foreground", "addLocal", "pushClick", "rotate", "dismiss",
            ]))
    }
}

@Suite("Loader at scale")
struct LoaderScaleTests {
    @Test("T6: a 5 MB scenario of 5,000 triggers and 10,000 steps loads in one go")
    func largeScenario() throws {
        let filter =
            #"{"property_key": "size", "property_type": "string", "comparator": 1, "property_value": "grande"}"#
        let triggers = (0..<5_000).map { index in
            trigger(
                "campaign-\(index)",
                conditions:
                    #"[{"type": "custom_event_property", "data": {"event_name": "event-\#(index % 50)", "property_filters": [[\#(filter), \#(filter)]]}}]"#,
                extra:
                    #""priority": \#(index % 7), "delay": 1, "timeout": 60000, "re_eligibility": 0, "x_sim": {"name": "Campaign number \#(index)"}"#,
                data:
                    #"{"type": "MODAL", "header": "Header \#(index)", "message": "A message body that is long enough to look like real copy, number \#(index).", "image_url": "https://cdn.example.com/\#(index).png", "btns": [{"id": 0, "text": "OK"}, {"id": 1, "text": "Go", "click_action": "URI", "uri": "app://x/\#(index)"}], "bg_color": -1, "extras": {"k": "v"}}"#
            )
        }
        let steps = (0..<10_000).map {
            #"{"at": \#($0), "do": "customEvent", "name": "event-\#($0 % 50)", "properties": {"size": "grande", "n": \#($0)}, "note": "step"}"#
        }
        let json = scenario(triggers, #""timeline": [\#(steps.joined(separator: ",\n"))]"#)
        #expect(json.utf8.count > 5_000_000)
        let loaded: LoadedScenario? = try load(json)
        #expect(loaded?.scenario.triggers.count == 5_000)
        #expect(loaded?.scenario.timeline.count == 10_000)
        #expect(loaded?.warnings.isEmpty == true)
    }
}
