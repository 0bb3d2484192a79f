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
            guard let named = Profile.named(name) else {
                throw Arguments.usage("--profile takes \(Profile.namesList), not '\(TraceFormat.visible(name))'")
            }
            profile = named
        }
        return (profile, rest)
    }
}
