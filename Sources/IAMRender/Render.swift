import IAMEngine

/// What every view needs: the engine state, the view state and the glyph set.
struct RenderContext {
    var engine: EngineState
    var ui: ViewState
    var trace: [TraceRecord]
    var glyphs: Glyphs
    /// The split view's left device: where `P` switched its platform (`SplitSide.switches`).
    var switches: [SplitSwitch] = []
    var ascii: Bool { ui.asciiOnly }
    var now: Double { engine.now }

    /// Scenario text made safe for the screen.
    func clean(_ s: String) -> String { Sanitize.clean(s, ascii: ascii) }
}

/// Renders the whole screen as a value. Pure: the same inputs give the same frame.
package func render(engine: EngineState, ui: ViewState, trace: [TraceRecord], width: Int, height: Int) -> Frame {
    var grid = Grid(width: width, height: height)
    let glyphs = Glyphs.forMode(ascii: ui.asciiOnly)
    guard Layout.fits(width: width, height: height) else {
        drawTooSmall(&grid, ascii: ui.asciiOnly)
        return Frame(grid: grid)
    }
    let ctx = RenderContext(engine: engine, ui: ui, trace: trace, glyphs: glyphs)
    let layout = Layout(width: width, height: height, device: engine.device)
    var hotspots: [Hotspot] = []

    TitleBar.draw(&grid, ctx, width: width)
    DeviceView.draw(&grid, ctx, frame: layout.device, hotspots: &hotspots)
    SidePanel.draw(&grid, ctx, layout: layout, hotspots: &hotspots)
    if let question = ui.confirm {
        drawQuestion(&grid, ctx, question, layout: layout)
    } else if let prompt = ui.prompt {
        PromptView.draw(&grid, ctx, prompt: prompt, layout: layout)
    } else {
        KeyBar.draw(&grid, ctx, row: layout.keyBarRow, width: width, hotspots: &hotspots)
        drawStatus(&grid, ctx, layout: layout)
    }
    if ui.helpVisible {
        HelpOverlay.draw(&grid, ctx, width: width, height: height)
        hotspots = [] // the help covers everything; any click or key closes it
    }
    return Frame(grid: grid, hotspots: hotspots)
}

func drawTooSmall(_ grid: inout Grid, ascii: Bool) {
    let x = ascii ? "x" : "×"
    let lines = [
        "terminal too small (need \(Layout.minWidth)\(x)\(Layout.minHeight))",
        "now \(grid.width)\(x)\(grid.height)",
        "only q (quit) works until it is larger",
    ]
    let top = max(0, grid.height / 2 - 1)
    let area = Rect(x: 0, y: 0, width: grid.width, height: grid.height)
    for (i, line) in lines.enumerated() where top + i < grid.height {
        grid.putCentered(line, in: area, y: top + i, role: i == 0 ? .warning : .muted, bold: i == 0)
    }
}

/// A yes/no question on the bottom row, in place of the key bar.
func drawQuestion(_ grid: inout Grid, _ ctx: RenderContext, _ question: String, layout: Layout) {
    let row = layout.keyBarRow
    grid.fill(Rect(x: 0, y: row, width: layout.width, height: 1), role: .prompt)
    grid.put(
        " " + ctx.clean(question).clipped(to: layout.width - 2, ellipsis: ctx.glyphs.ellipsis), x: 0, y: row,
        role: .prompt, bold: true, limit: layout.width)
}

func drawStatus(_ grid: inout Grid, _ ctx: RenderContext, layout: Layout) {
    guard let status = ctx.ui.status else { return }
    let role: StyleRole =
        switch status.kind {
        case .info: .accent
        case .warning: .warning
        case .error: .error
        case .success: .success
        }
    let x = layout.statusX
    let room = layout.width - x - 1
    let text = ctx.clean(status.text)
    // A message too long for the line ends with the key that shows it whole.
    let hint = "  m: whole"
    let line = text.cellWidth <= room ? text : text.clipped(to: room - hint.cellWidth, ellipsis: ctx.glyphs.ellipsis)
    let end = grid.put(line, x: x, y: layout.statusRow, role: role)
    if text.cellWidth > room { grid.put(hint, x: end, y: layout.statusRow, role: .muted) }
}
