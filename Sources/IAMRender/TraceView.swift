import IAMEngine

/// The TRACE section: records newest first, coloured by kind, scrollable.
enum TraceView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, rect: Rect, hotspots: inout [Hotspot]) {
        guard rect.height >= 1, rect.width >= 10 else { return }
        // Its records' rows: what a click focuses and what PgUp / PgDn move by.
        hotspots.append(Hotspot(Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1), .trace))
        let total = ctx.trace.count
        let focused = ctx.ui.focus == .trace
        let cursor = min(max(0, ctx.ui.traceCursor), max(0, total - 1))
        let rows = rect.height - 1
        // Rows scrolled away from the newest; with the focus, scrolled so the cursor shows.
        var scroll = min(max(0, ctx.ui.traceScroll), max(0, total - 1))
        if focused, rows > 0 {
            if cursor < scroll { scroll = cursor }
            if cursor >= scroll + rows { scroll = cursor - rows + 1 }
        }
        let shown = max(0, min(rows, total - scroll))
        let older = total - scroll - shown
        var extra =
            total == 0
            ? "(empty)"
            : focused ? "\(ctx.glyphs.up)\(ctx.glyphs.down) Enter: record, / search" : "newest first, Tab: focus"
        if scroll > 0 { extra = "\(ctx.glyphs.up) \(scroll) newer \(ctx.glyphs.dot) " + extra }
        var header = SidePanel.header(focused ? "TRACE \(ctx.glyphs.play)" : "TRACE", extra)
        if older > 0 {
            let more = SidePanel.moreLabel(older)
            grid.put(more, x: rect.maxX - more.cellWidth, y: rect.y, role: .muted, limit: rect.maxX)
            header = header.map { Span($0.text.clipped(to: rect.width - more.cellWidth - 1), $0.role, bold: $0.bold) }
        }
        grid.put(
            header, x: rect.x, y: rect.y, limit: rect.maxX - (older > 0 ? SidePanel.moreLabel(older).cellWidth : 0))
        for row in 0..<shown {
            let index = total - 1 - scroll - row
            let record = ctx.trace[index]
            let y = rect.y + 1 + row
            let isCursor = focused && scroll + row == cursor
            let text = traceLine(record, ctx).clipped(to: rect.width, ellipsis: ctx.glyphs.ellipsis)
            if isCursor {
                grid.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: .selected, reverse: true)
                grid.put(text, x: rect.x, y: y, role: .selected, reverse: true, limit: rect.maxX)
            } else {
                grid.put(text, x: rect.x, y: y, role: role(for: record.kind), limit: rect.maxX)
            }
        }
    }

    static func role(for kind: TraceRecord.Kind) -> StyleRole {
        switch kind {
        case .displayed, .redisplayed, .performed, .triggerMatched, .clicked, .handedToApp: .traceShown
        case .discarded, .triggerDropped, .triggerSkipped, .noMatch, .assetFailed, .deliveryFailed, .ignored,
            .eventRejected:
            .traceDropped
        case .returnedToStack, .reenqueued, .parked, .carriedOver, .waitingForAsset, .eventQueued, .triggerDelayed:
            .traceReturned
        case .event, .app, .sessionStarted, .sessionEnded, .userChanged: .traceEvent
        case .deliveryStarted, .deliveryCompleted, .assetRequested, .assetReady, .offered, .dismissed, .stacked,
            .testSend:
            .traceInfo
        }
    }

    /// One record as a compact line: "  42.5 displayed        promo-summer impression". The
    /// record's words (`RecordWords`), the time right-aligned and the kind padded to a column.
    static func traceLine(_ r: TraceRecord, _ ctx: RenderContext) -> String {
        var time = formatTime(r.t)
        time = String(repeating: " ", count: max(0, 6 - time.cellWidth)) + time
        let words = r.words(time: formatTime, clean: ctx.clean)
        let rest = words.text { $0 != .kind }
        return time + " " + r.kind.rawValue.padded(to: 18) + (rest.isEmpty ? "" : " " + rest)
    }

    /// A record's detail as the screen words it: a fact's words made grammatical ("1 trigger",
    /// where the trace keeps its bytes, "1 triggers"), any other detail as it stands.
    static func shown(_ r: TraceRecord) -> String? {
        r.words(clean: { $0 })[.detail]
    }
}
