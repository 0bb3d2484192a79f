import IAMEngine
import IAMExplore
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

    /// Pieces of work (`Explorer.Report.work`) the `explore` target allows one input.
    public static let exploreWork = 20_000

    /// `iamterm explore` at depth 2 on the scenario's platform (`--from-timeline` for a timeline
    /// of an odd number of steps), its clock a work counter that
    /// says stop after `exploreWork` asks (issue 48: the limit holds whatever the input: AND
    /// groups, regex vocabularies, thousands of triggers or events): the work never passes the
    /// asks, a stopped or cut search is not complete and says what it left, and every finding
    /// replays to its outcome (the first 8).
    public static func explore(_ scenario: Scenario) -> [String] {
        var asks = 0
        // From a fresh install, or from the timeline's end when it has an odd number of steps.
        let explorer = Explorer(scenario, options: .init(depth: 2, fromTimeline: scenario.timeline.count % 2 == 1))
        let report = explorer.run(profiles: [scenario.settings.profile]) {
            asks += 1
            return asks > exploreWork
        }
        var failures: [String] = []
        if report.work > exploreWork + 1 { failures.append("explore: \(report.work) pieces of work past the limit") }
        if asks > exploreWork + 1 { failures.append("explore: the clock asked \(asks) times after it said stop") }
        if asks > exploreWork, report.complete { failures.append("explore: stopped by its limit, yet complete") }
        if report.complete, !report.leftOut.isEmpty || !report.unfinished.isEmpty {
            failures.append("explore: complete, yet it left \(report.leftOut + report.unfinished)")
        }
        for finding in report.findings.filter({ $0.outcome != nil }).prefix(8) {
            var replay = explorer.replayable(finding.moves)
            replay.settings.profile = scenario.settings.profile
            let trace = ScenarioRunner.trace(replay, until: finding.moves.last?.at)
            guard
                !trace.contains(where: {
                    ($0.message ?? $0.trigger) == finding.message && Outcome($0) == finding.outcome
                })
            else { continue }
            failures.append("explore: \(finding.message) \(finding.outcomeName) does not replay")
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
