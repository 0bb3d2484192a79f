import IAMEngine

/// One device of the split view (`V`, profiles.md): its engine state and its records (without
/// the `profile` records, so the two sides line up).
package struct SplitSide: Sendable {
    package var engine: EngineState
    package var records: [TraceRecord]
    /// Where `P` switched this side's platform while the split was open: the records from
    /// `index` on are the new platform's, those before the old one's.
    package var switches: [SplitSwitch]

    package init(engine: EngineState, records: [TraceRecord], switches: [SplitSwitch] = []) {
        self.engine = engine
        self.records = records
        self.switches = switches
    }
}

/// `P` on the split's left device: from `index` in its records on, the platform is `to`.
package struct SplitSwitch: Sendable, Equatable {
    package var index: Int
    package var t: Double
    package var from: String
    package var to: String

    package init(index: Int, t: Double, from: String, to: String) {
        self.index = index
        self.t = t
        self.from = from
        self.to = to
    }
}

/// Where the two sides' traces first part: the index in both `records`, and the rows that
/// explain it (empty when no single row does; `nil` while they are being worked out).
package struct SplitMarker: Sendable, Equatable {
    /// Negative once the parting records have been dropped from the lists (they stay below).
    package var index: Int
    package var rows: [Difference]?
    /// What explains the parting besides its rows (a version boundary, a per-platform setting),
    /// in compare's words (`Comparison.explanationWords`).
    package var also: [String] = []
    /// The two records where the traces part (`nil`: that side had nothing there).
    package var left: TraceRecord?
    package var right: TraceRecord?

    package init(index: Int, rows: [Difference]?, left: TraceRecord?, right: TraceRecord?, also: [String] = []) {
        self.index = index
        self.rows = rows
        self.left = left
        self.right = right
        self.also = also
    }
}

/// The split view: two devices side by side, each labelled with its platform, and one column
/// with both platforms' stack and cooldown, where their traces part (with the X-ID) and each
/// side's newest records, the parting record marked. At 80×24 the column is narrow but every
/// line keeps its first words; wider terminals widen it.
package func renderSplit(
    left: SplitSide, right: SplitSide, marker: SplitMarker?, ui: ViewState, width: Int, height: Int
) -> Frame {
    var grid = Grid(width: width, height: height)
    guard Layout.fits(width: width, height: height) else {
        drawTooSmall(&grid, ascii: ui.asciiOnly)
        return Frame(grid: grid)
    }
    let glyphs = Glyphs.forMode(ascii: ui.asciiOnly)
    // The why-not and record detail on screen are the chosen side's (`ui.side`); the other side
    // gets neither.
    var leftUI = ui
    var rightUI = ui
    if ui.side == .left {
        rightUI.whyNot = nil
        rightUI.recordDetail = nil
    } else {
        leftUI.whyNot = nil
        leftUI.recordDetail = nil
    }
    var leftCtx = RenderContext(engine: left.engine, ui: leftUI, trace: left.records, glyphs: glyphs)
    leftCtx.switches = left.switches
    let rightCtx = RenderContext(engine: right.engine, ui: rightUI, trace: right.records, glyphs: glyphs)
    let layout = Layout(width: width, height: height, device: left.engine.device)
    var hotspots: [Hotspot] = []
    var unused: [Hotspot] = []

    TitleBar.draw(&grid, leftCtx, width: width)
    let available = height - 3
    // At 80 columns the devices narrow to 22 so the column keeps 35 columns for the traces.
    let deviceWidth = width < 100 ? 22 : min(layout.device.width, max(22, (width - 40) / 2 - 1))
    let deviceHeight = min(layout.device.height, available)
    let first = Rect(x: 0, y: 1, width: deviceWidth, height: deviceHeight)
    let second = Rect(x: deviceWidth + 1, y: 1, width: deviceWidth, height: deviceHeight)
    DeviceView.draw(&grid, leftCtx, frame: first, hotspots: &hotspots)
    DeviceView.draw(&grid, rightCtx, frame: second, hotspots: &unused)
    for (frame, side, tag) in [(first, left, "A"), (second, right, "B")] {
        let label = " \(tag) \(side.engine.settings.profile.name) "
        grid.put(label, x: frame.x + 2, y: frame.maxY - 1, role: .accent, bold: true, limit: frame.maxX - 1)
    }
    let column = Rect(x: second.maxX + 1, y: 1, width: width - second.maxX - 1, height: available)
    if ui.whyNot != nil || ui.recordDetail != nil || ui.messageExpanded || ui.statusExpanded {
        // Why-not and a record's detail (Tab, then Enter on a trace) are the chosen device's,
        // named on the column's first row; read whole in the column below it.
        let (tag, ctx) = ui.side == .left ? ("A", leftCtx) : ("B", rightCtx)
        var lower = column
        if ui.whyNot != nil || ui.recordDetail != nil, column.height > 4 {
            let what = ui.recordDetail != nil ? "record" : "why not"
            grid.put(
                [
                    Span("\(tag) \(ctx.engine.settings.profile.name)", .accent, bold: true),
                    Span("  \(what) · Esc closes", .muted),
                ], x: column.x, y: column.y, limit: column.maxX)
            lower = Rect(x: column.x, y: column.y + 1, width: column.width, height: column.height - 1)
        }
        SidePanel.drawLower(&grid, ctx, rect: lower, trace: false, hotspots: &unused)
    } else {
        SplitColumn.draw(&grid, left: leftCtx, right: rightCtx, marker: marker, rect: column)
    }
    if let question = ui.confirm {
        // `0` and `R` ask (y/n) on the key bar's row, as on the single screen.
        drawQuestion(&grid, leftCtx, question, layout: layout)
    } else if let prompt = ui.prompt {
        PromptView.draw(&grid, leftCtx, prompt: prompt, layout: layout)
    } else {
        KeyBar.draw(&grid, leftCtx, row: layout.keyBarRow, width: width, hotspots: &hotspots)
        if let status = ui.status {
            grid.put(status.text, x: 1, y: layout.statusRow, role: .accent, limit: width - 1)
        }
    }
    if ui.helpVisible {
        HelpOverlay.draw(&grid, leftCtx, width: width, height: height)
        hotspots = []
    }
    return Frame(grid: grid, hotspots: hotspots)
}

