import IAMEngine

/// The lanes of the picture, top to bottom.
package enum Lane: String, CaseIterable, Sendable {
    case app, keyboard, orientation, integration, events, performed, messages, stack, cooldown, discards, returns

    /// The lanes `model` draws: the app around the SDK only when the run has a record of it
    /// (integration.md), so a run with the defaults draws the picture it always did.
    static func drawn(in model: TimelineModel) -> [Lane] {
        allCases.filter { $0 != .integration || model.integration.total > 0 }
    }

    var label: String {
        switch self {
        case .app: "app"
        case .keyboard: "keyboard"
        case .orientation: "orientation"
        case .integration: "app around the SDK"
        case .events: "events"
        case .performed: "triggers performed"
        case .messages: "visible message"
        case .stack: "stack depth"
        case .cooldown: "global interval (P2)"
        case .discards: "discards (L3)"
        case .returns: "returns to stack (L3)"
        }
    }

    /// Rows of labels above a lane's marks.
    var labelRows: Int {
        switch self {
        case .events: 3
        case .performed, .discards, .returns, .integration: 2
        case .app, .keyboard, .orientation, .messages, .stack, .cooldown: 0
        }
    }

    var height: Double {
        switch self {
        case .events, .performed, .discards, .returns, .integration: 20 + Double(labelRows) * TimelineSVG.rowHeight
        case .app, .keyboard, .orientation, .cooldown: 26
        case .messages: 34
        case .stack: 60
        }
    }
}

