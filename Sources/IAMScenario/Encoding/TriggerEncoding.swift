import IAMEngine

/// Triggered actions as Braze writes them (§9): the inverse of the decoder for every trigger it
/// can evaluate (an unsupported condition or filter keeps no more than why it is unsupported, so
/// it is written as its type or left as the decoder kept it). Defaults are written out, so
/// nothing depends on a default staying the same; an explicit -1 stays explicit (X18).
package enum TriggerEncoding {
    package static func trigger(_ trigger: Trigger) -> JSONValue {
        func member(_ key: ScenarioDecoder.TriggerKey, _ value: JSONValue) -> JSONMember {
            StepEncoding.member(key, value)
        }
        func bound(_ time: Double?, _ field: ExplicitMinusOne) -> JSONValue {
            if let time { return StepEncoding.number(time) }
            return trigger.explicitMinusOne.contains(field) ? StepEncoding.number(-1) : .null
        }
        // X18: -1 is written only where the file wrote it; absent reads as -1 too.
        func minusOneOrValue(_ value: Double, _ field: ExplicitMinusOne) -> JSONValue {
            value == -1 && !trigger.explicitMinusOne.contains(field) ? .null : StepEncoding.number(value)
        }
        return .object([
            member(ScenarioDecoder.TriggerKey.id, .string(trigger.id)),
            member(ScenarioDecoder.TriggerKey.type, .string("inapp")),
            member(ScenarioDecoder.TriggerKey.triggerCondition, .array(trigger.conditions.map(condition))),
            member(ScenarioDecoder.TriggerKey.startTime, bound(trigger.startTime, .startTime)),
            member(ScenarioDecoder.TriggerKey.endTime, bound(trigger.endTime, .endTime)),
            member(ScenarioDecoder.TriggerKey.priority, StepEncoding.number(Double(trigger.priority))),
            member(
                ScenarioDecoder.TriggerKey.minSecondsSinceLastTrigger,
                minusOneOrValue(trigger.minSecondsSinceLastTrigger, .minSecondsSinceLastTrigger)),
            member(ScenarioDecoder.TriggerKey.delay, StepEncoding.number(trigger.delay)),
            member(ScenarioDecoder.TriggerKey.timeout, minusOneOrValue(trigger.timeout, .timeout)),
            // X34: `null` stays `null`.
            member(
                ScenarioDecoder.TriggerKey.reEligibility,
                trigger.reEligibilityIsNull ? .null : StepEncoding.number(trigger.reEligibility)),
            member(ScenarioDecoder.TriggerKey.prefetch, .bool(trigger.prefetch)),
            member(ScenarioDecoder.TriggerKey.data, StepEncoding.message(trigger.message)),
        ])
    }

    static func condition(_ condition: Condition) -> JSONValue {
        func typed(_ data: [JSONMember]) -> JSONValue {
            .object([
                StepEncoding.member(ScenarioDecoder.ConditionKey.type, .string(condition.typeName)),
                StepEncoding.member(ScenarioDecoder.ConditionKey.data, .object(data)),
            ])
        }
        func member(_ key: ScenarioDecoder.ConditionDataKey, _ value: JSONValue) -> JSONMember {
            StepEncoding.member(key, value)
        }
        switch condition {
        case .open, .test: return typed([])
        case .purchase(let product):
            return typed([member(.productID, product.map { .string($0) } ?? .null)])
        case .purchaseProperty(let product, let filters):
            return typed(
                [member(.productID, .string(product)), member(.propertyFilters, groups(filters))])
        case .customEvent(let name): return typed([member(.eventName, .string(name))])
        case .customEventProperty(let name, let filters):
            return typed(
                [member(.eventName, .string(name)), member(.propertyFilters, groups(filters))])
        case .pushClick(let campaign):
            return typed([member(.campaignID, campaign.map { .string($0) } ?? .null)])
        case .iamClick(let message, let buttons):
            return typed(
                [member(.id, .string(message))]
                    + (buttons.map { [member(.buttons, .array($0.map(buttonEntry)))] } ?? []))
        case .unsupported(let type):
            return .object([StepEncoding.member(ScenarioDecoder.ConditionKey.type, .string(type))])
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
            StepEncoding.member(ScenarioDecoder.FilterKey.propertyKey, .string(filter.key)),
            StepEncoding.member(ScenarioDecoder.FilterKey.propertyType, .string(filter.type.rawValue)),
            StepEncoding.member(
                ScenarioDecoder.FilterKey.comparator, StepEncoding.number(Double(filter.comparator.rawValue))),
            StepEncoding.member(ScenarioDecoder.FilterKey.propertyValue, value),
        ])
    }

    /// X36: a numeric `buttons` entry is written back as the number it was.
    static func buttonEntry(_ entry: String) -> JSONValue {
        let id = Condition.buttonID(entry)
        guard id.count != entry.count, let number = Double(id) else { return .string(entry) }
        return StepEncoding.number(number)
    }
}