/// The split view's right column.
enum SplitColumn {
    static func draw(_ grid: inout Grid, left: RenderContext, right: RenderContext, marker: SplitMarker?, rect: Rect) {
        guard rect.width >= 10, rect.height >= 6 else { return }
        var lines: [Line] = []
        for (tag, ctx) in [("A", left), ("B", right)] {
            lines.append(contentsOf: summary(tag, ctx, width: rect.width))
        }
        if let selected = selection(left: left, right: right) { lines.append(selected) }
        lines.append(contentsOf: partLines(left: left, right: right, marker: marker, width: rect.width))
        // A timeline step's note (a lesson's explanation) keeps the column's lower rows; the
        // traces give way to it, down to two rows each.
        // The note gets the rows it needs while each trace keeps its header and two records.
        let wanted = left.ui.note.map { 1 + NoteView.body($0, width: rect.width, left).count } ?? 0
        let noteRows =
            left.ui.note == nil
            ? 0
            : min(
                left.ui.noteExpanded ? max(wanted, rect.height / 2) : max(4, wanted),
                rect.height - lines.count - (left.ui.noteExpanded ? 4 : 6))
        if let note = left.ui.note, noteRows >= 2 {
            NoteView.draw(
                &grid, left, note: note,
                rect: Rect(x: rect.x, y: rect.maxY - noteRows, width: rect.width, height: noteRows))
        }
        let traceRows = max(2, (rect.height - max(noteRows, 0) - lines.count) / 2)
        for (tag, ctx, side) in [("A", left, ViewState.DeviceSide.left), ("B", right, .right)] {
            let focused = ctx.ui.focus == .trace && ctx.ui.side == side
            // The hint gives way to a long (versioned) name rather than be cut.
            let title = "TRACE \(tag) \(ctx.engine.settings.profile.name)"
            let hint = focused ? "↑↓ Enter: record" : "newest first"
            lines.append(SidePanel.header(title, title.cellWidth + 1 + hint.cellWidth <= rect.width ? hint : ""))
            lines.append(
                contentsOf: traceLines(
                    ctx, marker: marker, rows: traceRows - 1, cursor: focused ? ctx.ui.traceCursor : nil))
        }
        for (i, line) in lines.prefix(rect.height - max(noteRows, 0)).enumerated() {
            grid.put(line, x: rect.x, y: rect.y + i, limit: rect.maxX)
        }
    }

    /// `A ios  stack 2  next 12.3 s`; a versioned name (`android@37.0.0`) that leaves the rest
    /// no room puts it on a second line rather than cut it.
    static func summary(_ tag: String, _ ctx: RenderContext, width: Int) -> [Line] {
        let name = ctx.engine.settings.profile.name
        let rest = summaryFacts(ctx)
        guard name.count >= 8 else {
            return [[Span("\(tag) ", .accent, bold: true), Span(name.padded(to: 8), .title, bold: true)] + rest]
        }
        let head = [Span("\(tag) ", .accent, bold: true), Span(name + " ", .title, bold: true)]
        let cells = (head + rest).reduce(0) { $0 + $1.text.cellWidth }
        return cells <= width ? [head + rest] : [head, [Span("  ")] + rest]
    }

