import IAMEngine

/// `trigger_condition[]` entries: `{type, data}` (T1).
extension ScenarioDecoder {
    /// The keys of a condition.
    enum ConditionKey: String, SchemaKey {
        case type, data
        static let schema = KeySchema<Self>()
    }

    /// The keys of a condition's `data` (each type reads its own).
    enum ConditionDataKey: String, SchemaKey {
        case eventName = "event_name"
        case propertyFilters = "property_filters"
        case productID = "product_id"
        case campaignID = "campaign_id"
        case id, buttons
        static let schema = KeySchema<Self>()
    }

    /// A condition's `data`: its members, or none when it is absent or `null` (a required key
    /// is then missing at `data`'s place in the condition, `of`).
    private struct ConditionData {
        var reader: MemberReader<ConditionDataKey>?

        /// The entry of `key`'s value, which must be there.
        mutating func required(_ key: ConditionDataKey, of condition: borrowing MemberReader<ConditionKey>)
            throws(DecodeIssue) -> Int
        {
            guard let reader else {
                throw DecodeIssue(
                    path: condition.object.path.appending(.key(ConditionKey.data.rawValue)),
                    message: "missing required key \(JSONText.quoted(key.name))")
            }
            guard let entry = self.reader?.take(key) else { throw reader.missing(key) }
            return entry
        }

        mutating func requiredNode(_ key: ConditionDataKey, of condition: borrowing MemberReader<ConditionKey>)
            throws(DecodeIssue) -> Node
        {
            node(key, try required(key, of: condition))
        }

        mutating func nonEmptyString(_ key: ConditionDataKey, of condition: borrowing MemberReader<ConditionKey>)
            throws(DecodeIssue) -> String
        {
            let entry = try required(key, of: condition)
            return try condition.view.plainNonEmptyString(entry).or(node(key, entry).nonEmptyString())
        }

        func node(_ key: ConditionDataKey, _ entry: Int) -> Node { reader!.node(key, entry) }
    }

    mutating func condition(_ view: JSONTapeView, _ node: consuming Node) throws(DecodeIssue) -> Condition {
        var object = try MemberReader<ConditionKey>(object: view, node)
        guard let typeEntry = object.take(.type) else { throw object.missing(.type) }
        var type = view.named(typeEntry, among: ConditionType.allCases)
        if type == nil { type = try conditionType(object.node(.type, typeEntry)) }
        guard let type else {
            _ = object.take(.data)
            return .unsupported(type: view.string(typeEntry))
        }
        var data = ConditionData()
        if let entry = object.take(.data), view.kind(entry) != .null {
            data.reader = try MemberReader(object: view, object.node(.data, entry))
        }
        if !object.members.allRead { warnUnknownKeys(object, in: "a trigger condition") }

        let condition: Condition
        switch type {
        case .open:
            condition = .open
        case .test:
            condition = .test
        case .purchase:
            // No product id: "Any Purchase". An empty one is kept: whether it is any purchase too
            // is the platform's answer (X19).
            condition = .purchase(productID: try data.reader?.string(.productID))
        case .purchaseProperty:
            let product = try data.nonEmptyString(.productID, of: object)
            condition = .purchaseProperty(
                productID: product, filters: try filterGroups(view, data.requiredNode(.propertyFilters, of: object)))
        case .customEvent:
            condition = .customEvent(name: try data.nonEmptyString(.eventName, of: object))
        case .customEventProperty:
            let name = try data.nonEmptyString(.eventName, of: object)
            condition = .customEventProperty(
                name: name, filters: try filterGroups(view, data.requiredNode(.propertyFilters, of: object)))
        case .pushClick:
            condition = .pushClick(campaignID: try data.reader?.optionalID(.campaignID))
        case .iamClick:
            let entry = try data.required(.id, of: object)
            let message = try view.plainID(entry).or(data.node(.id, entry).id())
            var buttons: [String]? = nil
            if let entry = data.reader?.optional(.buttons) {
                let list = data.node(.buttons, entry)
                guard view.kind(entry) == .array else { throw list.expected("an array") }
                var ids: [String] = []
                try list.elements { (_, element) throws(DecodeIssue) in
                    let id = try view.plainID(element.entry).or(element.id())
                    // X36: a number is kept apart from the string it spells.
                    ids.append(view.kind(element.entry) == .string ? id : Condition.numericButtonMark + id)
                }
                if ids.isEmpty {
                    warn(
                        list.path,
                        "an empty buttons list matches no click (web: any click, X36); leave it out to match a body click"
                    )
                }
                buttons = ids
            }
            condition = .iamClick(messageID: message, buttons: buttons)
        }
        if let reader = data.reader, !reader.members.allRead {
            warnUnknownKeys(reader, in: "the data of the \(JSONText.quoted(type.rawValue)) condition")
        }
        return condition
    }

    /// A condition type not found as it stands: another spelling of a known one, or `nil` for an
    /// unknown one (with its warning). Out of line (rare).
    @inline(never)
    private mutating func conditionType(_ typeNode: Node) throws(DecodeIssue) -> ConditionType? {
        let written = try typeNode.string()
        if let type = Node.named(written, among: ConditionType.allCases) { return type }
        // T4 (revision 2): a condition the engine does not know loads and never matches.
        warn(
            typeNode.path,
            "unknown trigger condition type \(JSONText.quoted(written)) (known: \(Node.list(ConditionType.allCases.map(\.rawValue)))); "
                + "it never matches (T4)")
        return nil
    }
}
