import IAMEngine
import IAMRender

/// What `compare` prints: a table for people (one row per message, one column per platform),
/// or the same facts as JSON lines for tools.
enum CompareReport {
    // MARK: - Text

    /// `width`: the terminal's columns when printing to one (the table's columns narrow to fit);
    /// `nil` for a file or a pipe, where the layout never depends on a window.
    /// `unmodelled`: each run's not-modelled rows that the scenario exercises (issue 45).
    static func text(
        _ comparison: Comparison, title: String, width: Int? = nil, unmodelled: [NotModelledWatch] = []
    ) -> [String] {
        let names = comparison.runs.map(\.profile.name)
        var lines = [
            "\(TraceFormat.visible(title)) under \(names.joined(separator: ", ")), \(comparison.horizonWords)", "",
        ]
        lines += table(comparison, width: width)
        lines.append("")
        if let first = comparison.firstDivergence {
            let t = first.records.compactMap { $0?.t }.min() ?? 0
            lines.append(
                "The traces diverge at t=\(TraceFormat.fixed3(t)) (\(rowsText(first.rows, settings: first.settings, versions: first.versions))):"
            )
            let width = names.map(\.count).max() ?? 0
            for (name, record) in zip(names, first.records) {
                let text = record.map(folded) ?? "(the trace has ended)"
                lines.append("  " + pad(name, width) + "  " + text)
            }
            lines.append("")
            lines += differences(comparison)
            lines += notModelledLines(unmodelled)
            lines.append("The platforms differ (exit status 3).")
        } else if unmodelled.contains(where: { !$0.exercised.isEmpty }) {
            // Not "the same": the traces agree where iamterm computes them.
            lines += notModelledLines(unmodelled)
            lines.append(
                "The traces agree, but not every row these versions have was computed: not modelled (exit status 0).")
        } else {
            lines.append("All \(names.count) platforms write the same trace (exit status 0).")
        }
        guard let width else { return lines }
        // In a window, a line too long for it wraps under its own text, not at the left edge.
        return lines.flatMap { hanging($0, width: width) }
    }

