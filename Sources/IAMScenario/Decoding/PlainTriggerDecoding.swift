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
        guard view.kind(entry) == .object else { return nil }
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
        var message: Message?
        // Keys of the message and its buttons that are kept and ignored (their entries).
        var ignored = IgnoredKeys()
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            let value = key + 1
            guard view.entries[key].ascii else { return nil }
            let name = view.text(key)
            let isNull = view.kind(value) == .null
            switch name.count {
            case 2 where Plain.equal(name, "id"):
                guard view.kind(value) == .string, view.entries[value].b > 0 else { return nil }
                id = view.string(value)
            case 4 where Plain.equal(name, "type"):
                guard isNull || (view.kind(value) == .string && Plain.equalIgnoringCase(view.text(value), "inapp"))
                else { return nil }
            case 4 where Plain.equal(name, "data"):
                guard let decoded = plainMessage(view, value, ignored: &ignored) else { return nil }
                message = decoded
            case 5 where Plain.equal(name, "delay"):
                if !isNull {
                    guard let seconds = view.plainNumber(value), seconds >= 0, seconds < TimeLimit.seconds else {
                        return nil
                    }
                    delay = seconds
                }
            case 5 where Plain.equal(name, "x_sim"):
                guard isNull || Self.plainNotes(view, value) else { return nil }
            case 7 where Plain.equal(name, "timeout"):
                if !isNull {
                    guard let milliseconds = view.plainNumber(value),
                        milliseconds == -1 || (milliseconds >= 0 && milliseconds < TimeLimit.seconds * 1000)
                    else { return nil }
                    timeout = milliseconds
                }
            case 8 where Plain.equal(name, "end_time"):
                guard let bound = view.plainTimeBound(value) else { return nil }
                endTime = bound
            case 8 where Plain.equal(name, "priority"):
                if !isNull {
                    guard let integer = view.plainInteger(value) else { return nil }
                    priority = Int(integer)
                }
            case 8 where Plain.equal(name, "prefetch"):
                switch view.kind(value) {
                case .null: break
                case .true: prefetch = true
                case .false: prefetch = false
                default: return nil
                }
            case 10 where Plain.equal(name, "start_time"):
                guard let bound = view.plainTimeBound(value) else { return nil }
                startTime = bound
            case 14 where Plain.equal(name, "re_eligibility"):
                if !isNull {
                    guard let seconds = view.plainSecondsOrMinusOne(value) else { return nil }
                    reEligibility = seconds
                }
            case 17 where Plain.equal(name, "trigger_condition"):
                guard let decoded = plainConditions(view, value) else { return nil }
                conditions = decoded
            case 30 where Plain.equal(name, "min_seconds_since_last_trigger"):
                if !isNull {
                    guard let seconds = view.plainSecondsOrMinusOne(value) else { return nil }
                    minSecondsSinceLastTrigger = seconds
                }
            default: return nil
            }
            key = view.end(of: value)
        }
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
        return Trigger(
            id: id, conditions: conditions, startTime: startTime, endTime: endTime,
            priority: priority, minSecondsSinceLastTrigger: minSecondsSinceLastTrigger, delay: delay,
            timeout: timeout, reEligibility: reEligibility, prefetch: prefetch, message: message)
    }

    /// `x_sim` with no more than a string `name` and `description`.
    private static func plainNotes(_ view: JSONTapeView, _ entry: Int) -> Bool {
        guard view.kind(entry) == .object else { return false }
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.entries[key].ascii else { return false }
            let name = view.text(key)
            guard Plain.equal(name, "name") || Plain.equal(name, "description") else { return false }
            let kind = view.kind(key + 1)
            guard kind == .string || kind == .null else { return false }
            key = view.end(of: key + 1)
        }
        return true
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
        guard view.kind(entry) == .object else { return nil }
        var type = -1
        var data = -1
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.entries[key].ascii else { return nil }
            let name = view.text(key)
            if Plain.equal(name, "type") {
                type = key + 1
            } else if Plain.equal(name, "data") {
                data = key + 1
            } else {
                return nil
            }
            key = view.end(of: key + 1)
        }
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
            guard view.kind(data) == .object else { return nil }
            var key = data + 1
            for _ in 0..<view.count(data) {
                guard view.entries[key].ascii else { return nil }
                let name = view.text(key)
                if Plain.equal(name, "product_id") {
                    productID = key + 1
                } else if Plain.equal(name, "property_filters") {
                    propertyFilters = key + 1
                } else if Plain.equal(name, "event_name") {
                    eventName = key + 1
                } else if Plain.equal(name, "campaign_id") {
                    campaignID = key + 1
                } else if Plain.equal(name, "id") {
                    messageID = key + 1
                } else if Plain.equal(name, "buttons") {
                    buttons = key + 1
                } else {
                    return nil
                }
                key = view.end(of: key + 1)
            }
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
            case .string: return .purchase(productID: view.entries[productID].b > 0 ? view.string(productID) : nil)
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
        guard view.kind(entry) == .object else { return nil }
        var key = -1
        var type = -1
        var code = -1
        var value = -1
        var member = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.entries[member].ascii else { return nil }
            let name = view.text(member)
            if Plain.equal(name, "property_key") {
                key = member + 1
            } else if Plain.equal(name, "property_type") {
                type = member + 1
            } else if Plain.equal(name, "comparator") {
                code = member + 1
            } else if Plain.equal(name, "property_value") {
                value = member + 1
            } else {
                return nil
            }
            member = view.end(of: member + 1)
        }
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
            guard let pattern = try? Pattern(source) else { return nil }
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

    /// A message whose every field is plain: values of their kind, names the SDKs know, no more
    /// than two buttons, no extras or asset URLs that warn. Other keys go to `ignored`.
    private func plainMessage(_ view: JSONTapeView, _ entry: Int, ignored: inout IgnoredKeys) -> Message? {
        guard view.kind(entry) == .object else { return nil }
        var message = Message()
        var uri = -1
        var clickAction = -1
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            let value = key + 1
            guard view.entries[key].ascii else { return nil }
            let name = view.text(key)
            let kind = view.kind(value)
            if kind == .null, Self.messageKeys.contains(where: { Plain.equal(name, $0) }) || Plain.hasColorSuffix(name)
            {
                // Read as absent (`extras` and `asset_urls` too: `null` is empty for them).
                key = view.end(of: value)
                continue
            }
            switch name.count {
            case 3 where Plain.equal(name, "uri"):
                uri = value
            case 4 where Plain.equal(name, "type"):
                guard kind == .string,
                    let known = Self.messageKinds.first(where: {
                        Plain.equalIgnoringCase(view.text(value), $0.rawValue)
                    })
                else { return nil }
                message.kind = known
            case 4 where Plain.equal(name, "btns"):
                guard let buttons = Self.plainButtons(view, value, ignored: &ignored.button) else { return nil }
                message.buttons = buttons
            case 4 where Plain.equal(name, "icon"):
                guard let text = view.plainOptionalString(value) else { return nil }
                message.icon = text
            case 6 where Plain.equal(name, "header"):
                guard let text = view.plainOptionalString(value) else { return nil }
                message.header = text
            case 6 where Plain.equal(name, "extras"):
                guard let extras = Self.plainExtras(view, value) else { return nil }
                message.extras = extras
            case 7 where Plain.equal(name, "message"):
                guard kind == .string else { return nil }
                message.text = view.string(value)
            case 8 where Plain.equal(name, "duration"):
                guard let duration = view.plainInteger(value), Double(duration) < TimeLimit.seconds * 1000 else {
                    return nil
                }
                message.duration = Int(duration)
            case 9 where Plain.equal(name, "image_url"):
                guard let text = view.plainOptionalString(value) else { return nil }
                message.imageURL = text
            case 10 where Plain.equal(name, "slide_from"):
                guard let side = Self.plainChoice(view, value, Self.slideFroms) else { return nil }
                message.slideFrom = side
            case 10 where Plain.equal(name, "is_control"):
                switch kind {
                case .true: message.isControl = true
                case .false: message.isControl = false
                default: return nil
                }
            case 10 where Plain.equal(name, "asset_urls"):
                guard let urls = Self.plainAssetURLs(view, value) else { return nil }
                message.assetURLs = urls
            case 11 where Plain.equal(name, "image_style"):
                guard let style = Self.plainChoice(view, value, Self.imageStyles) else { return nil }
                message.imageStyle = style
            case 11 where Plain.equal(name, "orientation"):
                guard let orientation = Self.plainChoice(view, value, Self.orientations) else { return nil }
                message.orientation = orientation
            case 12 where Plain.equal(name, "click_action"):
                clickAction = value
            case 13 where Plain.equal(name, "message_close"):
                guard let close = Self.plainChoice(view, value, Self.closes) else { return nil }
                message.close = close
            case 17 where Plain.equal(name, "zipped_assets_url"):
                guard let text = view.plainOptionalString(value) else { return nil }
                message.zippedAssetsURL = text
            default:
                if Plain.hasColorSuffix(name) {
                    guard let color = view.plainColor(value) else { return nil }
                    message.colors[view.string(key)] = color
                } else {
                    ignored.message.append(key)
                }
            }
            key = view.end(of: value)
        }
        guard let action = Self.plainClickAction(view, uri: uri, action: clickAction) else { return nil }
        message.clickAction = action
        return message
    }

    /// The keys of a message that read `null` as absent.
    private static let messageKeys: [StaticString] = [
        "uri", "type", "btns", "icon", "header", "message", "duration", "image_url", "slide_from", "is_control",
        "image_style", "orientation", "click_action", "message_close", "zipped_assets_url", "extras", "asset_urls",
    ]

    /// A click action from the entries of `uri` and `click_action` (`-1`: absent, `null` skipped
    /// before): one the SDKs act on, with a `uri` only where it is a non-empty string.
    private static func plainClickAction(_ view: JSONTapeView, uri: Int, action: Int) -> ClickAction? {
        var link: String?
        if uri >= 0 {
            guard view.kind(uri) == .string, view.entries[uri].b > 0 else { return nil }
            link = view.string(uri)
        }
        guard action >= 0 else { return ClickAction.none }
        guard view.kind(action) == .string else { return nil }
        let name = view.text(action)
        if Plain.equalIgnoringCase(name, "NONE") { return ClickAction.none }
        if Plain.equalIgnoringCase(name, "NEWS_FEED") { return .newsFeed }
        if Plain.equalIgnoringCase(name, "URI"), let link { return .uri(link) }
        return nil
    }

    /// At most two buttons; `ignored` gets the entries of the keys they do not use.
    private static func plainButtons(_ view: JSONTapeView, _ entry: Int, ignored: inout [Int]) -> [Button]? {
        guard view.kind(entry) == .array, view.count(entry) <= 2 else { return nil }
        var buttons: [Button] = []
        buttons.reserveCapacity(view.count(entry))
        var element = entry + 1
        for index in 0..<view.count(entry) {
            guard view.kind(element) == .object else { return nil }
            var id: String?
            var text = ""
            var uri = -1
            var clickAction = -1
            var key = element + 1
            for _ in 0..<view.count(element) {
                let value = key + 1
                guard view.entries[key].ascii else { return nil }
                let name = view.text(key)
                let known =
                    Plain.equal(name, "id") || Plain.equal(name, "text") || Plain.equal(name, "uri")
                    || Plain.equal(name, "click_action")
                if !known {
                    ignored.append(key)
                } else if view.kind(value) == .null {
                    // Read as absent.
                } else if Plain.equal(name, "id") {
                    guard let plain = view.plainID(value) else { return nil }
                    id = plain
                } else if Plain.equal(name, "text") {
                    guard view.kind(value) == .string else { return nil }
                    text = view.string(value)
                } else if Plain.equal(name, "uri") {
                    uri = value
                } else {
                    clickAction = value
                }
                key = view.end(of: value)
            }
            guard let action = plainClickAction(view, uri: uri, action: clickAction) else { return nil }
            buttons.append(Button(id: id ?? String(index), text: text, clickAction: action))
            element = view.end(of: element)
        }
        return buttons
    }

    /// An `extras` object of strings.
    private static func plainExtras(_ view: JSONTapeView, _ entry: Int) -> [String: String]? {
        guard view.kind(entry) == .object else { return nil }
        var extras: [String: String] = [:]
        var key = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.kind(key + 1) == .string else { return nil }
            extras[view.string(key)] = view.string(key + 1)
            key = view.end(of: key + 1)
        }
        return extras
    }

    /// An `asset_urls` array of non-empty strings.
    private static func plainAssetURLs(_ view: JSONTapeView, _ entry: Int) -> [String]? {
        guard view.kind(entry) == .array else { return nil }
        var urls: [String] = []
        var element = entry + 1
        for _ in 0..<view.count(entry) {
            guard view.kind(element) == .string, view.entries[element].b > 0 else { return nil }
            urls.append(view.string(element))
            element += 1
        }
        return urls
    }

    /// One of `cases`, named in any ASCII case.
    private static func plainChoice<E: RawRepresentable>(_ view: JSONTapeView, _ entry: Int, _ cases: [E]) -> E?
    where E.RawValue == String {
        guard view.kind(entry) == .string else { return nil }
        let text = view.text(entry)
        return cases.first { Plain.equalIgnoringCase(text, $0.rawValue) }
    }
}