    /// `stack 2  next 12.3 s`: the stack and NEXT TRIGGER ALLOWED.
    private static func summaryFacts(_ ctx: RenderContext) -> Line {
        let s = ctx.engine
        var line = [Span("stack \(s.stack.count)", s.stack.isEmpty ? .muted : .warning)]
        if s.parked != nil { line.append(Span(" +parked", .warning)) }
        // NEXT TRIGGER ALLOWED's answer, asked of the engine as the side panel asks it.
        if s.delivered.triggers.isEmpty {
            line.append(Span("  none on device", .muted))
        } else if let next = s.nextTriggerAllowed(at: ctx.now) {
            if next.heldBy != nil {
                let after = next.after ? "after " : ""
                line.append(Span("  next \(after)\(formatSeconds(next.at - ctx.now))s", .warning))
            } else {
                line.append(Span("  ready", .success))
            }
        } else {
            line.append(Span("  none again", .muted))
        }
        return line
    }

    /// `A ▸ cart-reminder 1/3 not re-eligible`: the trigger ↑ ↓ select and Enter explains, on the
    /// chosen device, while the triggers have the focus (the split shows no trigger list).
    static func selection(left: RenderContext, right: RenderContext) -> Line? {
        let (tag, ctx) = left.ui.side == .left ? ("A", left) : ("B", right)
        let triggers = ctx.engine.serverTriggers
        guard ctx.ui.focus == .triggers, !triggers.isEmpty else { return nil }
        let index = min(ctx.ui.selectedTrigger, triggers.count - 1)
        let status = TriggerStatus.of(triggers[index], in: ctx.engine)
        return [
            Span("\(tag) \(ctx.glyphs.chevron) ", .accent, bold: true),
            Span(ctx.clean(triggers[index].id), .title, bold: true),
            Span(" \(index + 1)/\(triggers.count) \(status.text)", .muted),
        ]
    }

    /// Where the traces part (the X-ID and question), and both records there.
    static func partLines(left: RenderContext, right: RenderContext, marker: SplitMarker?, width: Int) -> [Line] {
        guard let marker else { return [[Span("same trace so far", .success, bold: true)]] }
        let a = marker.left
        let b = marker.right
        let t = [a?.t, b?.t].compactMap { $0 }.min() ?? 0
        let rows =
            switch marker.rows {
            case nil: "which row: working it out\(left.ascii ? "..." : "…")"
            case let found? where found.isEmpty && marker.also.isEmpty: "several rows"
            case let found?: (marker.also + found.map { "\($0.id) \($0.question)" }).joined(separator: "; ")
            }
        var lines: [Line] = [[Span("\(left.glyphs.arrow) A and B part at \(formatTime(t))", .error, bold: true)]]
        // The X-ID and the two records wrap (two lines at most each) rather than lose their ends.
        for text in wrap(rows, width: width - 2).prefix(2) { lines.append([Span("  " + text, .warning, bold: true)]) }
        for (tag, record, ctx) in [("A", a, left), ("B", b, right)] {
            for (i, text) in wrap(record.map { compact($0, ctx) } ?? "(nothing)", width: width - 2).prefix(2)
                .enumerated()
            {
                lines.append([Span(i == 0 ? "\(tag) " : "  ", .accent, bold: true), Span(text, .normal)])
            }
        }
        return lines
    }

    /// The newest `rows` records (or the rows around the trace cursor, `cursor` records from
    /// the newest, shown reversed), the parting one marked.
    static func traceLines(_ ctx: RenderContext, marker: SplitMarker?, rows: Int, cursor: Int? = nil) -> [Line] {
        guard rows > 0, !ctx.trace.isEmpty else { return [] }
        let records = ctx.trace
        let cursorIndex = cursor.map { records.count - 1 - min($0, records.count - 1) }
        let top = max(records.count - 1, 0) - max(0, (cursor ?? 0) - rows + 1)
        var lines: [Line] = []
        /// `── android from 12.3, ios before ──`: the records below it are the old platform's.
        func divider(_ change: SplitSwitch) -> Line {
            [
                Span(
                    "\(ctx.glyphs.arrow) \(change.to) from \(formatTime(change.t)), \(change.from) before", .warning,
                    bold: true)
            ]
        }
        if cursor == nil, let change = ctx.switches.last(where: { $0.index >= records.count }) {
            lines.append(divider(change))
        }
        for index in stride(from: top, through: max(0, top - rows + 1), by: -1) where lines.count < rows {
            let record = records[index]
            let parts = index == marker?.index
            lines.append([
                Span(parts ? String(ctx.glyphs.chevron) : " ", .error, bold: true),
                Span(
                    compact(record, ctx), parts ? .error : TraceView.role(for: record.kind), bold: parts,
                    reverse: index == cursorIndex),
            ])
            if let change = ctx.switches.last(where: { $0.index == index }), lines.count < rows {
                lines.append(divider(change))
            }
        }
        return lines
    }

    /// `40.0 returned_to_stack b message_visible`: the time and the record's words, as the trace
    /// panel has them (`RecordWords`), without the stack's ids (the column's header counts the
    /// stack); the column cuts what does not fit.
    static func compact(_ r: TraceRecord, _ ctx: RenderContext) -> String {
        formatTime(r.t) + " " + r.words(time: formatTime, clean: ctx.clean).text { $0 != .stack }
    }
}
