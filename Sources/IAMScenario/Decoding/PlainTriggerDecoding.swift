import IAMEngine

/// The triggered actions most files are made of, read straight off the tape in one pass over
/// each object's members: no node, object reader or path per value, and each key matched once
/// by its bytes instead of looked up by name. Anything this does not recognise as valid and
/// plain (a key it does not know or that is not ASCII, a value of another kind, a number sent as
/// a string, anything that would warn or fail) is left to the general reading in `trigger`,
/// which gives the same result for what is valid and names the problem for what is not.
///
/// It may decide in file order: the reader rejects duplicate keys, and on the way to a result
/// nothing is written but the values (no warning); the trigger's id enters `triggerIndex` and
/// the message's and buttons' ignored fields are noted last, when nothing can fail any more,
/// in the order the general reading notes them (the buttons', then the message's).
extension ScenarioDecoder {
    /// The trigger at `entry` when it is plain and valid; `nil` for the general reading to decide.
    mutating func plainTrigger(_ view: JSONTapeView, _ entry: Int, index: Int) -> Trigger? {
        var id: String?
        var conditions: [Condition]?
        var startTime: Double?
        var endTime: Double?
        var priority = 0
        var minSecondsSinceLastTrigger = -1.0
        var delay = 0.0
        var timeout = -1.0
        var reEligibility = -1.0
        var prefetch = true
        // X18: the fields written as an explicit -1 (read as if absent; the platform decides).
        var explicitMinusOne: ExplicitMinusOne = []
        var message: Message?
        // Keys of the message and its buttons that are kept and ignored (their entries).
        var ignored = IgnoredKeys()
        let plain = view.forEachPlainMember(of: entry) { name, value in
            let isNull = view.kind(value) == .null
            switch name.count {
            case 2 where Plain.equal(name, "id"):
                // An id over the limit goes to the general reading, which refuses it with its path.
                guard view.kind(value) == .string, view.entries[value].b > 0,
                    view.entries[value].b <= Trigger.maxIDBytes
                else { return false }
                id = view.string(value)
            case 4 where Plain.equal(name, "type"):
                guard isNull || (view.kind(value) == .string && Plain.equalIgnoringCase(view.text(value), "inapp"))
                else { return false }
            case 4 where Plain.equal(name, "data"):
                guard let decoded = plainMessage(view, value, ignored: &ignored) else { return false }
                message = decoded
            case 5 where Plain.equal(name, "delay"):
                if !isNull {
                    guard let seconds = view.plainNumber(value), seconds >= 0, seconds < TimeLimit.seconds else {
                        return false
                    }
                    delay = seconds
                }
            case 5 where Plain.equal(name, "x_sim"):
                guard isNull || Self.plainNotes(view, value) else { return false }
            case 7 where Plain.equal(name, "timeout"):
                if !isNull {
                    guard let milliseconds = view.plainNumber(value),
                        milliseconds == -1 || (milliseconds >= 0 && milliseconds < TimeLimit.seconds * 1000)
                    else { return false }
                    timeout = milliseconds
                    if milliseconds == -1 { explicitMinusOne.insert(.timeout) }
                }
            case 8 where Plain.equal(name, "end_time"):
                guard let bound = view.plainTimeBound(value) else { return false }
                endTime = bound
                if bound == nil, !isNull { explicitMinusOne.insert(.endTime) }
            case 8 where Plain.equal(name, "priority"):
                if !isNull {
                    guard let integer = view.plainInteger(value) else { return false }
                    priority = Int(integer)
                }
            case 8 where Plain.equal(name, "prefetch"):
                switch view.kind(value) {
                case .null: break
                case .true: prefetch = true
                case .false: prefetch = false
                default: return false
                }
            case 10 where Plain.equal(name, "start_time"):
                guard let bound = view.plainTimeBound(value) else { return false }
                startTime = bound
                if bound == nil, !isNull { explicitMinusOne.insert(.startTime) }
            case 14 where Plain.equal(name, "re_eligibility"):
                if !isNull {
                    guard let seconds = view.plainSecondsOrMinusOne(value) else { return false }
                    reEligibility = seconds
                }
            case 17 where Plain.equal(name, "trigger_condition"):
                guard let decoded = plainConditions(view, value) else { return false }
                conditions = decoded
            case 30 where Plain.equal(name, "min_seconds_since_last_trigger"):
                if !isNull {
                    guard let seconds = view.plainSecondsOrMinusOne(value) else { return false }
                    minSecondsSinceLastTrigger = seconds
                    if seconds == -1 { explicitMinusOne.insert(.minSecondsSinceLastTrigger) }
                }
            default: return false
            }
            return true
        }
        guard plain else { return nil }
        guard let id, let conditions, let message else { return nil }
        // The general reading warns that such a trigger never matches (T2).
        if let start = startTime, let end = endTime, start >= end { return nil }
        if let first = triggerIndex.updateValue(index, forKey: id) {
            // A duplicate: put the first back for the general reading, which names both.
            triggerIndex[id] = first
            return nil
        }
        for key in ignored.button { noteIgnored(field: "button." + view.string(key)) }
        for key in ignored.message { noteIgnored(field: "message." + view.string(key)) }
        var trigger = Trigger(
            id: id, conditions: conditions, startTime: startTime, endTime: endTime,
            priority: priority, minSecondsSinceLastTrigger: minSecondsSinceLastTrigger, delay: delay,
            timeout: timeout, reEligibility: reEligibility, prefetch: prefetch, message: message)
        trigger.explicitMinusOne = explicitMinusOne
        return trigger
    }

