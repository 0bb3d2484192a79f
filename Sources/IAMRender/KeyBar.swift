/// The key bar on the bottom row; each entry is clickable. The commands that apply to what is
/// on screen now come first (a message on screen: click, its buttons, dismiss), so they stay
/// when the bar is short; `? help` and `q quit` stay whatever the width.
enum KeyBar {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, row: Int, width: Int, hotspots: inout [Hotspot]) {
        grid.fill(Rect(x: 0, y: row, width: width, height: 1), role: .keyBar)
        var x = 1
        let tail = ctx.ui.keys.bar.filter(\.pinned)
        let tailWidth = tail.reduce(0) { $0 + entryWidth($1, ctx) }
        for entry in ordered(ctx) where !entry.pinned {
            if x + entryWidth(entry, ctx) > width - tailWidth { continue }
            x = drawEntry(&grid, ctx, entry, x: x, row: row, hotspots: &hotspots)
        }
        x = max(x, width - tailWidth)
        for entry in tail { x = drawEntry(&grid, ctx, entry, x: x, row: row, hotspots: &hotspots) }
    }

    /// The bar's entries: those that apply now first, then the rest, each in the table's order.
    static func ordered(_ ctx: RenderContext) -> [KeyBarEntry] {
        let all = ctx.ui.keys.bar.filter { entry in entry.onlyWhen.map { holds($0, ctx) } ?? true }
        let now = all.filter { appliesNow($0, ctx) }
        return now + all.filter { !appliesNow($0, ctx) }
    }

    /// Whether the entry does something for what is on screen now (and is worth the first places).
    static func appliesNow(_ entry: KeyBarEntry, _ ctx: RenderContext) -> Bool {
        entry.firstWhen.map { holds($0, ctx) } ?? false
    }

    static func holds(_ condition: KeyBarEntry.Condition, _ ctx: RenderContext) -> Bool {
        let s = ctx.engine
        switch condition {
        case .messageOnScreen: return s.visible != nil
        case .messageHasButtons: return !(s.visible?.pending.message.buttons.isEmpty ?? true)
        case .stackWaiting: return s.visible == nil && !s.stack.isEmpty
        case .appNotRunning: return s.app == .notRunning
        case .timelineLeft: return ctx.ui.timeline.index < ctx.ui.timeline.count
        case .noteShown: return ctx.ui.note != nil
        case .integrationLine: return IntegrationLine.isShown(ctx.engine)
        }
    }

    static func label(_ entry: KeyBarEntry, _ ctx: RenderContext) -> String {
        ctx.ascii ? entry.asciiLabel : entry.label
    }

    /// The entry's word, as things stand: `r pause` while the timeline plays.
    static func word(_ entry: KeyBarEntry, _ ctx: RenderContext) -> String {
        if let playing = entry.wordWhilePlaying, ctx.ui.timeline.playing { return playing }
        return entry.word
    }

    static func entryWidth(_ entry: KeyBarEntry, _ ctx: RenderContext) -> Int {
        label(entry, ctx).cellWidth + 1 + word(entry, ctx).cellWidth + 2
    }

    static func drawEntry(
        _ grid: inout Grid, _ ctx: RenderContext, _ entry: KeyBarEntry, x: Int, row: Int, hotspots: inout [Hotspot]
    ) -> Int {
        var end = grid.put(label(entry, ctx), x: x, y: row, role: .accent, bold: true)
        end = grid.put(" " + word(entry, ctx), x: end, y: row, role: .keyBar)
        hotspots.append(Hotspot(Rect(x: x, y: row, width: end - x, height: 1), .command(entry.tag)))
        return end + 2
    }
}
