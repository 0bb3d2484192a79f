import IAMEngine

/// The TRIGGERS section: one row per server trigger, the selected one highlighted.
enum TriggerList {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, rect: Rect, hotspots: inout [Hotspot]) {
        guard rect.height >= 1 else { return }
        let triggers = ctx.engine.serverTriggers
        let rows = rect.height - 1
        let selected = min(max(0, ctx.ui.selectedTrigger), max(0, triggers.count - 1))
        let first = min(max(0, selected - rows + 1), max(0, triggers.count - rows))
        let hidden = max(0, triggers.count - max(0, rows))
        let focused = ctx.ui.focus == .triggers
        let hint = focused ? "\(ctx.glyphs.up)\(ctx.glyphs.down) select, Enter why not" : "Tab: focus"
        var limit = rect.maxX
        if hidden > 0 {
            let more = SidePanel.moreLabel(hidden)
            limit -= more.cellWidth
            grid.put(more, x: limit, y: rect.y, role: .muted, limit: rect.maxX)
        }
        grid.put(
            SidePanel.header(focused ? "TRIGGERS \(ctx.glyphs.play)" : "TRIGGERS", triggers.isEmpty ? "(none)" : hint),
            x: rect.x, y: rect.y, limit: limit)
        guard rows > 0, !triggers.isEmpty else { return }
        let visible = Array(first..<min(triggers.count, first + rows))
        let statuses = visible.map { TriggerStatus.of(triggers[$0], in: ctx.engine) }
        // The status is what the row is for: it is never cut; the id and condition columns
        // share what is left, the condition going first on a narrow panel.
        // The column fits the usual statuses (24 cells at most); a longer one (a trigger disabled
        // on the server says so after its state) takes its own row's condition and priority
        // columns instead of narrowing every row's id.
        let usual = statuses.map { $0.text.cellWidth }.filter { $0 <= 24 }.max() ?? 0
        let statusWidth = min(rect.width / 2, usual)
        let room = rect.width - 3 - 4 - statusWidth
        // Wide panels give the columns more room, so ids stop being cut once there is space.
        let cap = max(18, rect.width / 5)
        let condWidth = room >= 8 + 1 + 6 + 1 ? min(cap, max(6, (room - 2) / 2)) : 0
        let idWidth = max(8, min(cap, room - 1 - (condWidth > 0 ? condWidth + 1 : 0)))
        for (row, index) in visible.enumerated() {
            let t = triggers[index]
            let y = rect.y + 1 + row
            let status = statuses[row]
            let (mark, role): (Character, StyleRole) =
                switch status.kind {
                case .eligible: (ctx.glyphs.bullet, .success)
                case .coolingDown, .waitingReEligibility: (ctx.glyphs.half, .warning)
                case .notReEligible, .outsideWindow: (ctx.glyphs.hollow, .error)
                case .disabled, .notDelivered: (ctx.glyphs.hollow, .muted)
                }
            let isSelected = index == selected
            let name = ctx.clean(t.id)
            var line: Line = [Span(" \(mark) ", role)]
            line.append(
                Span(
                    name.clipped(to: idWidth, ellipsis: ctx.glyphs.ellipsis).padded(to: idWidth) + " ", .normal,
                    bold: isSelected))
            if status.text.cellWidth > statusWidth {
                let used = line.reduce(0) { $0 + $1.text.cellWidth }
                line.append(
                    Span(status.text.clipped(to: max(1, rect.width - used), ellipsis: ctx.glyphs.ellipsis), role))
            } else if condWidth > 0 {
                line.append(
                    Span(
                        conditionSummary(t, ctx).clipped(to: condWidth, ellipsis: ctx.glyphs.ellipsis).padded(
                            to: condWidth) + " ", .muted))
            }
            if status.text.cellWidth <= statusWidth {
                line.append(Span("p\(t.priority) ".padded(to: 4), .muted))
                line.append(Span(status.text, role))
            }
            let impressions = ctx.engine.analytics[t.id]?.impressions ?? 0
            let shown = " \(ctx.glyphs.dot) shown \(impressions)\(ctx.ascii ? "x" : "×")"
            let used = line.reduce(0) { $0 + $1.text.cellWidth }
            if impressions > 0, used + shown.cellWidth <= rect.width { line.append(Span(shown, .normal)) }
            if isSelected && focused {
                grid.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), role: .selected, reverse: true)
                line = line.map { Span($0.text, .selected, bold: $0.bold, reverse: true) }
            }
            grid.put(line, x: rect.x, y: y, limit: rect.maxX)
            hotspots.append(Hotspot(Rect(x: rect.x, y: y, width: rect.width, height: 1), .triggerRow(index)))
        }
    }

    static func conditionSummary(_ t: Trigger, _ ctx: RenderContext) -> String {
        guard let first = t.conditions.first else { return "—".asciiFallback(ctx.ascii) }
        return ctx.clean(first.shortWords) + (t.conditions.count > 1 ? " +\(t.conditions.count - 1)" : "")
    }
}
