/// Spec §9 (revision 2): every simulation time stays below 10^9 seconds, so every record's `t`,
/// `until` and `next` is a finite number that prints exactly to the millisecond.
public enum TimeLimit {
    /// Times (`at`, every deadline derived from it) are below this many simulation seconds;
    /// each duration, delay and timeout is below it too.
    public static let seconds = 1e9

    /// The last moment a run up to `until` may reach: `until`, and never at or past `seconds`
    /// (the loader keeps every time below it; a scenario built in code that does not still
    /// never gets a record there). Every runner stops here.
    public static func end(until: Double?) -> Double { min(until ?? .infinity, seconds.nextDown) }

    /// The longest chain of deadlines one timeline step can start: a delivery, the longest
    /// trigger delay and timeout, the slowest asset, the longest message, the session timeout.
    /// A scenario whose last step plus this reaches `seconds` is refused by the loader.
    public static func horizon(of scenario: Scenario) -> Double {
        var delay = 0.0
        var timeout = 0.0
        var duration = 0.0
        let triggers = scenario.triggers
        for index in triggers.indices {
            delay = max(delay, triggers[index].delay)
            timeout = max(timeout, triggers[index].timeout / 1000)
            duration = max(duration, triggers[index].messageDisplayDuration ?? 0)
        }
        for step in scenario.timeline {
            if case .addLocal(let message) = step.action { duration = max(duration, message.displayDuration ?? 0) }
        }
        // An asset missing from the table downloads in the default time.
        let download =
            scenario.assets.values.map(\.download).max().map { max($0, AssetSpec().download) } ?? AssetSpec().download
        let settings: Settings = scenario.settings
        let latency: Double = settings.network.syncLatency
        // A profile (X10) may set its own default; every profile's is a few minutes at most.
        let session: Double = settings.sessionTimeout ?? max(settings.platformSessionTimeout, 3600)
        let chain: Double = delay + timeout + download + duration
        return latency + chain + session
    }
}
