import IAMEngine

/// The visible message drawn over the device screen, and spinners where waiting messages will show.
enum MessageOverlay {
    /// A header's first two lines; a longer one ends the second with `…`, so the cut shows.
    static func headerLines(_ header: String?, width: Int, _ ctx: RenderContext) -> [String] {
        let lines = wrapScenarioText(header ?? "", width: width, ascii: ctx.ascii)
        guard lines.count > 2 else { return lines }
        let ellipsis = ctx.glyphs.ellipsis
        return [lines[0], lines[1].clipped(to: max(1, width - ellipsis.cellWidth), ellipsis: "") + ellipsis]
    }

    static func draw(
        _ grid: inout Grid, _ ctx: RenderContext, visible: VisibleMessage, area: Rect,
        inside: Rect, hotspots: inout [Hotspot]
    ) {
        let m = visible.pending.message
        let remaining = visible.dismissAt.map { $0 - ctx.now }
        switch m.kind {
        case .slideup: slideup(&grid, ctx, m, area: area, remaining: remaining, hotspots: &hotspots)
        case .modal: modal(&grid, ctx, m, area: area, remaining: remaining, hotspots: &hotspots)
        case .full: full(&grid, ctx, m, area: inside, remaining: remaining, hotspots: &hotspots)
        case .html:
            html(
                &grid, ctx, m, rect: centredRect(area, width: area.width - 2, height: area.height - 2),
                remaining: remaining, hotspots: &hotspots)
        case .htmlFull: html(&grid, ctx, m, rect: area, remaining: remaining, hotspots: &hotspots)
        }
    }

