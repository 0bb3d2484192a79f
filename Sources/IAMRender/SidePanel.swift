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

        let twoColumns = p.width >= 60
        let rightWidth = min(34, p.width / 2 - 1)
        let status = statusLines(ctx, width: twoColumns ? rightWidth : p.width)
        if twoColumns {
            let leftWidth = p.width - rightWidth - 1
            let rightX = p.x + leftWidth + 1
            drawLines(
                &grid, stackLines(ctx, width: leftWidth), in: Rect(x: p.x, y: y, width: leftWidth, height: topHeight))
            drawLines(&grid, status, in: Rect(x: rightX, y: y, width: p.maxX - rightX, height: topHeight))
            y += topHeight
        } else {
            let statusHeight = min(status.count, p.height >= 20 ? 6 : 5)
            drawLines(&grid, status, in: Rect(x: p.x, y: y, width: p.width, height: statusHeight))
            y += statusHeight
            let stack = stackLines(ctx, width: p.width)
            let stackHeight = min(stack.count, p.height >= 20 ? 5 : 3)
            drawLines(&grid, stack, in: Rect(x: p.x, y: y, width: p.width, height: stackHeight))
            y += stackHeight
        }

        let rest = bottom - y
        if let below = layout.belowDevice {
            // Landscape: triggers fill the panel; the trace (and why-not) use the band below.
            TriggerList.draw(&grid, ctx, rect: Rect(x: p.x, y: y, width: p.width, height: rest), hotspots: &hotspots)
            let band = Rect(x: below.x, y: below.y, width: below.width, height: below.height)
            if let panel = ctx.ui.whyNot {
                let half = band.width / 2
                WhyNotView.draw(
                    &grid, ctx, panel: panel, rect: Rect(x: band.x, y: band.y, width: half - 1, height: band.height))
                TraceView.draw(
                    &grid, ctx,
                    rect: Rect(x: band.x + half + 1, y: band.y, width: band.width - half - 1, height: band.height))
            } else {
                TraceView.draw(&grid, ctx, rect: band)
            }
            return
        }
        let triggerRows = max(2, min(ctx.engine.serverTriggers.count + 1, max(4, rest / 2)))
        TriggerList.draw(&grid, ctx, rect: Rect(x: p.x, y: y, width: p.width, height: triggerRows), hotspots: &hotspots)
        y += triggerRows
        let lower = Rect(x: p.x, y: y, width: p.width, height: bottom - y)
        if let panel = ctx.ui.whyNot {
            WhyNotView.draw(&grid, ctx, panel: panel, rect: lower)
        } else {
            TraceView.draw(&grid, ctx, rect: lower)
        }
    }

    static func drawLines(_ grid: inout Grid, _ lines: [Line], in rect: Rect) {
        for (i, line) in lines.prefix(rect.height).enumerated() {
            grid.put(line, x: rect.x, y: rect.y + i, limit: rect.maxX)
        }
    }

    static func header(_ text: String, _ extra: String = "") -> Line {
        var line = [Span(text, .title, bold: true)]
        if !extra.isEmpty { line.append(Span(" " + extra, .muted)) }
        return line
    }

    // MARK: - Stack

    static func stackLines(_ ctx: RenderContext, width: Int) -> [Line] {
        let s = ctx.engine
        let g = ctx.glyphs
        var lines: [Line] = [header("STACK", "(top first)")]
        if let v = s.visible {
            var text = " \(g.play) " + ctx.clean(v.pending.id) + " " + v.pending.message.kind.rawValue
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
        for w in s.waiting.reversed() {
            let spin = g.spinner[floorInt(ctx.now * 10) % g.spinner.count]
            lines.append([Span(" \(spin) " + ctx.clean(w.id) + " waiting for asset", .accent)])
        }
        if s.stack.isEmpty {
            lines.append([Span("   (empty)", .muted)])
        }
        let idWidth = max(8, min(16, width - 24))
        for (index, pending) in s.stack.enumerated().reversed() {
            var line: Line = []
            let number = String(index + 1)
            line.append(Span(String(repeating: " ", count: max(1, 3 - number.count)) + number + " ", .muted))
            line.append(
                Span(ctx.clean(pending.id).padded(to: idWidth) + " ", .normal, bold: index == s.stack.count - 1))
            line.append(Span(pending.message.kind.rawValue.padded(to: 7) + " ", .accent))
            line.append(Span(formatAge(ctx.now - pending.stackedAt), .muted))
            if let expiry = pending.expiresAt {
                let left = expiry - ctx.now
                line.append(Span(left > 0 ? " exp \(ceilInt(left - 1e-6))s" : " expired", left > 5 ? .muted : .warning))
            }
            lines.append(line)
        }
        return lines
    }

    static func formatAge(_ seconds: Double) -> String {
        let s = floorInt(max(0, seconds))
        return s < 60 ? "\(s)s" : "\(s / 60)m\(s % 60)s"
    }

    // MARK: - Status block

    static func statusLines(_ ctx: RenderContext, width: Int) -> [Line] {
        let s = ctx.engine
        let g = ctx.glyphs
        var lines: [Line] = [header("NEXT TRIGGER ALLOWED")]
        // P2 with the global interval, as the engine computes it.
        if let (next, interval) = s.globalCooldown(at: ctx.now) {
            let left = next - ctx.now
            let barWidth = 10
            let filled = interval > 0 ? floorInt(Double(barWidth) * (1 - left / interval)) : barWidth
            lines.append([
                Span(" in \(formatSeconds(left)) s  ", .warning, bold: true),
                Span(String(repeating: g.barFull, count: filled), .warning),
                Span(String(repeating: g.barEmpty, count: barWidth - filled), .muted),
            ])
        } else {
            lines.append([
                Span(" ready", .success, bold: true),
                Span(
                    s.lastTriggerTime == nil
                        ? "  (no trigger yet)"
                        : "  (\(ProfileBadge.intervalLabel(ctx, room: width - 20)) \(formatSeconds(s.settings.minimumTriggerInterval)) s)",
                    .muted),
            ])
        }
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
        // Delivery and assets.
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
        let urls = s.assets.keys.sorted()
        if !urls.isEmpty {
            let ready = urls.filter { s.assets[$0] == .ready }.count
            let failed = urls.filter { s.assets[$0] == .failed }.count
            delivery.append(Span("  assets \(ready)/\(urls.count)", .normal))
            let downloading = urls.compactMap { url -> Double? in
                if case .downloading(let start, let until, _) = s.assets[url]! {
                    return until > start ? (ctx.now - start) / (until - start) : 1
                }
                return nil
            }
            if let progress = downloading.max() {
                delivery.append(Span(" \(g.download) \(floorInt(progress * 100))%", .accent))
            }
            if failed > 0 { delivery.append(Span(" \(failed) failed", .error)) }
        }
        lines.append(delivery)
        // Device.
        lines.append([
            Span("\(s.device.kind.rawValue) \(s.device.orientation.rawValue) \(g.dot) ", .normal),
            Span(s.keyboardUp ? "kb up" : "kb down", s.keyboardUp ? .warning : .normal),
            Span(" \(g.dot) ", .normal),
            Span(s.online ? "online" : "offline", s.online ? .normal : .warning),
        ])
        // Delegate.
        let d = s.delegate
        var delegate: Line = [Span("DELEGATE ", .title, bold: true)]
        switch d.implements {
        case .none: delegate.append(Span("none (keyboard up \(g.arrow) later)", .normal))
        case .uiKeyboard, .controller:
            delegate.append(
                Span(
                    "\(d.implements == .controller ? "controller" : "ui_keyboard") \(g.arrow) \(d.answer.rawValue)",
                    .normal))
            if !d.answers.isEmpty { delegate.append(Span(" +\(d.answers.count) by id".clipped(to: 8), .muted)) }
        }
        lines.append(delegate)
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
