import IAMEngine

/// `settings` (with its `device`, `network` and `delegate`) and the `assets` table (§9, §11).
extension ScenarioDecoder {
    enum SettingsKey: String, SchemaKey {
        case minimumTriggerInterval, sessionTimeout, epoch, device, network, delegate, profile, integration, screens
        case platforms
        static let schema = KeySchema<Self>()
    }
    enum DeviceKey: String, SchemaKey {
        case kind, orientation
        static let schema = KeySchema<Self>()
    }
    enum NetworkKey: String, SchemaKey {
        case online, syncLatency
        static let schema = KeySchema<Self>()
    }
    enum DelegateKey: String, DelegateKeys {
        case implements, answer, answers
        static let schema = KeySchema<Self>()
    }
    enum AssetKey: String, SchemaKey {
        case download, fails
        static let schema = KeySchema<Self>()
    }

    mutating func settings(_ node: Node) throws(DecodeIssue) -> Settings {
        try node.members(SettingsKey.self) { object throws(DecodeIssue) in
            var settings = Settings()
            if let node = object.optionalNode(.minimumTriggerInterval) {
                settings.minimumTriggerInterval = try minimumInterval(node)
            }
            if let node = object.optionalNode(.sessionTimeout) { settings.sessionTimeout = try node.seconds() }
            if let node = object.optionalNode(.epoch) { settings.epoch = try node.number() }
            if let node = object.optionalNode(.device) { settings.device = try device(node) }
            if let node = object.optionalNode(.network) { settings.network = try network(node) }
            if let node = object.optionalNode(.delegate) { settings.delegate = try delegate(node) }
            if let node = object.optionalNode(.profile) { settings.profile = try profile(node) }
            if let node = object.optionalNode(.integration) { settings.integration = try integration(node) }
            if let node = object.optionalNode(.screens) { settings.screens = try screens(node) }
            if let node = object.optionalNode(.platforms) {
                settings.platforms = try platforms(node)
                for (name, message) in VersionedSettings.warnings(settings) {
                    warn(node.path.appending(.key(settings.profile.platform)).appending(.key(name)), message)
                }
            }
            warnUnknownKeys(object, in: "settings")
            return settings
        }
    }

    /// P2's interval: a whole number of seconds >= 0.
    func minimumInterval(_ node: Node) throws(DecodeIssue) -> Double {
        let seconds = try node.integer()
        if seconds < 0 { throw node.issue("must be a whole number of seconds >= 0; got \(seconds)") }
        try node.checkTime(Double(seconds))
        return Double(seconds)
    }

    mutating func device(_ node: Node) throws(DecodeIssue) -> Device {
        try node.members(DeviceKey.self) { object throws(DecodeIssue) in
            var device = Device()
            device.kind = try object.choice(.kind, [.phone, .tablet], "device kind") ?? device.kind
            device.orientation =
                try object.choice(.orientation, [.portrait, .landscape], "orientation") ?? device.orientation
            warnUnknownKeys(object, in: "device")
            return device
        }
    }

    mutating func network(_ node: Node) throws(DecodeIssue) -> Network {
        try node.members(NetworkKey.self) { object throws(DecodeIssue) in
            var network = Network()
            if let node = object.optionalNode(.online) { network.online = try node.bool() }
            if let node = object.optionalNode(.syncLatency) { network.syncLatency = try node.seconds() }
            warnUnknownKeys(object, in: "network")
            return network
        }
    }

    /// `{implements, answer, answers}`: also the body of a `delegate` timeline step.
    mutating func delegate(_ node: Node) throws(DecodeIssue) -> Delegate {
        try node.members(DelegateKey.self) { object throws(DecodeIssue) in
            let delegate = try self.delegate(&object)
            warnUnknownKeys(object, in: "delegate")
            return delegate
        }
    }

    func delegate<Key: DelegateKeys>(_ object: inout MemberReader<Key>) throws(DecodeIssue) -> Delegate {
        var delegate = Delegate()
        delegate.implements = try object.choice(.implements, "delegate method") ?? delegate.implements
        delegate.answer = try object.choice(.answer, "display choice") ?? delegate.answer
        if let node = object.optionalNode(.answers) {
            for (id, choice) in try node.map() {
                delegate.answers[id] = try choice.choice(DisplayChoice.self, "display choice")
            }
        }
        return delegate
    }

    /// A platform's name (profiles.md): `settings.profile` and the `profile` step's `name`.
    func profile(_ node: Node) throws(DecodeIssue) -> Profile {
        let name = try node.string()
        switch Profile.resolve(name) {
        case .success(let profile): return profile
        case .failure(.unknownPlatform):
            throw node.issue("unknown profile \(JSONText.quoted(name)) (expected \(Profile.namesList))")
        case .failure(let error): throw node.issue(error.description)
        }
    }

    /// `assets`: URL → `{download, fails}`.
    mutating func assets(_ node: Node) throws(DecodeIssue) -> [String: AssetSpec] {
        let entries = try node.map()
        if entries.count > ScenarioLoader.maxAssets {
            throw node.issue("too many assets: \(entries.count) (the limit is \(ScenarioLoader.maxAssets))")
        }
        var assets: [String: AssetSpec] = [:]
        assets.reserveCapacity(entries.count)
        for (url, entry) in entries {
            assets[url] = try entry.members(AssetKey.self) { spec throws(DecodeIssue) in
                var asset = AssetSpec()
                if let node = spec.optionalNode(.download) { asset.download = try node.seconds() }
                if let node = spec.optionalNode(.fails) { asset.fails = try node.bool() }
                warnUnknownKeys(spec, in: "an asset")
                return asset
            }
        }
        return assets
    }
}
