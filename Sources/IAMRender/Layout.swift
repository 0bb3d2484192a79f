import IAMEngine

/// Where each part of the screen goes, from the terminal size and the device.
public struct Layout: Sendable, Equatable {
    public static let minWidth = 80
    public static let minHeight = 24

    public var width: Int
    public var height: Int
    /// The device frame (border included).
    public var device: Rect
    /// The side panel right of the device.
    public var panel: Rect
    /// The full-width band below a short (landscape) device, where the trace goes.
    public var belowDevice: Rect?
    public var statusRow: Int { height - 2 }
    public var keyBarRow: Int { height - 1 }
    /// Where the status line starts: under the panel, or at the left below a landscape device.
    public var statusX: Int { belowDevice == nil ? panel.x : 1 }

    public static func fits(width: Int, height: Int) -> Bool { width >= minWidth && height >= minHeight }

    public init(width: Int, height: Int, device d: Device) {
        self.width = width
        self.height = height
        let available = height - 2 // between the title bar and the key bar
        let wide = width >= 100
        let (w, h): (Int, Int) =
            switch (d.kind, d.orientation) {
            case (.phone, .portrait): (wide ? 27 : 25, min(available, 32))
            case (.phone, .landscape): (wide ? 46 : 40, min(available, 14))
            case (.tablet, .portrait): (wide ? 35 : 31, min(available, 36))
            case (.tablet, .landscape): (wide ? 54 : 44, min(available, 20))
            }
        device = Rect(x: 0, y: 1, width: w, height: h)
        let below = Rect(x: 0, y: device.maxY, width: width, height: height - 2 - device.maxY)
        if below.height >= 6 {
            // A short (landscape) device: the panel sits beside it, the trace spans the width below.
            belowDevice = below
            panel = Rect(x: w + 2, y: 1, width: width - w - 2, height: h)
        } else {
            belowDevice = nil
            panel = Rect(x: w + 2, y: 1, width: width - w - 2, height: height - 3)
        }
    }
}

/// What every view needs: the engine state, the UI state and the glyph set.
struct RenderContext {
    var engine: EngineState
    var ui: UIState
    var trace: [TraceRecord]
    var glyphs: Glyphs
    var ascii: Bool { ui.asciiOnly }
    var now: Double { engine.now }

    /// Scenario text made safe for the screen.
    func clean(_ s: String) -> String { Sanitize.clean(s, ascii: ascii) }
}

/// Renders the whole screen as a value. Pure: the same inputs give the same frame.
public func render(engine: EngineState, ui: UIState, trace: [TraceRecord], width: Int, height: Int) -> Frame {
    var grid = Grid(width: width, height: height)
    let glyphs = Glyphs.forMode(ascii: ui.asciiOnly)
    guard Layout.fits(width: width, height: height) else {
        drawTooSmall(&grid, ascii: ui.asciiOnly)
        return Frame(grid: grid)
    }
    let ctx = RenderContext(engine: engine, ui: ui, trace: trace, glyphs: glyphs)
    let layout = Layout(width: width, height: height, device: engine.device)
    var hotspots: [Hotspot] = []

    drawTitleBar(&grid, ctx, width: width)
    DeviceView.draw(&grid, ctx, frame: layout.device, hotspots: &hotspots)
    SidePanel.draw(&grid, ctx, layout: layout, hotspots: &hotspots)
    if let prompt = ui.prompt {
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
    ]
    let top = max(0, grid.height / 2 - 1)
    let area = Rect(x: 0, y: 0, width: grid.width, height: grid.height)
    for (i, line) in lines.enumerated() where top + i < grid.height {
        grid.putCentered(line, in: area, y: top + i, role: i == 0 ? .warning : .muted, bold: i == 0)
    }
}

