/// The search's clock (explore.md, "Limits"): every piece of work the search does — a state
/// expanded, a move applied, a group of property filters judged while it builds the events to
/// raise, a search begun — is counted here, and the caller's clock is asked at each one. The
/// clock is cheap (a monotonic read, about 25 ns; PERFORMANCE.md "Explore's clock") beside the
/// cheapest piece (a filter group judged), so the time limit holds whatever the input: set-up,
/// a filter of thousands of groups, the pairs of `--profiles`, a file of 80,000 triggers.
///
/// Once the clock says stop, every later ask says stop without asking again: the search and
/// the event building unwind and the report says what was left.
final class Meter {
    private let shouldStop: () -> Bool
    /// Pieces of work done so far (the report's `work`: tests read the cost from it, not time).
    private(set) var work = 0
    private(set) var stopped = false

    init(_ shouldStop: @escaping () -> Bool) {
        self.shouldStop = shouldStop
    }

    /// Counts `units` pieces of work; true when the search must stop.
    func spend(_ units: Int = 1) -> Bool {
        guard !stopped else { return true }
        work += units
        if shouldStop() { stopped = true }
        return stopped
    }
}
