import IAMEngine

/// A session saved as a scenario file (terminal-ui.md, "Record and share"): the file the
/// session started from, with its `timeline` replaced by what was applied and `until` set to
/// the moment of saving. Every other key is kept as it was, in its place.
package enum RecordedScenario {
    private typealias Key = ScenarioDecoder.ScenarioKey
    /// The scenario text: one top-level key per line, one timeline step per line.
    /// `profile`: the platform the session started on (`--profile` or `P` before a restart may
    /// differ from the file's), written into `settings.profile` so the replay runs on it too.
    /// `until` `nil`: none is written, so the replay runs every pending deadline.
    /// `expect` (issue 47): the file ends with an `expect` list of what its replay shows
    /// (`ObservedExpectations`), then of what it shows under each of `expectUnder` (entries that
    /// name their profile: where explore found the platforms part); the source's own `expect`,
    /// about another timeline, is never kept.
    package static func text(
        source: JSONValue, timeline: [TimelineStep], until: Double?, profile: Profile = .ios, expect: Bool = false,
        expectUnder others: [Profile] = []
    ) -> String {
        var members = scenarioMembers(of: source)
        members.removeAll {
            $0.key == Key.timeline.rawValue || $0.key == Key.until.rawValue || $0.key == Key.expect.rawValue
        }
        setProfile(profile, in: &members)
        if !members.contains(where: { $0.key == Key.triggers.rawValue }) {
            members.append(JSONMember(key: Key.triggers.rawValue, value: .array([])))
        }
        var lines = members.map { line($0.key, $0.value) }
        lines.append(line(Key.timeline.rawValue, .array(timeline.map(StepEncoding.step))))
        if let until {
            lines.append(
                "  " + JSONText.quoted(Key.until.rawValue) + ": " + JSONText.compact(StepEncoding.number(until)))
        }
        let text = "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        guard expect, let loaded = try? ScenarioLoader.load(json: text, file: "") else { return text }
        var observed = ObservedExpectations.of(loaded.scenario, until: loaded.until)
        for other in others where other.name != profile.name {
            observed += ObservedExpectations.of(loaded.scenario, until: loaded.until, under: other)
        }
        lines.append(line(Key.expect.rawValue, .array(observed.map(\.json))))
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// The timeline lines of `steps` as `text` writes them (`    {…}`), each followed by `,\n`:
    /// made once for a start that many saved files share (explore's `--from-timeline`).
    package static func sharedLines(_ steps: some Sequence<TimelineStep>) -> [UInt8] {
        var bytes: [UInt8] = []
        for step in steps {
            bytes += "    ".utf8
            bytes += JSONText.compact(StepEncoding.step(step)).utf8
            bytes += ",\n".utf8
        }
        return bytes
    }

    /// The bytes `text` writes for the timeline `shared` (lines from `sharedLines`) then `steps`,
    /// without building the whole file as one string: the shared lines are copied, not encoded
    /// again.
    package static func bytes(
        source: JSONValue, shared: [UInt8], steps: [TimelineStep], until: Double?, profile: Profile = .ios
    ) -> [UInt8] {
        var members = scenarioMembers(of: source)
        members.removeAll { $0.key == Key.timeline.rawValue || $0.key == Key.until.rawValue }
        setProfile(profile, in: &members)
        if !members.contains(where: { $0.key == Key.triggers.rawValue }) {
            members.append(JSONMember(key: Key.triggers.rawValue, value: .array([])))
        }
        var bytes = Array(("{\n" + members.map { line($0.key, $0.value) + ",\n" }.joined()).utf8)
        bytes += ("  " + JSONText.quoted(Key.timeline.rawValue) + ": ").utf8
        if shared.isEmpty, steps.isEmpty {
            bytes += "[]".utf8
        } else {
            bytes += "[\n".utf8
            let own = steps.map { "    " + JSONText.compact(StepEncoding.step($0)) }.joined(separator: ",\n")
            // The shared lines end with `,\n`: dropped when no step of its own follows.
            bytes += steps.isEmpty ? shared.dropLast(2) : shared[...]
            bytes += own.utf8
            bytes += "\n  ]".utf8
        }
        if let until {
            bytes +=
                (",\n  " + JSONText.quoted(Key.until.rawValue) + ": " + JSONText.compact(StepEncoding.number(until)))
                .utf8
        }
        bytes += "\n}\n".utf8
        return bytes
    }

    /// One step as the line a saved file holds for it (`{"at":30,"do":"wait"}`), without its note.
    package static func stepLine(_ step: TimelineStep) -> String {
        var step = step
        step.note = nil
        return JSONText.compact(StepEncoding.step(step))
    }

    /// Sets `settings.profile`; the default platform is written only over another one, so a
    /// file that never named a platform is saved without one.
    static func setProfile(_ profile: Profile, in members: inout [JSONMember]) {
        let index = members.firstIndex { $0.key == Key.settings.rawValue }
        var settings: [JSONMember] = []
        if let index, case .object(let existing) = members[index].value { settings = existing }
        let named = settings.contains { $0.key == ScenarioDecoder.SettingsKey.profile.rawValue }
        guard named || profile.name != Profile.ios.name else { return }
        settings.removeAll { $0.key == ScenarioDecoder.SettingsKey.profile.rawValue }
        settings.append(JSONMember(key: ScenarioDecoder.SettingsKey.profile.rawValue, value: .string(profile.name)))
        if let index {
            members[index].value = .object(settings)
        } else {
            members.insert(JSONMember(key: Key.settings.rawValue, value: .object(settings)), at: 0)
        }
    }

    /// The source as a scenario's members. Braze's data alone (§9, revision 2) becomes the
    /// `triggers` it stands for, so that the saved file is read as a scenario with the same
    /// triggers and its recorded timeline instead of the default one.
    static func scenarioMembers(of source: JSONValue) -> [JSONMember] {
        func triggers(_ value: JSONValue) -> [JSONMember] { [JSONMember(key: Key.triggers.rawValue, value: value)] }
        switch ScenarioDecoder.shape(of: Node(value: source, path: .root)) {
        case .scenario:
            if case .object(let members) = source { return members }
            return []
        case .triggerList: return triggers(source)
        case .syncResponse:
            guard case .object(let members) = source,
                let list = members.first(where: { $0.key == Key.triggers.rawValue })
            else { return [] }
            return triggers(list.value)
        case .triggeredAction: return triggers(.array([source]))
        case .message:
            // As the loader wraps it: a trigger on the session start (`open`) with the message as its data.
            let trigger: JSONValue = .object([
                StepEncoding.member(ScenarioDecoder.TriggerKey.id, .string(ScenarioDecoder.wrappedMessageID(source))),
                StepEncoding.member(ScenarioDecoder.TriggerKey.type, .string("inapp")),
                StepEncoding.member(
                    ScenarioDecoder.TriggerKey.triggerCondition,
                    .array([.object([StepEncoding.member(ScenarioDecoder.ConditionKey.type, .string("open"))])])),
                StepEncoding.member(ScenarioDecoder.TriggerKey.data, source),
            ])
            return triggers(.array([trigger]))
        }
    }

    /// `"key": value`; a non-empty array gets one element a line, so a diff shows the step that changed.
    private static func line(_ key: String, _ value: JSONValue) -> String {
        let head = "  " + JSONText.quoted(key) + ": "
        guard case .array(let elements) = value, !elements.isEmpty else { return head + JSONText.compact(value) }
        return head + "[\n" + elements.map { "    " + JSONText.compact($0) }.joined(separator: ",\n") + "\n  ]"
    }
}
