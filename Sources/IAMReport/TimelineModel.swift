import IAMEngine

/// What the SVG timeline shows, in the engine's terms: spans of app state, marks for events and
/// decisions, a bar per visible message, the stack depth and the minimum-interval cooldown.
///
/// Bounded whatever the length of the run: records are folded into a fixed grid of time bins
/// as they come (no record is kept). A lane keeps a count per bin and, where a bin holds few
/// instants, the instants themselves; spans long enough to be seen are kept, shorter ones are
/// counted per bin. The picture draws what fits (`TimelineSVG`).
package struct TimelineModel: Sendable {
    /// A stretch of time with a label (`foreground`, `up`, `landscape`, a message id, ...) and
    /// a style (the label for state lanes, the message type for bars).
    package struct Span: Sendable, Equatable {
        package var start: Double
        package var end: Double
        package var label: String
        package var style: String
        /// A bar of a locally triggered message (drawn dashed).
        package var local = false
        /// A bar of a message handed to the app's own UI (I3), not displayed by the SDK's.
        package var byApp = false

        package init(
            start: Double, end: Double, label: String, style: String? = nil, local: Bool = false, byApp: Bool = false
        ) {
            (self.start, self.end, self.label, self.style, self.local) = (start, end, label, style ?? label, local)
            self.byApp = byApp
        }
    }

    /// One instant: an event, a performed trigger, a discard or a return to the stack.
    package struct Mark: Sendable, Equatable {
        package var t: Double
        package var label: String
        /// The longer text of the hover title: the record as the text trace prints it.
        package var detail: String
    }

    package var name: String
    /// The platform (profiles.md) the run starts on.
    package var profile: String
    /// The simulated time the run ends at.
    package var end: Double
    /// The stretch the picture shows: `--from`/`--to`, or from 0 to the end (`to` nil: the end).
    package var from: Double
    package var to: Double?
    package var grid: TimeGrid
    package var app = SpanLane()
    package var keyboard = SpanLane()
    package var orientation = SpanLane()
    /// The app around the SDK (integration.md): presenter changes, screens, test sends, pushes
    /// the app kept from the SDK, the initial state.
    package var integration = MarkLane()
    package var events = MarkLane()
    package var performed = MarkLane()
    /// A bar per visible message: from `displayed` to its `dismissed` (or the end of the picture).
    package var bars = SpanLane()
    /// Control impressions (M2): marked, never drawn as bars.
    package var controls = MarkLane()
    package var depth = DepthLane()
    /// P2: from each performed trigger to when the global interval lets the next one pass.
    package var cooldowns = SpanLane()
    package var discards = MarkLane()
    package var returns = MarkLane()
    /// The lanes of instants and the lanes of spans, each listed once (halving and settling
    /// read these).
    static var markLanes: [WritableKeyPath<TimelineModel, MarkLane>] {
        [\.events, \.integration, \.performed, \.controls, \.discards, \.returns]
    }
    static var spanLanes: [WritableKeyPath<TimelineModel, SpanLane>] {
        [\.app, \.keyboard, \.orientation, \.bars, \.cooldowns]
    }

    /// How many trace records the run wrote, and how many messages it displayed.
    package var recordCount = 0
    package var displayedCount = 0

    init(name: String, profile: String, from: Double, to: Double?, guess: Double) {
        self.name = name
        self.profile = profile
        self.from = from
        self.to = to
        end = 0
        grid = TimeGrid(origin: from, span: to.map { $0 - from } ?? max(1, (guess - from) * 1.1), grows: to == nil)
    }

    /// Makes `t` fall inside the grid when it can grow (no `--to`): doubles the bins' width,
    /// merging them in pairs, as often as needed. Returns the bin of `t`, nil outside the grid.
    mutating func bin(_ t: Double) -> Int? {
        while grid.grows, t >= grid.origin + grid.span {
            grid.span *= 2
            for lane in Self.markLanes {
                self[keyPath: lane].halve()
            }
            for lane in Self.spanLanes {
                self[keyPath: lane].halve(grid)
            }
            depth.halve()
        }
        return grid.index(t)
    }
}

/// The bins every lane folds into: `TimeGrid.count` bins of equal width from `origin`.
package struct TimeGrid: Sendable, Equatable {
    package static let count = 8192
    package var origin: Double
    package var span: Double
    /// Without `--to` the end is not known until the run ends: the grid doubles instead.
    package var grows: Bool

    package var binWidth: Double { span / Double(Self.count) }

    /// The bin of `t`; nil before the origin, or past the end of a fixed grid.
    package func index(_ t: Double) -> Int? {
        guard t >= origin, t <= origin + span else { return nil }
        return min(Self.count - 1, Int((t - origin) / span * Double(Self.count)))
    }

    /// The middle of bin `i` in seconds.
    package func center(_ i: Int) -> Double { origin + (Double(i) + 0.5) * binWidth }
}

