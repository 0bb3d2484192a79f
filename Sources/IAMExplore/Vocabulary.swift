import IAMEngine

/// The scenario's own words, from which the search builds its moves (explore.md, "Moves"):
/// the events its triggers name, with property values at each filter's boundaries, the
/// products and push campaigns named, and the test sends its timeline holds.
struct Vocabulary: Sendable {
    /// A custom event or purchase the triggers name, with the property filters to satisfy or fail.
    struct Raised: Sendable {
        var kind: Event.Kind
        var name: String
        /// `nil`: no property conditions name this event.
        var filterSets: [(trigger: String, groups: FilterGroups)]
    }

    var raised: [Raised] = []
    /// Push campaigns named by `push_click` conditions and the timeline; `nil` is a push naming none.
    var pushes: [String?] = []
    /// Test sends of the timeline (TS1), once per id.
    var testSends: [(id: String?, message: Message)] = []
    /// The app's own answers the timeline sets (its `delegate` steps), once per answer: the app
    /// around the SDK as the scenario sets it, at any instant rather than only the timeline's.
    var appSteps: [(action: Action, words: String)] = []
    /// Property values the timeline's own events use, by key: tried as candidates too.
    var timelineValues: [String: [PropertyValue]] = [:]
    /// Move count cap per state for the vocabulary's events (a file of thousands of triggers
    /// still gives a bounded branching factor).
    static let maxEventMoves = 48

    init(_ scenario: Scenario) {
        var customIndex: [String: Int] = [:]
        var purchaseIndex: [String: Int] = [:]
        func add(_ kind: Event.Kind, _ name: String, trigger: String?, groups: FilterGroups?) {
            let known = kind == .purchase ? purchaseIndex[name] : customIndex[name]
            let index = known ?? raised.count
            if known == nil {
                raised.append(Raised(kind: kind, name: name, filterSets: []))
                if kind == .purchase { purchaseIndex[name] = index } else { customIndex[name] = index }
            }
            if let trigger, let groups { raised[index].filterSets.append((trigger, groups)) }
        }
        var pushSeen: Set<String> = []
        var anyPurchase = false
        for trigger in scenario.triggers {
            for condition in trigger.conditions {
                switch condition {
                case .customEvent(let name): add(.customEvent, name, trigger: nil, groups: nil)
                case .customEventProperty(let name, let groups):
                    add(.customEvent, name, trigger: trigger.id, groups: groups)
                case .purchase(let product):
                    if let product { add(.purchase, product, trigger: nil, groups: nil) } else { anyPurchase = true }
                case .purchaseProperty(let product, let groups):
                    add(.purchase, product, trigger: trigger.id, groups: groups)
                case .pushClick(let campaign):
                    if let campaign, pushSeen.insert(campaign).inserted { pushes.append(campaign) }
                default: break
                }
            }
        }
        var testSeen: Set<String> = []
        for step in scenario.timeline {
            switch step.action {
            case .customEvent(let name, let properties):
                if customIndex[name] == nil { add(.customEvent, name, trigger: nil, groups: nil) }
                remember(properties)
            case .purchase(let product, let properties):
                if purchaseIndex[product] == nil { add(.purchase, product, trigger: nil, groups: nil) }
                remember(properties)
            case .pushClick(let campaign?):
                if pushSeen.insert(campaign).inserted { pushes.append(campaign) }
            case .testSend(let id, let message):
                if testSeen.insert(id ?? "").inserted { testSends.append((id, message)) }
            case .delegate(let delegate):
                if !appSteps.contains(where: { $0.words == delegate.words }) {
                    appSteps.append((step.action, delegate.words))
                }
            default: break
            }
        }
        // "and none": a purchase of a product no condition names.
        if anyPurchase || !purchaseIndex.isEmpty {
            var other = "other-product"
            while purchaseIndex[other] != nil { other += "-x" }
            add(.purchase, other, trigger: nil, groups: nil)
        }
        // A push that names no campaign (or one no condition names).
        pushes.append(nil)
    }

    private mutating func remember(_ properties: [String: PropertyValue]) {
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
            var values = timelineValues[key] ?? []
            if !values.contains(value), values.count < 8 { values.append(value) }
            timelineValues[key] = values
        }
    }

    /// The events to raise at `unixNow`: each event plain, and for each trigger with property
    /// filters an event that passes all of them together and events that fail each group in turn.
    /// `contrast`: the other platforms searched beside this one; for each filter, an event that
    /// this platform's reading passes and another's fails (or the reverse), judged by the
    /// engine's filter evaluation under each policy.
    func events(unixNow: Double, policy: FilterPolicy, contrast: [FilterPolicy] = []) -> [(action: Action, why: String)]
    {
        var out: [(Action, String)] = []
        func action(_ raised: Raised, _ properties: [String: PropertyValue]) -> Action {
            raised.kind == .purchase
                ? .purchase(productID: raised.name, properties: properties)
                : .customEvent(name: raised.name, properties: properties)
        }
        func label(_ raised: Raised) -> String {
            raised.kind == .purchase
                ? "a purchase of " + TraceFormat.visible(raised.name)
                : "the event " + TraceFormat.visible(raised.name)
        }
        for raised in raised {
            out.append((action(raised, [:]), label(raised) + " with no properties"))
            for (trigger, groups) in raised.filterSets {
                let values = FilterValues(timelineValues: timelineValues, unixNow: unixNow, policy: policy)
                guard let passing = values.passing(groups) else { continue }
                out.append(
                    (
                        action(raised, passing),
                        label(raised) + " with properties that pass every filter of " + TraceFormat.visible(trigger)
                    ))
                for (properties, filter) in values.parting(groups, from: passing, contrast: contrast) {
                    out.append(
                        (
                            action(raised, properties),
                            label(raised) + " whose value for " + TraceFormat.visible(trigger) + "'s filter "
                                + Condition.words(filter) + " one platform's reading passes and another's fails"
                        ))
                }
                for (properties, filter) in values.failing(groups, from: passing) {
                    out.append(
                        (
                            action(raised, properties),
                            label(raised) + " that fails " + TraceFormat.visible(trigger) + "'s filter "
                                + Condition.words(filter)
                        ))
                }
            }
        }
        var seen: [Action] = []
        var unique: [(action: Action, why: String)] = []
        for (action, why) in out where !seen.contains(action) {
            seen.append(action)
            unique.append((action, why))
            if unique.count == Self.maxEventMoves { break }
        }
        return unique
    }
}

