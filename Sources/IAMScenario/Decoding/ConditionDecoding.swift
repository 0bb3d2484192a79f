import IAMEngine

/// `trigger_condition[]` entries: `{type, data}` (T1).
extension ScenarioDecoder {
    static let conditionTypes = [
        "open", "purchase", "purchase_property", "custom_event",
        "custom_event_property", "push_click", "iam_click", "test",
    ]

    mutating func condition(_ node: Node) throws(DecodeIssue) -> Condition {
        var object = try node.object()
        let typeNode = try object.required("type")
        let written = try typeNode.string()
        let type = Node.canonical(written, among: Self.conditionTypes, fold: { $0.lowercased() })
        guard Self.conditionTypes.contains(type) else {
            // T4 (revision 2): a condition the engine does not know loads and never matches.
            warn(
                typeNode.path,
                "unknown trigger condition type \(JSONText.quoted(written)) (known: \(Node.list(Self.conditionTypes))); "
                    + "it never matches (T4)")
            _ = object.take("data")
            return .unsupported(type: written)
        }
        var data: ObjectReader
        if let dataNode = object.optional("data") {
            data = try dataNode.object()
        } else {
            data = ObjectReader(emptyAt: node.path.appending(.key("data")))
        }
        warnUnknownKeys(object, in: "a trigger condition")

        let condition: Condition
        switch type {
        case "open":
            condition = .open
        case "test":
            condition = .test
        case "purchase":
            // No product id: "Any Purchase". An empty one is kept: whether it is any purchase too
            // is the platform's answer (X19).
            var product: String?
            if let node = data.optional("product_id"), !node.isNull { product = try node.string() }
            condition = .purchase(productID: product)
        case "purchase_property":
            let product = try data.required("product_id").nonEmptyString()
            condition = .purchaseProperty(
                productID: product, filters: try filterGroups(data.required("property_filters")))
        case "custom_event":
            condition = .customEvent(name: try data.required("event_name").nonEmptyString())
        case "custom_event_property":
            let name = try data.required("event_name").nonEmptyString()
            condition = .customEventProperty(name: name, filters: try filterGroups(data.required("property_filters")))
        case "push_click":
            condition = .pushClick(campaignID: try data.optional("campaign_id")?.optionalID())
        default: // "iam_click"
            let message = try data.required("id").id()
            var buttons: [String]? = nil
            if let list = data.optional("buttons") {
                var ids: [String] = []
                for element in try list.array() { ids.append(try element.id()) }
                if ids.isEmpty {
                    warn(list.path, "an empty buttons list matches no click; leave it out to match a body click")
                }
                buttons = ids
            }
            condition = .iamClick(messageID: message, buttons: buttons)
        }
        warnUnknownKeys(data, in: "the data of the \(JSONText.quoted(type)) condition")
        return condition
    }
}
