/// T6: the delivered trigger set, indexed by event kind and name so that an event is compared
/// only with the triggers that can match it.
public struct TriggerSet: Sendable {
    public private(set) var triggers: [Trigger] = []
    /// What P1 and P4 read of each trigger, by position: matching reads this short contiguous
    /// list instead of the triggers themselves.
    package private(set) var gates: [Gates] = []
    /// Every trigger's conditions in one list, in delivered order, and where each trigger's lie:
    /// matching reads them here, without touching the trigger (a cache miss per candidate in a
    /// large set).
    private var conditions: [Condition] = []
    private var conditionRuns: [ConditionRun] = []

    /// Where a trigger's conditions lie in `conditions`, and whether one has a filter the engine
    /// cannot evaluate (T4), a regex for the backtracking matcher or one JavaScript refuses
    /// (R3): what matching reads of every candidate, in twelve bytes.
    private struct ConditionRun: Sendable {
        var run: Run
        var hasUnsupportedFilter: Bool
        var hasBacktrackingFilter: Bool
        var hasJavaScriptErrorFilter: Bool
    }
    /// Every key's positions, one ascending run per key, in one list.
    private var positions: [Int32] = []
    /// Key → its run of `positions`. Answers every lookup the fast table cannot.
    private var runs: [Key: Run] = [:]
    /// The named runs again, hashed over the name's bytes (`KeyTable`).
    private var table: KeyTable?
    private var byID: [String: Int] = [:]
    /// Whether some trigger has a regex filter for the backtracking matcher (R3): only then does
    /// an event carry a shared budget (`EventRegexBudget`).
    public private(set) var hasBacktrackingFilter = false
    /// Positions of triggers with a `test` condition (E2).
    public private(set) var testTriggers: [Int] = []
    /// The assets of the `prefetch` triggers (D2), each URL once, in delivered order: what a
    /// delivery requests, without a look at every trigger.
    public private(set) var prefetchURLs: [String] = []
    /// The runs filed under a kind alone ("any purchase", "any push", `open`).
    private var anyPurchase = Run()
    private var anyPush = Run()
    private var onOpen = Run()

    /// An index key: the event kind and, for conditions that name one, the name.
    package struct Key: Hashable, Sendable {
        package var kind: Event.Kind
        package var name: String?

        /// "Any purchase" and "any push" (a nil name) are candidates for every event of their kind.
        package var matchesEveryName: Bool { name == nil && (kind == .purchase || kind == .pushClick) }
    }

    /// Where one key's positions lie in `positions`.
    struct Run: Sendable {
        var start: Int32 = 0
        var count: Int32 = 0

        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    /// The keys `trigger` is filed under, each once (a trigger with two conditions of one key
    /// is listed once under it). `test` conditions have none: they run at delivery (E2).
    package static func keys(of trigger: Trigger) -> [Key] {
        var keys: [Key] = []
        Self.keys(of: trigger, into: &keys)
        return keys
    }

    /// `keys(of:)` into `keys`, emptied first and its storage kept (for a caller that goes
    /// through many triggers without an allocation each).
    package static func keys(of trigger: Trigger, into keys: inout [Key]) {
        keys.removeAll(keepingCapacity: true)
        for condition in trigger.conditions {
            let key: Key
            switch condition {
            case .open: key = Key(kind: .open)
            // X19: `product_id: ""` is any purchase on some platforms: filed with them, and
            // matching decides.
            case .purchase(let product): key = Key(kind: .purchase, name: product == "" ? nil : product)
            case .purchaseProperty(let product, _): key = Key(kind: .purchase, name: product)
            case .customEvent(let name), .customEventProperty(let name, _): key = Key(kind: .customEvent, name: name)
            case .pushClick(let campaign): key = Key(kind: .pushClick, name: campaign)
            case .iamClick(let id, _): key = Key(kind: .iamClick, name: id)
            case .test, .unsupported: continue // E2 fires at delivery; T4: never matches
            }
            if !keys.contains(key) { keys.append(key) }
        }
    }

