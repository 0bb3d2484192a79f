import IAMEngine

/// One trace record whole, as the JSON the `--trace` file holds, one field per line and wrapped
/// (Enter on a trace line; Enter or Esc closes it).
enum RecordDetailView {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, detail: ViewState.RecordDetail, rect: Rect) {
        guard rect.height >= 2, rect.width >= 10 else { return }
        grid.put(
            [
                Span("RECORD ", .title, bold: true), Span("#\(detail.index + 1) of \(ctx.trace.count)", .accent),
                Span("  \(ctx.glyphs.up)\(ctx.glyphs.down) move, Enter/Esc closes", .muted),
            ], x: rect.x, y: rect.y, limit: rect.maxX)
        var lines: [Line] = []
        for field in fields(of: detail.json) {
            // Members are indented under the braces; a long one continues further in.
            let member = field.hasPrefix("  ")
            let text = member ? String(field.dropFirst(2)) : field
            for (i, part) in wrap(ctx.clean(text), width: rect.width - 5).enumerated() {
                lines.append([Span(String(repeating: " ", count: member ? (i == 0 ? 3 : 5) : 1) + part, .normal)])
            }
        }
        SidePanel.drawLines(
            &grid, lines, in: Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1))
    }

    /// The top-level `"key":value` members of a one-line JSON object, each with its trailing
    /// comma, braces on their own lines: the record as a person reads it.
    static func fields(of json: String) -> [String] {
        guard json.hasPrefix("{"), json.hasSuffix("}") else { return [json] }
        var out = ["{"]
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for ch in json.dropFirst().dropLast() {
            current.append(ch)
            if inString {
                if escaped {
                    escaped = false
                } else if ch == "\\" {
                    escaped = true
                } else if ch == "\"" {
                    inString = false
                }
                continue
            }
            switch ch {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case "," where depth == 0:
                out.append("  " + current)
                current = ""
            default: break
            }
        }
        if !current.isEmpty { out.append("  " + current) }
        return out + ["}"]
    }
}
