import IAMEngine
import IAMExplore
import IAMScenario

/// `explore`'s report (explore.md, "What it reports"): the findings as JSON lines, or as a
/// table a person reads at 80 columns with each finding's sequence under it.
enum ExploreReport {
    /// `written`: the file of each finding (`f<index>`) and parting (`p<index>`) under `--out`.
    static func jsonLines(_ report: Explorer.Report, written: [String: String], seconds: Double) -> [String] {
        var lines: [String] = []
        for (index, finding) in report.findings.enumerated() {
            let gates = finding.gates.map(TraceFormat.quoted).joined(separator: ",")
            var line =
                "{\"type\":\"finding\",\"message\":" + TraceFormat.quoted(finding.message) + ",\"profile\":"
                + TraceFormat.quoted(finding.profile) + ",\"outcome\":" + TraceFormat.quoted(finding.outcomeName)
                + ",\"steps\":\(finding.steps),\"scenario\":" + path(written["f\(index)"]) + ",\"gates\":[" + gates
                + "]"
            if let detail = finding.detail { line += ",\"detail\":" + TraceFormat.quoted(detail) }
            if !finding.reasons.isEmpty {
                line += ",\"reasons\":[" + finding.reasons.map(TraceFormat.quoted).joined(separator: ",") + "]"
            }
            lines.append(line + "}")
        }
        for (index, parting) in report.partings.enumerated() {
            lines.append(
                "{\"type\":\"parting\",\"message\":" + TraceFormat.quoted(parting.message) + ",\"profiles\":["
                    + parting.profiles.map(TraceFormat.quoted).joined(separator: ",") + "],\"steps\":\(parting.steps)"
                    + ",\"row\":" + (parting.row.map(TraceFormat.quoted) ?? "null") + ",\"scenario\":"
                    + path(written["p\(index)"]) + ",\"fates\":["
                    + parting.fates.map(TraceFormat.quoted).joined(separator: ",") + "],\"lag\":"
                    + (parting.lag.map(TraceFormat.number) ?? "null") + "}")
        }
        var summary =
            "{\"type\":\"summary\",\"states\":\(report.states),\"depth\":\(report.depth),\"complete\":\(report.complete)"
            + ",\"seconds\":" + TraceFormat.fixed3(seconds)
        if !report.leftOut.isEmpty {
            summary += ",\"left_out\":[" + report.leftOut.map(TraceFormat.quoted).joined(separator: ",") + "]"
        }
        if !report.unfinished.isEmpty {
            summary += ",\"unfinished\":[" + report.unfinished.map(TraceFormat.quoted).joined(separator: ",") + "]"
        }
        lines.append(summary + "}")
        return lines
    }

    private static func path(_ path: String?) -> String { path.map(TraceFormat.quoted) ?? "null" }

