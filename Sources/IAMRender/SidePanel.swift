import IAMEngine

/// The panel right of the device: stack and status on top, then triggers, then the why-not
/// explanation and the trace.
enum SidePanel {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, layout: Layout, hotspots: inout [Hotspot]) {
        let p = layout.panel
        guard p.width >= 20, p.height >= 8 else { return }
        var y = p.y
        let bottom = p.maxY // the status line is the row below the panel
        let topHeight = p.height >= 25 ? 9 : 7

        // Why-not and a record's detail are read whole: beside a portrait device they take the
        // panel, under the selected trigger's row.
        if layout.belowDevice == nil,
            ctx.ui.whyNot != nil || ctx.ui.recordDetail != nil || ctx.ui.noteExpanded || ctx.ui.messageExpanded
                || ctx.ui.statusExpanded
        {
            let list = ctx.ui.whyNot != nil ? 2 : 0
            if list > 0 {
                TriggerList.draw(
                    &grid, ctx, rect: Rect(x: p.x, y: y, width: p.width, height: list), hotspots: &hotspots)
            }
            drawLower(
                &grid, ctx, rect: Rect(x: p.x, y: y + list, width: p.width, height: bottom - y - list), trace: false,
                hotspots: &hotspots)
            return
        }
        let twoColumns = p.width >= 60
        let rightWidth = min(34, p.width / 2 - 1)
        let status = statusLines(ctx, width: twoColumns ? rightWidth : p.width)
        if twoColumns {
            let leftWidth = p.width - rightWidth - 1
            let rightX = p.x + leftWidth + 1
            let stackCount = stackLineCount(ctx)
            // A tall panel gives the top block the rows its content needs, up to a third.
            let topHeight = max(topHeight, min(max(stackCount, status.count), p.height / 3))
            let stack = stackLines(ctx, width: leftWidth, limit: topHeight)
            drawLines(&grid, stack, total: stackCount, in: Rect(x: p.x, y: y, width: leftWidth, height: topHeight))
            drawLines(
                &grid, status, in: Rect(x: rightX, y: y, width: p.maxX - rightX, height: topHeight), more: " (D: all)")
            y += topHeight
        } else {
            var statusHeight = min(status.count, p.height >= 20 ? 6 : 5) // "+N more" when cut
            let stackCount = stackLineCount(ctx)
            let stackHeight = min(stackCount, p.height >= 20 ? 5 : 3)
            if let note = ctx.ui.note, layout.belowDevice == nil {
                // A lesson is read in its note: when the note would be cut, the status gives it
                // up to two rows, down to four (NEXT TRIGGER ALLOWED first, then "+N more").
                let rest = bottom - y - statusHeight - stackHeight
                let body = NoteView.body(note, width: p.width, ctx).count
                let noteRows = min(4, 1 + body)
                let triggerRows = max(2, min(ctx.engine.serverTriggers.count + 1, max(4, (rest - noteRows) / 2)))
                let shown = max(2, rest - triggerRows - 3)
                statusHeight -= min(max(0, 1 + body - shown), 2, max(0, statusHeight - 4))
            }
            drawLines(
                &grid, status, in: Rect(x: p.x, y: y, width: p.width, height: statusHeight), more: " (D: all)")
            y += statusHeight
            let stack = stackLines(ctx, width: p.width, limit: stackHeight)
            drawLines(&grid, stack, total: stackCount, in: Rect(x: p.x, y: y, width: p.width, height: stackHeight))
            y += stackHeight
        }

