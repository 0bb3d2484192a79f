import IAMEngine

/// `settings` (with its `device`, `network` and `delegate`) and the `assets` table (§9, §11).
extension ScenarioDecoder {
    mutating func settings(_ node: Node) throws(DecodeIssue) -> Settings {
        var object = try node.object()
        var settings = Settings()
        if let interval = object.optional("minimumTriggerInterval") {
            settings.minimumTriggerInterval = try minimumInterval(interval)
        }
        if let timeout = object.optional("sessionTimeout") {
            settings.sessionTimeout = try timeout.seconds()
        }
        if let epoch = object.optional("epoch") { settings.epoch = try epoch.number() }
        if let device = object.optional("device") { settings.device = try self.device(device) }
        if let network = object.optional("network") { settings.network = try self.network(network) }
        if let delegate = object.optional("delegate") { settings.delegate = try self.delegate(delegate) }
        if let profile = object.optional("profile") { settings.profile = try self.profile(profile) }
        if let integration = object.optional("integration") { settings.integration = try self.integration(integration) }
        if let screens = object.optional("screens") { settings.screens = try self.screens(screens) }
        if let platforms = object.optional("platforms") { settings.platforms = try self.platforms(platforms) }
        warnUnknownKeys(object, in: "settings")
        return settings
    }

    /// P2's interval: a whole number of seconds >= 0.
    func minimumInterval(_ node: Node) throws(DecodeIssue) -> Double {
        let seconds = try node.integer()
        if seconds < 0 { throw node.issue("must be a whole number of seconds >= 0; got \(seconds)") }
        try node.checkTime(Double(seconds))
        return Double(seconds)
    }

    mutating func device(_ node: Node) throws(DecodeIssue) -> Device {
        var object = try node.object()
        var device = Device()
        if let kind = object.optional("kind") {
            device.kind = try kind.choice([Device.Kind.phone, .tablet], "device kind")
        }
        if let orientation = object.optional("orientation") {
            device.orientation = try orientation.choice([Device.Orientation.portrait, .landscape], "orientation")
        }
        warnUnknownKeys(object, in: "device")
        return device
    }

    mutating func network(_ node: Node) throws(DecodeIssue) -> Network {
        var object = try node.object()
        var network = Network()
        if let online = object.optional("online") { network.online = try online.bool() }
        if let latency = object.optional("syncLatency") {
            network.syncLatency = try latency.seconds()
        }
        warnUnknownKeys(object, in: "network")
        return network
    }

    /// `{implements, answer, answers}`: also the body of a `delegate` timeline step.
    mutating func delegate(_ node: Node) throws(DecodeIssue) -> Delegate {
        var object = try node.object()
        var delegate = Delegate()
        try readDelegateKeys(&object, into: &delegate)
        warnUnknownKeys(object, in: "delegate")
        return delegate
    }

    func readDelegateKeys(_ object: inout some MemberSource, into delegate: inout Delegate) throws(DecodeIssue) {
        if let implements = object.optional("implements") {
            delegate.implements = try implements.choice(Delegate.Implements.self, "delegate method")
        }
        if let answer = object.optional("answer") {
            delegate.answer = try answer.choice(DisplayChoice.self, "display choice")
        }
        if let answers = object.optional("answers") {
            for (id, choice) in try answers.object().entries {
                delegate.answers[id] = try choice.choice(DisplayChoice.self, "display choice")
            }
        }
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
        let object = try node.object()
        if object.count > ScenarioLoader.maxAssets {
            throw node.issue("too many assets: \(object.count) (the limit is \(ScenarioLoader.maxAssets))")
        }
        var assets: [String: AssetSpec] = [:]
        assets.reserveCapacity(object.count)
        for (url, entry) in object.entries {
            var spec = try entry.object()
            var asset = AssetSpec()
            if let download = spec.optional("download") { asset.download = try download.seconds() }
            if let fails = spec.optional("fails") { asset.fails = try fails.bool() }
            warnUnknownKeys(spec, in: "an asset")
            assets[url] = asset
        }
        return assets
    }
}
