extension TraceRecord {
    /// A record's detail where a view needs it as values, not only as words: a delivery's
    /// trigger count, the app's integration, a web subscriber. `words` is the one place these
    /// details are worded, for the trace and for every view.
    public enum Fact: Sendable, Equatable {
        /// `N triggers`: a delivery started or completed.
        case triggers(Int)
        /// `offline; N cached triggers stay`: a delivery failed (D3).
        case offlineKeeping(cachedTriggers: Int)
        /// `mid-session: N cached triggers[, last trigger at T]`: the run starts mid-life (SV3).
        case midSession(cachedTriggers: Int, lastTrigger: Double?)
        /// `ui=… impressions=…` and the rest of `Integration.summary` (integration.md).
        case integration(Integration)
        /// `subscriber N show|consume`: the Nth (from 1) `subscribeToInAppMessage` callback has
        /// the message (I4).
        case subscriber(position: Int, WebDisplay.Subscriber)
        /// `X52: P2 passes in whole seconds` and the like: a pass that a platform row alone allows
        /// (profiles.md X50–X52), on the `trigger_matched` or `performed` record of that pass.
        case passOwed(Difference, RuleID)
        /// `session N; its sync waits for the next data flush`: a session an event started on a
        /// platform whose sync goes with its periodic flush (X30); the record's `until` says when.
        case sessionSyncAtFlush(session: Int)

        /// The words as the trace writes them (`1 triggers`: the trace keeps its bytes), or
        /// `grammatical` as the screen shows them (`1 trigger`, `1 cached trigger stays`).
        public func words(grammatical: Bool = false) -> String {
            let singular: (Int) -> Bool = { grammatical && $0 == 1 }
            func triggers(_ count: Int, cached: Bool) -> String {
                "\(count) " + (cached ? "cached " : "") + (singular(count) ? "trigger" : "triggers")
            }
            switch self {
            case .triggers(let count):
                return triggers(count, cached: false)
            case .offlineKeeping(let count):
                return "offline; " + triggers(count, cached: true) + (singular(count) ? " stays" : " stay")
            case .midSession(let count, let last):
                return "mid-session: " + triggers(count, cached: true)
                    + (last.map { ", last trigger at \(TraceFormat.fixed3($0))" } ?? "")
            case .integration(let settings):
                return settings.summary
            case .subscriber(let position, let subscriber):
                return "subscriber \(position) \(subscriber.rawValue)"
            case .sessionSyncAtFlush(let session):
                return "session \(session); its sync waits for the next data flush"
            case .passOwed(let row, let rule):
                switch row {
                case .x50: return "X50: \(rule.rawValue) not checked again at the hand-over"
                case .x51: return "X51: \(rule.rawValue) checked with the delay added again"
                default: return "\(row.rawValue): \(rule.rawValue) passes in whole seconds"
                }
            }
        }
    }
}
