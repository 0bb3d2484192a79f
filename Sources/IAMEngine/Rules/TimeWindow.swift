// T2: a trigger matches only while `start_time < now < end_time` (unix seconds; nil = no bound).
extension Trigger {
    public func isInTimeWindow(unixNow: Double) -> Bool {
        if let start = startTime, !(start < unixNow) { return false }
        if let end = endTime, !(unixNow < end) { return false }
        return true
    }
}