/// "00:42.5": minutes and seconds of simulation time, to a tenth.
public func formatClock(_ t: Double) -> String {
    let tenths = floorInt(max(0, t) * 10)
    let minutes = tenths / 600
    let seconds = (tenths % 600) / 10
    let frac = tenths % 10
    return (minutes < 10 ? "0" : "") + "\(minutes):" + (seconds < 10 ? "0" : "") + "\(seconds).\(frac)"
}

/// A duration to one decimal: "17.5".
public func formatSeconds(_ s: Double) -> String {
    // Up to the next tenth (a countdown never shows 0.0 while time is left), minus float noise.
    let tenths = ceilInt(max(0, s) * 10 - 1e-6)
    return "\(tenths / 10).\(tenths % 10)"
}

/// A duration in whole seconds, rounded up: "18". Summaries use it so that they change once a
/// second, not every tenth; the precise countdown is shown once, in NEXT TRIGGER ALLOWED.
public func formatWholeSeconds(_ s: Double) -> String {
    String(ceilInt(max(0, s) - 1e-6))
}

/// "×0.25", "×1", "×16".
public func formatSpeed(_ speed: Double, ascii: Bool) -> String {
    let x = ascii ? "x" : "×"
    if Double(floorInt(speed)) == speed { return x + String(Int(speed)) }
    var s = String(speed)
    while s.hasSuffix("0") { s.removeLast() }
    return x + s
}

func drawTitleBar(_ grid: inout Grid, _ ctx: RenderContext, width: Int) {
    grid.fill(Rect(x: 0, y: 0, width: width, height: 1), role: .title)
    let g = ctx.glyphs
    var left = " iamterm"
    if !ctx.ui.title.isEmpty { left += " \(g.dot) " + ctx.clean(ctx.ui.title) }
    var right: [Span] = [ProfileBadge.span(ctx)]
    right.append(Span(String(ctx.ui.paused ? g.pause : g.play), ctx.ui.paused ? .warning : .success, bold: true))
    right.append(Span(" " + formatSpeed(ctx.ui.speed, ascii: ctx.ascii) + "  ", .title, bold: true))
    right.append(Span("t " + formatClock(ctx.now), .title, bold: true))
    let tl = ctx.ui.timeline
    if tl.count > 0 {
        right.append(Span("  timeline \(tl.index)/\(tl.count) " + String(tl.playing ? g.play : g.pause), .title))
    }
    right.append(Span("  " + sessionSummary(ctx.engine) + " ", .title))
    let rightWidth = right.reduce(0) { $0 + $1.text.cellWidth }
    let leftRoom = max(0, width - rightWidth - 2)
    grid.put(left.clipped(to: leftRoom, ellipsis: g.ellipsis), x: 0, y: 0, role: .title, bold: true)
    grid.put(right, x: max(leftRoom + 1, width - rightWidth), y: 0)
}

func sessionSummary(_ s: EngineState) -> String {
    let state: String =
        switch s.app {
        case .notRunning: "not running"
        case .foreground: "foreground"
        case .background: "background"
        }
    guard let session = s.session else { return "no session (\(state))" }
    return "session \(session.number)" + (session.ended ? " ended" : "") + " (\(state))"
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
    grid.put(
        ctx.clean(status.text).clipped(to: layout.width - x - 1, ellipsis: ctx.glyphs.ellipsis),
        x: x, y: layout.statusRow, role: role)
}

// Rounding without libm: the renderer links no C maths library.
@inline(__always) func floorInt(_ x: Double) -> Int {
    guard x.isFinite else { return 0 }
    let clamped = min(max(x, -9e15), 9e15)
    let i = Int(clamped)
    return Double(i) > clamped ? i - 1 : i
}
@inline(__always) func ceilInt(_ x: Double) -> Int {
    guard x.isFinite else { return 0 }
    let clamped = min(max(x, -9e15), 9e15)
    let i = Int(clamped)
    return Double(i) < clamped ? i + 1 : i
}
@inline(__always) func roundInt(_ x: Double) -> Int { floorInt(x + 0.5) }
