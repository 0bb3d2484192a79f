import IAMEngine

/// The top row: the scenario's name on the left; the clock, the timeline and the session on the
/// right. When the row is short the session goes first, then the timeline; the name is cut
/// with an ellipsis.
enum TitleBar {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, width: Int) {
        grid.fill(Rect(x: 0, y: 0, width: width, height: 1), role: .title)
        let g = ctx.glyphs
        var left = " iamterm"
        if !ctx.ui.title.isEmpty { left += " \(g.dot) " + ctx.clean(ctx.ui.title) }
        // The clock: ▶ running, ⏸ paused by the person, or held while the app waits for them.
        let clock = ctx.ui.clock
        var clockSpans = [
            Span(String(clock.isStopped ? g.pause : g.play), clock.isStopped ? .warning : .success, bold: true),
            Span(" " + formatSpeed(clock.speed, ascii: ctx.ascii), .title, bold: true),
        ]
        if clock.held && !clock.paused { clockSpans.append(Span(" held", .title)) }
        clockSpans.append(Span("  t " + formatTime(ctx.now), .title, bold: true))
        // The timeline has its own glyphs, so its state never reads as the clock's.
        let tl = ctx.ui.timeline
        let timeline: [Span] =
            tl.count > 0
            ? [
                Span(
                    "  timeline \(tl.index)/\(tl.count) " + (tl.playing ? g.timelinePlaying : g.timelineStopped), .title
                )
            ]
            : []
        let session = [Span("  " + sessionSummary(ctx.engine), .title)]
        // Least important first out when the row is short: the session, then the timeline.
        let minLeft = min(left.cellWidth, 16)
        // The platform stays: every rule on screen depends on it (profiles.md).
        let badge = [ProfileBadge.span(ctx)]
        var right = badge + clockSpans + timeline + session
        for candidate in [badge + clockSpans + timeline, badge + clockSpans] where cells(right) + 2 + minLeft > width {
            right = candidate
        }
        let rightWidth = cells(right) + 1
        let leftRoom = max(0, width - rightWidth - 1)
        grid.put(left.clipped(to: leftRoom, ellipsis: g.ellipsis), x: 0, y: 0, role: .title, bold: true)
        grid.put(right, x: max(0, width - rightWidth), y: 0, limit: width)
    }

    static func cells(_ spans: [Span]) -> Int { spans.reduce(0) { $0 + $1.text.cellWidth } }

    static func sessionSummary(_ s: EngineState) -> String {
        let state: String =
            switch s.app {
            case .notRunning: "not running"
            case .foreground: "foreground"
            case .background: "background"
            }
        guard let session = s.session else { return "no session (\(state))" }
        return "session \(session.number)" + (session.ended ? " ended" : "") + " (\(state))"
    }
}