    /// `x_sim` with no more than a string `name` and `description`.
    private static func plainNotes(_ view: JSONTapeView, _ entry: Int) -> Bool {
        view.forEachPlainMember(of: entry) { name, value in
            (Plain.equal(name, "name") || Plain.equal(name, "description"))
                && (view.kind(value) == .string || view.kind(value) == .null)
        }
    }

    /// A non-empty `trigger_condition` list of plain conditions.
    private func plainConditions(_ view: JSONTapeView, _ entry: Int) -> [Condition]? {
        guard view.kind(entry) == .array, view.count(entry) > 0 else { return nil }
        var conditions: [Condition] = []
        conditions.reserveCapacity(view.count(entry))
        var element = entry + 1
        for _ in 0..<view.count(entry) {
            guard let condition = plainCondition(view, element) else { return nil }
            conditions.append(condition)
            element = view.end(of: element)
        }
        return conditions
    }

    private func plainCondition(_ view: JSONTapeView, _ entry: Int) -> Condition? {
        var type = -1
        var data = -1
        let plain = view.forEachPlainMember(of: entry) { name, value in
            if Plain.equal(name, "type") {
                type = value
            } else if Plain.equal(name, "data") {
                data = value
            } else {
                return false
            }
            return true
        }
        guard plain else { return nil }
        guard type >= 0, view.kind(type) == .string,
            let known = Self.conditionTypes.firstIndex(where: { Plain.equalIgnoringCase(view.text(type), $0) })
        else { return nil }
        // The members of `data`, each of them read by the condition's type.
        var productID = -1
        var propertyFilters = -1
        var eventName = -1
        var campaignID = -1
        var messageID = -1
        var buttons = -1
        if data >= 0, view.kind(data) != .null {
            let plain = view.forEachPlainMember(of: data) { name, value in
                if Plain.equal(name, "product_id") {
                    productID = value
                } else if Plain.equal(name, "property_filters") {
                    propertyFilters = value
                } else if Plain.equal(name, "event_name") {
                    eventName = value
                } else if Plain.equal(name, "campaign_id") {
                    campaignID = value
                } else if Plain.equal(name, "id") {
                    messageID = value
                } else if Plain.equal(name, "buttons") {
                    buttons = value
                } else {
                    return false
                }
                return true
            }
            guard plain else { return nil }
        }
        /// Whether `data` has no members but those of `entries`.
        func only(_ entries: Int...) -> Bool {
            [productID, propertyFilters, eventName, campaignID, messageID, buttons].allSatisfy {
                $0 < 0 || entries.contains($0)
            }
        }
        switch Self.conditionTypes[known] {
        case "open": return only() ? .open : nil
        case "test": return only() ? .test : nil
        case "purchase":
            guard only(productID) else { return nil }
            guard productID >= 0 else { return .purchase(productID: nil) }
            switch view.kind(productID) {
            case .null: return .purchase(productID: nil)
            // X19: an empty product id is kept; the platform decides whether it is any purchase.
            case .string: return .purchase(productID: view.string(productID))
            default: return nil
            }
        case "purchase_property":
            guard only(productID, propertyFilters), let product = view.plainNonEmptyString(productID),
                let filters = plainFilterGroups(view, propertyFilters)
            else { return nil }
            return .purchaseProperty(productID: product, filters: filters)
        case "custom_event":
            guard only(eventName), let event = view.plainNonEmptyString(eventName) else { return nil }
            return .customEvent(name: event)
        case "custom_event_property":
            guard only(eventName, propertyFilters), let event = view.plainNonEmptyString(eventName),
                let filters = plainFilterGroups(view, propertyFilters)
            else { return nil }
            return .customEventProperty(name: event, filters: filters)
        case "push_click":
            guard only(campaignID) else { return nil }
            guard campaignID >= 0, view.kind(campaignID) != .null else { return .pushClick(campaignID: nil) }
            if view.kind(campaignID) == .string, view.entries[campaignID].b == 0 { return .pushClick(campaignID: nil) }
            guard let campaign = view.plainID(campaignID) else { return nil }
            return .pushClick(campaignID: campaign)
        default: // "iam_click"
            guard only(messageID, buttons), messageID >= 0, let message = view.plainID(messageID) else { return nil }
            guard buttons >= 0, view.kind(buttons) != .null else { return .iamClick(messageID: message, buttons: nil) }
            // An empty list warns in the general reading.
            guard view.kind(buttons) == .array, view.count(buttons) > 0 else { return nil }
            var ids: [String] = []
            var element = buttons + 1
            for _ in 0..<view.count(buttons) {
                guard let id = view.plainID(element) else { return nil }
                ids.append(id)
                element = view.end(of: element)
            }
            return .iamClick(messageID: message, buttons: ids)
        }
    }

