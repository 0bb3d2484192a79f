import IAMEngine

/// `--profile NAME` (profiles.md): accepted by `run`, `check` and the simulator, taken out of the
/// arguments before they are parsed; it replaces the scenario's `settings.profile`.
enum ProfileOption {
    static func extract(_ arguments: [String]) throws(CommandFailure) -> (profile: Profile?, rest: [String]) {
        var rest: [String] = []
        var profile: Profile?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument == "--profile" else {
                rest.append(argument)
                continue
            }
            guard let name = iterator.next() else { throw Arguments.usage("--profile needs a value") }
            profile = try Self.profile(name, option: "--profile")
        }
        return (profile, rest)
    }

    /// `name` as a profile, with a version after `@` (versions.md); a usage error that says why
    /// not: `unknown` for a name that is no platform, the version's own words otherwise.
    static func profile(_ name: String, option: String, unknown: String? = nil) throws(CommandFailure) -> Profile {
        switch Profile.resolve(name) {
        case .success(let profile): return profile
        case .failure(.unknownPlatform):
            throw Arguments.usage(
                unknown ?? "\(option) takes \(Profile.namesList), not '\(TraceFormat.visible(name))'")
        case .failure(let error): throw Arguments.usage("\(option): " + TraceFormat.visible(error.description))
        }
    }
}
