/// The key bar on the bottom row; each entry is clickable. The commands that apply to what is
/// on screen now come first (a message on screen: click, its buttons, dismiss), so they stay
/// when the bar is short; `? help` and `q quit` stay whatever the width.
enum KeyBar {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, row: Int, width: Int, hotspots: inout [Hotspot]) {
        grid.fill(Rect(x: 0, y: row, width: width, height: 1), role: .keyBar)
        var x = 1
        let tail: [KeyCommand] = [.help, .quit]
        let tailWidth = tail.reduce(0) { $0 + entryWidth($1, ctx) }
        for command in ordered(ctx) where !tail.contains(command) {
            if x + entryWidth(command, ctx) > width - tailWidth { continue }
            x = drawEntry(&grid, ctx, command, x: x, row: row, hotspots: &hotspots)
        }
        x = max(x, width - tailWidth)
        for command in tail { x = drawEntry(&grid, ctx, command, x: x, row: row, hotspots: &hotspots) }
    }

    /// The bar's commands: those that apply now first, then the rest, each in `allCases` order.
    static func ordered(_ ctx: RenderContext) -> [KeyCommand] {
        let all = KeyCommand.allCases.filter { $0.keyBar != nil && shown($0, ctx) }
        return all.filter { appliesNow($0, ctx) } + all.filter { !appliesNow($0, ctx) }
    }

    /// Whether the command does something for what is on screen now (and is worth the first places).
    static func appliesNow(_ command: KeyCommand, _ ctx: RenderContext) -> Bool {
        let s = ctx.engine
        switch command {
        case .clickBody, .dismiss: return s.visible != nil
        case .button1: return !(s.visible?.pending.message.buttons.isEmpty ?? true)
        case .displayNext: return s.visible == nil && !s.stack.isEmpty
        case .launch: return s.app == .notRunning
        case .timelinePlay, .timelineStep: return ctx.ui.timeline.index < ctx.ui.timeline.count
        case .note: return ctx.ui.note != nil
        default: return false
        }
    }

    /// Entries left out when they cannot apply at all (buttons without a message that has them),
    /// or that would crowd the bar where they do not matter (`i` without an integration line).
    static func shown(_ command: KeyCommand, _ ctx: RenderContext) -> Bool {
        switch command {
        case .button1: appliesNow(.button1, ctx)
        case .timelineStep, .note: appliesNow(command, ctx)
        // With the side panel's integration line: the app around the SDK matters here.
        case .integration: IntegrationLine.isShown(ctx.engine)
        default: true
        }
    }

    static func label(_ command: KeyCommand, _ ctx: RenderContext) -> String {
        guard let entry = command.keyBar else { return "" }
        return command == .pause ? (ctx.ascii ? "spc" : "␣") : entry.label
    }

    /// The entry's word, as things stand: `r pause` while the timeline plays.
    static func word(_ command: KeyCommand, _ ctx: RenderContext) -> String {
        if command == .timelinePlay, ctx.ui.timeline.playing { return "pause" }
        return command.keyBar?.word ?? ""
    }

    static func entryWidth(_ command: KeyCommand, _ ctx: RenderContext) -> Int {
        label(command, ctx).cellWidth + 1 + word(command, ctx).cellWidth + 2
    }

    static func drawEntry(
        _ grid: inout Grid, _ ctx: RenderContext, _ command: KeyCommand, x: Int, row: Int, hotspots: inout [Hotspot]
    ) -> Int {
        var end = grid.put(label(command, ctx), x: x, y: row, role: .accent, bold: true)
        end = grid.put(" " + word(command, ctx), x: end, y: row, role: .keyBar)
        hotspots.append(Hotspot(Rect(x: x, y: row, width: end - x, height: 1), .command(command)))
        return end + 2
    }
}
