import IAMEngine

/// The app around the SDK (integration.md): `settings.integration` and the `integration` and
/// `appImpression` steps. Simulator data, checked strictly: an unknown key is an error.
extension ScenarioDecoder {
    static let integrationKeys = ["ui", "impressions"]

    /// `settings.integration`.
    func integration(_ node: Node) throws(DecodeIssue) -> Integration {
        var object = try node.object()
        let change = try integrationChange(&object)
        try rejectUnknownKeys(object, in: "settings.integration", expected: Self.integrationKeys)
        return change.applied(to: Integration())
    }

    /// The keys of `settings.integration` an object gives (also the body of an `integration` step).
    func integrationChange(_ object: inout ObjectReader) throws(DecodeIssue) -> IntegrationChange {
        var change = IntegrationChange()
        if let ui = object.optional("ui") { change.ui = try ui.choice(Integration.UI.self, "integration ui") }
        if let impressions = object.optional("impressions") {
            change.impressions = try impressions.choice(Integration.Impressions.self, "impressions")
        }
        return change
    }

    /// `settings.screens`: name → `{registered, delegate}` (SC1, SC2).
    func screens(_ node: Node) throws(DecodeIssue) -> [String: Screen] {
        var screens: [String: Screen] = [:]
        for (name, entry) in try node.object().entries {
            var object = try entry.object()
            var screen = Screen()
            if let registered = object.optional("registered") { screen.registered = try registered.bool() }
            if let delegate = object.optional("delegate") {
                screen.delegate = try delegate.choice(DisplayChoice.self, "display choice")
            }
            try rejectUnknownKeys(object, in: "a screen", expected: ["registered", "delegate"])
            screens[name] = screen
        }
        return screens
    }

    /// Simulator data is checked strictly (delivery-rules §9): the first member not read is an
    /// error with its path.
    func rejectUnknownKeys(_ object: ObjectReader, in what: String, expected: [String]) throws(DecodeIssue) {
        guard let (key, path) = object.unread.first else { return }
        throw DecodeIssue(
            path: path, message: "unknown key \(JSONText.quoted(key)) in \(what) (expected \(Node.list(expected)))")
    }
}
