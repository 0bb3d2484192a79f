// T2: a trigger matches only while `start_time < now < end_time` (unix seconds; nil = no bound).
extension Trigger {
    public func isInTimeWindow(unixNow: Double) -> Bool {
        TimeWindow.contains(start: startTime, end: endTime, unixNow: unixNow)
    }
}

enum TimeWindow {
    static func contains(start: Double?, end: Double?, unixNow: Double) -> Bool {
        if let start, !(start < unixNow) { return false }
        if let end, !(unixNow < end) { return false }
        return true
    }
}
