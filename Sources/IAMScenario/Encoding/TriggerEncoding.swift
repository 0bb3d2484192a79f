import IAMEngine

/// Triggered actions as Braze writes them (§9): the inverse of the decoder for every trigger it
/// can evaluate (an unsupported condition or filter keeps no more than why it is unsupported, so
/// it is written as its type or left as the decoder kept it). Defaults are written out, so
/// nothing depends on a default staying the same; an explicit -1 stays explicit (X18).
package enum TriggerEncoding {
    package static func trigger(_ trigger: Trigger) -> JSONValue {
        func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
        func bound(_ time: Double?, _ field: ExplicitMinusOne) -> JSONValue {
            if let time { return StepEncoding.number(time) }
            return trigger.explicitMinusOne.contains(field) ? StepEncoding.number(-1) : .null
        }
        // X18: -1 is written only where the file wrote it; absent reads as -1 too.
        func minusOneOrValue(_ value: Double, _ field: ExplicitMinusOne) -> JSONValue {
            value == -1 && !trigger.explicitMinusOne.contains(field) ? .null : StepEncoding.number(value)
        }
        return .object([
            member("id", .string(trigger.id)),
            member("type", .string("inapp")),
            member("trigger_condition", .array(trigger.conditions.map(condition))),
            member("start_time", bound(trigger.startTime, .startTime)),
            member("end_time", bound(trigger.endTime, .endTime)),
            member("priority", StepEncoding.number(Double(trigger.priority))),
            member(
                "min_seconds_since_last_trigger",
                minusOneOrValue(trigger.minSecondsSinceLastTrigger, .minSecondsSinceLastTrigger)),
            member("delay", StepEncoding.number(trigger.delay)),
            member("timeout", minusOneOrValue(trigger.timeout, .timeout)),
            // X34: `null` stays `null`.
            member("re_eligibility", trigger.reEligibilityIsNull ? .null : StepEncoding.number(trigger.reEligibility)),
            member("prefetch", .bool(trigger.prefetch)),
            member("data", StepEncoding.message(trigger.message)),
        ])
    }

    static func condition(_ condition: Condition) -> JSONValue {
        func typed(_ type: String, _ data: [JSONMember]) -> JSONValue {
            .object([JSONMember(key: "type", value: .string(type)), JSONMember(key: "data", value: .object(data))])
        }
        func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
        switch condition {
        case .open: return typed("open", [])
        case .test: return typed("test", [])
        case .purchase(let product):
            return typed("purchase", [member("product_id", product.map { .string($0) } ?? .null)])
        case .purchaseProperty(let product, let filters):
            return typed(
                "purchase_property",
                [member("product_id", .string(product)), member("property_filters", groups(filters))])
        case .customEvent(let name): return typed("custom_event", [member("event_name", .string(name))])
        case .customEventProperty(let name, let filters):
            return typed(
                "custom_event_property",
                [member("event_name", .string(name)), member("property_filters", groups(filters))])
        case .pushClick(let campaign):
            return typed("push_click", [member("campaign_id", campaign.map { .string($0) } ?? .null)])
        case .iamClick(let message, let buttons):
            return typed(
                "iam_click",
                [member("id", .string(message))]
                    + (buttons.map { [member("buttons", .array($0.map(buttonEntry)))] } ?? []))
        case .unsupported(let type): return .object([JSONMember(key: "type", value: .string(type))])
        }
    }

    static func groups(_ groups: FilterGroups) -> JSONValue {
        .array(groups.map { group in .array(group.map(filter)) })
    }

    static func filter(_ filter: PropertyFilter) -> JSONValue {
        let value: JSONValue =
            switch filter.value {
            case .string(let text): .string(text)
            case .number(let number): StepEncoding.number(number)
            case .bool(let flag): .bool(flag)
            default: .null
            }
        return .object([
            JSONMember(key: "property_key", value: .string(filter.key)),
            JSONMember(key: "property_type", value: .string(filter.type.rawValue)),
            JSONMember(key: "comparator", value: StepEncoding.number(Double(filter.comparator.rawValue))),
            JSONMember(key: "property_value", value: value),
        ])
    }

    /// X36: a numeric `buttons` entry is written back as the number it was.
    static func buttonEntry(_ entry: String) -> JSONValue {
        let id = Condition.buttonID(entry)
        guard id.count != entry.count, let number = Double(id) else { return .string(entry) }
        return StepEncoding.number(number)
    }
}
