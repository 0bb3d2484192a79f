import IAMEngine

/// The scenario's own words, from which the search builds its moves (explore.md, "Moves"):
/// the events its triggers name, with property values at each filter's boundaries, the
/// products and push campaigns named, and the test sends its timeline holds.
struct Vocabulary: Sendable {
    /// A custom event or purchase the triggers name, with the property filters to satisfy or fail.
    struct Raised: Sendable {
        var kind: Event.Kind
        var name: String
        /// Empty: no property conditions name this event.
        var filterSets: [FilterSet]
        /// Whether some filter set reads the instant (its events are built again at each one).
        var timed: Bool { filterSets.contains(where: \.timed) }
    }

    /// One trigger's property filters on one event, with what the search reads of them once.
    struct FilterSet: Sendable {
        var trigger: String
        var groups: FilterGroups
        /// Each key's groups (ascending, each once): changing one property re-judges only these.
        var byKey: [String: [Int]]
        /// A filter reads the instant (a date, a relative comparator, one the dashboard does not
        /// send): the events that pass or fail it depend on when they are raised.
        var timed: Bool
        /// Filters in all its groups.
        var filterCount: Int

        init(trigger: String, groups: FilterGroups) {
            self.trigger = trigger
            self.groups = groups
            var byKey: [String: [Int]] = [:]
            var timed = false
            var count = 0
            let relative: Set<Comparator> = [
                .lessThanSecondsAgo, .moreThanSecondsAgo, .inLessThanSeconds, .inMoreThanSeconds,
            ]
            for (index, group) in groups.enumerated() {
                for filter in group {
                    count += 1
                    if byKey[filter.key]?.last != index { byKey[filter.key, default: []].append(index) }
                    if filter.type == .date || relative.contains(filter.comparator) || filter.unsupported != nil {
                        timed = true
                    }
                }
            }
            self.byKey = byKey
            self.timed = timed
            filterCount = count
        }
    }

    /// The events of one name to raise at one instant, and the filters whose events were cut.
    struct Events: Sendable {
        var list: [(action: Action, why: String)] = []
        /// Trigger id → how many of its filters got no event of their own (the cap).
        var leftOut: [String: Int] = [:]
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
    /// Events with properties per event name (besides the plain one), at most: a filter of
    /// thousands of groups still gives a bounded branching factor and memory (each event
    /// carries a value for every key). Every event name is a move; the filters whose events
    /// this cuts are named in the report, which is then not complete.
    static let maxVariantsPerEvent = 48

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
            if let trigger, let groups { raised[index].filterSets.append(FilterSet(trigger: trigger, groups: groups)) }
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

    /// The events of `raised[index]` to raise at `unixNow`: the event plain, and for each trigger
    /// with property filters an event that passes all of them together and events that fail
    /// each filter in turn, at most `maxVariantsPerEvent`. `contrast`: the other platforms
    /// searched beside this one; for each filter, an event that this platform's reading passes
    /// and another's fails (or the reverse), judged by the engine's filter evaluation under each
    /// policy. Each filter group judged is work on `meter`; when it says stop, the list is cut.
    func events(
        of index: Int, unixNow: Double, policy: FilterPolicy, contrast: [FilterPolicy] = [], meter: Meter?
    ) -> Events {
        let raised = raised[index]
        var out = Events()
        func action(_ properties: [String: PropertyValue]) -> Action {
            raised.kind == .purchase
                ? .purchase(productID: raised.name, properties: properties)
                : .customEvent(name: raised.name, properties: properties)
        }
        let label =
            raised.kind == .purchase
            ? "a purchase of " + TraceFormat.visible(raised.name)
            : "the event " + TraceFormat.visible(raised.name)
        out.list.append((action([:]), label + " with no properties"))
        var room = Self.maxVariantsPerEvent
        func keep(_ properties: [String: PropertyValue], _ why: String) {
            let action = action(properties)
            guard !out.list.contains(where: { $0.action == action }) else { return }
            out.list.append((action, why))
            room -= 1
        }
        for set in raised.filterSets {
            let values = FilterValues(timelineValues: timelineValues, unixNow: unixNow, policy: policy, meter: meter)
            guard room > 0 else {
                out.leftOut[set.trigger, default: 0] += set.filterCount
                continue
            }
            guard let passing = values.passing(set) else { continue }
            keep(passing, label + " with properties that pass every filter of " + TraceFormat.visible(set.trigger))
            var tried = 0
            for (properties, filter) in values.parting(set, from: passing, contrast: contrast, room: room) {
                keep(
                    properties,
                    label + " whose value for " + TraceFormat.visible(set.trigger) + "'s filter "
                        + Condition.words(filter) + " one platform's reading passes and another's fails")
            }
            let failing = values.failing(set, from: passing, room: room)
            for (properties, filter) in failing.variants {
                keep(
                    properties,
                    label + " that fails " + TraceFormat.visible(set.trigger) + "'s filter " + Condition.words(filter))
            }
            tried = failing.tried
            if tried < set.filterCount { out.leftOut[set.trigger, default: 0] += set.filterCount - tried }
        }
        return out
    }
}

/// Candidate values for property filters, judged by the engine's own filter evaluation under
/// the platform's policy: the search never restates what a filter accepts.
struct FilterValues {
    var timelineValues: [String: [PropertyValue]]
    var unixNow: Double
    var policy: FilterPolicy
    /// Where each group judged is counted (and the clock asked); `nil`: not metered.
    var meter: Meter?