/// The trace as a picture (terminal-ui.md, "Record and share"): a time axis, one lane per
/// concern, a legend. Every element carries a class (and each lane an id) so tools and tests
/// can find them; every mark has a hover title with its trace line.
///
/// Level of detail by pixel column: the plot is cut into cells of `cellWidth` px; a cell with
/// at most `MarkLane.kept` instants of a lane draws them one by one, a busier cell draws a
/// density band whose title holds its count. Spans too short to see are counted the same
/// way. So the file's size depends on the picture's width, not on the run's length.
package enum TimelineSVG {
    static let left = 200.0
    static let right = 70.0
    static let laneGap = 6.0
    static let cellWidth = 8.0
    static let rowHeight = 15.0

    /// Font sizes (px). The picture is at most 1,600 px wide, so on a 1,600 px slide no text
    /// is smaller than `label`.
    package enum Font {
        package static let base = 13.0
        package static let label = 12.0
        package static let title = 20.0
    }

    /// Message types and their colours (the legend shows them in this order).
    static let typeColors: [(Message.Kind, String)] = [
        (.slideup, "#4e79a7"), (.modal, "#f28e2b"), (.full, "#e15759"), (.html, "#76b7b2"), (.htmlFull, "#59a14f"),
    ]

    /// The SVG document of `model`, over the stretch it was built for (`--from`/`--to`).
    package static func render(_ model: TimelineModel) -> String {
        let start = model.from
        // Unzoomed, a little room after the last record so its marks and labels are not cut.
        let end = max(start + 0.001, model.to ?? max(model.end + max(1, model.end * 0.04), start + 1))
        let scale = TimeScale.fitting(from: start, to: end, left: left)
        let width = left + scale.width + right
        var y = 100.0
        var top: [Lane: Double] = [:]
        let lanes = Lane.drawn(in: model)
        for lane in lanes {
            top[lane] = y
            y += lane.height + laneGap
        }
        let lanesBottom = y
        var svg = SVGWriter()
        var body = SVGWriter()
        var banded = false
        for lane in lanes {
            let laneTop = top[lane] ?? 0
            body.open("g", [("id", "lane-" + lane.rawValue), ("class", "lane")])
            body.element(
                "rect",
                [
                    ("class", "lane-bg"), ("x", px(left)), ("y", px(laneTop)), ("width", px(scale.width)),
                    ("height", px(lane.height)),
                ])
            body.element(
                "text",
                [("class", "lane-label"), ("x", px(left - 10)), ("y", px(laneTop + lane.height / 2 + 4.5))],
                content: lane.label)
            let area = Area(scale: scale, grid: model.grid, top: laneTop, height: lane.height)
            banded = draw(lane, &body, model, area) || banded
            body.close("g")
        }
        var legendSVG = SVGWriter()
        let legendBottom = legend(&legendSVG, model, top: lanesBottom + 30, width: width, banded: banded)
        let height = legendBottom + 16

        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", px(width)), ("height", px(height)),
                ("viewBox", "0 0 \(px(width)) \(px(height))"),
                ("font-family", "Helvetica, Arial, 'DejaVu Sans', sans-serif"), ("font-size", px(Font.base)),
                ("class", "iamterm-timeline"),
            ])
        svg.raw(style)
        svg.element(
            "rect", [("x", "0"), ("y", "0"), ("width", px(width)), ("height", px(height)), ("fill", "#ffffff")])
        header(&svg, model, scale)
        axis(&svg, scale, top: 90, bottom: lanesBottom)
        svg.raw(body.text)
        svg.raw(legendSVG.text)
        svg.close("svg")
        return svg.text
    }

    /// Where a lane draws: its time scale, the model's bins, its top and height.
    struct Area {
        let scale: TimeScale
        let grid: TimeGrid
        let top: Double
        let height: Double

        var cells: Int { Int((scale.width / cellWidth).rounded(.up)) }

        /// The cell a bin falls in (by its middle), nil outside the plot.
        func cell(_ bin: Int) -> Int? {
            let t = grid.center(bin)
            guard t >= scale.from - grid.binWidth, t <= scale.to + grid.binWidth else { return nil }
            return min(cells - 1, max(0, Int((scale.x(t) - scale.left) / cellWidth)))
        }

        func x(cell: Int) -> Double { scale.left + Double(cell) * cellWidth }

        func width(cell: Int) -> Double { min(cellWidth, scale.left + scale.width - x(cell: cell)) }

        /// "1:02 to 1:10" for a cell.
        func times(_ first: Int, _ last: Int) -> String {
            let a = scale.t(x(cell: first))
            let b = scale.t(x(cell: last) + width(cell: last))
            return "\(TimeScale.label(a)) to \(TimeScale.label(b))"
        }
    }

    static func header(_ svg: inout SVGWriter, _ model: TimelineModel, _ scale: TimeScale) {
        let name = model.name.isEmpty ? "scenario" : model.name
        svg.element(
            "text", [("id", "title"), ("class", "title"), ("x", "16"), ("y", "34")],
            content: "iamterm · \(name) · profile \(model.profile)")
        let displayed = model.displayedCount
        svg.element(
            "text", [("class", "subtitle"), ("x", "16"), ("y", "58")],
            content:
                "simulated seconds \(TimeScale.label(scale.from)) to \(TimeScale.label(scale.to)) · \(model.recordCount.grouped) trace records · \(displayed.grouped) message\(displayed == 1 ? "" : "s") shown"
        )
    }

    static func axis(_ svg: inout SVGWriter, _ scale: TimeScale, top: Double, bottom: Double) {
        svg.open("g", [("id", "axis"), ("class", "axis")])
        svg.element(
            "line",
            [
                ("class", "axis-line"), ("x1", px(scale.left)), ("x2", px(scale.left + scale.width)), ("y1", px(top)),
                ("y2", px(top)),
            ])
        for tick in scale.ticks {
            let x = scale.x(tick)
            svg.element("line", [("class", "grid"), ("x1", px(x)), ("x2", px(x)), ("y1", px(top)), ("y2", px(bottom))])
            svg.element(
                "text", [("class", "tick"), ("x", px(x)), ("y", px(top - 6)), ("text-anchor", "middle")],
                content: TimeScale.label(tick))
        }
        svg.element(
            "text", [("class", "axis-title"), ("x", px(scale.left - 24)), ("y", px(top - 6)), ("text-anchor", "end")],
            content: "time")
        svg.close("g")
    }

    /// Draws one lane; true when it drew a density band.
    static func draw(_ lane: Lane, _ svg: inout SVGWriter, _ model: TimelineModel, _ area: Area) -> Bool {
        switch lane {
        case .app: spans(&svg, model.app, area, class: "app", noun: "app state changes")
        case .keyboard: spans(&svg, model.keyboard, area, class: "keyboard", noun: "keyboard changes")
        case .orientation: spans(&svg, model.orientation, area, class: "orientation", noun: "rotations")
        case .cooldown: spans(&svg, model.cooldowns, area, class: "cooldown", noun: "cooldowns")
        case .integration: marks(&svg, model.integration, area, lane: lane, .integration)
        case .events: marks(&svg, model.events, area, lane: lane, .event)
        case .performed: marks(&svg, model.performed, area, lane: lane, .performed)
        case .messages: bars(&svg, model, area)
        case .stack: depth(&svg, model.depth, area)
        case .discards: marks(&svg, model.discards, area, lane: lane, .discard)
        case .returns: marks(&svg, model.returns, area, lane: lane, .return)
        }
    }

    /// Per cell of the plot: how many instants of `lane` fall there, and the instants of cells
    /// that hold at most `MarkLane.kept`.
    static func cells(_ lane: MarkLane, _ area: Area) -> (counts: [Int], marks: [Int: [TimelineModel.Mark]]) {
        var counts = [Int](repeating: 0, count: area.cells)
        for bin in 0..<TimeGrid.count where lane.counts[bin] > 0 {
            if let cell = area.cell(bin) { counts[cell] += Int(lane.counts[bin]) }
        }
        var marks: [Int: [TimelineModel.Mark]] = [:]
        for (bin, list) in lane.marks {
            guard let cell = area.cell(bin), counts[cell] <= MarkLane.kept else { continue }
            marks[cell, default: []].append(contentsOf: list)
        }
        return (counts, marks)
    }

    /// Instants: a symbol each where they fit, labels on the lane's rows where they clear each
    /// other; density bands (count in the title) where they do not fit, one label per run of bands.
    static func marks(
        _ svg: inout SVGWriter, _ lane: MarkLane, _ area: Area, lane kind: Lane, _ shape: MarkKind
    ) -> Bool {
        let (name, noun) = (shape.rawValue, shape.noun)
        let (counts, marks) = cells(lane, area)
        var labels = LabelRows(rows: kind.labelRows, right: area.scale.left + area.scale.width + right - 4)
        let baseline = area.top + area.height - 10
        let densest = counts.max() ?? 1
        var banded = false
        var cell = 0
        func label(_ text: String, x: Double, class extra: String) {
            let text = text.abbreviated(to: 30)
            guard let place = labels.place(at: x, width: TextWidth.of(text, size: Font.label)) else { return }
            svg.element(
                "text",
                [
                    ("class", "mark-label \(name)-label" + extra), ("x", px(place.x)),
                    ("y", px(area.top + 13 + Double(place.row) * rowHeight)), ("text-anchor", place.anchor),
                ],
                content: text)
        }
        while cell < counts.count {
            if counts[cell] == 0 {
                cell += 1
                continue
            }
            if counts[cell] <= MarkLane.kept {
                for mark in (marks[cell] ?? []).sorted(by: { $0.t < $1.t }) where area.scale.contains(mark.t) {
                    let x = area.scale.x(mark.t)
                    svg.element(
                        "path", [("class", "mark \(name)"), ("d", shape.symbol(x: x, y: baseline))],
                        traceTitle: mark.detail)
                    label(mark.label, x: x, class: "")
                }
                cell += 1
                continue
            }
            // A run of busy cells: a band per cell, one label for the run.
            let first = cell
            var total = 0
            while cell < counts.count, counts[cell] > MarkLane.kept {
                let n = counts[cell]
                total += n
                // Height by order of magnitude: 5 px for the fewest a band holds, 16 px for the densest cell.
                let floor = log2(Double(MarkLane.kept + 1))
                let h = 5 + 11 * (log2(Double(n)) - floor) / max(1, log2(Double(densest)) - floor)
                svg.element(
                    "rect",
                    [
                        ("class", "band \(name)-band"), ("data-count", String(n)), ("x", px(area.x(cell: cell))),
                        ("y", px(baseline + 6 - h)), ("width", px(area.width(cell: cell))), ("height", px(h)),
                    ],
                    title: "\(n.grouped) \(noun.many) · \(area.times(cell, cell))")
                cell += 1
            }
            banded = true
            label(
                "\(total.grouped) \(total == 1 ? noun.one : noun.many)", x: area.x(cell: first) - 6 + 1,
                class: " band-label")
        }
        return banded
    }

    /// Spans long enough to see as rectangles, their label inside when it fits; the short ones
    /// as bands, one per cell, with their count by label in the title.
    static func spans(_ svg: inout SVGWriter, _ lane: SpanLane, _ area: Area, class name: String, noun: String)
        -> Bool
    {
        let scale = area.scale
        for span in lane.spans where span.end >= scale.from && span.start <= scale.to {
            let x0 = scale.x(span.start)
            let x1 = max(scale.x(span.end), x0 + 1)
            let title = "\(span.label): \(TimeScale.label(span.start)) to \(TimeScale.label(span.end))"
            svg.element(
                "rect",
                [
                    ("class", "span \(name) \(name)-\(cssName(span.label))"), ("x", px(x0)), ("y", px(area.top + 2)),
                    ("width", px(x1 - x0)), ("height", px(area.height - 4)),
                ], title: title)
            if x1 - x0 >= TextWidth.of(span.label, size: Font.label) + 10 {
                svg.element(
                    "text",
                    [
                        ("class", "span-label \(name)-label"), ("x", px(x0 + 5)),
                        ("y", px(area.top + area.height / 2 + 4.5)),
                    ],
                    content: span.label)
            }
        }
        return shortBands(&svg, lane, area, class: { "band span-band \(name) \(name)-\(cssName($0))" }, noun: noun)
    }

    /// Short spans counted per cell: a band each, titled with the count per style.
    static func shortBands(
        _ svg: inout SVGWriter, _ lane: SpanLane, _ area: Area, class name: (String) -> String, noun: String
    ) -> Bool {
        var cells: [Int: [String: Int]] = [:]
        for (bin, styles) in lane.short {
            guard let cell = area.cell(bin) else { continue }
            cells[cell, default: [:]].merge(styles, uniquingKeysWith: +)
        }
        for cell in cells.keys.sorted() {
            let styles = cells[cell] ?? [:]
            let n = styles.values.reduce(0, +)
            let byStyle = styles.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let parts = byStyle.map { "\($0.value.grouped) \($0.key)" }.joined(separator: ", ")
            svg.element(
                "rect",
                [
                    ("class", name(byStyle.first?.key ?? "")), ("data-count", String(n)),
                    ("x", px(area.x(cell: cell))), ("y", px(area.top + 2)), ("width", px(area.width(cell: cell))),
                    ("height", px(area.height - 4)),
                ],
                title: "\(n.grouped) \(noun) too short to draw (\(parts)) · \(area.times(cell, cell))")
        }
        return !cells.isEmpty
    }

    static func bars(_ svg: inout SVGWriter, _ model: TimelineModel, _ area: Area) -> Bool {
        let scale = area.scale
        for bar in model.bars.spans where bar.end >= scale.from && bar.start <= scale.to {
            let x0 = scale.x(bar.start)
            let x1 = max(scale.x(bar.end), x0 + 2)
            let how = (bar.local ? ", local" : "") + (bar.byApp ? ", the app's own UI" : "")
            let title =
                "\(bar.label) (\(bar.style)\(how)): shown \(TimeScale.label(bar.start)) to \(TimeScale.label(bar.end))"
            svg.element(
                "rect",
                [
                    (
                        "class",
                        "message-bar type-\(bar.style)" + (bar.local ? " local" : "") + (bar.byApp ? " by-app" : "")
                    ),
                    ("data-message", bar.label), ("x", px(x0)), ("y", px(area.top + 3)), ("width", px(x1 - x0)),
                    ("height", px(area.height - 6)), ("rx", "3"),
                ], title: title)
            // As many characters as surely fit (the widest take an em).
            let room = Int((x1 - x0 - 10) / Font.label)
            if room >= 3 {
                let label = bar.label.abbreviated(to: room)
                if TextWidth.of(label, size: Font.label) <= x1 - x0 - 10 {
                    svg.element(
                        "text",
                        [("class", "bar-label"), ("x", px(x0 + 5)), ("y", px(area.top + area.height / 2 + 4.5))],
                        content: label)
                }
            }
        }
        var banded = shortBands(
            &svg, model.bars, area, class: { "band message-band type-\($0)" }, noun: "messages shown")
        let (counts, marks) = cells(model.controls, area)
        for (cell, n) in counts.enumerated() where n > 0 {
            if n > MarkLane.kept {
                banded = true
                svg.element(
                    "rect",
                    [
                        ("class", "band control-band"), ("data-count", String(n)), ("x", px(area.x(cell: cell))),
                        ("y", px(area.top + 3)), ("width", px(area.width(cell: cell))), ("height", px(area.height - 6)),
                    ],
                    title: "\(n.grouped) control impressions · \(area.times(cell, cell))")
                continue
            }
            for control in marks[cell] ?? [] where scale.contains(control.t) {
                let x = scale.x(control.t)
                svg.element(
                    "rect",
                    [
                        ("class", "control"), ("x", px(x - 3)), ("y", px(area.top + 3)), ("width", "6"),
                        ("height", px(area.height - 6)),
                    ],
                    traceTitle: control.detail)
            }
        }
        return banded
    }

    /// The stack's size as a step line, one vertical stroke per pixel column where it changed
    /// (from its lowest to its highest value there), with its maximum labelled.
    static func depth(_ svg: inout SVGWriter, _ lane: DepthLane, _ area: Area) -> Bool {
        let scale = area.scale
        let maxDepth = max(1, lane.maximum, lane.initial)
        func y(_ d: Int32) -> Double { area.top + area.height - 4 - Double(d) / Double(maxDepth) * (area.height - 12) }
        // Column -> (low, high, last), from the bins in it.
        let columns = Int(scale.width.rounded(.up)) + 1
        var low = [Int32](repeating: -1, count: columns)
        var high = [Int32](repeating: -1, count: columns)
        var last = [Int32](repeating: -1, count: columns)
        for bin in 0..<TimeGrid.count where lane.last[bin] >= 0 {
            let t = area.grid.center(bin)
            guard t >= scale.from - area.grid.binWidth, t <= scale.to + area.grid.binWidth else { continue }
            let c = min(columns - 1, max(0, Int(scale.x(t) - scale.left)))
            low[c] = low[c] < 0 ? lane.low[bin] : min(low[c], lane.low[bin])
            high[c] = max(high[c], lane.high[bin])
            last[c] = lane.last[bin]
        }
        var current = Int32(lane.initial)
        var points = ["\(px(scale.left)),\(px(y(current)))"]
        for c in 0..<columns where last[c] >= 0 {
            let x = px(scale.left + Double(c))
            points.append("\(x),\(px(y(current)))")
            if low[c] != high[c] || low[c] != last[c] {
                points.append("\(x),\(px(y(low[c])))")
                points.append("\(x),\(px(y(high[c])))")
            }
            points.append("\(x),\(px(y(last[c])))")
            current = last[c]
        }
        points.append("\(px(scale.left + scale.width)),\(px(y(current)))")
        svg.element(
            "polyline", [("class", "depth-line"), ("points", points.joined(separator: " "))],
            title: "messages waiting on the stack (L1)")
        svg.element(
            "text",
            [("class", "depth-scale"), ("x", px(scale.left + scale.width + 4)), ("y", px(y(Int32(maxDepth)) + 4))],
            content: maxDepth.grouped)
        svg.element(
            "text", [("class", "depth-scale"), ("x", px(scale.left + scale.width + 4)), ("y", px(y(0) + 4))],
            content: "0")
        return false
    }

    /// The legend, its entries wrapped to `width`; returns where it ends.
    static func legend(
        _ svg: inout SVGWriter, _ model: TimelineModel, top: Double, width: Double, banded: Bool
    ) -> Double {
        svg.open("g", [("id", "legend"), ("class", "legend")])
        var x = 16.0
        var line = top
        /// Room for a swatch and `text`, on a new line when this one is full.
        func room(for text: String) {
            let needed = 16 + TextWidth.of(text, size: Font.label)
            if x > 16, x + needed > width - 16 {
                x = 16
                line += 22
            }
        }
        func advance(_ text: String) { x += 16 + TextWidth.of(text, size: Font.label) + 18 }
        func entry(_ svg: inout SVGWriter, _ swatchClass: String, _ text: String) {
            room(for: text)
            svg.element(
                "rect", [("class", swatchClass), ("x", px(x)), ("y", px(line - 10)), ("width", "12"), ("height", "12")])
            svg.element("text", [("class", "legend-label"), ("x", px(x + 16)), ("y", px(line))], content: text)
            advance(text)
        }
        func mark(_ svg: inout SVGWriter, _ kind: MarkKind, _ text: String) {
            room(for: text)
            svg.element("path", [("class", "mark " + kind.rawValue), ("d", kind.symbol(x: x + 6, y: line - 4))])
            svg.element("text", [("class", "legend-label"), ("x", px(x + 16)), ("y", px(line))], content: text)
            advance(text)
        }
        for (kind, _) in typeColors { entry(&svg, "message-bar type-\(kind.rawValue)", kind.rawValue) }
        entry(&svg, "control", "control (not drawn)")
        if model.bars.spans.contains(where: \.byApp) || model.bars.last?.byApp == true {
            entry(&svg, "message-bar by-app", "handed to the app's own UI (I3)")
        }
        entry(&svg, "span app-foreground", "foreground")
        entry(&svg, "span app-background", "background")
        entry(&svg, "span keyboard", "keyboard up")
        entry(&svg, "span cooldown", "P2: a trigger without its own interval waits")
        x = 16
        line += 22
        mark(&svg, .event, "event raised")
        mark(&svg, .performed, "trigger performed (E1)")
        mark(&svg, .discard, "discarded (L3)")
        mark(&svg, .return, "returned to the stack (L3)")
        if model.integration.total > 0 { mark(&svg, .integration, "the app around the SDK changed") }
        if banded { entry(&svg, "band legend-band", "too many to draw one by one (hover: how many)") }
        let hint = "hover any mark for its trace line"
        room(for: hint)
        svg.element("text", [("class", "legend-label"), ("x", px(x)), ("y", px(line))], content: hint)
        svg.close("g")
        return line
    }

    /// A label as a class name fragment: letters, digits and `-` only.
    static func cssName(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.map {
                ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) ? Character($0) : "-"
            })
    }

    static var style: String {
        var css = """
            <style>
            .title { font-size: 20px; font-weight: bold; fill: #222; }
            .tick, .depth-scale, .mark-label, .span-label, .bar-label, .legend-label { font-size: 12px; }
            .subtitle, .axis-title, .tick, .depth-scale { fill: #555; }
            .lane-label { text-anchor: end; fill: #333; font-weight: bold; }
            .lane-bg { fill: #f6f6f6; }
            .grid { stroke: #dddddd; stroke-width: 1; }
            .axis-line { stroke: #888; stroke-width: 1; }
            .span-label, .bar-label { fill: #fff; }
            .app-foreground { fill: #59a14f; } .app-background { fill: #9c9c9c; }
            .keyboard { fill: #b07aa1; }
            .orientation-portrait { fill: #c6d9ec; } .orientation-landscape { fill: #edc948; }
            .orientation-label { fill: #333; }
            .cooldown { fill: #e15759; fill-opacity: 0.3; stroke: #e15759; stroke-opacity: 0.6; }
            .mark { stroke-width: 1.5; }
            .event { fill: #4e79a7; stroke: #4e79a7; } .performed { fill: #f28e2b; stroke: #b5651d; }
            .discard { stroke: #d62728; fill: none; stroke-width: 2.5; } .return { fill: #ff9da7; stroke: #c44e5a; }
            .mark-label { fill: #333; }
            .band { fill-opacity: 0.55; } .band-label { font-style: italic; }
            .event-band, .legend-band { fill: #4e79a7; } .performed-band { fill: #f28e2b; }
            .discard-band { fill: #d62728; } .return-band { fill: #c44e5a; } .control-band { fill: #555; }
            .discard-label { fill: #d62728; } .return-label { fill: #c44e5a; }
            .depth-line { fill: none; stroke: #4e79a7; stroke-width: 2; }
            .control { fill: none; stroke: #555; stroke-dasharray: 2 2; }
            .message-bar.local { stroke: #222; stroke-dasharray: 4 2; }
            .message-bar.by-app { fill-opacity: 0.45; stroke: #222; stroke-width: 1.5; }
            .integration { fill: #76b7b2; stroke: #3f7f7a; } .integration-band { fill: #3f7f7a; }
            .legend-label { fill: #333; }

            """
        for (kind, color) in typeColors { css += ".type-\(kind.rawValue) { fill: \(color); }\n" }
        return css + "</style>\n"
    }
}

