import IAMEngine

/// `expect` (issue 47): the expectations `iamterm test` checks against the trace.
extension ScenarioDecoder {
    /// The keys of one expectation.
    enum ExpectKey: String, SchemaKey {
        case message, displayed
        case displayedAt = "displayed_at"
        case discarded, profile
        static let schema = KeySchema<Self>()
    }

    /// At most this many expectations a file.
    static let maxExpectations = 100_000

    /// The list: each entry names a message and exactly one of `displayed`, `displayed_at`,
    /// `discarded`, and may name the one profile it holds under.
    mutating func expectations(_ node: Node) throws(DecodeIssue) -> [Expectation] {
        let count = try node.elementCount()
        if count > Self.maxExpectations {
            throw node.issue("too many expectations: \(count) (the limit is \(Self.maxExpectations))")
        }
        var list: [Expectation] = []
        list.reserveCapacity(count)
        try node.forEachElement { (_, element) throws(DecodeIssue) in
            list.append(try expectation(element))
        }
        return list
    }

    private mutating func expectation(_ node: Node) throws(DecodeIssue) -> Expectation {
        try node.members(ExpectKey.self) { entry throws(DecodeIssue) in
            let message = try entry.required(.message).id()
            var outcomes: [Expectation.Outcome] = []
            if let node = entry.optionalNode(.displayed) { outcomes.append(.displayed(try node.bool())) }
            if let node = entry.optionalNode(.displayedAt) { outcomes.append(.displayedAt(try node.seconds())) }
            if let node = entry.optionalNode(.discarded) {
                let name = try node.string()
                guard let reason = TraceReason(rawValue: name) else {
                    throw node.issue(
                        "unknown reason \(JSONText.quoted(name)) (expected a reason a discarded record gives, "
                            + "as docs/TRACE.md spells it: timeout, keyboard_up, ...)")
                }
                outcomes.append(.discarded(reason))
            }
            guard outcomes.count == 1 else {
                let names = [ExpectKey.displayed, .displayedAt, .discarded].map { JSONText.quoted($0.name) }
                throw node.issue(
                    "expected exactly one of \(names[0]), \(names[1]) or \(names[2]), got \(outcomes.count)")
            }
            let profile = try entry.optionalNode(.profile).map { (node) throws(DecodeIssue) in try self.profile(node) }
            warnUnknownKeys(entry, in: "an expectation")
            return Expectation(message: message, outcome: outcomes[0], profile: profile)
        }
    }
}