    init(timelineValues: [String: [PropertyValue]], unixNow: Double, policy: FilterPolicy, meter: Meter? = nil) {
        self.timelineValues = timelineValues
        self.unixNow = unixNow
        self.policy = policy
        self.meter = meter
    }

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

    /// Whether one group passes (OR of its filters) under `policy`, as the engine judges it; a
    /// piece of work on the meter. False once the meter says stop.
    private func groupPasses(_ group: [PropertyFilter], _ properties: [String: PropertyValue], _ policy: FilterPolicy)
        -> Bool
    {
        if let meter, meter.spend() { return false }
        return group.contains { $0.passes(properties, unixNow: unixNow, policy: policy) }
    }

    /// Whether every group passes on `trial`, which differs from properties on which exactly the
    /// groups `failing` fail only at `key`: only the groups that read `key` are judged again, so
    /// the cost is the groups sharing the key, not all of them (T3: AND of groups).
    private func passesAll(
        _ set: Vocabulary.FilterSet, _ trial: [String: PropertyValue], changed key: String, failing: Set<Int>,
        _ policy: FilterPolicy
    ) -> Bool {
        let touched = set.byKey[key] ?? []
        if !failing.isEmpty {
            var failingTouched = 0
            for index in touched where failing.contains(index) { failingTouched += 1 }
            guard failingTouched == failing.count else { return false }
        }
        for index in touched where !groupPasses(set.groups[index], trial, policy) { return false }
        return true
    }

    /// Properties that pass every group (AND of groups, OR within one), built group by group;
    /// `nil` when no candidate value makes some group pass. A value tried for a group re-judges
    /// only the earlier groups that read its key: linear in the groups when their keys differ.
    func passing(_ set: Vocabulary.FilterSet) -> [String: PropertyValue]? {
        let groups = set.groups
        var properties: [String: PropertyValue] = [:]
        for index in groups.indices {
            // The groups before `index` pass on `properties`.
            if groupPasses(groups[index], properties, policy) { continue }
            var found = false
            // Each value is tried in place and put back when it fails: a copy of the properties
            // per value would cost their number (quadratic over the groups).
            search: for filter in groups[index] {
                let earlier = (set.byKey[filter.key] ?? []).prefix { $0 < index }
                let old = properties[filter.key]
                for value in candidates(filter) {
                    properties[filter.key] = value
                    if groupPasses(groups[index], properties, policy),
                        earlier.allSatisfy({ groupPasses(groups[$0], properties, policy) })
                    {
                        found = true
                        break search
                    }
                }
                properties[filter.key] = old
            }
            if !found || meter?.stopped == true { return nil }
        }
        if let meter, meter.spend(groups.count) { return nil }
        return groups.pass(properties, unixNow: unixNow, policy: policy) ? properties : nil
    }

    /// For each filter, `passing` changed to the first candidate value that this platform's
    /// policy and one of `contrast` judge differently (the whole groups, each by the engine), at
    /// most `room` of them.
    func parting(
        _ set: Vocabulary.FilterSet, from passing: [String: PropertyValue], contrast: [FilterPolicy], room: Int
    ) -> [([String: PropertyValue], PropertyFilter)] {
        guard !contrast.isEmpty, room > 0 else { return [] }
        // The groups each other reading fails on `passing` (this one's: none).
        let failingUnder = contrast.map { policy in
            Set(set.groups.indices.filter { !groupPasses(set.groups[$0], passing, policy) })
        }
        var out: [([String: PropertyValue], PropertyFilter)] = []
        // Values tried in place on one copy, put back after each; copied only when kept.
        var trial = passing
        for group in set.groups {
            for filter in group {
                defer { trial[filter.key] = passing[filter.key] }
                for value in candidates(filter) {
                    if meter?.stopped == true { return out }
                    trial[filter.key] = value
                    let here = passesAll(set, trial, changed: filter.key, failing: [], policy)
                    if contrast.indices.contains(where: {
                        passesAll(set, trial, changed: filter.key, failing: failingUnder[$0], contrast[$0]) != here
                    }) {
                        out.append((trial, filter))
                        if out.count == room { return out }
                        break
                    }
                }
            }
        }
        return out
    }

    /// For each filter, `passing` changed so that the filter's group fails on it: with a value
    /// of the filter's own type, and with the wrong type (the most common real cause); at most
    /// `room` of them, and how many filters were tried before the room ran out.
    func failing(_ set: Vocabulary.FilterSet, from passing: [String: PropertyValue], room: Int) -> (
        variants: [([String: PropertyValue], PropertyFilter)], tried: Int
    ) {
        var out: [([String: PropertyValue], PropertyFilter)] = []
        var tried = 0
        // Values tried in place on one copy, put back after each; copied only when kept.
        var trial = passing
        for group in set.groups {
            for filter in group {
                guard out.count < room, meter?.stopped != true else { return (out, tried) }
                tried += 1
                var variants = 0
                defer { trial[filter.key] = passing[filter.key] }
                for value in candidates(filter) {
                    trial[filter.key] = value
                    guard !filter.passes(trial, unixNow: unixNow, policy: policy),
                        !passesAll(set, trial, changed: filter.key, failing: [], policy)
                    else { continue }
                    out.append((trial, filter))
                    variants += 1
                    if variants == 2 || out.count == room { break }
                }
            }
        }
        return (out, tried)
    }
}
