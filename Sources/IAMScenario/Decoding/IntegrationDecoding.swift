import IAMEngine

/// The app around the SDK (integration.md): `settings.integration` and the `integration` and
/// `appImpression` steps. Simulator data, checked strictly: an unknown key is an error.
extension ScenarioDecoder {
    static let integrationKeys = ["ui", "impressions", "bridge", "web", "scenes"]

    /// `settings.integration`.
    func integration(_ node: Node) throws(DecodeIssue) -> Integration {
        var object = try node.object()
        let change = try integrationChange(&object)
        try rejectUnknownKeys(object, in: "settings.integration", expected: Self.integrationKeys)
        return change.applied(to: Integration())
    }

    /// The keys of `settings.integration` an object gives (also the body of an `integration` step).
    func integrationChange(_ object: inout some MemberSource) throws(DecodeIssue) -> IntegrationChange {
        var change = IntegrationChange()
        if let ui = object.optional("ui") { change.ui = try ui.choice(Integration.UI.self, "integration ui") }
        if let impressions = object.optional("impressions") {
            change.impressions = try impressions.choice(Integration.Impressions.self, "impressions")
        }
        // `"bridge": null` removes the bridge: read with `take`, which keeps a null.
        if let bridge = object.take("bridge") {
            let value: Bridge? = bridge.isNull ? nil : try self.bridge(bridge)
            change.bridge = .some(value)
        }
        if let web = object.optional("web") { change.web = try self.web(web) }
        if let scenes = object.optional("scenes") { change.scenes = try scenes.bool() }
        return change
    }

    /// `settings.integration.bridge` (B1–B4): `kind` required, the rest as the bridge starts.
    func bridge(_ node: Node) throws(DecodeIssue) -> Bridge {
        var object = try node.object()
        var bridge = Bridge(kind: try object.required("kind").choice(Bridge.Kind.self, "bridge kind"))
        if let value = object.optional("nativeUI") { bridge.nativeUI = try value.bool() }
        if let value = object.optional("listener") { bridge.listener = try value.bool() }
        if let value = object.optional("ready") { bridge.ready = try value.bool() }
        if let value = object.optional("answer"), !value.isNull {
            bridge.answer = try value.choice(DisplayChoice.self, "display choice")
        }
        if let value = object.optional("whenNotReady"), !value.isNull {
            bridge.whenNotReady = try value.choice(Bridge.WhenNotReady.self, "whenNotReady")
        }
        try rejectUnknownKeys(
            object, in: "a bridge", expected: ["kind", "nativeUI", "listener", "ready", "answer", "whenNotReady"])
        return bridge
    }

    /// `settings.integration.web` (I4): automatic display and the subscribers, in order.
    func web(_ node: Node) throws(DecodeIssue) -> WebDisplay {
        var object = try node.object()
        var web = WebDisplay()
        if let value = object.optional("automaticallyShow") { web.automaticallyShow = try value.bool() }
        if let value = object.optional("subscribers") {
            let elements = try value.array()
            if elements.count > WebDisplay.maxSubscribers {
                throw value.issue(
                    "expected at most \(WebDisplay.maxSubscribers) subscribers, got \(elements.count) (each message goes to every subscriber: three records each)"
                )
            }
            for element in elements {
                web.subscribers.append(try element.choice(WebDisplay.Subscriber.self, "subscriber"))
            }
        }
        try rejectUnknownKeys(object, in: "settings.integration.web", expected: ["automaticallyShow", "subscribers"])
        return web
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

    /// `initial` (SV3): times at most 0 and above -1e9; trigger ids among the triggers.
    func initial(_ node: Node) throws(DecodeIssue) -> InitialState {
        var object = try node.object()
        var initial = InitialState()
        if let last = object.optional("lastTriggerAt") { initial.lastTriggerAt = try pastTime(last) }
        if let performed = object.optional("performed") {
            for (id, time) in try performed.object().entries {
                guard triggerIndex[id] != nil else {
                    throw time.issue("trigger \(JSONText.quoted(id)) is not among the triggers")
                }
                initial.performed[id] = try pastTime(time)
            }
        }
        if let cached = object.optional("cachedTriggers") {
            for element in try cached.array() {
                let id = try element.nonEmptyString()
                guard triggerIndex[id] != nil else {
                    throw element.issue("trigger \(JSONText.quoted(id)) is not among the triggers")
                }
                initial.cachedTriggers.append(id)
            }
        }
        try rejectUnknownKeys(object, in: "initial", expected: ["lastTriggerAt", "performed", "cachedTriggers"])
        return initial
    }

    /// A time before the run (SV3): simulation seconds at most 0, above -1e9 (§9).
    private func pastTime(_ node: Node) throws(DecodeIssue) -> Double {
        let value = try node.number()
        guard value <= 0, value > -TimeLimit.seconds else {
            throw node.issue(
                "a time before the run is at most 0 and above -1e9 seconds; got \(JSONText.number(JSONNumber(value)))")
        }
        return value
    }

    /// `settings.platforms` (SV4): profile name → the settings that apply under it only.
    func platforms(_ node: Node) throws(DecodeIssue) -> [String: PlatformSettings] {
        var platforms: [String: PlatformSettings] = [:]
        for (name, entry) in try node.object().entries {
            guard let profile = Profile.named(name) else {
                throw entry.issue("unknown profile \(JSONText.quoted(name)) (expected \(Profile.namesList))")
            }
            guard profile.version == nil else {
                throw entry.issue(
                    "settings.platforms names a platform without its version: \(JSONText.quoted(profile.platform))")
            }
            var object = try entry.object()
            var platform = PlatformSettings()
            if let interval = object.optional("minimumTriggerInterval") {
                platform.minimumTriggerInterval = try minimumInterval(interval)
            }
            if let timeout = object.optional("sessionTimeout") { platform.sessionTimeout = try timeout.seconds() }
            try rejectUnknownKeys(
                object, in: "settings.platforms.\(profile.name)",
                expected: ["minimumTriggerInterval", "sessionTimeout"])
            platforms[profile.name] = platform
        }
        return platforms
    }

    /// Simulator data is checked strictly (delivery-rules §9): the first member not read is an
    /// error with its path.
    func rejectUnknownKeys(_ object: some MemberSource, in what: String, expected: [String]) throws(DecodeIssue) {
        guard let (key, path) = object.unread.first else { return }
        throw DecodeIssue(
            path: path, message: "unknown key \(JSONText.quoted(key)) in \(what) (expected \(Node.list(expected)))")
    }
}
