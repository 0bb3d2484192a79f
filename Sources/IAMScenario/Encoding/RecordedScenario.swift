import IAMEngine

/// A session saved as a scenario file (terminal-ui.md, "Record and share"): the file the
/// session started from, with its `timeline` replaced by what was applied and `until` set to
/// the moment of saving. Every other key is kept as it was, in its place.
package enum RecordedScenario {
    /// The scenario text: one top-level key per line, one timeline step per line.
    package static func text(source: JSONValue, timeline: [TimelineStep], until: Double) -> String {
        var members: [JSONMember] = []
        if case .object(let existing) = source {
            members = existing.filter { $0.key != "timeline" && $0.key != "until" }
        }
        if !members.contains(where: { $0.key == "triggers" }) {
            members.append(JSONMember(key: "triggers", value: .array([])))
        }
        var lines = members.map { line($0.key, $0.value) }
        lines.append(line("timeline", .array(timeline.map(StepEncoding.step))))
        lines.append("  \"until\": " + JSONText.compact(StepEncoding.number(until)))
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// `"key": value`; a non-empty array gets one element a line, so a diff shows the step that changed.
    private static func line(_ key: String, _ value: JSONValue) -> String {
        let head = "  " + JSONText.quoted(key) + ": "
        guard case .array(let elements) = value, !elements.isEmpty else { return head + JSONText.compact(value) }
        return head + "[\n" + elements.map { "    " + JSONText.compact($0) }.joined(separator: ",\n") + "\n  ]"
    }
}