/// Instants of one kind: a count per bin, and the instants themselves in bins that hold at
/// most `kept` of them (a picture never draws more than that many in one place).
package struct MarkLane: Sendable {
    package static let kept = 3
    package private(set) var counts = [Int32](repeating: 0, count: TimeGrid.count)
    /// Bin -> its instants, while the bin holds at most `kept`.
    package private(set) var marks: [Int: [TimelineModel.Mark]] = [:]
    package private(set) var total = 0

    /// Counts one instant in `bin`; `mark` is made only when the bin still keeps its instants.
    mutating func add(_ bin: Int, _ mark: () -> TimelineModel.Mark) {
        counts[bin] += 1
        total += 1
        if counts[bin] <= Int32(Self.kept) {
            marks[bin, default: []].append(mark())
        } else if counts[bin] == Int32(Self.kept) + 1 {
            marks[bin] = nil
        }
    }

    /// Every bin's width doubles: bins merge in pairs.
    mutating func halve() {
        var merged = [Int32](repeating: 0, count: TimeGrid.count)
        for i in 0..<TimeGrid.count { merged[i / 2] += counts[i] }
        var kept: [Int: [TimelineModel.Mark]] = [:]
        for (bin, list) in marks where merged[bin / 2] <= Int32(Self.kept) {
            kept[bin / 2, default: []].append(contentsOf: list)
        }
        for bin in kept.keys { kept[bin]?.sort { $0.t < $1.t } }
        counts = merged
        marks = kept
    }

    /// Every kept instant, in time order (tests and small pictures).
    package var all: [TimelineModel.Mark] {
        marks.keys.sorted().flatMap { marks[$0] ?? [] }
    }
}

/// Non-overlapping spans in time order. A span that covers at least `minimumBins` bins is
/// kept whole (so at most `TimeGrid.count / minimumBins` of them); a shorter one is counted
/// in the bin it starts in, by style. The last span stays open to changes until the next.
package struct SpanLane: Sendable {
    static let minimumBins = 6.0
    package private(set) var spans: [TimelineModel.Span] = []
    /// Bin -> style -> how many short spans start there.
    package private(set) var short: [Int: [String: Int]] = [:]
    package private(set) var shortTotal = 0
    /// The last span, still open to `cutLast(at:)`.
    package private(set) var last: TimelineModel.Span?

    /// Starts a new span; the previous one is settled.
    mutating func append(_ span: TimelineModel.Span, _ grid: TimeGrid) {
        settle(grid)
        last = span
    }

    /// Ends the open span at `t` (a launch or a rollback cuts a cooldown short).
    mutating func cutLast(at t: Double) { last?.end = t }

    /// Files the open span: kept whole, counted as short, or left out (outside the picture).
    /// `whole`: the lane's last span (one more at most), kept however short, so a message still
    /// visible when the run ends keeps its bar.
    mutating func settle(_ grid: TimeGrid, whole: Bool = false) {
        guard let span = last else { return }
        last = nil
        let end = grid.grows ? span.end : min(span.end, grid.origin + grid.span)
        let start = max(span.start, grid.origin)
        guard end >= start, span.end >= grid.origin, span.start <= grid.origin + grid.span else { return }
        if whole || end - start >= Self.minimumBins * grid.binWidth {
            spans.append(span)
        } else if let bin = grid.index(start) {
            short[bin, default: [:]][span.style, default: 0] += 1
            shortTotal += 1
        }
    }

    /// The grid's bins doubled (already in `grid`): spans now too short become counts.
    mutating func halve(_ grid: TimeGrid) {
        var merged: [Int: [String: Int]] = [:]
        for (bin, styles) in short { merged[bin / 2, default: [:]].merge(styles, uniquingKeysWith: +) }
        let minimum = Self.minimumBins * grid.binWidth
        var kept: [TimelineModel.Span] = []
        for span in spans {
            if span.end - max(span.start, grid.origin) >= minimum {
                kept.append(span)
            } else if let bin = grid.index(max(span.start, grid.origin)) {
                merged[bin, default: [:]][span.style, default: 0] += 1
                shortTotal += 1
            }
        }
        spans = kept
        short = merged
    }
}

/// The stack's size: its value where the picture starts, and per bin the lowest, highest and
/// last value it took there.
package struct DepthLane: Sendable {
    package private(set) var initial = 0
    package private(set) var low = [Int32](repeating: -1, count: TimeGrid.count)
    package private(set) var high = [Int32](repeating: -1, count: TimeGrid.count)
    package private(set) var last = [Int32](repeating: -1, count: TimeGrid.count)
    /// The highest depth inside the picture's bins (the start's `initial` aside).
    package private(set) var maximum = 0
    var current = 0

    /// The depth became `depth` at `t` (in `bin`, or before the picture when nil and `before`).
    mutating func set(_ depth: Int, bin: Int?, before: Bool) {
        guard depth != current else { return }
        current = depth
        if let bin {
            let d = Int32(depth)
            low[bin] = low[bin] < 0 ? d : min(low[bin], d)
            high[bin] = max(high[bin], d)
            last[bin] = d
            maximum = max(maximum, depth)
        } else if before {
            initial = depth
        }
    }

    mutating func halve() {
        var (l, h, z) = (
            [Int32](repeating: -1, count: TimeGrid.count), [Int32](repeating: -1, count: TimeGrid.count),
            [Int32](repeating: -1, count: TimeGrid.count)
        )
        for i in 0..<TimeGrid.count where last[i] >= 0 {
            let j = i / 2
            l[j] = l[j] < 0 ? low[i] : min(l[j], low[i])
            h[j] = max(h[j], high[i])
            z[j] = last[i]
        }
        (low, high, last) = (l, h, z)
    }
}
