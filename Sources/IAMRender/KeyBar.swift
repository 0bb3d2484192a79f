/// The key bar on the bottom row; each entry is clickable.
enum KeyBar {
    static func draw(_ grid: inout Grid, _ ctx: RenderContext, row: Int, width: Int, hotspots: inout [Hotspot]) {
        grid.fill(Rect(x: 0, y: row, width: width, height: 1), role: .keyBar)
        var x = 1
        let byKey = Dictionary(KeyHelp.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let entries = KeyHelp.keyBarOrder.compactMap { byKey[$0] }
        // Keep "? help" and "q quit" whatever the width: lay out the others in the room left.
        let tail = entries.filter { $0.key == "?" || $0.key == "q" }
        let tailWidth = tail.reduce(0) { $0 + label($1, ctx).cellWidth + 2 + ($1.short ?? "").cellWidth + 1 }
        for entry in entries where entry.key != "?" && entry.key != "q" {
            let w = label(entry, ctx).cellWidth + 1 + (entry.short ?? "").cellWidth + 2
            if x + w > width - tailWidth { break }
            x = drawEntry(&grid, ctx, entry, x: x, row: row, hotspots: &hotspots)
        }
        x = max(x, width - tailWidth)
        for entry in tail { x = drawEntry(&grid, ctx, entry, x: x, row: row, hotspots: &hotspots) }
    }

    static func label(_ e: KeyHelp.Entry, _ ctx: RenderContext) -> String {
        e.key == "space" ? (ctx.ascii ? "spc" : "␣") : e.label
    }

    static func drawEntry(
        _ grid: inout Grid, _ ctx: RenderContext, _ e: KeyHelp.Entry, x: Int, row: Int,
        hotspots: inout [Hotspot]
    ) -> Int {
        var end = grid.put(label(e, ctx), x: x, y: row, role: .accent, bold: true)
        end = grid.put(" " + (e.short ?? ""), x: end, y: row, role: .keyBar)
        hotspots.append(Hotspot(Rect(x: x, y: row, width: end - x, height: 1), .key(e.key)))
        return end + 2
    }
}
