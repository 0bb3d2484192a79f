import IAMEngine

/// versions.md: an app setting (versions-evidence §9 (c)) named for a version that lacks it
/// loads with a warning that says from which version it exists; the engine ignores it there
/// (`Settings.testSends`). Checked for the scenario's profile when it loads, and again by the
/// command line when `--profile` puts another in its place.
public enum VersionedSettings {
    /// The settings under `settings.platforms.PLATFORM` that `settings.profile`'s version lacks:
    /// each key's name and the warning.
    public static func warnings(_ settings: Settings) -> [(key: String, message: String)] {
        let profile = settings.profile
        guard let platform = settings.platforms[profile.platform] else { return [] }
        var warnings: [(key: String, message: String)] = []
        if platform.testEagerDisplay != nil, !profile.readsTestEagerDisplay {
            let from = profile.firstVersion(where: \.readsTestEagerDisplay)
            warnings.append(
                (
                    ScenarioDecoder.PlatformKey.testEagerDisplay.rawValue,
                    "\(profile.name) has no app setting for eager test display"
                        + (from.map { " (it exists from \(profile.platform) \($0))" } ?? "") + "; ignored"
                ))
        }
        return warnings
    }

    /// The same warnings as a loaded file's, for `file` run under its (replaced) profile.
    public static func warnings(_ settings: Settings, file: String) -> [ScenarioWarning] {
        warnings(settings).map {
            ScenarioWarning(
                file: file,
                path: JSONPath([
                    .key(ScenarioDecoder.ScenarioKey.settings.rawValue),
                    .key(ScenarioDecoder.SettingsKey.platforms.rawValue), .key(settings.profile.platform), .key($0.key),
                ]).description,
                message: $0.message)
        }
    }
}
