import IAMEngine
import IAMReport
import IAMScenario

/// The fuzzer's targets beyond the loader and the engine (docs/ROBUSTNESS.md): each takes a
/// scenario that loaded and returns what does not hold, as readable lines (empty: all holds).
/// Here, in the package, so that they reach what `iamterm` itself calls (`package` API).
public enum FuzzChecks {
    /// `iamterm compare` under every platform: the full comparison and the split view's
    /// first-divergence-only answer agree, and platforms that write the same trace have the
    /// same fates.
    public static func compare(_ scenario: Scenario) -> [String] {
        let comparison = Comparison(scenario, profiles: Profile.all)
        var failures: [String] = []
        if comparison.runs.count != Profile.all.count {
            failures.append("compare: \(comparison.runs.count) runs for \(Profile.all.count) platforms")
        }
        let quick = Comparison.firstDivergence(scenario, profiles: Profile.all)
        if quick?.index != comparison.firstDivergence?.index || quick?.rows != comparison.firstDivergence?.rows {
            failures.append(
                "compare: the split view's first divergence \(String(describing: quick?.index)) "
                    + "differs from compare's \(String(describing: comparison.firstDivergence?.index))")
        }
        if comparison.agree, !comparison.divergences.isEmpty {
            failures.append("compare: identical traces, but fates differ for \(comparison.divergences[0].message)")
        }
        for divergence in comparison.divergences where !comparison.messages.contains(divergence.message) {
            failures.append("compare: divergent message \(divergence.message) is not among the messages")
        }
        return failures
    }

    /// `iamterm run --format svg`: one SVG document, nothing a terminal or XML reader would
    /// choke on (no C0 control but newline and tab, so no raw ESC).
    public static func svg(_ scenario: Scenario) -> [String] {
        let svg = TimelineSVG.render(TimelineModel.build(scenario))
        var failures: [String] = []
        if !svg.hasPrefix("<svg") && !svg.hasPrefix("<?xml") {
            failures.append("svg: does not start with <svg: \(svg.prefix(40))")
        }
        if !svg.hasSuffix("</svg>\n") { failures.append("svg: does not end with </svg>: \(svg.suffix(40))") }
        if let bad = svg.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) {
            failures.append("svg: holds the control character U+\(String(bad.value, radix: 16))")
        }
        return failures
    }

    /// A session saved as a scenario (`--record`, `S`): decode → encode → decode gives back the
    /// same triggers, timeline and `until`. `loaded` must have been read keeping its JSON.
    public static func roundTrip(_ loaded: LoadedScenario) -> [String] {
        let until = loaded.until ?? loaded.scenario.timeline.last?.at ?? 0
        let text = RecordedScenario.text(
            source: loaded.json, timeline: loaded.scenario.timeline, until: until,
            profile: loaded.scenario.settings.profile)
        let back: LoadedScenario
        do {
            back = try ScenarioLoader.load(json: text, file: "saved.json")
        } catch {
            return ["encoder: the saved file does not load: \(error)"]
        }
        var failures: [String] = []
        if back.scenario.triggers != loaded.scenario.triggers { failures.append("encoder: the triggers differ") }
        if back.scenario.timeline != loaded.scenario.timeline {
            let index = zip(back.scenario.timeline, loaded.scenario.timeline).prefix { $0 == $1 }.count
            failures.append(
                "encoder: the timeline differs at step \(index) of \(loaded.scenario.timeline.count) "
                    + "(\(back.scenario.timeline.count) read back)")
        }
        if back.until != until { failures.append("encoder: until \(String(describing: back.until)) for \(until)") }
        if back.scenario.settings.profile.name != loaded.scenario.settings.profile.name {
            failures.append("encoder: the platform differs")
        }
        return failures
    }
}