    /// Non-empty `property_filters` of non-empty groups of plain filters.
    private func plainFilterGroups(_ view: JSONTapeView, _ entry: Int) -> FilterGroups? {
        guard entry >= 0, view.kind(entry) == .array, view.count(entry) > 0 else { return nil }
        var groups: FilterGroups = []
        groups.reserveCapacity(view.count(entry))
        var group = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.kind(group) == .array, view.count(group) > 0 else { return nil }
            var filters: [PropertyFilter] = []
            filters.reserveCapacity(view.count(group))
            var element = group + 1
            for _ in 0..<view.count(group) {
                guard let filter = plainFilter(view, element) else { return nil }
                filters.append(filter)
                element = view.end(of: element)
            }
            groups.append(filters)
            group = view.end(of: group)
        }
        return groups
    }

    /// A filter the engine evaluates (an unsupported one warns in the general reading).
    private func plainFilter(_ view: JSONTapeView, _ entry: Int) -> PropertyFilter? {
        var key = -1
        var type = -1
        var code = -1
        var value = -1
        let plain = view.forEachPlainMember(of: entry) { name, member in
            if Plain.equal(name, "property_key") {
                key = member
            } else if Plain.equal(name, "property_type") {
                type = member
            } else if Plain.equal(name, "comparator") {
                code = member
            } else if Plain.equal(name, "property_value") {
                value = member
            } else {
                return false
            }
            return true
        }
        guard plain else { return nil }
        guard let propertyKey = view.plainNonEmptyString(key), code >= 0, view.kind(code) == .number,
            let integer = view.integer(code), let comparator = Comparator(rawValue: Int(integer)),
            comparator.isEvaluated, type >= 0, view.kind(type) == .string,
            let valueType = PropertyFilter.ValueType.allCases.first(where: {
                Plain.equalIgnoringCase(view.text(type), $0.rawValue)
            })
        else { return nil }
        var filter = PropertyFilter(key: propertyKey, type: valueType, comparator: comparator, value: .null)
        switch comparator {
        case .exists, .notExists:
            break // the value is not used
        case .matchesRegex, .doesNotMatchRegex:
            guard valueType == .string, value >= 0, view.kind(value) == .string else { return nil }
            let source = view.string(value)
            // A pattern JavaScript refuses is decoded by the full decoder, which warns (R3).
            guard let pattern = try? Pattern(source), pattern.javaScriptError == nil else { return nil }
            filter.pattern = pattern
            filter.value = .string(source)
        case .equals, .notEquals:
            guard let comparand = Self.plainComparand(view, value, valueType) else { return nil }
            filter.value = comparand
        case .greaterThan, .lessThan:
            guard valueType == .number || valueType == .date,
                let comparand = Self.plainComparand(view, value, valueType)
            else { return nil }
            filter.value = comparand
        default: // 4, 6, 15, 16 on a date (on a number they warn)
            guard valueType == .date, let seconds = view.plainNumber(value) else { return nil }
            filter.value = .number(seconds)
        }
        return filter
    }

    /// The comparand of the property type's JSON kind (dates as numbers or ISO-8601 strings).
    private static func plainComparand(_ view: JSONTapeView, _ entry: Int, _ type: PropertyFilter.ValueType)
        -> PropertyValue?
    {
        guard entry >= 0 else { return nil }
        switch (type, view.kind(entry)) {
        case (.string, .string): return .string(view.string(entry))
        case (.number, .number), (.date, .number): return .number(view.value(entry))
        case (.boolean, .true): return .bool(true)
        case (.boolean, .false): return .bool(false)
        case (.date, .string): return ISO8601.parse(view.string(entry)).map { .number($0) }
        default: return nil
        }
    }
}