/// The entries of the keys a plain message and its buttons keep and ignore.
private struct IgnoredKeys {
    var button: [Int] = []
    var message: [Int] = []
}

/// Byte comparisons of keys and names for the plain readers.
enum Plain {
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        let start = text.utf8Start
        for offset in 0..<bytes.count where bytes[offset] != start[offset] { return false }
        return true
    }

    /// Whether `bytes` spell the ASCII name `name` in any case (`false` for any other byte).
    static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { name in
            guard bytes.count == name.count else { return false }
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                if byte >= 0x80 { return false }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                let wanted = name[offset]
                if lower != (wanted >= 0x41 && wanted <= 0x5A ? wanted | 0x20 : wanted) { return false }
            }
            return true
        }
    }

    static func hasColorSuffix(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let suffix: StaticString = "_color"
        guard bytes.count >= suffix.utf8CodeUnitCount else { return false }
        return equal(UnsafeBufferPointer(rebasing: bytes.suffix(suffix.utf8CodeUnitCount)), suffix)
    }
}

extension JSONTapeView {
    /// The exact integer of the number at `index`, when it was written as one.
    func integer(_ index: Int) -> Int64? {
        let entry = entries[index]
        if entry.smallInteger { return Int64(Int32(bitPattern: entry.a)) }
        return numbers[Int(entry.a)].integer
    }

