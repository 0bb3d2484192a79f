import IAMEngine
import IAMScenario

/// `iamterm check`: after the `ok` line, a short account of what the file was understood to
/// hold, so that a user who pasted a payload sees that nothing was dropped silently: its shape,
/// the triggers and their conditions in words, the messages by type, the assets, the timeline
/// when it is the default one, and every field kept but not simulated, once each.
enum CheckSummary {
    static func lines(_ loaded: LoadedScenario) -> [String] {
        let scenario = loaded.scenario
        var lines: [String] = []
        lines.append("  holds: " + (loaded.shape == .scenario ? "a scenario" : loaded.shape.rawValue))
        lines.append("  triggers:")
        for trigger in scenario.triggers {
            var head = "    " + TraceFormat.visible(trigger.id)
            if let campaign = CampaignID.of(trigger.id) { head += " (campaign " + TraceFormat.visible(campaign) + ")" }
            var facts: [String] = []
            if trigger.priority != 0 { facts.append("priority \(trigger.priority)") }
            if trigger.delay > 0 { facts.append("delay \(TraceFormat.number(trigger.delay)) s") }
            if trigger.timeout >= 0 { facts.append("timeout \(TraceFormat.number(trigger.timeout)) ms") }
            if !facts.isEmpty { head += " [" + facts.joined(separator: ", ") + "]" }
            let conditions = trigger.conditions.map(\.words).joined(separator: " or ")
            lines.append(head + ": " + (conditions.isEmpty ? "no conditions (never fires)" : conditions))
        }
        lines.append("  messages: " + messageCounts(scenario.triggers))
        let assets = assetList(scenario.triggers)
        lines.append("  assets: " + (assets.isEmpty ? "none" : assets.joined(separator: ", ")))
        lines += appLines(scenario)
        if loaded.shape.isBrazeOnly {
            let steps = scenario.timeline.map { step in
                TraceFormat.number(step.at) + " " + stepWords(step.action)
            }
            lines.append("  default timeline: " + steps.joined(separator: "; "))
        }
        if !loaded.expectations.isEmpty {
            let count = loaded.expectations.count
            lines.append(
                "  expect: \(count) expectation\(count == 1 ? "" : "s") (iamterm test checks them): "
                    + loaded.expectations.prefix(5).map(\.text).map(TraceFormat.visible).joined(separator: ", ")
                    + (count > 5 ? ", and \(count - 5) more" : ""))
        }
        if !loaded.ignoredFields.isEmpty {
            lines.append(
                "  kept, not simulated: " + loaded.ignoredFields.map(TraceFormat.visible).joined(separator: ", "))
        }
        return lines
    }