        let rest = bottom - y
        if let below = layout.belowDevice {
            // Landscape: triggers fill the panel; the trace (and why-not) use the band below.
            TriggerList.draw(&grid, ctx, rect: Rect(x: p.x, y: y, width: p.width, height: rest), hotspots: &hotspots)
            let band = Rect(x: below.x, y: below.y, width: below.width, height: below.height)
            if ctx.ui.whyNot != nil || ctx.ui.recordDetail != nil || ctx.ui.noteExpanded || ctx.ui.messageExpanded
                || ctx.ui.statusExpanded
            {
                // Read whole: the panel that was asked for takes the band.
                drawLower(&grid, ctx, rect: band, trace: false, hotspots: &hotspots)
            } else if ctx.ui.note != nil {
                let half = band.width / 2
                drawLower(
                    &grid, ctx, rect: Rect(x: band.x, y: band.y, width: half - 1, height: band.height), trace: false,
                    hotspots: &hotspots)
                TraceView.draw(
                    &grid, ctx,
                    rect: Rect(x: band.x + half + 1, y: band.y, width: band.width - half - 1, height: band.height),
                    hotspots: &hotspots)
            } else {
                TraceView.draw(&grid, ctx, rect: band, hotspots: &hotspots)
            }
            return
        }
        // The step note keeps a few rows of its own; the trigger list gives them up.
        let noteRows =
            ctx.ui.note.map { min(4, 1 + NoteView.body($0, width: p.width, ctx).count) } ?? 0
        let triggerRows = max(2, min(ctx.engine.serverTriggers.count + 1, max(4, (rest - noteRows) / 2)))
        TriggerList.draw(&grid, ctx, rect: Rect(x: p.x, y: y, width: p.width, height: triggerRows), hotspots: &hotspots)
        y += triggerRows
        drawLower(
            &grid, ctx, rect: Rect(x: p.x, y: y, width: p.width, height: bottom - y), trace: true, hotspots: &hotspots)
    }

    /// The lower part of the panel: a record's detail or why-not when open; otherwise the step
    /// note (if any) above the trace. With `trace: false` the trace is drawn elsewhere.
    static func drawLower(
        _ grid: inout Grid, _ ctx: RenderContext, rect: Rect, trace: Bool, hotspots: inout [Hotspot]
    ) {
        if let detail = ctx.ui.recordDetail {
            RecordDetailView.draw(&grid, ctx, detail: detail, rect: rect)
        } else if let panel = ctx.ui.whyNot {
            WhyNotView.draw(&grid, ctx, panel: panel, rect: rect)
        } else if ctx.ui.messageExpanded, let status = ctx.ui.status {
            drawMessage(&grid, ctx, status.text, rect: rect)
        } else if ctx.ui.statusExpanded {
            guard rect.height >= 1 else { return }
            grid.put(header("DEVICE AND APP", "D or Esc closes"), x: rect.x, y: rect.y, limit: rect.maxX)
            drawLines(
                &grid, statusLines(ctx, width: rect.width),
                in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1))
        } else if ctx.ui.noteExpanded, let note = ctx.ui.note {
            NoteView.draw(&grid, ctx, note: note, rect: rect)
        } else {
            var rest = rect
            if let note = ctx.ui.note {
                // The note gets the rows it needs (a lesson is read there), leaving the trace its
                // header and two records.
                let wanted = 1 + NoteView.body(note, width: rect.width, ctx).count
                let height = trace ? min(wanted, max(2, rect.height - 3)) : rect.height
                NoteView.draw(
                    &grid, ctx, note: note, rect: Rect(x: rect.x, y: rect.y, width: rect.width, height: height))
                rest = Rect(x: rect.x, y: rect.y + height, width: rect.width, height: rect.height - height)
            }
            if trace { TraceView.draw(&grid, ctx, rect: rest, hotspots: &hotspots) }
        }
    }

    /// `m`: the last message, whole, wrapped to the panel's width.
    static func drawMessage(_ grid: inout Grid, _ ctx: RenderContext, _ text: String, rect: Rect) {
        guard rect.height >= 1 else { return }
        grid.put(header("LAST MESSAGE", "m or Esc closes"), x: rect.x, y: rect.y, limit: rect.maxX)
        let lines = wrap(ctx.clean(text), width: max(8, rect.width - 1)).map { [Span(" " + $0, .normal)] }
        drawLines(&grid, lines, in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1))
    }

    /// Draws `lines` in `rect`; when they do not all fit, the last row says how many are hidden.
    /// `total`: how many lines there are when `lines` holds only the first of them.
    /// `more`: words after "+N more" that say how to see them.
    static func drawLines(_ grid: inout Grid, _ lines: [Line], total: Int? = nil, in rect: Rect, more: String = "") {
        guard rect.height > 0 else { return }
        let total = total ?? lines.count
        let fits = total <= rect.height
        let shown = fits ? lines.count : rect.height - 1
        for (i, line) in lines.prefix(shown).enumerated() {
            grid.put(line, x: rect.x, y: rect.y + i, limit: rect.maxX)
        }
        if !fits {
            grid.put(moreLabel(total - shown) + more, x: rect.x, y: rect.y + shown, role: .muted, limit: rect.maxX)
        }
    }

    /// "+4 more": what every panel says about the rows it cannot show.
    static func moreLabel(_ hidden: Int) -> String { " +\(hidden) more" }

    static func header(_ text: String, _ extra: String = "") -> Line {
        var line = [Span(text, .title, bold: true)]
        if !extra.isEmpty { line.append(Span(" " + extra, .muted)) }
        return line
    }

    // MARK: - Stack

    /// How many lines `stackLines` has in all, counted without building them.
    static func stackLineCount(_ ctx: RenderContext) -> Int {
        let s = ctx.engine
        let empty = s.stack.isEmpty && s.delayed.isEmpty
        let slots = (s.carryover == nil ? 0 : 1) + (s.parked == nil ? 0 : 1) + s.beneath.count
        return 1 + (s.visible == nil ? 0 : 1) + slots + s.delayed.count + s.waiting.count + (empty ? 1 : 0)
            + s.stack.count
    }

    /// The first `limit` lines of the stack block: built for the rows shown only, so that a
    /// frame costs the same however deep the stack and however many delays wait.
    static func stackLines(_ ctx: RenderContext, width: Int, limit: Int = .max) -> [Line] {
        let s = ctx.engine
        let g = ctx.glyphs
        var lines: [Line] = [header("STACK", "(top first)")]
        if let v = s.visible {
            var text = " \(g.play) " + ctx.clean(v.pending.id) + " " + v.pending.message.kind.rawValue
            if v.shownByApp, text.cellWidth + 8 <= width { text += " app UI" }
            if v.pending.message.isControl {
                text += " (control)"
            } else if let at = v.dismissAt {
                text += " \(formatSeconds(at - ctx.now))s"
                if text.cellWidth + 5 <= width { text += " left" }
            } else if text.cellWidth + 10 <= width {
                text += " on screen"
            }
            lines.append([Span(text.clipped(to: width, ellipsis: g.ellipsis), .message, bold: true)])
        }
        // X58: the older messages still on the page, newest first.
        for b in s.beneath.reversed().prefix(max(0, limit - lines.count)) {
            var text = " \(g.play) " + ctx.clean(b.pending.id) + " " + b.pending.message.kind.rawValue
            if let at = b.dismissAt { text += " \(formatSeconds(at - ctx.now))s" }
            if text.cellWidth + 9 <= width { text += " beneath" }
            lines.append([Span(text.clipped(to: width, ellipsis: g.ellipsis), .message)])
        }
        // X54, X2: the two slots the SDK keeps while no screen is there, as it names them.
        if let c = s.carryover, lines.count < limit {
            let text = " \(g.pause) " + ctx.clean(c.pending.id) + " carry-over"
            let more = c.shownBefore ? " (shown again on return)" : " (shown on return)"
            lines.append([
                Span(text.clipped(to: width, ellipsis: g.ellipsis), .warning),
                Span(text.cellWidth + more.cellWidth <= width ? more : "", .muted),
            ])
        }
        if let p = s.parked, lines.count < limit {
            let text = " \(g.pause) " + ctx.clean(p.id) + " parked"
            let more = s.carryover == nil ? " (offered by the next screen)" : " (waits: carry-over first)"
            lines.append([
                Span(text.clipped(to: width, ellipsis: g.ellipsis), .warning),
                Span(text.cellWidth + more.cellWidth <= width ? more : "", .muted),
            ])
        }
        // Triggers that won and wait out their delay (E1): what will come, with its countdown.
        for d in s.delayed.earliest(max(0, limit - lines.count)) {
            let text = " \(g.download) " + ctx.clean(d.trigger.id) + " in \(formatSeconds(d.performAt - ctx.now))s"
            let more = " (delay, E1)"
            lines.append([
                Span(text.clipped(to: width, ellipsis: g.ellipsis), .accent),
                Span(text.cellWidth + more.cellWidth <= width ? more : "", .muted),
            ])
        }
        for w in s.waiting.reversed().prefix(max(0, limit - lines.count)) {
            let spin = g.spinner[floorInt(ctx.now * 10) % g.spinner.count]
            lines.append([Span(" \(spin) " + ctx.clean(w.id) + " waiting for asset", .accent)])
        }
        if s.stack.isEmpty && s.delayed.isEmpty {
            lines.append([Span("   (empty)", .muted)])
        }
        let idWidth = max(8, min(16, width - 24))
        for index in s.stack.indices.reversed().prefix(max(0, limit - lines.count)) {
            let pending = s.stack[index]
            var line: Line = []
            let number = String(index + 1)
            line.append(Span(String(repeating: " ", count: max(1, 3 - number.cellWidth)) + number + " ", .muted))
            line.append(
                Span(
                    ctx.clean(pending.id).clipped(to: idWidth, ellipsis: g.ellipsis).padded(to: idWidth) + " ", .normal,
                    bold: index == s.stack.count - 1))
            line.append(Span(pending.message.kind.rawValue.padded(to: 7) + " ", .accent))
            line.append(Span(formatAge(ctx.now - pending.stackedAt), .muted))
            if let expiry = pending.expiresAt {
                let left = expiry - ctx.now
                line.append(Span(left > 0 ? " exp \(ceilInt(left - 1e-6))s" : " expired", left > 5 ? .muted : .warning))
            }
            // X40: a copy triggered for the previous user, which the next offer refuses.
            if s.isPreviousUsers(pending) { line.append(Span(" old user", .warning)) }
            lines.append(line)
        }
        return lines
    }

    static func formatAge(_ seconds: Double) -> String {
        let s = floorInt(max(0, seconds))
        return s < 60 ? "\(s)s" : "\(s / 60)m\(s % 60)s"
    }

    /// The first of `options` (longest first) that fits in `width` cells, so that a line is
    /// written for the room it has instead of cut in a word; the last one is cut if need be.
    static func fitting(_ options: [Line], width: Int) -> Line {
        options.first { $0.reduce(0) { $0 + $1.text.cellWidth } <= width } ?? options.last ?? []
    }

    // MARK: - Status block

    /// When the next trigger can fire, and which, as the engine's one eligibility function
    /// answers it (each trigger with its own interval, its window and re-eligibility).
    /// `global`: where the global interval ends (`EngineState.globalIntervalEnds`), `nil` when
    /// it does not hold now.
    static func nextTriggerLine(_ ctx: RenderContext, _ next: NextAllowed?, global: Double?, width: Int) -> Line {
        let s = ctx.engine
        let ready = Span(" ready", .success, bold: true)
        guard !s.delivered.triggers.isEmpty else {
            return fitting(
                [[Span(" nothing on the device", .muted)], [Span(" none on device", .muted)]], width: width)
        }
        guard let next else {
            return fitting(
                [[Span(" none can fire again", .muted)], [Span(" none again", .muted)]], width: width)
        }
        let id = ctx.clean(next.triggerID)
        // P2: while the global interval runs, a trigger with its own shorter one can fire first:
        // the global interval counts down here, the trigger is named on the line below.
        if let end = global, next.at < end {
            let global = NextAllowed(triggerID: "", at: end, heldBy: .p2, since: s.lastTriggerTime)
            return countdownLine(ctx, global, name: "global", width: width)
        }
        guard next.heldBy != nil else {
            if s.lastTriggerTime == nil {
                return fitting([[ready, Span("  (no trigger yet)", .muted)], [ready]], width: width)
            }
            return fitting([[ready, Span("  (\(id))", .muted)], [ready]], width: width)
        }
        return countdownLine(ctx, next, name: id, width: width)
    }

    /// `in 12.3 s ████░░░░ name`: a countdown, its bar when it has a start, and what it counts to.
    static func countdownLine(_ ctx: RenderContext, _ next: NextAllowed, name id: String, width: Int) -> Line {
        let g = ctx.glyphs
        let countdown = Span(" \(countdownWords(next, now: ctx.now)) ", .warning, bold: true)
        var bar: [Span] = []
        if let since = next.since, next.at > since {
            let barWidth = 8
            let filled = max(0, min(barWidth, floorInt(Double(barWidth) * (ctx.now - since) / (next.at - since))))
            bar = [
                Span(String(repeating: g.barFull, count: filled), .warning),
                Span(String(repeating: g.barEmpty, count: barWidth - filled), .muted),
            ]
        }
        let room = width - countdown.text.cellWidth - 8 - 1
        let name = Span(" " + id.clipped(to: max(4, room), ellipsis: g.ellipsis), .normal)
        return fitting([[countdown] + bar + [name], [countdown, name], [countdown]], width: width)
    }

    /// Under the global interval's countdown: the trigger its own interval lets fire sooner
    /// (`ready now: rewards-followup (own interval)`, `sooner, in 1.5 s: quick (own interval)`,
    /// `sooner, after 0.0 s: launch-week (T2)`).
    static func soonerLine(_ ctx: RenderContext, _ next: NextAllowed?, global: Double?, width: Int) -> Line? {
        guard let next, let end = global, next.at < end else { return nil }
        let id = ctx.clean(next.triggerID)
        let head =
            next.heldBy == nil
            ? Span(" ready now: ", .success, bold: true)
            : Span(" sooner, \(countdownWords(next, now: ctx.now)): ", .normal)
        let clipped = id.clipped(to: max(4, width - head.text.cellWidth), ellipsis: ctx.glyphs.ellipsis)
        // What lets it come sooner: its own interval, or what still holds it (T2, P3).
        let why = next.heldBy.flatMap { $0 == .p2 ? nil : " (\($0.rawValue))" } ?? " (own interval)"
        return fitting(
            [
                [head, Span(id, .normal), Span(why, .muted)], [head, Span(id, .normal)],
                [head, Span(clipped, .normal)],
            ], width: width)
    }

    /// The selected trigger's own countdown, when it is not the one the line above counts down
    /// to and it is held back (the trigger list's row says the same in whole seconds).
    static func selectedCountdown(_ ctx: RenderContext, _ next: NextAllowed?, width: Int) -> Line? {
        let s = ctx.engine
        let triggers = s.serverTriggers
        guard !triggers.isEmpty else { return nil }
        let selected = triggers[min(ctx.ui.selectedTrigger, triggers.count - 1)]
        guard s.delivered[selected.id] != nil, let own = s.nextAllowed(selected, at: ctx.now), let rule = own.heldBy,
            own.triggerID != next?.triggerID
        else { return nil }
        let id = ctx.clean(selected.id).clipped(to: max(4, width - 16), ellipsis: ctx.glyphs.ellipsis)
        return fitting(
            [
                [Span(" \(id) \(countdownWords(own, now: ctx.now)) (\(rule.rawValue))", .muted)],
                [Span(" \(id) \(countdownWords(own, now: ctx.now))", .muted)],
            ], width: width)
    }

    /// `APP UI none: nothing presents · screen splash`: the integration in words
    /// (`IntegrationLine`), warning-coloured when a part of it keeps messages off the screen.
    static func integrationLine(_ ctx: RenderContext, width: Int) -> Line? {
        let s = ctx.engine
        guard IntegrationLine.isShown(s) else { return nil }
        let parts = IntegrationLine.parts(of: s)
        let title = Span("APP ", .title, bold: true)
        let text = ctx.clean(IntegrationLine.text(parts, width: width - title.text.cellWidth, dot: ctx.glyphs.dot))
        return [title, Span(text, parts.contains(where: \.warns) ? .warning : .normal)]
    }

    static func statusLines(_ ctx: RenderContext, width: Int) -> [Line] {
        let s = ctx.engine
        let g = ctx.glyphs
        var lines: [Line] = [header("NEXT TRIGGER ALLOWED")]
        // One scan of the triggers a frame, shared by both lines.
        let next = s.delivered.triggers.isEmpty ? nil : s.nextTriggerAllowed(at: ctx.now)
        // P2's global interval, asked once a frame for both lines.
        let global = next == nil ? nil : s.globalIntervalEnds(at: ctx.now)
        lines.append(nextTriggerLine(ctx, next, global: global, width: width))
        if let sooner = soonerLine(ctx, next, global: global, width: width) { lines.append(sooner) }
        if let selected = selectedCountdown(ctx, next, width: width) { lines.append(selected) }
        // The app around the SDK, high up: with nothing presenting, it is why nothing shows.
        if let integration = integrationLine(ctx, width: width) { lines.append(integration) }
        // Session.
        switch s.app {
        case .background(let since):
            if let session = s.session, !session.ended {
                lines.append([
                    Span("session ends in ", .normal),
                    Span("\(formatSeconds(since + s.sessionTimeout - ctx.now)) s", .warning, bold: true),
                ])
            } else {
                lines.append([Span("session ended (background)", .muted)])
            }
        case .foreground:
            lines.append([Span("session \(s.session?.number ?? 0) ", .normal), Span("foreground", .success)])
        case .notRunning:
            lines.append([Span("app not running", .muted)])
        }
        // Delivery, then assets on a line of their own.
        var delivery: Line = [Span("delivery ", .normal)]
        if let d = s.delivery {
            delivery.append(Span("in flight \(formatSeconds(d.completesAt - ctx.now))s", .accent))
        } else if s.lastDeliveryFailed {
            delivery.append(Span("\(g.cross) failed", .error))
        } else if s.session != nil {
            delivery.append(Span(g.check, .success))
        } else {
            delivery.append(Span("—".asciiFallback(ctx.ascii), .muted))
        }
        lines.append(delivery)
        let urls = s.assets.keys.sorted()
        if !urls.isEmpty {
            let ready = urls.filter { s.assets[$0] == .ready }.count
            let failed = urls.filter { s.assets[$0] == .failed }.count
            var assets: Line = [Span("assets \(ready)/\(urls.count) ready", .normal)]
            let downloading = urls.compactMap { url -> Double? in
                if case .downloading(let start, let until, _) = s.assets[url]! {
                    return until > start ? (ctx.now - start) / (until - start) : 1
                }
                return nil
            }
            if let progress = downloading.max() {
                assets.append(Span(" \(g.download) \(floorInt(progress * 100))%", .accent))
            }
            if failed > 0 { assets.append(Span(" \(failed) failed", .error)) }
            lines.append(assets)
        }
        // Device.
        let kb = Span(s.keyboardUp ? "kb up" : "kb down", s.keyboardUp ? .warning : .normal)
        let net = Span(s.online ? "online" : "offline", s.online ? .normal : .warning)
        let kind = "\(s.device.kind.rawValue) \(s.device.orientation.rawValue)"
        lines.append(
            fitting(
                [
                    [Span("\(kind) \(g.dot) ", .normal), kb, Span(" \(g.dot) ", .normal), net],
                    [Span("\(kind) ", .normal), kb, Span(" ", .normal), net],
                ], width: width))
        // Delegate.
        let d = s.delegate
        let title = Span("DELEGATE ", .title, bold: true)
        switch d.implements {
        case .none where s.keyboardGateApplies:
            lines.append(
                fitting(
                    [
                        [title, Span("none (keyboard up \(g.arrow) later)", .normal)],
                        [title, Span("none (kb up \(g.arrow) later)", .normal)], [title, Span("none", .normal)],
                    ], width: width))
        case .none:
            // X3, asked of the engine: this platform has no keyboard gate.
            lines.append(
                fitting(
                    [
                        [title, Span("none (no keyboard gate)", .normal)],
                        [title, Span("none (no kb gate)", .normal)], [title, Span("none", .normal)],
                    ], width: width))
        case .uiKeyboard, .controller:
            let method = d.implements == .controller ? "controller" : "ui_keyboard"
            lines.append(
                fitting(
                    [
                        [title, Span("\(method) \(g.arrow) \(d.answer.rawValue)", .normal)],
                        [title, Span(d.answer.rawValue, .normal)],
                    ], width: width))
            // Per-message answers on one line (the `g` prompt's default shows them whole).
            if !d.answers.isEmpty {
                let byID = d.answers.keys.sorted().map { ctx.clean($0) + " \(g.arrow) " + d.answers[$0]!.rawValue }
                lines.append([
                    Span(" " + byID.joined(separator: ", ").clipped(to: width - 1, ellipsis: g.ellipsis), .muted)
                ])
            }
        }
        // Analytics.
        if !s.analytics.isEmpty {
            lines.append(header("ANALYTICS", "imp / clk"))
            for id in s.analytics.keys.sorted() {
                let a = s.analytics[id]!
                let clicks = a.clicks + a.buttonClicks.values.reduce(0, +)
                var text =
                    " " + ctx.clean(id).clipped(to: max(6, width - 14), ellipsis: g.ellipsis)
                    + " \(a.impressions) / \(clicks)"
                if a.controlImpressions > 0 { text += " ctl \(a.controlImpressions)" }
                lines.append([Span(text, .normal)])
            }
        }
        return lines
    }
}

extension String {
    func asciiFallback(_ ascii: Bool) -> String { ascii ? "-" : self }
}
