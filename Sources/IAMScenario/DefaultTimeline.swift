import IAMEngine

/// The timeline a file of Braze's data alone gets (spec §9, revision 2), so that
/// `iamterm run payload.json` shows each message at once. Documented in the README
/// ("Bring your own payload"):
///
/// - at 0: `launch` (a session starts; `open` triggers and `test` triggers fire after the
///   delivery, at 0.5);
/// - then one event per trigger, in file order, for its first condition that an action can
///   raise, `spacing` seconds apart starting at `spacing` (just over the default minimum
///   interval of 30 s, plus the longest trigger `delay`), so that P2 holds none of them back;
///   the same event is raised once, however many triggers share it:
///   `purchase` (the product, or `product` for any purchase), `customEvent`, `pushClick`;
///   property conditions get properties that pass the filters where a value is easy to build
///   (equals, greater/less than, exists, booleans), and none otherwise;
/// - an `iam_click` condition on a message of the file becomes a `click` on that message
///   (on the first of its `buttons` the message has, else the body) `clickDelay` seconds after
///   the event that shows the message; clicks of chains follow each other the same way;
/// - `open`, `test` and unsupported conditions need no step.
public enum DefaultTimeline {
    /// Seconds between a message's event and the click on it.
    public static let clickDelay = 2.0
    /// No step is generated at or after this time (a file with huge delays still stays far
    /// below the spec's 10^9 s).
    public static let horizon = 1e8
    /// How deep a chain of clicks is followed.
    static let maxChain = 8

    /// Linear in the number of triggers (the clicks are found through an index, not by a scan).
    public static func steps(for triggers: [Trigger], settings: Settings) -> [TimelineStep] {
        let maxDelay = triggers.map(\.delay).max() ?? 0
        let spacing = settings.minimumTriggerInterval + 1 + maxDelay.rounded(.up)
        var steps = [TimelineStep(at: 0, action: .launch, note: "default timeline: launch")]
        // Triggers with an `iam_click` condition, by the id it names (a message id or a campaign id).
        var clickers: [String: [Int]] = [:]
        for (index, trigger) in triggers.enumerated() {
            for case .iamClick(let target, _) in trigger.conditions { clickers[target, default: []].append(index) }
        }
        var raised: Set<String> = []
        var clicked: Set<Int> = []
        var time = 0.0

        /// Clicks on `shown` for the triggers whose `iam_click` names it, `clickDelay` after it shows.
        func clickChain(after shown: Trigger, shownAt: Double, depth: Int) {
            guard depth < maxChain, !clickers.isEmpty else { return }
            let campaign = CampaignID.of(shown.id)
            let named = (clickers[shown.id] ?? []) + (campaign.flatMap { clickers[$0] } ?? [])
            for index in named where clicked.insert(index).inserted {
                let clicker = triggers[index]
                // The buttons its condition on `shown` names (nil: a body click).
                var wanted: [String]?
                for case .iamClick(let target, let buttons) in clicker.conditions
                where target == shown.id || target == campaign {
                    wanted = buttons
                    break
                }
                let button = wanted.flatMap { ids in
                    shown.message.buttons.firstIndex { button in ids.contains { Condition.buttonID($0) == button.id } }
                }
                let at = shownAt + clickDelay
                guard at < horizon else { return }
                steps.append(
                    TimelineStep(
                        at: at, action: .click(button: button),
                        note: "default timeline: click \(shown.id) for \(clicker.id)"))
                clickChain(after: clicker, shownAt: at + clicker.delay, depth: depth + 1)
            }
        }

        for trigger in triggers {
            if trigger.conditions.contains(where: { $0 == .open }) {
                clickChain(after: trigger, shownAt: 0.5 + trigger.delay, depth: 0)
                continue
            }
            guard let action = trigger.conditions.lazy.compactMap({ Self.event(for: $0) }).first,
                raised.insert(key(action)).inserted
            else { continue }
            time += spacing
            // Clicks of an earlier chain may run past the next slot: keep the timeline in order.
            time = max(time, (steps.last?.at ?? 0) + 1)
            guard time < horizon else { break }
            steps.append(TimelineStep(at: time, action: action, note: "default timeline: \(trigger.id)"))
            clickChain(after: trigger, shownAt: time + trigger.delay, depth: 0)
        }
        // Branching chains append out of time order; order by time, keeping the order of ties.
        return steps.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// An event action as a string, so that the same event is raised once.
    private static func key(_ action: Action) -> String {
        switch action {
        case .purchase(let product, let properties): "p\u{0}" + product + key(properties)
        case .customEvent(let name, let properties): "c\u{0}" + name + key(properties)
        case .pushClick(let campaign): "u\u{0}" + (campaign ?? "")
        default: action.name
        }
    }

    private static func key(_ properties: [String: PropertyValue]) -> String {
        guard !properties.isEmpty else { return "" }
        var out = ""
        for name in properties.keys.sorted() {
            out += "\u{0}" + name + "\u{1}"
            switch properties[name]! {
            case .string(let text): out += "s" + text
            case .number(let number): out += "n\(number)"
            case .bool(let flag): out += flag ? "t" : "f"
            case .null: out += "0"
            case .date(let time): out += "d\(time)"
            case .bigInteger(let number): out += "i\(number)"
            case .structured(let text): out += "j" + text
            }
        }
        return out
    }

    /// The action that raises an event `condition` matches, or `nil` when no action is needed
    /// (`open`, `test`) or none can (`iam_click`, unsupported).
    static func event(for condition: Condition) -> Action? {
        switch condition {
        case .purchase(let product):
            return .purchase(productID: product ?? "product", properties: [:])
        case .purchaseProperty(let product, let filters):
            return .purchase(productID: product, properties: passingProperties(filters))
        case .customEvent(let name):
            return .customEvent(name: name, properties: [:])
        case .customEventProperty(let name, let filters):
            return .customEvent(name: name, properties: passingProperties(filters))
        case .pushClick(let campaign):
            return .pushClick(campaignID: campaign)
        case .open, .test, .iamClick, .unsupported:
            return nil
        }
    }

    /// Properties that pass the filters where one value is easy to build: for each group, the
    /// first filter that gives one.
    static func passingProperties(_ groups: FilterGroups) -> [String: PropertyValue] {
        var properties: [String: PropertyValue] = [:]
        for group in groups {
            for filter in group where filter.unsupported == nil && properties[filter.key] == nil {
                if let value = passingValue(filter) {
                    properties[filter.key] = value
                    break
                }
            }
        }
        return properties
    }

    private static func passingValue(_ filter: PropertyFilter) -> PropertyValue? {
        switch (filter.type, filter.comparator, filter.value) {
        case (_, .exists, _): return filter.type == .number ? .number(1) : .string("yes")
        case (.string, .equals, .string(let text)): return .string(text)
        case (.number, .equals, .number(let n)): return .number(n)
        case (.number, .greaterThan, .number(let n)): return .number((n + 1).rounded(.down))
        case (.number, .lessThan, .number(let n)): return .number((n - 1).rounded(.up))
        case (.boolean, .equals, .bool(let flag)): return .bool(flag)
        case (.boolean, .notEquals, .bool(let flag)): return .bool(!flag)
        default: return nil
        }
    }
}