    /// `line` as it fits in `width`: a longer line wraps at spaces, each further line indented
    /// to where its text starts (past the leading spaces and the first word's column).
    static func hanging(_ line: String, width: Int) -> [String] {
        guard line.cellWidth > width else { return [line] }
        let leading = line.prefix { $0 == " " }.count
        let afterWord = line.dropFirst(leading).drop { $0 != " " }
        let gap = afterWord.prefix { $0 == " " }.count
        var indent = leading == 0 ? 2 : line.count - afterWord.count + gap
        if indent > width / 2 { indent = min(leading + 2, width / 2) }
        let room = width - indent
        // Greedy at spaces, keeping the record's double spaces within a line.
        var body: [String] = []
        var current = ""
        for segment in line.dropFirst(indent).split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(segment) : current + " " + segment
            if candidate.cellWidth <= room || current.trimmingSpaces().isEmpty {
                current = candidate
            } else {
                body.append(current.trimmingSpaces())
                current = String(segment)
            }
        }
        body.append(current.trimmingSpaces())
        let pad = String(repeating: " ", count: indent)
        return body.filter { !$0.isEmpty }.flatMap { $0.cellWidth > room ? wrap($0, width: room) : [$0] }.enumerated()
            .map {
                ($0 == 0 ? String(line.prefix(indent)) : pad) + $1
            }
    }

    /// `X3 keyboard up when a message is offered`, or the fallback when no single row explains it.
    /// SV4: a per-platform setting that explains it is named first (`setting: minimumTriggerInterval`).
    static func rowsText(_ rows: [Difference], settings: [PlatformSetting] = [], versions: [String] = []) -> String {
        if rows.isEmpty, settings.isEmpty, versions.isEmpty { return "no single difference explains it" }
        return
            (Comparison.explanationWords(settings: settings, versions: versions)
            + rows.map { "\($0.id): \($0.question)" })
            .joined(separator: "; ")
    }

    /// One row per message; long fates wrap inside their column.
    static func table(_ comparison: Comparison, width: Int? = nil) -> [String] {
        let byMessage = Dictionary(
            comparison.divergences.map { ($0.message, $0) }, uniquingKeysWith: { a, _ in a })
        var rows: [[String]] = [["MESSAGE"] + comparison.runs.map { $0.profile.name.uppercased() } + ["WHY"]]
        for id in comparison.messages {
            let fates = comparison.fates(of: id).map(\.description)
            let why: String
            if let divergence = byMessage[id] {
                let names =
                    divergence.settings.map { "setting: \($0.rawValue)" }
                    + divergence.versions.map { String($0.prefix { $0 != "(" }).trimmingSpaces() }
                    + divergence.rows.map(\.id)
                why = names.isEmpty ? "several" : names.joined(separator: " ")
            } else {
                why = ""
            }
            rows.append([TraceFormat.visible(id)] + fates + [why])
        }
        let columns = rows[0].count
        var widths = (0..<columns).map { column in
            min(24, rows.map { $0[column].cellWidth }.max() ?? 0)
        }
        if let width {
            // A column never narrows below its longest word: words are broken at spaces, not inside;
            // then, where it must, after a `_` or `-` (`orientation_` / `mismatch`), never inside.
            // (Read only when there is a width to fit.)
            let longestWord = (0..<columns).map { column in
                min(24, rows.flatMap { $0[column].split(separator: " ") }.map { String($0).cellWidth }.max() ?? 0)
            }
            let longestPiece = (0..<columns).map { column in
                min(24, rows.flatMap { pieces($0[column]) }.map(\.cellWidth).max() ?? 0)
            }
            narrow(&widths, to: width, floors: longestWord, pieces: longestPiece)
        }
        var lines: [String] = []
        for row in rows {
            let cells = row.enumerated().map { wrapCell($1, width: widths[$0]) }
            let height = cells.map(\.count).max() ?? 1
            for lineIndex in 0..<height {
                var line = ""
                for (column, cell) in cells.enumerated() {
                    let text = lineIndex < cell.count ? cell[lineIndex] : ""
                    line += column == columns - 1 ? text : pad(text, widths[column]) + "  "
                }
                while line.last == " " { line.removeLast() }
                lines.append(line)
            }
        }
        return lines
    }

    /// The renderer's word wrap, in cells; a word wider than the column breaks after its last
    /// `_` or `-` that fits (`asset_` / `failed`), and only without one inside it.
    static func wrapCell(_ text: String, width: Int) -> [String] {
        let words = text.split(separator: " ").flatMap { word -> [String] in
            var pieces: [String] = []
            var rest = String(word)
            while rest.cellWidth > width {
                let head = rest.prefix(width)
                guard let cut = head.lastIndex(where: { $0 == "_" || $0 == "-" }) else { break }
                pieces.append(String(rest[...cut]))
                rest = String(rest[rest.index(after: cut)...])
            }
            return pieces + [rest]
        }
        return wrap(words.joined(separator: " "), width: width)
    }

    /// The parts of `text`'s words a cell may break them into: after each `_` or `-`.
    static func pieces(_ text: String) -> [String] {
        text.split(separator: " ").flatMap { word -> [String] in
            var parts: [String] = []
            var part = ""
            for ch in word {
                part.append(ch)
                if ch == "_" || ch == "-" {
                    parts.append(part)
                    part = ""
                }
            }
            return part.isEmpty ? parts : parts + [part]
        }
    }

    /// Narrows the platforms' columns, widest first, until the row fits in `total` (two spaces
    /// between columns), never below 10 nor below a column's longest word (`floors`); the
    /// message ids stay whole while they can. Then words break after `_` or `-`: the fates'
    /// columns down to their longest such piece (`pieces`), then the ids'. Past that the fates
    /// narrow to 10 and the lines get longer than the window.
    static func narrow(_ widths: inout [Int], to total: Int, floors: [Int] = [], pieces: [Int] = []) {
        func fits() -> Bool { widths.reduce(2 * (widths.count - 1), +) <= total }
        func floor(_ column: Int) -> Int { max(10, column < floors.count ? floors[column] : 0) }
        func piece(_ column: Int) -> Int { max(10, column < pieces.count ? pieces[column] : 0) }
        let fates = widths.indices.dropFirst().dropLast()
        func shrinkFates(to limit: (Int) -> Int) {
            while !fits(),
                let widest = fates.filter({ widths[$0] > limit($0) }).max(by: { widths[$0] < widths[$1] })
            {
                widths[widest] -= 1
            }
        }
        shrinkFates(to: floor)
        while !fits(), widths[0] > floor(0) { widths[0] -= 1 }
        shrinkFates(to: piece)
        while !fits(), widths[0] > piece(0) { widths[0] -= 1 }
        // Still too wide: below the longest pieces, never below 10.
        shrinkFates { _ in 10 }
    }

    /// Each row that explains a difference: every platform's answer with its confidence.
    static func differences(_ comparison: Comparison) -> [String] {
        var byRow: [Difference: [String]] = [:]
        for divergence in comparison.divergences {
            for row in divergence.rows { byRow[row, default: []].append(divergence.message) }
        }
        for row in comparison.firstDivergence?.rows ?? [] where byRow[row] == nil { byRow[row] = [] }
        let bySetting = settingMessages(comparison)
        guard !byRow.isEmpty || !bySetting.isEmpty else { return [] }
        var lines = ["Why they differ:"]
        let width = comparison.runs.map(\.profile.name.count).max() ?? 0
        for setting in bySetting.keys.sorted() {
            lines.append("  setting: \(setting.rawValue)")
            for run in comparison.runs {
                lines.append(
                    "        \(pad(run.profile.name, width))  \(settingValue(setting, comparison, run.profile))")
            }
            if let messages = bySetting[setting], !messages.isEmpty {
                lines.append("        messages: " + messages.map(TraceFormat.visible).joined(separator: ", "))
            }
        }
        for row in byRow.keys.sorted() {
            lines.append("  \(row.id)  \(row.question)")
            for run in comparison.runs {
                let answer = run.profile.answer(row)
                lines.append(
                    "        \(pad(run.profile.name, width))  \(answer.summary) (\(answer.confidence.rawValue))")
            }
            if let messages = byRow[row], !messages.isEmpty {
                lines.append("        messages: " + messages.map(TraceFormat.visible).joined(separator: ", "))
            }
        }
        lines.append("")
        return lines
    }

    /// SV4: each setting that explains a difference, with the messages it explains.
    static func settingMessages(_ comparison: Comparison) -> [PlatformSetting: [String]] {
        var bySetting: [PlatformSetting: [String]] = [:]
        for divergence in comparison.divergences {
            for setting in divergence.settings { bySetting[setting, default: []].append(divergence.message) }
        }
        for setting in comparison.firstDivergence?.settings ?? [] where bySetting[setting] == nil {
            bySetting[setting] = []
        }
        return bySetting
    }

    /// `1 s (settings.platforms.ios)`, `30 s`, or `the platform's default`.
    static func settingValue(_ setting: PlatformSetting, _ comparison: Comparison, _ profile: Profile) -> String {
        var settings = comparison.scenario.settings
        settings.profile = profile
        guard let value = setting.value(in: settings) else { return "the platform's default" }
        let own = comparison.scenario.settings.platforms[profile.platform].flatMap { setting.value(of: $0) } != nil
        return "\(TraceFormat.number(value)) s" + (own ? " (settings.platforms.\(profile.name))" : "")
    }

    /// A trace record's text with its column padding folded to two spaces.
    static func folded(_ record: TraceRecord) -> String {
        var out = ""
        var spaces = 0
        for character in TraceFormat.text(record).trimmingSpaces() {
            if character == " " {
                spaces += 1
            } else {
                if spaces > 0 { out += spaces > 1 ? "  " : " " }
                spaces = 0
                out.append(character)
            }
        }
        return out
    }

    /// `text` filled with spaces to `width` terminal cells.
    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.cellWidth))
    }

    // MARK: - JSON lines

    /// The not-modelled rows the runs exercise, each with what the SDK did.
    static func notModelledLines(_ watches: [NotModelledWatch]) -> [String] {
        let warnings = watches.flatMap(\.warnings)
        guard !warnings.isEmpty else { return [] }
        return ["Not modelled (these traces give the newer SDK's answer there):"] + warnings.map { "  " + $0 } + [""]
    }

    static func jsonLines(_ comparison: Comparison, title: String, unmodelled: [NotModelledWatch] = []) -> [String] {
        let q = TraceFormat.quoted
        let names = comparison.runs.map(\.profile.name)
        var lines = [
            "{\"type\":\"compare\",\"scenario\":\(q(title)),\"profiles\":[\(names.map(q).joined(separator: ","))]"
                + ",\"until\":" + (comparison.until.map(TraceFormat.number) ?? "null") + "}"
        ]
        let byMessage = Dictionary(
            comparison.divergences.map { ($0.message, $0) }, uniquingKeysWith: { a, _ in a })
        for id in comparison.messages {
            let fates = zip(names, comparison.fates(of: id)).map { "\(q($0)):\(q($1.description))" }
            let divergence = byMessage[id]
            lines.append(
                "{\"type\":\"fate\",\"message\":\(q(id)),\"agree\":\(divergence == nil),\"fates\":{\(fates.joined(separator: ","))},"
                    + "\"differences\":[\((divergence?.rows ?? []).map { q($0.id) }.joined(separator: ","))]"
                    + settingsMember(divergence?.settings ?? []) + "}")
        }
        if let first = comparison.firstDivergence {
            let records = zip(names, first.records).map { "\(q($0)):\($1.map(TraceFormat.json) ?? "null")" }
            lines.append(
                "{\"type\":\"first_divergence\",\"index\":\(first.index),\"records\":{\(records.joined(separator: ","))},"
                    + "\"differences\":[\(first.rows.map { q($0.id) }.joined(separator: ","))]"
                    + settingsMember(first.settings) + "}")
            for setting in settingMessages(comparison).keys.sorted() {
                let values = comparison.runs.map { run in
                    var settings = comparison.scenario.settings
                    settings.profile = run.profile
                    return "\(q(run.profile.name)):" + (setting.value(in: settings).map(TraceFormat.number) ?? "null")
                }
                lines.append(
                    "{\"type\":\"difference\",\"setting\":\(q(setting.rawValue)),"
                        + "\"values\":{\(values.joined(separator: ","))}}")
            }
            var rows = Set(first.rows)
            for divergence in comparison.divergences { rows.formUnion(divergence.rows) }
            for row in rows.sorted() {
                let answers = comparison.runs.map { run in
                    let answer = run.profile.answer(row)
                    return
                        "\(q(run.profile.name)):{\"answer\":\(q(answer.summary)),\"confidence\":\(q(answer.confidence.rawValue))}"
                }
                lines.append(
                    "{\"type\":\"difference\",\"id\":\(q(row.id)),\"question\":\(q(row.question)),"
                        + "\"answers\":{\(answers.joined(separator: ","))}}")
            }
        }
        for watch in unmodelled {
            for row in watch.exercised {
                lines.append(
                    "{\"type\":\"not_modelled\",\"profile\":\(q(watch.profile.name)),\"row\":\(q(row.row)),"
                        + "\"evidence\":\(q(row.evidence))}")
            }
        }
        lines.append("{\"type\":\"result\",\"agree\":\(comparison.agree)}")
        return lines
    }

    /// SV4: `,"settings":[...]` when settings explain it; nothing otherwise (older output unchanged).
    static func settingsMember(_ settings: [PlatformSetting]) -> String {
        settings.isEmpty
            ? "" : ",\"settings\":[" + settings.map { TraceFormat.quoted($0.rawValue) }.joined(separator: ",") + "]"
    }
}