    /// The app around the SDK (integration.md), when the file sets it up: the presenter, the
    /// screens, test sends, the initial state, and the timeline steps that change the app, each
    /// with the records it will make under the file's platform. Nothing when the file has none.
    static func appLines(_ scenario: Scenario) -> [String] {
        let settings = scenario.settings
        let profile = settings.profile
        func answer(_ row: Difference) -> String {
            let given = profile.answer(row)
            return "\(row.rawValue) on \(profile.name) (\(given.confidence.rawValue)): \(given.summary)"
        }
        var lines: [String] = []
        var steps: [String: Int] = [:]
        for step in scenario.timeline {
            switch step.action {
            case .integration: steps["integration", default: 0] += 1
            case .screen: steps["screen", default: 0] += 1
            case .testSend: steps["testSend", default: 0] += 1
            case .unforwardedPushClick: steps["pushClick", default: 0] += 1
            case .appImpression: steps["appImpression", default: 0] += 1
            case .bridge: steps["bridge", default: 0] += 1
            case .showInAppMessage, .deferInAppMessage, .showDeferred: steps["webDisplay", default: 0] += 1
            case .addCampaign: steps["addCampaign", default: 0] += 1
            case .changeUser: steps["changeUser", default: 0] += 1
            default: break
            }
        }
        let integration = settings.integration
        if integration != Integration() || steps["integration"] != nil {
            let presenter: String =
                switch integration.ui {
                case .default: "UI default: the SDK's own UI presents (I1)"
                case .none: "UI none: nothing presents messages; " + answer(.i2)
                case .custom:
                    "UI custom: messages are handed_to_app custom_ui (I3), impressions "
                        + integration.impressions.rawValue
                }
            var parts = [presenter]
            // B1–B4, I4: the bridge and the Web SDK's display, as the integration record words them.
            if let bridge = integration.bridge { parts.append(TraceFormat.visible(bridge.summary)) }
            if integration.web != WebDisplay() { parts.append(TraceFormat.visible(integration.web.summary)) }
            lines.append("  app around the SDK: " + parts.joined(separator: "; "))
        }
        if !settings.screens.isEmpty {
            let screens = settings.screens.keys.sorted().map { name -> String in
                let screen = settings.screens[name]!
                var facts: [String] = []
                if !screen.registered { facts.append("not registered: " + answer(.sc2)) }
                if let choice = screen.delegate { facts.append("its delegate answers " + choice.rawValue + " (SC1)") }
                return TraceFormat.visible(name) + (facts.isEmpty ? "" : " (" + facts.joined(separator: "; ") + ")")
            }
            lines.append("  screens: " + screens.joined(separator: ", "))
        }
        if let sends = steps["testSend"] {
            let record = settings.testSends == .atOnce ? "test_send received" : "test_send waiting"
            // The app's eager-display setting, where the version reads it, decides over the default.
            let setting =
                settings.profile.readsTestEagerDisplay
                ? settings.platforms[settings.profile.platform]?.testEagerDisplay.map {
                    " (the app's setting testEagerDisplay is \($0 ? "on" : "off"), which decides)"
                } ?? "" : ""
            lines.append("  test sends: \(sends), each a \(record) record; " + answer(.ts2) + setting)
        }
        let changes: [(step: String, words: String)] = [
            ("integration", "integration (app integration)"), ("screen", "screen (app screen)"),
            ("pushClick", "pushClick not reaching the SDK (app push_not_forwarded, TS4)"),
            ("appImpression", "appImpression (app impression, I3)"),
            ("bridge", "bridge (app integration, B1-B4)"),
            ("webDisplay", "showInAppMessage, deferInAppMessage or showDeferred (offered manual or deferred, I4)"),
            ("addCampaign", "campaign with a trigger (app campaign added on the server, SV2)"),
            ("changeUser", "changeUser (user_changed, R11; " + answer(.x40) + ")"),
        ]
        let counted = changes.compactMap { change in steps[change.step].map { "\($0) " + change.words } }
        if !counted.isEmpty { lines.append("  timeline steps of the app: " + counted.joined(separator: ", ")) }
        if let initial = scenario.initial {
            var facts = [
                "\(initial.cachedTriggers.count) cached trigger\(initial.cachedTriggers.count == 1 ? "" : "s")"
            ]
            if let last = initial.lastTriggerAt { facts.append("last trigger at " + TraceFormat.number(last) + " s") }
            if !initial.performed.isEmpty { facts.append("\(initial.performed.count) performed before (P3)") }
            lines.append("  initial: mid-session (app initial, SV3): " + facts.joined(separator: ", "))
        }
        return lines
    }

    /// `2 MODAL, 1 HTML` in the order of `Message.Kind`.
    static func messageCounts(_ triggers: [Trigger]) -> String {
        let counts = Message.Kind.allCases.compactMap { kind -> String? in
            let count = triggers.filter { $0.message.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        let controls = triggers.filter(\.message.isControl).count
        return (counts.isEmpty ? "none" : counts.joined(separator: ", "))
            + (controls > 0 ? " (\(controls) control)" : "")
    }

    /// Every asset a message waits for (D2, L3 step 7), once, in file order.
    static func assetList(_ triggers: [Trigger]) -> [String] {
        var seen: Set<String> = []
        var urls: [String] = []
        for trigger in triggers {
            for url in trigger.message.requiredAssets where seen.insert(url).inserted {
                urls.append(TraceFormat.visible(url))
            }
        }
        return urls
    }

    /// A step of the default timeline: the action's words (`Action.words`), with values.
    static func stepWords(_ action: Action) -> String { action.words(values: true, clean: TraceFormat.visible) }
}
