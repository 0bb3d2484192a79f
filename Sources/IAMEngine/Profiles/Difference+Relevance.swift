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
    /// X7: a number filter with comparator 4 or 6 (seconds ago), the only ones it reads.
    var hasRelativeNumberFilter = false
    /// X8, R3: a regex filter (comparator 10 or 17, or a pattern).
    var hasRegexFilter = false
    /// X9: an empty `property_filters` array.
    var hasEmptyFilters = false
    /// X19: a purchase condition with `product_id` "".
    var hasEmptyProductID = false
    /// X21: an event property whose value is `null`.
    var hasNullValue = false
    /// X22: an integer property beyond 32 bits.
    var hasBigInteger = false
    /// X23: a date filter.
    var hasDateFilter = false
    /// X24: a date filter, or a date value (a string filter may read it as text).
    var hasDates = false
    /// X25: a filter the dashboard does not send, or a number filter with comparator 15 or 16.
    var hasUnsentFilter = false
    /// B3, B4: a bridge (in the settings or an `integration` step).
    var hasBridge = false
    /// TS2: a `testSend` step.
    var hasTestSend = false
    /// SC2: a `screen` step (no screen is in front without one).
    var hasScreenStep = false
    /// X6: a `displayNext` step.
    var hasDisplayNext = false
    /// X20: a launch that may find a last trigger time (a second launch, a reset, or a run
    /// from an `initial` state).
    var hasLaunchAfterTrigger = false
    /// I2: a moment nothing presents (no UI, or the Web SDK with neither automatic display nor
    /// a subscriber), in the settings or by an `integration` step.
    var hasNoPresenter = false
    /// X54: a step that takes the screen away (`background`, `rotate`, `device`).
    var hasScreenChange = false
    /// X56, X57: a `click` step.
    var hasClick = false
    /// X58: two messages that may be on screen together (two triggers, or a local message).
    var hasSeveralMessages = false
    /// X59: a message without `message_close`.
    var hasDefaultClose = false
    /// X60: an auto-dismiss duration under 999 ms.
    var hasShortDuration = false

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
            case .integration(let change):
                if change.scenes == true { hasScenes = true }
                if change.bridge != nil { hasBridge = true }
                if change.ui != nil || change.web != nil { hasNoPresenter = true }
            case .displayNext: hasDisplayNext = true
            case .background, .rotate, .deviceKind: hasScreenChange = true
            case .click: hasClick = true
            case .addLocal: hasSeveralMessages = true
            case .reset: hasLaunchAfterTrigger = true
            case .testSend: hasTestSend = true
            case .screen: hasScreenStep = true
            case .pushClick, .unforwardedPushClick: hasPushOpen = true
            case .customEvent(let name, let properties):
                if !properties.isEmpty { hasEventProperties = true }
                note(properties)
                if Event(kind: .customEvent, name: name, properties: properties).refusedName != nil {
                    hasUnsafeName = true
                }
            case .purchase(let product, let properties):
                hasEventProperties = true
                note(properties)
                if Event(kind: .purchase, name: product, properties: properties).refusedName != nil {
                    hasUnsafeName = true
                }
            default: break
            }
        }
        hasRelaunch = launches > 1
        if hasRelaunch || scenario.initial != nil { hasLaunchAfterTrigger = true }
        let integration = scenario.settings.integration
        if integration.ui == .none || !(integration.web.automaticallyShow || !integration.web.subscribers.isEmpty) {
            hasNoPresenter = true
        }
        if scenario.settings.integration.scenes { hasScenes = true }
        if scenario.settings.integration.bridge != nil { hasBridge = true }
        hasSeveralMessages = triggers.count > 1
        for trigger in triggers {
            if !trigger.message.closeGiven { hasDefaultClose = true }
            if trigger.message.duration < 999 { hasShortDuration = true }
            if trigger.delay > 0 { hasDelay = true }
            if trigger.reEligibilityIsNull { hasNullReEligibility = true }
            if trigger.message.unsupportedType != nil { hasUnsupportedType = true }
            if trigger.message.refusal != nil { hasRefusedMessage = true }
            if trigger.templating != nil { hasTemplating = true }
            for condition in trigger.conditions {
                switch condition {
                case .iamClick, .pushClick: hasClickConditions = true
                case .purchase(let product): if product == "" { hasEmptyProductID = true }
                case .purchaseProperty(_, let filters), .customEventProperty(_, let filters): note(filters)
                default: break
                }
            }
        }
        if hasDateFilter { hasDates = true }
    }

    /// The values an event carries that a filter row reads (X21, X22, X24).
    private mutating func note(_ properties: [String: PropertyValue]) {
        for value in properties.values {
            switch value {
            case .null: hasNullValue = true
            case .bigInteger: hasBigInteger = true
            case .date: hasDates = true
            default: break
            }
        }
    }

    /// The filters a row reads (X7, X8, X9, X23, X25).
    private mutating func note(_ filters: FilterGroups) {
        if filters.isEmpty { hasEmptyFilters = true }
        for group in filters {
            for filter in group {
                switch filter.comparator {
                case .matchesRegex, .doesNotMatchRegex: hasRegexFilter = true
                case .lessThanSecondsAgo, .moreThanSecondsAgo:
                    if filter.type == .number { hasRelativeNumberFilter = true }
                case .inLessThanSeconds, .inMoreThanSeconds:
                    if filter.type == .number { hasUnsentFilter = true }
                default: break
                }
                if filter.pattern != nil { hasRegexFilter = true }
                if filter.isUnsupported { hasUnsentFilter = true }
                if filter.type == .date { hasDateFilter = true }
            }
        }
    }

    /// Whether `row` can change anything in this scenario (its declaration names the trait).
    func mayMatter(_ row: Difference) -> Bool {
        row.row.matters.map { self[keyPath: $0] } ?? true
    }
}