    /// A spinner where each message waiting for its asset (L3 step 7) will appear.
    static func drawWaiting(_ grid: inout Grid, _ ctx: RenderContext, area: Rect, inside: Rect) {
        guard let pending = ctx.engine.waiting.last else { return }
        let g = ctx.glyphs
        let frameIndex = floorInt(ctx.now * 10) % g.spinner.count
        let asset = imageName(pending.message.assetURL, ctx)
        let text = "\(g.spinner[frameIndex]) waiting for \(asset)"
        let rect: Rect =
            switch pending.message.kind {
            case .slideup:
                pending.message.slideFrom == .top
                    ? Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: 3)
                    : Rect(x: area.x + 1, y: area.maxY - 3, width: area.width - 2, height: 3)
            case .full, .htmlFull: inside
            case .modal, .html: centredRect(area, width: area.width - 4, height: 5)
            }
        grid.box(rect, glyphs: g, role: .muted, fillInside: true, insideRole: .muted)
        let label = ctx.clean(pending.id).clipped(to: rect.width - 4, ellipsis: g.ellipsis)
        if rect.height >= 5 { grid.putCentered(label, in: rect, y: rect.y + 1, role: .muted) }
        grid.putCentered(
            text.clipped(to: rect.width - 2, ellipsis: g.ellipsis), in: rect.inset(1, 0),
            y: rect.y + rect.height / 2 + (rect.height >= 5 ? 1 : 0), role: .accent)
    }

    // MARK: - Types

    static func slideup(
        _ grid: inout Grid, _ ctx: RenderContext, _ m: Message, area: Rect, remaining: Double?,
        hotspots: inout [Hotspot]
    ) {
        let g = ctx.glyphs
        let hasChevron = m.clickAction != .none
        let textWidth = area.width - 6 - (hasChevron ? 2 : 0)
        var lines = wrapScenarioText(m.text, width: textWidth, ascii: ctx.ascii)
        if lines.count > 2 {
            lines = [lines[0], (lines[1] + " " + lines[2]).clipped(to: textWidth, ellipsis: g.ellipsis)]
        }
        let height = 2 + lines.count
        let y = m.slideFrom == .top ? area.y : area.maxY - height
        let rect = Rect(x: area.x + 1, y: y, width: area.width - 2, height: height)
        grid.box(rect, glyphs: g, role: .message, fillInside: true, insideRole: .message)
        for (i, line) in lines.enumerated() {
            grid.put(line, x: rect.x + 2, y: rect.y + 1 + i, role: .message, limit: rect.maxX - 1)
        }
        if hasChevron {
            grid.put(
                String(g.chevron), x: rect.maxX - 3, y: rect.y + 1 + (lines.count - 1) / 2, role: .accent, bold: true)
        }
        drawRemaining(&grid, ctx, remaining, rect: rect)
        applyColors(&grid, m, rect: rect)
        hotspots.append(Hotspot(rect, .messageBody))
    }

    static func modal(
        _ grid: inout Grid, _ ctx: RenderContext, _ m: Message, area: Rect, remaining: Double?,
        hotspots: inout [Hotspot]
    ) {
        let g = ctx.glyphs
        // A modal takes most of the screen's width, as on a phone; 30 cells on the smallest.
        let width = min(area.width - 2, max(30, area.width * 85 / 100))
        let inner = width - 4
        var content: [(String, StyleRole, Bool)] = []
        let imageOnly = m.imageStyle == .graphic
        if !imageOnly {
            for line in headerLines(m.header, width: inner, ctx) where !line.isEmpty {
                content.append((line, .messageHeader, true))
            }
        }
        let imageLine = m.imageURL.map { imageLabel($0, ctx, width: inner) }
        let buttonRow = m.buttons.isEmpty ? 0 : 1
        let fixed = 2 + content.count + (imageLine == nil ? 0 : (imageOnly ? 3 : 1)) + buttonRow
        if !imageOnly {
            let room = max(1, area.height - fixed)
            var body = wrapScenarioText(m.text, width: inner, ascii: ctx.ascii).filter { !$0.isEmpty }
            if body.count > room {
                body = Array(body.prefix(room))
                body[room - 1] = body[room - 1].clipped(to: inner - 1) + g.ellipsis
            }
            content += body.map { ($0, .message, false) }
        }
        var height = 2 + content.count + buttonRow
        if imageLine != nil { height += imageOnly ? 3 : 1 }
        height = min(height, area.height)
        let rect = centredRect(area, width: width, height: height)
        hotspots.append(Hotspot(rect, .messageBody))
        grid.box(rect, glyphs: g, role: .message, fillInside: true, insideRole: .message)
        var y = rect.y + 1
        for (text, role, bold) in content where y < rect.maxY - 1 - buttonRow {
            grid.putCentered(text, in: rect.inset(2, 0), y: y, role: role, bold: bold)
            y += 1
        }
        if let imageLine, y < rect.maxY - 1 - buttonRow {
            if imageOnly {
                grid.fill(
                    Rect(x: rect.x + 2, y: y, width: inner, height: min(3, rect.maxY - 1 - buttonRow - y)),
                    g.imageFill, role: .image)
                grid.putCentered(imageLine, in: rect.inset(2, 0), y: y + 1, role: .image)
                y += 3
            } else {
                grid.putCentered(imageLine, in: rect.inset(2, 0), y: y, role: .image)
                y += 1
            }
        }
        if buttonRow == 1 {
            drawButtons(&grid, ctx, m.buttons, row: rect.maxY - 2, in: rect.inset(1, 0), hotspots: &hotspots)
        }
        drawClose(&grid, ctx, x: rect.maxX - 2, y: rect.y, hotspots: &hotspots)
        drawRemaining(&grid, ctx, remaining, rect: rect)
        applyColors(&grid, m, rect: rect)
    }

    static func full(
        _ grid: inout Grid, _ ctx: RenderContext, _ m: Message, area: Rect, remaining: Double?,
        hotspots: inout [Hotspot]
    ) {
        let g = ctx.glyphs
        let rect = area
        hotspots.append(Hotspot(rect, .messageBody))
        grid.box(rect, glyphs: g, role: .message, fillInside: true, insideRole: .message)
        let inner = rect.inset(2, 1)
        let imageHeight =
            m.imageStyle == .graphic ? inner.height - (m.buttons.isEmpty ? 0 : 2) : max(3, inner.height / 3)
        let image = Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: imageHeight)
        grid.fill(image, g.imageFill, role: .image)
        grid.putCentered(
            imageLabel(m.imageURL, ctx, width: image.width - 2), in: image, y: image.y + image.height / 2, role: .image)
        var y = image.maxY + 1
        let buttonsY = rect.maxY - 2
        if m.imageStyle != .graphic {
            for line in headerLines(m.header, width: inner.width, ctx) where !line.isEmpty {
                grid.putCentered(line, in: inner, y: y, role: .messageHeader, bold: true)
                y += 1
            }
            if y > image.maxY + 1 { y += 1 }
            let room = buttonsY - 1 - y
            let body = wrapScenarioText(m.text, width: inner.width, ascii: ctx.ascii).filter { !$0.isEmpty }
            for (i, line) in body.prefix(max(0, room)).enumerated() {
                let shown = (i == room - 1 && body.count > room) ? line.clipped(to: inner.width - 1) + g.ellipsis : line
                grid.putCentered(shown, in: inner, y: y, role: .message)
                y += 1
            }
        }
        if !m.buttons.isEmpty {
            drawButtons(&grid, ctx, m.buttons, row: buttonsY, in: rect.inset(1, 0), hotspots: &hotspots)
        }
        drawClose(&grid, ctx, x: rect.maxX - 2, y: rect.y, hotspots: &hotspots)
        drawRemaining(&grid, ctx, remaining, rect: rect)
        applyColors(&grid, m, rect: rect)
    }

    static func html(
        _ grid: inout Grid, _ ctx: RenderContext, _ m: Message, rect: Rect, remaining: Double?,
        hotspots: inout [Hotspot]
    ) {
        let g = ctx.glyphs
        hotspots.append(Hotspot(rect, .messageBody))
        grid.box(
            rect, glyphs: g, role: .message, title: [Span(m.kind.rawValue, .messageHeader, bold: true)],
            fillInside: true, insideRole: .message)
        let inner = rect.inset(2, 1)
        let lines = wrapScenarioText(htmlText(m.text), width: inner.width, ascii: ctx.ascii)
        for (i, line) in lines.prefix(inner.height).enumerated() {
            grid.put(line, x: inner.x, y: inner.y + i, role: .message, limit: inner.maxX)
        }
        drawClose(&grid, ctx, x: rect.maxX - 2, y: rect.y, hotspots: &hotspots)
        drawRemaining(&grid, ctx, remaining, rect: rect)
        applyColors(&grid, m, rect: rect)
    }

    // MARK: - Parts

    /// The message's own ARGB colours over the roles' (drawn where the terminal has 256 colours
    /// or more; the roles stay the fallback): background, body text, header, close mark.
    static func applyColors(_ grid: inout Grid, _ m: Message, rect: Rect) {
        let c = m.colors
        let background = Tint.rgb(argb: c["bg_color"])
        grid.tint(
            rect, roles: [.message, .messageHeader, .close, .image], foreground: nil, background: background)
        grid.tint(rect, roles: [.message], foreground: Tint.rgb(argb: c["text_color"]), background: nil)
        grid.tint(rect, roles: [.messageHeader], foreground: Tint.rgb(argb: c["header_text_color"]), background: nil)
        grid.tint(rect, roles: [.close], foreground: Tint.rgb(argb: c["close_button_color"]), background: nil)
    }

    static func drawButtons(
        _ grid: inout Grid, _ ctx: RenderContext, _ buttons: [Button], row: Int, in rect: Rect,
        hotspots: inout [Hotspot]
    ) {
        let shown = Array(buttons.prefix(2))
        let texts = shown.map { ctx.clean($0.text) }
        let gaps = max(0, texts.count - 1)
        // "[ Shop ]" when there is room, "[Show my card]" when tight; only when even that does
        // not fit are the labels given equal shares and cut.
        let roomy = texts.map { "[ " + $0 + " ]" }
        let compact = texts.map { "[" + $0 + "]" }
        let each = max(4, (rect.width - gaps) / max(1, texts.count))
        let labels =
            if roomy.reduce(gaps, { $0 + $1.cellWidth }) <= rect.width - 2 {
                roomy
            } else if compact.reduce(gaps, { $0 + $1.cellWidth }) <= rect.width {
                compact
            } else {
                texts.map { "[" + $0.clipped(to: each - 2, ellipsis: ctx.glyphs.ellipsis) + "]" }
            }
        let total = labels.reduce(0) { $0 + $1.cellWidth } + (labels.count - 1)
        var x = rect.x + max(0, (rect.width - total) / 2)
        for (i, label) in labels.enumerated() {
            let end = grid.put(label, x: x, y: row, role: .button, bold: true, limit: rect.maxX)
            hotspots.append(Hotspot(Rect(x: x, y: row, width: end - x, height: 1), .messageButton(i)))
            x = end + 1
        }
    }

    static func drawClose(_ grid: inout Grid, _ ctx: RenderContext, x: Int, y: Int, hotspots: inout [Hotspot]) {
        grid.put(String(ctx.glyphs.close), x: x, y: y, role: .close, bold: true)
        hotspots.append(Hotspot(Rect(x: x - 1, y: y, width: 3, height: 1), .messageClose))
    }

    /// The time left before an auto-dismiss, on the bottom border.
    static func drawRemaining(_ grid: inout Grid, _ ctx: RenderContext, _ remaining: Double?, rect: Rect) {
        guard let remaining, rect.width > 10 else { return }
        let label = " \(formatSeconds(remaining))s "
        grid.put(label, x: rect.maxX - 2 - label.cellWidth, y: rect.maxY - 1, role: .muted)
    }

    static func centredRect(_ area: Rect, width: Int, height: Int) -> Rect {
        let w = min(width, area.width)
        let h = min(height, area.height)
        return Rect(x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h)
    }

    /// "[image: hero.png]", or "[hero.png]" when narrow, clipped as a last resort.
    static func imageLabel(_ url: String?, _ ctx: RenderContext, width: Int) -> String {
        let name = imageName(url, ctx)
        let full = "[image: \(name)]"
        if full.cellWidth <= width { return full }
        return "[" + name.clipped(to: width - 2, ellipsis: ctx.glyphs.ellipsis) + "]"
    }

    /// The file name of an asset URL, made safe ("hero.png").
    static func imageName(_ url: String?, _ ctx: RenderContext) -> String {
        guard let url, !url.isEmpty else { return "none" }
        var path = Substring(url)
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<q] }
        while path.hasSuffix("/") { path = path.dropLast() }
        let name = path.split(separator: "/").last.map(String.init) ?? url
        return ctx.clean(name)
    }
}
