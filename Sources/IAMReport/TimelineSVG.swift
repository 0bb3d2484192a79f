import IAMEngine

/// The trace as a picture (terminal-ui.md, "Record and share"): a time axis, one lane per
/// concern, a legend. Every element carries a class (and each lane an id) so tools and tests
/// can find them; every mark has a hover title with its trace line.
package enum TimelineSVG {
    static let left = 180.0
    static let laneGap = 6.0

    /// The lanes, top to bottom: id, label, height.
    static let lanes: [(id: String, label: String, height: Double)] = [
        ("app", "app", 22), ("keyboard", "keyboard", 22), ("orientation", "orientation", 22),
        ("events", "events", 34), ("performed", "triggers performed", 34), ("messages", "visible message", 30),
        ("stack", "stack depth", 60), ("cooldown", "global interval (P2)", 22),
        ("decisions", "discards · returns", 44),
    ]

    /// Message types and their colours (the legend shows them in this order).
    static let typeColors: [(Message.Kind, String)] = [
        (.slideup, "#4e79a7"), (.modal, "#f28e2b"), (.full, "#e15759"), (.html, "#76b7b2"), (.htmlFull, "#59a14f"),
    ]

    /// The SVG document. `from`/`to` zoom to that stretch of simulated seconds.
    package static func render(_ model: TimelineModel, from: Double? = nil, to: Double? = nil) -> String {
        let start = max(0, from ?? 0)
        // Unzoomed, a little room after the last record so its marks and labels are not cut.
        let end = max(start + 0.001, to ?? max(model.end + max(1, model.end * 0.04), start + 1))
        let scale = TimeScale.fitting(from: start, to: end, left: left)
        let width = left + scale.width + 40
        var y = 92.0
        var top: [String: Double] = [:]
        for lane in lanes {
            top[lane.id] = y
            y += lane.height + laneGap
        }
        let lanesBottom = y
        let height = lanesBottom + 96

        var svg = SVGWriter()
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", px(width)), ("height", px(height)),
                ("viewBox", "0 0 \(px(width)) \(px(height))"), ("font-family", "Helvetica, Arial, sans-serif"),
                ("font-size", "11"), ("class", "iamterm-timeline"),
            ])
        svg.raw(style)
        svg.element(
            "rect", [("x", "0"), ("y", "0"), ("width", px(width)), ("height", px(height)), ("fill", "#ffffff")])
        header(&svg, model, scale)
        axis(&svg, scale, top: 84, bottom: lanesBottom)
        for lane in lanes {
            let laneTop = top[lane.id]!
            svg.open("g", [("id", "lane-" + lane.id), ("class", "lane")])
            svg.element(
                "rect",
                [
                    ("class", "lane-bg"), ("x", px(left)), ("y", px(laneTop)), ("width", px(scale.width)),
                    ("height", px(lane.height)),
                ])
            svg.element(
                "text", [("class", "lane-label"), ("x", px(left - 10)), ("y", px(laneTop + lane.height / 2 + 4))],
                content: lane.label)
            draw(lane.id, &svg, model, scale, top: laneTop, height: lane.height)
            svg.close("g")
        }
        legend(&svg, top: lanesBottom + 34)
        svg.close("svg")
        return svg.text
    }

    static func header(_ svg: inout SVGWriter, _ model: TimelineModel, _ scale: TimeScale) {
        let name = model.name.isEmpty ? "scenario" : model.name
        svg.element(
            "text", [("id", "title"), ("class", "title"), ("x", "16"), ("y", "30")],
            content: "iamterm · \(name) · profile \(model.profile)")
        let displayed = model.bars.count
        svg.element(
            "text", [("class", "subtitle"), ("x", "16"), ("y", "50")],
            content:
                "simulated seconds \(TimeScale.label(scale.from)) to \(TimeScale.label(scale.to)) · \(model.records.count) trace records · \(displayed) message\(displayed == 1 ? "" : "s") shown"
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
            "text", [("class", "axis-title"), ("x", px(scale.left - 10)), ("y", px(top - 6)), ("text-anchor", "end")],
            content: "time")
        svg.close("g")
    }

    static func draw(
        _ lane: String, _ svg: inout SVGWriter, _ model: TimelineModel, _ scale: TimeScale, top: Double,
        height: Double
    ) {
        switch lane {
        case "app": spans(&svg, model.app, scale, top: top, height: height, class: "app")
        case "keyboard": spans(&svg, model.keyboard, scale, top: top, height: height, class: "keyboard")
        case "orientation": spans(&svg, model.orientation, scale, top: top, height: height, class: "orientation")
        case "cooldown": spans(&svg, model.cooldowns, scale, top: top, height: height, class: "cooldown")
        case "events": marks(&svg, model.events, scale, top: top, height: height, class: "event")
        case "performed": marks(&svg, model.performed, scale, top: top, height: height, class: "performed")
        case "messages": bars(&svg, model, scale, top: top, height: height)
        case "stack": depth(&svg, model, scale, top: top, height: height)
        case "decisions":
            marks(&svg, model.discards, scale, top: top, height: height / 2, class: "discard")
            marks(&svg, model.returns, scale, top: top + height / 2, height: height / 2, class: "return")
        default: break
        }
    }

    /// Filled stretches with their label inside when it fits.
    static func spans(
        _ svg: inout SVGWriter, _ spans: [TimelineModel.Span], _ scale: TimeScale, top: Double, height: Double,
        class name: String
    ) {
        for span in spans where span.end >= scale.from && span.start <= scale.to {
            let x0 = scale.x(span.start)
            let x1 = max(scale.x(span.end), x0 + 1)
            let title = "\(span.label): \(TimeScale.label(span.start)) to \(TimeScale.label(span.end))"
            svg.element(
                "rect",
                [
                    ("class", "span \(name) \(name)-\(cssName(span.label))"), ("x", px(x0)), ("y", px(top + 2)),
                    ("width", px(x1 - x0)), ("height", px(height - 4)),
                ], title: title)
            if x1 - x0 > Double(span.label.count) * 6.5 + 8 {
                svg.element(
                    "text",
                    [("class", "span-label \(name)-label"), ("x", px(x0 + 4)), ("y", px(top + height / 2 + 4))],
                    content: span.label)
            }
        }
    }

    /// Instants as ticks with a label, labels on two alternating rows and left out where they would collide.
    static func marks(
        _ svg: inout SVGWriter, _ marks: [TimelineModel.Mark], _ scale: TimeScale, top: Double, height: Double,
        class name: String
    ) {
        var lastLabelEnd = [-Double.infinity, -Double.infinity]
        for (index, mark) in marks.enumerated() where scale.contains(mark.t) {
            let x = scale.x(mark.t)
            svg.element(
                "path", [("class", "mark \(name)"), ("d", symbol(name, x: x, y: top + height - 8))],
                title: mark.detail)
            let row = index % 2
            let labelWidth = Double(min(mark.label.count, 28)) * 6 + 6
            if x >= lastLabelEnd[row] {
                let label = mark.label.count > 28 ? String(mark.label.prefix(27)) + "…" : mark.label
                // Near the right edge the label ends at the mark instead of starting there.
                let flip = x + labelWidth > scale.left + scale.width + 30
                svg.element(
                    "text",
                    [
                        ("class", "mark-label \(name)-label"), ("x", px(flip ? x - 3 : x + 3)),
                        ("y", px(top + 9 + Double(row) * 10)), ("text-anchor", flip ? "end" : "start"),
                    ],
                    content: label)
                lastLabelEnd[row] = x + labelWidth
            }
        }
    }

    /// A small shape per kind of mark: circle (event), diamond (performed), cross (discard), up-triangle (return).
    static func symbol(_ name: String, x: Double, y: Double) -> String {
        let (a, b) = (px(x), px(y))
        switch name {
        case "performed": return "M\(a) \(px(y - 5))L\(px(x + 5)) \(b)L\(a) \(px(y + 5))L\(px(x - 5)) \(b)Z"
        case "discard":
            return
                "M\(px(x - 4)) \(px(y - 4))L\(px(x + 4)) \(px(y + 4))M\(px(x + 4)) \(px(y - 4))L\(px(x - 4)) \(px(y + 4))"
        case "return": return "M\(a) \(px(y - 5))L\(px(x + 5)) \(px(y + 4))L\(px(x - 5)) \(px(y + 4))Z"
        default:
            return "M\(px(x - 4)) \(b)A4 4 0 1 0 \(px(x + 4)) \(b)A4 4 0 1 0 \(px(x - 4)) \(b)Z"
        }
    }

    static func bars(_ svg: inout SVGWriter, _ model: TimelineModel, _ scale: TimeScale, top: Double, height: Double) {
        for bar in model.bars where bar.end >= scale.from && bar.start <= scale.to {
            let x0 = scale.x(bar.start)
            let x1 = max(scale.x(bar.end), x0 + 2)
            let title =
                "\(bar.id) (\(bar.kind.rawValue)\(bar.local ? ", local" : "")): shown \(TimeScale.label(bar.start)) to \(TimeScale.label(bar.end))"
            svg.element(
                "rect",
                [
                    ("class", "message-bar type-\(bar.kind.rawValue)" + (bar.local ? " local" : "")),
                    ("data-message", bar.id), ("x", px(x0)), ("y", px(top + 3)), ("width", px(x1 - x0)),
                    ("height", px(height - 6)), ("rx", "3"),
                ], title: title)
            let room = Int((x1 - x0 - 8) / 6.2)
            if room >= 3 {
                let label = bar.id.count > room ? String(bar.id.prefix(room - 1)) + "…" : bar.id
                svg.element(
                    "text", [("class", "bar-label"), ("x", px(x0 + 4)), ("y", px(top + height / 2 + 4))],
                    content: label)
            }
        }
        for control in model.controls where scale.contains(control.t) {
            let x = scale.x(control.t)
            svg.element(
                "rect",
                [
                    ("class", "control"), ("x", px(x - 3)), ("y", px(top + 3)), ("width", "6"),
                    ("height", px(height - 6)),
                ],
                title: control.detail)
        }
    }

    /// The stack's size as a step line, with its maximum labelled.
    static func depth(_ svg: inout SVGWriter, _ model: TimelineModel, _ scale: TimeScale, top: Double, height: Double) {
        let maxDepth = max(1, model.depth.map(\.depth).max() ?? 1)
        func y(_ d: Int) -> Double { top + height - 4 - Double(d) / Double(maxDepth) * (height - 12) }
        var points: [String] = []
        var current = model.depth.first?.depth ?? 0
        points.append("\(px(scale.x(scale.from))),\(px(y(model.depth.last { $0.t <= scale.from }?.depth ?? 0)))")
        current = model.depth.last { $0.t <= scale.from }?.depth ?? 0
        for change in model.depth where change.t > scale.from && change.t <= scale.to {
            let x = scale.x(change.t)
            points.append("\(px(x)),\(px(y(current)))")
            points.append("\(px(x)),\(px(y(change.depth)))")
            current = change.depth
        }
        points.append("\(px(scale.x(scale.to))),\(px(y(current)))")
        svg.element(
            "polyline", [("class", "depth-line"), ("points", points.joined(separator: " "))],
            title: "messages waiting on the stack (L1)")
        svg.element(
            "text", [("class", "depth-scale"), ("x", px(scale.left + scale.width + 4)), ("y", px(y(maxDepth) + 4))],
            content: String(maxDepth))
        svg.element(
            "text", [("class", "depth-scale"), ("x", px(scale.left + scale.width + 4)), ("y", px(y(0) + 4))],
            content: "0")
    }

    static func legend(_ svg: inout SVGWriter, top: Double) {
        svg.open("g", [("id", "legend"), ("class", "legend")])
        var x = 16.0
        func entry(_ svg: inout SVGWriter, _ swatchClass: String, _ text: String, shape: String? = nil) {
            if let shape {
                svg.element("path", [("class", "mark " + swatchClass), ("d", symbol(shape, x: x + 6, y: top - 4))])
            } else {
                svg.element(
                    "rect",
                    [("class", swatchClass), ("x", px(x)), ("y", px(top - 10)), ("width", "12"), ("height", "12")])
            }
            svg.element("text", [("class", "legend-label"), ("x", px(x + 16)), ("y", px(top))], content: text)
            x += 16 + Double(text.count) * 6.2 + 14
        }
        for (kind, _) in typeColors { entry(&svg, "message-bar type-\(kind.rawValue)", kind.rawValue) }
        entry(&svg, "control", "control (not drawn)")
        entry(&svg, "span app-foreground", "foreground")
        entry(&svg, "span app-background", "background")
        entry(&svg, "span keyboard", "keyboard up")
        entry(&svg, "span cooldown", "P2: a trigger without its own interval waits")
        x = 16
        let second = top + 22
        func mark(_ svg: inout SVGWriter, _ name: String, _ text: String) {
            svg.element("path", [("class", "mark " + name), ("d", symbol(name, x: x + 6, y: second - 4))])
            svg.element("text", [("class", "legend-label"), ("x", px(x + 16)), ("y", px(second))], content: text)
            x += 16 + Double(text.count) * 6.2 + 14
        }
        mark(&svg, "event", "event raised")
        mark(&svg, "performed", "trigger performed (E1)")
        mark(&svg, "discard", "discarded (L3)")
        mark(&svg, "return", "returned to the stack (L3)")
        svg.element(
            "text", [("class", "legend-label"), ("x", px(x + 10)), ("y", px(second))],
            content: "hover any mark for its trace line")
        svg.close("g")
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
            .title { font-size: 17px; font-weight: bold; fill: #222; }
            .subtitle, .axis-title, .tick, .depth-scale { fill: #555; }
            .lane-label { text-anchor: end; fill: #333; font-weight: bold; }
            .lane-bg { fill: #f6f6f6; }
            .grid { stroke: #dddddd; stroke-width: 1; }
            .axis-line { stroke: #888; stroke-width: 1; }
            .span-label, .bar-label { fill: #fff; font-size: 10px; }
            .app-foreground { fill: #59a14f; } .app-background { fill: #9c9c9c; }
            .keyboard { fill: #b07aa1; }
            .orientation-portrait { fill: #c6d9ec; } .orientation-landscape { fill: #edc948; }
            .orientation-label { fill: #333; }
            .cooldown { fill: #e15759; fill-opacity: 0.3; stroke: #e15759; stroke-opacity: 0.6; }
            .mark { stroke-width: 1.5; }
            .event { fill: #4e79a7; stroke: #4e79a7; } .performed { fill: #f28e2b; stroke: #b5651d; }
            .discard { stroke: #d62728; fill: none; stroke-width: 2.5; } .return { fill: #ff9da7; stroke: #c44e5a; }
            .mark-label { font-size: 10px; fill: #333; }
            .discard-label { fill: #d62728; } .return-label { fill: #c44e5a; }
            .depth-line { fill: none; stroke: #4e79a7; stroke-width: 2; }
            .control { fill: none; stroke: #555; stroke-dasharray: 2 2; }
            .message-bar.local { stroke: #222; stroke-dasharray: 4 2; }
            .legend-label { fill: #333; }

            """
        for (kind, color) in typeColors { css += ".type-\(kind.rawValue) { fill: \(color); }\n" }
        return css + "</style>\n"
    }
}