    public init(_ triggers: [Trigger] = []) {
        self.triggers = triggers
        var byKey: [Key: [Int]] = [:]
        var order: [Key] = []
        var seenURLs: Set<String> = []
        gates.reserveCapacity(triggers.count)
        for (position, trigger) in triggers.enumerated() {
            byID[trigger.id] = position
            gates.append(Gates(trigger))
            conditionRuns.append(
                ConditionRun(
                    run: Run(start: Int32(conditions.count), count: Int32(trigger.conditions.count)),
                    hasUnsupportedFilter: trigger.hasUnsupportedFilter,
                    hasBacktrackingFilter: trigger.hasBacktrackingFilter,
                    hasJavaScriptErrorFilter: trigger.hasJavaScriptErrorFilter))
            conditions.append(contentsOf: trigger.conditions)
            if conditionRuns[position].hasBacktrackingFilter { hasBacktrackingFilter = true }
            if trigger.isTest { testTriggers.append(position) }
            if trigger.prefetch {
                for url in trigger.message.requiredAssets where seenURLs.insert(url).inserted {
                    prefetchURLs.append(url)
                }
            }
            for key in Self.keys(of: trigger) {
                if byKey[key] == nil { order.append(key) }
                byKey[key, default: []].append(position)
            }
        }
        runs.reserveCapacity(order.count)
        var named: [(key: Key, run: Run)] = []
        for key in order {
            let list = byKey[key]!
            let run = Run(start: Int32(positions.count), count: Int32(list.count))
            positions.append(contentsOf: list.lazy.map { Int32($0) })
            runs[key] = run
            if key.name != nil { named.append((key, run)) }
        }
        table = KeyTable(named)
        anyPurchase = runs[Key(kind: .purchase, name: nil)] ?? Run()
        anyPush = runs[Key(kind: .pushClick, name: nil)] ?? Run()
        onOpen = runs[Key(kind: .open)] ?? Run()
    }

    public var isEmpty: Bool { triggers.isEmpty }

    public subscript(id: String) -> Trigger? { byID[id].map { triggers[$0] } }

    /// Positions (in delivered order) of the triggers that have a condition for `event`'s kind
    /// and name; the conditions themselves are checked by `Condition.matches`.
    public func candidates(for event: Event, clickIDs: ClickIDPolicy) -> [Int] {
        Array(candidateList(for: event, clickIDs: clickIDs))
    }

    /// T1 for the trigger at `position` (`Trigger.matches`), read from the set's list of conditions.
    @inline(__always)
    package func matches(at position: Int, _ event: Event, unixNow: Double, filters policy: FilterPolicy) -> Bool {
        Condition.anyMatches(conditions, conditionRuns[position].run.range, event, unixNow: unixNow, filters: policy)
    }

    /// T4: whether the trigger at `position` has a filter the engine cannot evaluate.
    package func hasUnsupportedFilter(at position: Int) -> Bool { conditionRuns[position].hasUnsupportedFilter }

    /// R3: whether the trigger at `position` has a regex filter on the backtracking matcher.
    package func hasBacktrackingFilter(at position: Int) -> Bool { conditionRuns[position].hasBacktrackingFilter }

    /// R3: whether the trigger at `position` has a regex filter JavaScript refuses.
    package func hasJavaScriptErrorFilter(at position: Int) -> Bool {
        conditionRuns[position].hasJavaScriptErrorFilter
    }

    /// `candidates(for:)` without a new list: at most two runs of the index, merged as read.
    /// X36: under `campaignPart` a click is looked up by the campaign part of its id alone.
    package func candidateList(for event: Event, clickIDs: ClickIDPolicy) -> Candidates {
        var named = Run()
        if clickIDs == .campaignPart, event.kind == .iamClick || event.kind == .pushClick {
            named = event.name.flatMap(CampaignID.part).map { run(event.kind, $0) } ?? Run()
            let other = event.kind == .pushClick ? anyPush : Run()
            return Candidates(positions: positions, first: named.range, second: other.range)
        }
        if let name = event.name { named = run(event.kind, name) }
        let other: Run
        switch event.kind {
        // T7: a click is also filed under the clicked message's campaign id.
        case .iamClick: other = event.name.flatMap(CampaignID.of).map { run(.iamClick, $0) } ?? Run()
        // "Any purchase" and "any push" conditions are filed under a nil name.
        case .purchase: other = anyPurchase
        case .pushClick: other = anyPush
        case .open: other = onOpen
        case .customEvent: other = Run()
        }
        return Candidates(positions: positions, first: named.range, second: other.range)
    }

    /// The run filed under `kind` and `name` (empty when none is).
    private func run(_ kind: Event.Kind, _ name: String) -> Run {
        if let found = table?.run(kind, name) { return found ?? Run() }
        return runs[Key(kind: kind, name: name)] ?? Run()
    }

    /// An event's candidate positions: two ascending runs of the index, merged without duplicates.
    package struct Candidates: Sequence, IteratorProtocol {
        private let positions: [Int32]
        private var first: Range<Int>
        private var second: Range<Int>
        private var last = -1

        init(positions: [Int32], first: Range<Int>, second: Range<Int>) {
            self.positions = positions
            self.first = first
            self.second = second
        }

        package mutating func next() -> Int? {
            while true {
                let next: Int
                if let i = first.first, second.isEmpty || positions[i] <= positions[second.lowerBound] {
                    next = Int(positions[i])
                    first = first.dropFirst()
                } else if let j = second.first {
                    next = Int(positions[j])
                    second = second.dropFirst()
                } else {
                    return nil
                }
                // A trigger filed under both runs (a click on its id and its campaign) comes once.
                if next != last {
                    last = next
                    return next
                }
            }
        }
    }
}
