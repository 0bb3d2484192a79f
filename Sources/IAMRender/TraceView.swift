import IAMEngine

/// The TRACE section: records newest first, coloured by kind, scrollable.
enum TraceView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, rect: Rect, skipRows: Int = 0, header: Bool = true) {
        guard rect.height >= 1, rect.width >= 10 else { return }
        let total = ctx.trace.count
        let scroll = min(max(0, ctx.ui.traceScroll), max(0, total - 1))
        var y = rect.y
        if header {
            var extra = total == 0 ? "(empty)" : "newest first"
            if scroll > 0 { extra = "\(ctx.glyphs.up) \(scroll) newer \(ctx.glyphs.dot) PgUp/PgDn" }
            grid.put(SidePanel.header("TRACE", extra), x: rect.x, y: y, limit: rect.maxX)
            y += 1
        }
        let rows = rect.maxY - y
        guard rows > 0 else { return }
        let start = total - 1 - scroll - skipRows
        for row in 0..<rows {
            let index = start - row
            guard index >= 0 else { break }
            let record = ctx.trace[index]
            let line = traceLine(record, ctx)
            let more = row == rows - 1 && index > 0
            let text = more ? line.clipped(to: rect.width - 8).padded(to: rect.width - 8) : line
            grid.put(
                text.clipped(to: rect.width, ellipsis: ctx.glyphs.ellipsis), x: rect.x, y: y + row,
                role: role(for: record.kind), limit: rect.maxX)
            if more {
                let label = " \(ctx.glyphs.down)\(index)"
                grid.put(label, x: rect.maxX - label.cellWidth, y: y + row, role: .muted, limit: rect.maxX)
            }
        }
    }

    static func role(for kind: TraceRecord.Kind) -> StyleRole {
        switch kind {
        case .displayed, .performed, .triggerMatched, .clicked: .traceShown
        case .discarded, .triggerDropped, .triggerSkipped, .noMatch, .assetFailed, .deliveryFailed, .ignored:
            .traceDropped
        case .returnedToStack, .reenqueued, .parked, .waitingForAsset, .eventQueued, .triggerDelayed: .traceReturned
        case .event, .app, .sessionStarted, .sessionEnded: .traceEvent
        case .deliveryStarted, .deliveryCompleted, .assetRequested, .assetReady, .offered, .dismissed, .stacked:
            .traceInfo
        }
    }

    /// One record as a compact line: "  42.5 displayed        promo-summer impression".
    static func traceLine(_ r: TraceRecord, _ ctx: RenderContext) -> String {
        var time = formatTenths(r.t)
        time = String(repeating: " ", count: max(0, 6 - time.count)) + time
        var parts: [String] = [time, r.kind.rawValue.padded(to: 18)]
        var subject = r.message ?? r.trigger
        if subject == nil, let e = r.event { subject = describe(e) }
        if let subject { parts.append(ctx.clean(subject)) }
        if let reason = r.reason { parts.append(reason.rawValue) }
        if let button = r.button { parts.append("button " + ctx.clean(button)) }
        if let next = r.next { parts.append("(next \(formatTenths(next)))") }
        if let until = r.until { parts.append("(until \(formatTenths(until)))") }
        if r.message != nil || r.trigger != nil, let e = r.event { parts.append("on " + ctx.clean(describe(e))) }
        if let detail = r.detail { parts.append(ctx.clean(detail)) }
        if let profile = r.profile { parts.append(ctx.clean(profile)) }
        if let stack = r.stack { parts.append("[" + stack.map { ctx.clean($0) }.joined(separator: " ") + "]") }
        return parts.joined(separator: " ")
    }

    static func describe(_ e: Event) -> String {
        var s = e.kind.rawValue
        if let name = e.name { s += " " + name }
        if let button = e.button { s += "/" + button }
        return s
    }

    static func formatTenths(_ t: Double) -> String {
        let tenths = roundInt(t * 10)
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}

/// The why-not panel: the selected trigger's gates, the first failing one highlighted.
enum WhyNotView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, panel: UIState.WhyNotPanel, rect: Rect) {
        guard rect.height >= 2 else { return }
        let g = ctx.glyphs
        var y = rect.y
        grid.put(
            [
                Span("WHY NOT? ", .title, bold: true), Span(ctx.clean(panel.triggerID), .accent, bold: true),
                Span("  Enter/Esc closes", .muted),
            ], x: rect.x, y: y, limit: rect.maxX)
        y += 1
        if let against = panel.against {
            grid.put("against " + ctx.clean(against), x: rect.x + 1, y: y, role: .muted, limit: rect.maxX)
            y += 1
        }
        let firstFailing = panel.gates.firstIndex { !$0.passes }
        if panel.gates.isEmpty {
            grid.put(" no gates reported", x: rect.x, y: y, role: .muted, limit: rect.maxX)
            y += 1
        }
        for (i, gate) in panel.gates.enumerated() where y < rect.maxY - 1 {
            let mark = gate.passes ? g.check : g.cross
            let role: StyleRole = gate.passes ? .success : (i == firstFailing ? .error : .warning)
            let isFirst = i == firstFailing
            var line: Line = [
                Span(" " + mark.padded(to: 3), role, bold: isFirst),
                Span(ctx.clean(gate.rule).padded(to: 4), .accent, bold: isFirst, reverse: isFirst),
                Span(" " + ctx.clean(gate.name).padded(to: 18), isFirst ? .error : .normal, bold: isFirst),
            ]
            line.append(Span(" " + ctx.clean(gate.detail), isFirst ? .error : .muted))
            grid.put(line, x: rect.x, y: y, limit: rect.maxX)
            y += 1
        }
        if y < rect.maxY {
            let verdict: Line =
                if let i = firstFailing {
                    [
                        Span(" blocked by ", .normal),
                        Span(ctx.clean(panel.gates[i].rule) + " " + ctx.clean(panel.gates[i].name), .error, bold: true),
                    ]
                } else if panel.gates.isEmpty {
                    []
                } else {
                    [Span(" would fire now", .success, bold: true)]
                }
            grid.put(verdict, x: rect.x, y: y, limit: rect.maxX)
        }
    }
}
