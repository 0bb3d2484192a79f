import IAMEngine

/// The app around the SDK (integration.md): `settings.integration` and the `integration` and
/// `appImpression` steps. Simulator data, checked strictly: an unknown key is an error.
extension ScenarioDecoder {
    enum IntegrationKey: String, IntegrationKeys {
        case ui, impressions, bridge, web, scenes
        static let schema = KeySchema<Self>()
    }
    enum BridgeKey: String, SchemaKey {
        case kind, nativeUI, listener, ready, answer, whenNotReady
        static let schema = KeySchema<Self>()
    }
    enum WebKey: String, SchemaKey {
        case automaticallyShow, subscribers, allowUserSuppliedJavascript
        static let schema = KeySchema<Self>()
    }
    enum ScreenKey: String, SchemaKey {
        case registered, delegate
        static let schema = KeySchema<Self>()
    }
    enum InitialKey: String, SchemaKey {
        case lastTriggerAt, performed, cachedTriggers
        static let schema = KeySchema<Self>()
    }
    enum PlatformKey: String, SchemaKey {
        case minimumTriggerInterval, sessionTimeout, testEagerDisplay
        static let schema = KeySchema<Self>()
    }

    /// `settings.integration`.
    func integration(_ node: Node) throws(DecodeIssue) -> Integration {
        try node.members(IntegrationKey.self) { object throws(DecodeIssue) in
            let change = try integrationChange(&object)
            try rejectUnknownKeys(object, in: "settings.integration")
            return change.applied(to: Integration())
        }
    }

    /// The keys of `settings.integration` an object gives (also the body of an `integration` step).
    func integrationChange<Key: IntegrationKeys>(_ object: inout MemberReader<Key>) throws(DecodeIssue)
        -> IntegrationChange
    {
        var change = IntegrationChange()
        change.ui = try object.choice(.ui, "integration ui")
        change.impressions = try object.choice(.impressions, "impressions")
        // `"bridge": null` removes the bridge: read with `takeNode`, which keeps a null.
        if let node = object.takeNode(.bridge) { change.bridge = .some(node.isNull ? nil : try bridge(node)) }
        if let node = object.optionalNode(.web) { change.web = try web(node) }
        if let node = object.optionalNode(.scenes) { change.scenes = try node.bool() }
        return change
    }

    /// `settings.integration.bridge` (B1–B4): `kind` required, the rest as the bridge starts.
    func bridge(_ node: Node) throws(DecodeIssue) -> Bridge {
        try node.members(BridgeKey.self) { object throws(DecodeIssue) in
            var bridge = Bridge(kind: try object.required(.kind).choice(Bridge.Kind.self, "bridge kind"))
            if let node = object.optionalNode(.nativeUI) { bridge.nativeUI = try node.bool() }
            if let node = object.optionalNode(.listener) { bridge.listener = try node.bool() }
            if let node = object.optionalNode(.ready) { bridge.ready = try node.bool() }
            bridge.answer = try object.choice(.answer, "display choice")
            bridge.whenNotReady = try object.choice(.whenNotReady, "whenNotReady")
            try rejectUnknownKeys(object, in: "a bridge")
            return bridge
        }
    }

    /// `settings.integration.web` (I4): automatic display and the subscribers, in order.
    func web(_ node: Node) throws(DecodeIssue) -> WebDisplay {
        try node.members(WebKey.self) { object throws(DecodeIssue) in
            var web = WebDisplay()
            if let node = object.optionalNode(.automaticallyShow) { web.automaticallyShow = try node.bool() }
            if let node = object.optionalNode(.allowUserSuppliedJavascript) {
                web.allowUserSuppliedJavascript = try node.bool()
            }
            if let node = object.optionalNode(.subscribers) {
                let count = try node.elementCount()
                if count > WebDisplay.maxSubscribers {
                    throw node.issue(
                        "expected at most \(WebDisplay.maxSubscribers) subscribers, got \(count) (each message goes to every subscriber: three records each)"
                    )
                }
                try node.forEachElement { (_, element) throws(DecodeIssue) in
                    web.subscribers.append(try element.choice(WebDisplay.Subscriber.self, "subscriber"))
                }
            }
            try rejectUnknownKeys(object, in: "settings.integration.web")
            return web
        }
    }

