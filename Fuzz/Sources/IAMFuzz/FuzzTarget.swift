import IAMEngine
import IAMScenario
import IAMTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Which target this process fuzzes: `IAMFUZZ_TARGET` = `loader` (the default: the loader and
/// the engine under every platform), `compare`, `svg`, `encoder`, `reducer` or `explore`
/// (`FuzzChecks`).
/// Read once.
enum FuzzTarget: String, CaseIterable {
    case loader, compare, svg, encoder, reducer, explore

    static let current: FuzzTarget = {
        guard let name = getenv("IAMFUZZ_TARGET").map({ String(cString: $0) }), !name.isEmpty else { return .loader }
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("IAMFUZZ_TARGET=\(name): expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()
}

/// libFuzzer's entry point: one input, any bytes.
///
/// Each input must either load (and then replay to its end with every invariant holding) or
/// fail with a `ScenarioError`. The loader's `throws(ScenarioError)` makes the second half a
/// compile-time fact; a trap, a crash, a sanitizer report, a hang (libFuzzer's `-timeout`) or an
/// invariant failure (`fatalError` below) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // The simulator's reducer reads its input its own way: a scenario, a NUL, a key script.
    if FuzzTarget.current == .reducer {
        let run = FuzzChecks.reducer(bytes)
        if !run.failures.isEmpty { fatalError("invariants failed:\n" + run.failures.joined(separator: "\n")) }
        return 0
    }
    // The loader decodes `triggers` and `timeline` while it reads the file, unless it keeps the
    // whole document (the simulator does): both ways must give the same answer.
    let whole = Result { () throws(ScenarioError) in
        try ScenarioLoader.load(bytes: bytes, file: "fuzz.json", keepingJSON: true)
    }
    let loaded: LoadedScenario
    do {
        loaded = try ScenarioLoader.load(bytes: bytes, file: "fuzz.json")
    } catch {
        // A clean rejection: it must still name a path and say something.
        if error.path.isEmpty || error.message.isEmpty { fatalError("empty ScenarioError: \(error)") }
        guard case .failure(error) = whole else { fatalError("streamed load failed (\(error)), whole load did not") }
        return 0
    }
    guard case .success(let kept) = whole, kept.scenario == loaded.scenario, kept.warnings == loaded.warnings else {
        fatalError("streamed and whole loads differ")
    }
    for warning in loaded.warnings where warning.path.isEmpty || warning.message.isEmpty {
        fatalError("empty warning: \(warning)")
    }
    // Under every platform (profiles.md), whatever the scenario's own `settings.profile`; but an
    // input whose regex filters come near T6's limit runs for seconds under the fuzzer's
    // instrumentation, and five runs of it would cross libFuzzer's 10 s timeout (a "finding" that
    // is only the bounded work, five times): such an input runs on its own platform alone.
    let regexWork = EventWork.reachableTriggers(of: loaded.scenario).reduce(0) {
        $0 + EventWork.cost(of: $1.trigger).regexInstructions
    }
    let heavy = regexWork > EventWork.maxRegexInstructions / 4
    let failures: [String]
    switch FuzzTarget.current {
    case .loader:
        failures = heavy ? CheckedRun(loaded.scenario).failures : CheckedRun.underEveryProfile(loaded.scenario)
    // Compare runs every platform and re-runs them for attribution (dozens of runs): an input
    // with heavy regex work on the automaton is left to `loader`. A backtracking filter is not:
    // its costly outcomes are paid for once, not once a run (`OutcomeMemo`).
    case .compare:
        failures = heavy ? [] : FuzzChecks.compare(loaded.scenario)
    case .svg: failures = FuzzChecks.svg(loaded.scenario)
    case .encoder: failures = FuzzChecks.roundTrip(kept)
    case .reducer: failures = [] // handled above
    // The search on a work counter (issue 48); heavy regex work is left to `loader`, as compare's.
    case .explore: failures = heavy ? [] : FuzzChecks.explore(loaded.scenario)
    }
    if !failures.isEmpty {
        fatalError("invariants failed:\n" + failures.prefix(6).joined(separator: "\n"))
    }
    return 0
}