/// Candidate values for property filters, judged by the engine's own filter evaluation under
/// the platform's policy: the search never restates what a filter accepts.
struct FilterValues {
    var timelineValues: [String: [PropertyValue]]
    var unixNow: Double
    var policy: FilterPolicy

    /// Values at the filter's boundaries: equal, each side, empty, the wrong type, absent (`nil`).
    func candidates(_ filter: PropertyFilter) -> [PropertyValue?] {
        var values: [PropertyValue?] = []
        switch filter.value {
        case .string(let text):
            values += [.string(text), .string(text + "-x"), .string(""), .string(text.uppercased())]
            let literal = String(text.unicodeScalars.filter { !"^$.*+?()[]{}|\\".unicodeScalars.contains($0) })
            values += [.string(literal), .string(literal.uppercased()), .number(1)]
        case .number(let n):
            if filter.type == .date {
                let relative: Set<Comparator> = [
                    .lessThanSecondsAgo, .moreThanSecondsAgo, .inLessThanSeconds, .inMoreThanSeconds,
                ]
                let center =
                    relative.contains(filter.comparator)
                    ? ([.inLessThanSeconds, .inMoreThanSeconds].contains(filter.comparator) ? unixNow + n : unixNow - n)
                    : n
                values += [.date(center), .date(center - 1), .date(center + 1), .string(TraceFormat.number(center))]
            } else {
                values += [.number(n), .number(n - 1), .number(n + 1), .string(TraceFormat.number(n))]
            }
        case .bool(let flag):
            values += [.bool(flag), .bool(!flag), .string(flag ? "true" : "false")]
        case .date(let time):
            values += [.date(time), .date(time - 1), .date(time + 1)]
        default:
            values += [.string("x"), .number(1), .bool(true)]
        }
        if filter.type == .boolean { values += [.bool(true), .bool(false)] }
        values += (timelineValues[filter.key] ?? []).map { $0 }
        values.append(nil)
        return values
    }

    private func set(_ key: String, _ value: PropertyValue?, in properties: [String: PropertyValue])
        -> [String: PropertyValue]
    {
        var properties = properties
        properties[key] = value
        return properties
    }

    /// Properties that pass every group (AND of groups, OR within one), built group by group;
    /// `nil` when no candidate value makes some group pass.
    func passing(_ groups: FilterGroups) -> [String: PropertyValue]? {
        var properties: [String: PropertyValue] = [:]
        for (index, group) in groups.enumerated() {
            let sofar = groups[...index]
            if sofar.pass(properties, unixNow: unixNow, policy: policy) { continue }
            var found = false
            search: for filter in group {
                for value in candidates(filter) {
                    let trial = set(filter.key, value, in: properties)
                    if sofar.pass(trial, unixNow: unixNow, policy: policy) {
                        properties = trial
                        found = true
                        break search
                    }
                }
            }
            if !found { return nil }
        }
        return groups.pass(properties, unixNow: unixNow, policy: policy) ? properties : nil
    }

    /// For each filter, `passing` changed to the first candidate value that this platform's
    /// policy and one of `contrast` judge differently (the whole groups, each by the engine).
    func parting(_ groups: FilterGroups, from passing: [String: PropertyValue], contrast: [FilterPolicy]) -> [(
        [String: PropertyValue], PropertyFilter
    )] {
        guard !contrast.isEmpty else { return [] }
        var out: [([String: PropertyValue], PropertyFilter)] = []
        for group in groups {
            for filter in group {
                for value in candidates(filter) {
                    let trial = set(filter.key, value, in: passing)
                    let here = groups.pass(trial, unixNow: unixNow, policy: policy)
                    if contrast.contains(where: { groups.pass(trial, unixNow: unixNow, policy: $0) != here }) {
                        out.append((trial, filter))
                        break
                    }
                }
            }
        }
        return out
    }

    /// For each filter, `passing` changed so that the filter's group fails on it: with a value
    /// of the filter's own type, and with the wrong type (the most common real cause).
    func failing(_ groups: FilterGroups, from passing: [String: PropertyValue]) -> [(
        [String: PropertyValue], PropertyFilter
    )] {
        var out: [([String: PropertyValue], PropertyFilter)] = []
        for group in groups {
            for filter in group {
                var variants = 0
                for value in candidates(filter) {
                    let trial = set(filter.key, value, in: passing)
                    guard !filter.passes(trial, unixNow: unixNow, policy: policy),
                        !groups.pass(trial, unixNow: unixNow, policy: policy)
                    else { continue }
                    out.append((trial, filter))
                    variants += 1
                    if variants == 2 { break }
                }
            }
        }
        return out
    }
}