    /// `settings.screens`: name → `{registered, delegate}` (SC1, SC2).
    func screens(_ node: Node) throws(DecodeIssue) -> [String: Screen] {
        var screens: [String: Screen] = [:]
        for (name, entry) in try node.map() {
            screens[name] = try entry.members(ScreenKey.self) { object throws(DecodeIssue) in
                var screen = Screen()
                if let node = object.optionalNode(.registered) { screen.registered = try node.bool() }
                screen.delegate = try object.choice(.delegate, "display choice")
                try rejectUnknownKeys(object, in: "a screen")
                return screen
            }
        }
        return screens
    }

    /// `initial` (SV3): times at most 0 and above -1e9; trigger ids among the triggers.
    func initial(_ node: Node) throws(DecodeIssue) -> InitialState {
        try node.members(InitialKey.self) { object throws(DecodeIssue) in
            var initial = InitialState()
            if let node = object.optionalNode(.lastTriggerAt) { initial.lastTriggerAt = try pastTime(node) }
            if let node = object.optionalNode(.performed) {
                for (id, time) in try node.map() { initial.performed[try knownTrigger(id, time)] = try pastTime(time) }
            }
            if let node = object.optionalNode(.cachedTriggers) {
                try node.forEachElement { (_, element) throws(DecodeIssue) in
                    initial.cachedTriggers.append(try knownTrigger(element.nonEmptyString(), element))
                }
            }
            try rejectUnknownKeys(object, in: "initial")
            return initial
        }
    }

    /// `id` when it names one of the triggers; an error at `node` otherwise.
    private func knownTrigger(_ id: String, _ node: Node) throws(DecodeIssue) -> String {
        guard triggerIndex[id] != nil else {
            throw node.issue("trigger \(JSONText.quoted(id)) is not among the triggers")
        }
        return id
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
        for (name, entry) in try node.map() {
            guard let profile = Profile.named(name) else {
                throw entry.issue("unknown profile \(JSONText.quoted(name)) (expected \(Profile.namesList))")
            }
            guard profile.version == nil else {
                throw entry.issue(
                    "settings.platforms names a platform without its version: \(JSONText.quoted(profile.platform))")
            }
            platforms[profile.name] = try entry.members(PlatformKey.self) { object throws(DecodeIssue) in
                var platform = PlatformSettings()
                if let node = object.optionalNode(.minimumTriggerInterval) {
                    platform.minimumTriggerInterval = try minimumInterval(node)
                }
                if let node = object.optionalNode(.sessionTimeout) { platform.sessionTimeout = try node.seconds() }
                if let node = object.optionalNode(.testEagerDisplay) {
                    platform.testEagerDisplay = try appSetting(node, of: profile) { $0.readsTestEagerDisplay }
                }
                try rejectUnknownKeys(object, in: "settings.platforms.\(profile.name)")
                return platform
            }
        }
        return platforms
    }

    /// A boolean app setting (versions-evidence §9 (c)) under `settings.platforms.NAME`: an error
    /// under a platform that has no such setting at any version known.
    private func appSetting(_ node: Node, of profile: Profile, has: (Profile) -> Bool) throws(DecodeIssue) -> Bool {
        guard has(profile) else {
            throw node.issue("\(profile.name) has no such app setting (it is one of another platform's SDK)")
        }
        return try node.bool()
    }

    /// Simulator data is checked strictly (delivery-rules §9): the first member not read is an
    /// error with its path; the expected keys are the object's (`Key`'s) in their order.
    func rejectUnknownKeys<Key>(_ object: MemberReader<Key>, in what: String, expected: [Key] = Key.allCases)
        throws(DecodeIssue)
    {
        guard let (key, path) = object.unread.first else { return }
        throw DecodeIssue(
            path: path,
            message: "unknown key \(JSONText.quoted(key)) in \(what) (expected \(Node.list(expected.map(\.rawValue))))")
    }
}
