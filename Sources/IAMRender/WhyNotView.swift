import IAMEngine

/// The why-not panel: its verdict first (never hidden below the gates), then the selected
/// trigger's gates, the first failing one highlighted.
/// It wraps rather than cuts: a gate's detail continues on the lines below it, and the failing
/// filter group (when T1 fails on filters) is listed under the T1 gate, one filter a line.
enum WhyNotView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, panel: ViewState.WhyNotPanel, rect: Rect) {
        guard rect.height >= 2, rect.width >= 20 else { return }
        let g = ctx.glyphs
        grid.put(
            [
                Span("WHY NOT? ", .title, bold: true), Span(ctx.clean(panel.triggerID), .accent, bold: true),
                Span("  W way · Enter/Esc closes", .muted),
            ], x: rect.x, y: rect.y, limit: rect.maxX)
        var lines: [Line] = []
        func wrapped(_ text: String, indent: Int, role: StyleRole, bold: Bool = false) {
            for part in wrap(text, width: rect.width - indent) {
                lines.append([Span(String(repeating: " ", count: indent) + part, role, bold: bold)])
            }
        }
        // The verdict first, so that no panel height hides it below the gates; every gate that
        // fails is named, not only the first.
        let firstFailing = panel.gates.firstIndex { !$0.passes }
        if let i = firstFailing {
            lines.append([
                Span(" blocked by ", .normal),
                Span(panel.gates[i].rule.rawValue + " " + ctx.clean(panel.gates[i].name), .error, bold: true),
            ])
            let others = panel.gates[(i + 1)...].filter { !$0.passes }.map {
                $0.rule.rawValue + " " + ctx.clean($0.name)
            }
            if !others.isEmpty { wrapped("and by " + others.joined(separator: ", "), indent: 1, role: .warning) }
        } else if !panel.gates.isEmpty {
            lines.append([Span(" would fire now", .success, bold: true)])
        }
        if let way = panel.way { wrapped(ctx.clean(way), indent: 1, role: .accent, bold: true) }
        if let against = panel.against { wrapped("against " + ctx.clean(against), indent: 1, role: .muted) }
        if let last = panel.lastOutcome {
            // P3 holds it because it was performed; the trace says that performance never showed.
            let stamped = firstFailing.map { panel.gates[$0].rule == .p3 } ?? false
            let gone =
                last.hasPrefix(TraceRecord.Kind.discarded.rawValue)
                || last.hasPrefix(TraceRecord.Kind.reenqueued.rawValue)
            wrapped(
                (stamped && gone ? "its last performance never showed: " : "last time: ") + ctx.clean(last),
                indent: 1, role: .warning)
        }
        if panel.gates.isEmpty { lines.append([Span(" no gates reported", .muted)]) }
        let verdict = lines.count
        // The name column shrinks on narrow panels; the detail wraps under it. Too narrow for a
        // readable detail beside the name (the split view's column at 80×24), the detail goes on
        // the lines below the gate, under its rule.
        let nameWidth = rect.width >= 60 ? 18 : 16
        let beside = rect.width - (1 + 3 + 4 + 1 + nameWidth + 1) >= 24
        let detailX = beside ? 1 + 3 + 4 + 1 + nameWidth + 1 : 1 + 3
        for (i, gate) in panel.gates.enumerated() {
            let mark = gate.passes ? g.check : g.cross
            let role: StyleRole = gate.passes ? .success : (i == firstFailing ? .error : .warning)
            let isFirst = i == firstFailing
            let detail = wrap(ctx.clean(gate.detail), width: max(8, rect.width - detailX))
            let name = ctx.clean(gate.name)
            lines.append([
                Span(" " + mark.padded(to: 3), role, bold: isFirst),
                Span(gate.rule.rawValue.padded(to: 4), .accent, bold: isFirst, reverse: isFirst),
                Span(
                    " " + (beside ? name.clipped(to: nameWidth, ellipsis: g.ellipsis).padded(to: nameWidth) : name),
                    isFirst ? .error : .normal, bold: isFirst),
                Span(beside ? " " + (detail.first ?? "") : "", isFirst ? .error : .muted),
            ])
            for more in beside ? Array(detail.dropFirst()) : detail {
                lines.append([Span(String(repeating: " ", count: detailX) + more, isFirst ? .error : .muted)])
            }
            if gate.rule == .t1, !gate.passes {
                for (n, text) in panel.filters.enumerated() {
                    wrapped(ctx.clean(text), indent: n == 0 ? 5 : 7, role: n == 0 ? .error : .warning)
                }
            }
        }
        draw(
            &grid, lines, pinned: verdict, scroll: panel.scroll,
            in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1))
    }

    /// The verdict's `pinned` lines, then the gates from `scroll` on; what is hidden above or
    /// below is counted with the key that shows it (PgUp, PgDn).
    static func draw(_ grid: inout Grid, _ lines: [Line], pinned: Int, scroll: Int, in rect: Rect) {
        guard lines.count > rect.height, pinned < rect.height - 1 else {
            SidePanel.drawLines(&grid, lines, in: rect)
            return
        }
        let gates = Array(lines[pinned...])
        let room = rect.height - pinned
        // The last scroll position shows the last line; each hidden end takes one row to say so.
        let top = min(max(0, scroll), max(0, gates.count - (room - 1)))
        var shown = Array(lines[..<pinned])
        if top > 0 { shown.append([Span(" +\(top) above · PgUp", .muted)]) }
        let left = room - (top > 0 ? 1 : 0)
        let below = gates.count - top > left ? gates.count - top - (left - 1) : 0
        shown += gates[top...].prefix(below > 0 ? left - 1 : left)
        if below > 0 { shown.append([Span(" +\(below) more · PgDn", .muted)]) }
        for (i, line) in shown.enumerated() { grid.put(line, x: rect.x, y: rect.y + i, limit: rect.maxX) }
    }
}
