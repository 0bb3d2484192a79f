/// Word-wraps safe text to `width` cells; a word longer than a line is cut between clusters.
/// One pass over the text: each cluster is measured once, so the work is linear in its length.
package func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    var word = ""
    var wordWidth = 0
    func placeWord() {
        guard !word.isEmpty else { return }
        if line.isEmpty {
            line = word
            lineWidth = wordWidth
        } else if lineWidth + 1 + wordWidth <= width {
            line += " " + word
            lineWidth += 1 + wordWidth
        } else {
            lines.append(line)
            line = word
            lineWidth = wordWidth
        }
        word = ""
        wordWidth = 0
    }
    for cluster in text {
        if cluster == " " {
            placeWord()
            continue
        }
        let w = TextWidth.of(cluster)
        if wordWidth + w > width, !word.isEmpty {
            // The word alone is wider than a line: it starts a line of its own and is cut here.
            if !line.isEmpty {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            lines.append(word)
            word = ""
            wordWidth = 0
        }
        word.append(cluster)
        wordWidth += w
    }
    placeWord()
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
}

/// Wraps scenario text: splits it into paragraphs at line breaks, sanitizes each, then wraps.
package func wrapScenarioText(_ text: String, width: Int, ascii: Bool) -> [String] {
    var out: [String] = []
    for paragraph in text.split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    {
        out += wrap(Sanitize.clean(String(paragraph), ascii: ascii), width: width)
    }
    return out
}
