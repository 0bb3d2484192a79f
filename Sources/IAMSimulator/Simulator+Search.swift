import IAMEngine
import IAMRender

/// The trace as something to read: `/` searches it (newest match first), `Tab` gives it the
/// focus, ↑ ↓ move a cursor over its records and Enter shows one record whole, as JSON.
extension Simulator {
    /// `/` then Enter: a new query searches from the newest record back; an empty one finds the
    /// next older match of the last query.
    mutating func search(_ query: String) {
        let again = query.isEmpty
        let needle = (again ? lastSearch : query).lowercased()
        guard !needle.isEmpty else {
            ui.status = .init("type something to search the trace for", kind: .warning)
            return
        }
        if !again { lastSearch = query }
        let shown = lastSearch
        guard !trace.isEmpty else {
            ui.status = .init("the trace is empty", kind: .warning)
            return
        }
        // Records are searched newest first; again = start below the cursor.
        let newest = trace.count - 1
        var index = again && ui.focus == .trace ? newest - ui.traceCursor - 1 : newest
        while index >= 0 {
            // The trace's line or the panel's words (`on purchase latte` where the line has
            // `purchase:latte`): what the screen shows is found.
            let record = trace[index]
            if TraceFormat.text(record).lowercased().contains(needle)
                || record.words(clean: { $0 }).text().lowercased().contains(needle)
            {
                break
            }
            index -= 1
        }
        guard index >= 0 else {
            ui.status = .init(
                again ? "no older match for \"\(shown)\"" : "no record matches \"\(shown)\"", kind: .warning)
            return
        }
        ui.focus = .trace
        ui.traceCursor = newest - index
        ui.status = .init(
            "\"\(shown)\" at \(TraceFormat.fixed3(trace[index].t)) · / Enter: next older · Enter: the record")
    }

    mutating func moveTraceCursor(_ delta: Int) {
        guard !panelTrace.isEmpty else { return }
        // ↑ goes to newer records (towards 0), ↓ to older ones.
        ui.traceCursor = min(max(0, ui.traceCursor + delta), panelTrace.count - 1)
        // The list follows the cursor, and stays there when the focus leaves.
        let rows = max(1, tracePage)
        if ui.traceCursor < ui.traceScroll { ui.traceScroll = ui.traceCursor }
        if ui.traceCursor >= ui.traceScroll + rows { ui.traceScroll = ui.traceCursor - rows + 1 }
        if ui.recordDetail != nil { showRecordDetail() }
    }

    mutating func toggleRecordDetail() {
        if ui.recordDetail != nil {
            ui.recordDetail = nil
        } else {
            showRecordDetail()
        }
    }

    mutating func showRecordDetail() {
        let trace = panelTrace
        guard !trace.isEmpty else {
            ui.status = .init("the trace is empty", kind: .warning)
            return
        }
        let index = trace.count - 1 - min(ui.traceCursor, trace.count - 1)
        whyNotTrigger = nil
        ui.recordDetail = .init(index: index, json: TraceFormat.json(trace[index]))
    }
}