    static func text(
        _ report: Explorer.Report, title: String, profiles: [String], written: [String: String], seconds: Double,
        width: Int
    ) -> [String] {
        let width = max(width, 60)
        var lines: [String] = []
        lines.append(fit("explore " + TraceFormat.visible(title) + " under " + profiles.joined(separator: ", "), width))
        lines.append(
            fit(
                "\(report.states) states, depth \(report.depth)"
                    + (report.complete
                        ? ", every state within the depth visited" : ", stopped by a limit (not complete)")
                    + ", " + TraceFormat.fixed3(seconds) + " s", width))
        for line in report.unfinished {
            lines += wrap("not finished: " + TraceFormat.visible(line), width, indent: "  ")
        }
        for line in report.leftOut {
            lines += wrap("left out: " + TraceFormat.visible(line), width, indent: "  ")
        }
        var current = ""
        for (index, finding) in report.findings.enumerated() {
            let head = TraceFormat.visible(finding.message) + " (" + finding.profile + ")"
            if head != current {
                lines.append("")
                lines.append(fit(head, width))
                current = head
            }
            if finding.outcome == nil {
                lines.append(fit("  never displayed within \(report.depth) moves", width))
                if !finding.gates.isEmpty {
                    lines += wrap("held back by " + finding.gates.joined(separator: ", "), width, indent: "    ")
                }
                if let detail = finding.detail { lines += wrap(TraceFormat.visible(detail), width, indent: "    ") }
                if !finding.reasons.isEmpty {
                    lines += wrap("trace: " + finding.reasons.joined(separator: "; "), width, indent: "    ")
                }
                continue
            }
            let steps = finding.steps == 0 ? "at the start" : "in \(finding.steps) move\(finding.steps == 1 ? "" : "s")"
            lines.append(fit("  " + finding.outcomeName + " " + steps, width))
            lines += sequence(start: finding.start, finding.searched, width)
            if let file = written["f\(index)"] { lines.append(fit("    written: " + TraceFormat.visible(file), width)) }
        }
        if !report.partings.isEmpty {
            lines.append("")
            lines.append("where the platforms part")
            for (index, parting) in report.partings.enumerated() {
                let row = parting.row.map { " (" + $0 + ")" } ?? " (no single row explains it)"
                lines += wrap(
                    TraceFormat.visible(parting.message) + ": " + parting.profiles.joined(separator: " vs ") + " after "
                        + "\(parting.steps) move\(parting.steps == 1 ? "" : "s")" + row, width, indent: "  ")
                if let lag = parting.lag {
                    lines += wrap(timing(lag, parting.profiles, parting.row), width, indent: "    ")
                }
                for (profile, fate) in zip(parting.profiles, parting.fates) {
                    lines += wrap(profile + ": " + TraceFormat.visible(fate), width, indent: "    ")
                }
                lines += sequence(start: parting.start, parting.searched, width)
                if let file = written["p\(index)"] {
                    lines.append(fit("    written: " + TraceFormat.visible(file), width))
                }
            }
        }
        return lines
    }

    /// A parting in time only: `timing only: later on android by 0.5 s (X53)`.
    static func timing(_ lag: Double, _ profiles: [String], _ row: String?) -> String {
        let later = lag >= 0 ? profiles.last ?? "" : profiles.first ?? ""
        return "timing only: the same fate, later on " + later + " by " + TraceFormat.number(abs(lag)) + " s"
            + (row.map { " (" + $0 + ")" } ?? "")
    }

    /// A start of more moves than this (a long timeline, `--from-timeline`) is summed up in one
    /// line instead of repeated under every finding.
    static let startShown = 24

    /// The start's moves then the search's: each one a line, or a long start in one line.
    private static func sequence(start: [Move], _ searched: [Move], _ width: Int) -> [String] {
        guard start.count > startShown else { return sequence(start + searched, width) }
        let time = TraceFormat.fixed3(start.last?.at ?? 0)
        let head = "    " + String(repeating: " ", count: max(0, 8 - time.count)) + time + "  "
        return [fit(head + "the timeline's \(start.count) steps", width)] + sequence(searched, width)
    }

    /// The moves, one a line: the time, the step as a saved file writes it, then why.
    private static func sequence(_ moves: [Move], _ width: Int) -> [String] {
        moves.flatMap { move in
            let time = TraceFormat.fixed3(move.at)
            let head = "    " + String(repeating: " ", count: max(0, 8 - time.count)) + time + "  "
            return [fit(head + TraceFormat.visible(step(move)), width)]
                + wrap(TraceFormat.visible(move.why), width, indent: String(repeating: " ", count: head.count + 2))
        }
    }

    /// The step as a saved file writes it, less its time: `purchase {"product_id":"latte"}`.
    static func step(_ move: Move) -> String {
        let line = RecordedScenario.stepLine(TimelineStep(at: 0, action: move.action))
        let prefix = "{\"at\":0,\"do\":" + TraceFormat.quoted(move.action.name)
        guard line.hasPrefix(prefix) else { return line }
        let rest = line.dropFirst(prefix.count)
        return move.action.name + (rest == "}" ? "" : " {" + rest.dropFirst())
    }

    /// The line cut to `width` columns with `…` (the report's text is ASCII but for ids).
    static func fit(_ line: String, _ width: Int) -> String {
        line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }

    /// Words wrapped at `width`, each continuation indented as the first line.
    static func wrap(_ text: String, _ width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count { lines.append(fit(line, width)) }
        return lines
    }
}