    /// A number (not one sent as a string).
    func plainNumber(_ index: Int) -> Double? {
        guard index >= 0, kind(index) == .number else { return nil }
        return value(index)
    }

    /// A number written as an integer.
    func plainInteger(_ index: Int) -> Int64? {
        guard kind(index) == .number else { return nil }
        return integer(index)
    }

    /// `start_time` / `end_time`: `.some(nil)` for no bound (`null`, `-1`).
    func plainTimeBound(_ index: Int) -> Double?? {
        if kind(index) == .null { return .some(nil) }
        guard let seconds = plainNumber(index) else { return nil }
        return .some(seconds == -1 ? nil : seconds)
    }

    /// Seconds `>= 0` (below the time limit), or exactly `-1`.
    func plainSecondsOrMinusOne(_ index: Int) -> Double? {
        guard let seconds = plainNumber(index), seconds == -1 || (seconds >= 0 && seconds < TimeLimit.seconds)
        else { return nil }
        return seconds
    }

    func plainNonEmptyString(_ index: Int) -> String? {
        guard index >= 0, kind(index) == .string, entries[index].b > 0 else { return nil }
        return string(index)
    }

    /// A string, `""` read as `nil` (`null` is skipped before).
    func plainOptionalString(_ index: Int) -> String?? {
        guard kind(index) == .string else { return nil }
        return .some(entries[index].b > 0 ? string(index) : nil)
    }

    /// A non-empty string id, or an integer one.
    func plainID(_ index: Int) -> String? {
        switch kind(index) {
        case .string: return entries[index].b > 0 ? string(index) : nil
        case .number: return integer(index).map { String($0) }
        default: return nil
        }
    }

    /// An ARGB colour written as a number (signed or unsigned 32 bits).
    func plainColor(_ index: Int) -> UInt32? {
        guard kind(index) == .number, let integer = integer(index), integer >= Int64(Int32.min),
            integer <= Int64(UInt32.max)
        else { return nil }
        return integer < 0 ? UInt32(bitPattern: Int32(integer)) : UInt32(integer)
    }
}
