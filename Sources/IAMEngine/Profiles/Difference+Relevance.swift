/// Which rows a scenario can exercise at all, read from what it holds: compare tries a row by
/// running the scenario again under it, so a row that reads something the scenario never has
/// (a delay, a click condition, a `null` re-eligibility, a push open) is not run. Conservative:
/// a row not listed here is always tried.
struct ScenarioTraits: Sendable {
    var hasDelay = false
    var hasClickConditions = false
    var hasNullReEligibility = false
    var hasUnsupportedType = false
    var hasRefusedMessage = false
    var hasPushOpen = false
    var hasCampaignStep = false
    var hasUnsafeName = false
    /// X40: a `changeUser` step.
    var hasUserChange = false
    /// X41: the app uses scenes (settings or an integration step).
    var hasScenes = false
    /// X44: a trigger whose templating aborts.
    var hasTemplating = false
    /// X43: an event with properties or a purchase (what a limit can refuse).
    var hasEventProperties = false
    /// X29: a `launch` after the first one.
    var hasRelaunch = false
    /// X30: a pause between two steps longer than the shortest session timeout a platform has.
    var hasIdleGap = false
    /// X33: an event raised while a sync may be in flight (within its latency after a launch or
    /// a foreground).
    var hasEventDuringSync = false

    init(_ scenario: Scenario) {
        var triggers = scenario.triggers
        var launches = 0
        var previous: Double?
        var syncFrom: Double?
        let ownTimeouts = scenario.settings.platforms.values.compactMap(\.sessionTimeout)
        let timeout = ([scenario.settings.sessionTimeout ?? 10, 10] + ownTimeouts).min() ?? 10
        let latency = scenario.settings.network.syncLatency
        for step in scenario.timeline {
            if let previous, step.at - previous > timeout { hasIdleGap = true }
            previous = step.at
            switch step.action {
            case .launch, .foreground:
                if case .launch = step.action { launches += 1 }
                syncFrom = step.at
            case .customEvent, .purchase, .pushClick:
                if let from = syncFrom, step.at <= from + latency { hasEventDuringSync = true }
            default: break
            }
            switch step.action {
            case .addCampaign(let trigger, _, _):
                triggers.append(trigger)
                hasCampaignStep = true
            case .campaign: hasCampaignStep = true
            case .changeUser: hasUserChange = true
            case .integration(let change): if change.scenes == true { hasScenes = true }
            case .pushClick, .unforwardedPushClick: hasPushOpen = true
            case .customEvent(let name, let properties):
                if !properties.isEmpty { hasEventProperties = true }
                if Event(kind: .customEvent, name: name, properties: properties).refusedName != nil {
                    hasUnsafeName = true
                }
            case .purchase(let product, let properties):
                hasEventProperties = true
                if Event(kind: .purchase, name: product, properties: properties).refusedName != nil {
                    hasUnsafeName = true
                }
            default: break
            }
        }
        hasRelaunch = launches > 1
        if scenario.settings.integration.scenes { hasScenes = true }
        for trigger in triggers {
            if trigger.delay > 0 { hasDelay = true }
            if trigger.reEligibilityIsNull { hasNullReEligibility = true }
            if trigger.message.unsupportedType != nil { hasUnsupportedType = true }
            if trigger.message.refusal != nil { hasRefusedMessage = true }
            if trigger.templating != nil { hasTemplating = true }
            for condition in trigger.conditions {
                switch condition {
                case .iamClick, .pushClick: hasClickConditions = true
                default: break
                }
            }
        }
    }

    /// Whether `row` can change anything in this scenario (its declaration names the trait).
    func mayMatter(_ row: Difference) -> Bool {
        row.row.matters.map { self[keyPath: $0] } ?? true
    }
}
