import IAMEngine

/// The phone or tablet: frame, status bar, the app (or the home screen), the keyboard,
/// and the message overlays on top.
enum DeviceView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, frame: Rect, hotspots: inout [Hotspot]) {
        let s = ctx.engine
        let g = ctx.glyphs
        let name = s.settings.profile.deviceNames.name(of: s.device.kind).asciiSafe(ctx.ascii)
        grid.box(
            frame, glyphs: g, role: .frame,
            title: [
                Span(
                    "\(name) \(g.dot) \(s.device.orientation.rawValue)".clipped(
                        to: max(1, frame.width - 5), ellipsis: g.ellipsis), .frame, bold: true)
            ],
            fillInside: true, insideRole: .device)
        let inside = frame.inset(1, 1)
        guard inside.height >= 4 else { return }
        drawStatusBar(&grid, ctx, row: inside.y, inside: inside)
        let screen = Rect(x: inside.x, y: inside.y + 1, width: inside.width, height: inside.height - 1)

        switch s.app {
        case .notRunning:
            grid.putCentered("app not running", in: screen, y: screen.y + screen.height / 2 - 1, role: .muted)
            grid.putCentered("l launches it", in: screen, y: screen.y + screen.height / 2, role: .muted)
            return
        case .background:
            drawHomeScreen(&grid, ctx, screen: screen)
            return
        case .foreground:
            drawApp(&grid, ctx, screen: screen)
        }
        var messageArea = screen
        if s.keyboardUp {
            let kb = keyboardRect(screen)
            drawKeyboard(&grid, ctx, rect: kb)
            messageArea.height = kb.y - screen.y
        }
        MessageOverlay.drawWaiting(&grid, ctx, area: messageArea, inside: inside)
        // X58: a page that holds several draws the older ones first; only the newest takes taps.
        for beneath in s.beneath {
            var covered: [Hotspot] = []
            MessageOverlay.draw(&grid, ctx, visible: beneath, area: messageArea, inside: inside, hotspots: &covered)
        }
        if let visible = s.visible, !visible.pending.message.isControl {
            MessageOverlay.draw(&grid, ctx, visible: visible, area: messageArea, inside: inside, hotspots: &hotspots)
            if visible.shownByApp { drawShownByApp(&grid, ctx, screen: screen) }
        }
    }

    /// I3: the message is drawn by the app's own code, not the SDK's UI: a marker on the
    /// screen's top row for as long as it is visible.
    static func drawShownByApp(_ grid: inout Grid, _ ctx: RenderContext, screen: Rect) {
        let text = ["shown by the app's own UI", "the app's own UI", "app UI"].first {
            $0.cellWidth + 2 <= screen.width
        }
        guard let text else { return }
        grid.putCentered(" " + text + " ", in: screen, y: screen.y, role: .accent, bold: true)
    }

    static func drawStatusBar(_ grid: inout Grid, _ ctx: RenderContext, row: Int, inside: Rect) {
        grid.put(" 9:41", x: inside.x, y: row, role: .device, bold: true, limit: inside.maxX)
        let battery = ctx.ascii ? "[==]" : "▮▮▮"
        let signal = ctx.engine.online ? (ctx.ascii ? "ooo" : "●●●") : "offline"
        let right = "\(signal)  \(battery) "
        grid.put(
            right, x: inside.maxX - right.cellWidth, y: row,
            role: ctx.engine.online ? .device : .warning, limit: inside.maxX)
    }

    static func drawApp(_ grid: inout Grid, _ ctx: RenderContext, screen: Rect) {
        let title = ctx.clean(ctx.ui.title.isEmpty ? "My App" : ctx.ui.title)
        grid.put(
            " " + title.clipped(to: screen.width - 2, ellipsis: ctx.glyphs.ellipsis),
            x: screen.x + 1, y: screen.y + 1, role: .device, bold: true, limit: screen.maxX)
        // A quiet placeholder of the app's content: a few grey bars.
        let bar = String(ctx.glyphs.skeleton)
        let widths = [0.7, 0.5, 0.0, 0.8, 0.6, 0.75, 0.0, 0.55, 0.7, 0.4]
        for (i, fraction) in widths.enumerated() {
            let y = screen.y + 3 + i
            guard y < screen.maxY - 1 else { break }
            let n = Int(Double(screen.width - 4) * fraction)
            if n > 0 { grid.put(String(repeating: bar, count: n), x: screen.x + 2, y: y, role: .muted) }
        }
    }

    static func drawHomeScreen(_ grid: inout Grid, _ ctx: RenderContext, screen: Rect) {
        grid.fill(screen, role: .home)
        grid.putCentered("home screen", in: screen, y: screen.y + 1, role: .home, bold: true)
        let icon = String(ctx.glyphs.appIcon)
        let columns = max(1, (screen.width - 2) / 5)
        let row = Array(repeating: icon, count: columns).joined(separator: "    ")
        var y = screen.y + 3
        while y < screen.maxY - 3 {
            grid.putCentered(row, in: screen, y: y, role: .home)
            y += 2
        }
        grid.putCentered(
            Array(repeating: icon, count: min(4, columns)).joined(separator: "    "),
            in: screen, y: screen.maxY - 2, role: .home)
    }

    static func keyboardRect(_ screen: Rect) -> Rect {
        let h = max(3, min(6, screen.height * 2 / 5))
        return Rect(x: screen.x, y: screen.maxY - h, width: screen.width, height: h)
    }

    static func drawKeyboard(_ grid: inout Grid, _ ctx: RenderContext, rect: Rect) {
        grid.fill(rect, role: .keyboard)
        let edge = ctx.glyphs.keyboardEdge
        let label = " keyboard "
        let side = max(0, (rect.width - label.cellWidth) / 2)
        let top =
            String(repeating: edge, count: side) + label
            + String(repeating: edge, count: max(0, rect.width - side - label.cellWidth))
        grid.put(top, x: rect.x, y: rect.y, role: .keyboard, limit: rect.maxX)
        let rows = ["q w e r t y u i o p", "a s d f g h j k l", "z x c v b n m", "[   space   ]"]
        for (i, keys) in rows.enumerated() where rect.y + 1 + i < rect.maxY {
            let fitted = rect.width >= keys.cellWidth + 2 ? keys : keys.replacingSpaces()
            grid.putCentered(fitted, in: rect, y: rect.y + 1 + i, role: .keyboard)
        }
    }
}

extension String {
    fileprivate func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