/// The kinds of instant the picture marks: each its class name, its noun and its shape.
package enum MarkKind: String, CaseIterable, Sendable {
    case integration, event, performed, discard, `return`

    /// What a density band counts: `3 events`, `1 trigger`.
    var noun: (one: String, many: String) {
        switch self {
        case .integration: ("change", "changes")
        case .event: ("event", "events")
        case .performed: ("trigger", "triggers")
        case .discard: ("discard", "discards")
        case .return: ("return", "returns")
        }
    }

    /// A small shape: square (a change of the app around the SDK), circle (event), diamond
    /// (performed), cross (discard), up-triangle (return).
    func symbol(x: Double, y: Double) -> String {
        let (a, b) = (px(x), px(y))
        switch self {
        case .performed: return "M\(a) \(px(y - 5))L\(px(x + 5)) \(b)L\(a) \(px(y + 5))L\(px(x - 5)) \(b)Z"
        case .discard:
            return
                "M\(px(x - 4)) \(px(y - 4))L\(px(x + 4)) \(px(y + 4))M\(px(x + 4)) \(px(y - 4))L\(px(x - 4)) \(px(y + 4))"
        case .return: return "M\(a) \(px(y - 5))L\(px(x + 5)) \(px(y + 4))L\(px(x - 5)) \(px(y + 4))Z"
        case .integration: return "M\(px(x - 4)) \(px(y - 4))H\(px(x + 4))V\(px(y + 4))H\(px(x - 4))Z"
        case .event:
            return "M\(px(x - 4)) \(b)A4 4 0 1 0 \(px(x + 4)) \(b)A4 4 0 1 0 \(px(x - 4)) \(b)Z"
        }
    }
}
