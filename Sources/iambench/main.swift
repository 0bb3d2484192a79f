import Glibc
import IAMEngine
import IAMRender
import IAMSimulator

// iambench: the figures of docs/PERFORMANCE.md. Inputs are generated with a fixed seed;
// each figure is the median of repeated runs after a warm-up. Run in release:
//   swift run -c release iambench
var rows: [Row] = []

// `iambench write-run TRIGGERS EVENTS PATH [--differ]`: the scenario file of the `iamterm run`
// figures; `--differ` adds keyboard and background steps so the platforms part (compare).
if CommandLine.arguments.dropFirst().first == "write-run" {
    exit(RunBench.write(arguments: Array(CommandLine.arguments.dropFirst(2))))
}

// `iambench write-fanout TRIGGERS EVENTS PATH`: every trigger on one event (the compare curves).
if CommandLine.arguments.dropFirst().first == "write-fanout" {
    exit(RunBench.write(arguments: Array(CommandLine.arguments.dropFirst(2)), fanOut: true))
}

// `iambench format-file PATH`: the trace formatter alone on a scenario file's records.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "format-file" {
    FormatBench.printFile(path: CommandLine.arguments[2])
    exit(0)
}

// `iambench curves`: `iamterm run` along each axis (events, triggers, stack depth, text length).
if CommandLine.arguments.dropFirst().first == "curves" {
    CurveBench.run()
    exit(0)
}

// `iambench deadlines`: run cost over pending delays, downloads and waiting messages.
if CommandLine.arguments.dropFirst().first == "deadlines" {
    DeadlineBench.run()
    exit(0)
}

// `iambench svg [OUT.svg]`: the SVG timeline over events (docs/PERFORMANCE.md, "SVG timeline").
if CommandLine.arguments.dropFirst().first == "svg" {
    SVGBench.run(output: CommandLine.arguments.dropFirst(2).first)
    exit(0)
}

// `iambench idle`: the simulator at rest over stack depth (docs/PERFORMANCE.md, "The main loop at rest").
if CommandLine.arguments.dropFirst().first == "idle" {
    IdleBench.run()
    exit(0)
}

// `iambench regex-curve`: the backtracking matcher's steps along pattern and input length (R3).
if CommandLine.arguments.dropFirst().first == "regex-curve" {
    RegexBench.run()
    exit(0)
}

// `iambench tick-diff`: what changes on screen in one cooldown tick.
if CommandLine.arguments.dropFirst().first == "tick-diff" {
    let frame = RenderBench.cooldownFrames(width: 100, height: 30)
    TerminalBench.printDiff(frame(0), frame(0.1))
    exit(0)
}

// `iambench explore`: the edge-case search over depth (docs/PERFORMANCE.md, "Explore").
if CommandLine.arguments.dropFirst().first == "explore" {
    ExploreBench.run()
    exit(0)
}

// `iambench explore-curve`: explore's cost over triggers, AND groups and events (issue 48).
if CommandLine.arguments.dropFirst().first == "explore-curve" {
    ExploreCurveBench.run()
    exit(0)
}

// `iambench compare`: the cost of `iamterm compare` (docs/PERFORMANCE.md, "Compare").
if CommandLine.arguments.dropFirst().first == "compare" {
    CompareBench.printTable()
    exit(0)
}

// `iambench profile-engine`: one short engine run, for `valgrind --tool=callgrind`.
// `iambench profile-engine N MODE T`: at T triggers (default 1,000).
if CommandLine.arguments.dropFirst().first == "profile-engine" {
    let triggerCount = CommandLine.arguments.count > 4 ? Int(CommandLine.arguments[4]) ?? 1000 : 1000
    let scenario = Scenario(triggers: EngineBench.triggers(triggerCount))
    var engine = Engine(scenario: scenario)
    engine.apply(.launch, at: 0)
    var t = 1.0
    var records = 0
    let actions = EngineBench.events(20_000, triggerCount: triggerCount)
    // `iambench profile-engine N`: N passes (more samples for `perf record`).
    let passes = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1 : 1
    // `iambench profile-engine N arrays`: through the array API instead of streaming.
    let arrays = CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "arrays"
    for _ in 0..<passes {
        for action in actions {
            t += 0.001
            if arrays {
                records &+= engine.apply(action, at: t).count
            } else {
                engine.apply(action, at: t) { (_: TraceRecord) throws(Never) in records &+= 1 }
            }
        }
    }
    print("\(records) records")
    exit(0)
}

// `iambench targets`: only the issue-9 engine and loader rows (what the hot-path work moves).
if CommandLine.arguments.dropFirst().first == "targets" {
    // The target is the engine through `apply(_:at:)` (a new list of records per step), as
    // measured from the start; records streamed as `iamterm run` takes them are printed beside it.
    var rates: [Int: Double] = [:]
    for triggers in [100, 1000, 10_000] {
        let events = 200_000
        let (m, _) = EngineBench.throughput(triggerCount: triggers, eventCount: events)
        rates[triggers] = Double(events) / m.median
        let (streamed, _) = EngineBench.throughput(triggerCount: triggers, eventCount: events, streaming: true)
        print(
            "engine, \(grouped(Double(triggers))) triggers: \(grouped(Double(events) / m.median)) events/s"
                + " (records streamed: \(grouped(Double(events) / streamed.median)))")
    }
    print("scaling, 10,000 vs 100 triggers: \(fmt(rates[10_000]! / rates[100]!))×")
    if CommandLine.arguments.count > 2, CommandLine.arguments[2] == "engine" { exit(0) }
    let (load, size) = LoaderBench.load(triggers: 10_000)
    print("load 10,000 triggers (\(fmt(Double(size) / 1_048_576, 1)) MB): \(fmt(load.median * 1000, 1)) ms")
    exit(0)
}

// `iambench load-file PATH`: CPU time to load one scenario file (median of 7).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "load-file" {
    let (m, size) = LoaderBench.load(path: CommandLine.arguments[2])
    print("load \(CommandLine.arguments[2]) (\(fmt(Double(size) / 1_048_576, 1)) MB): \(fmt(m.median * 1000, 1)) ms")
    exit(0)
}

/// `iambench text`: only the text length and paste length curves.
func printTextCurves() {
    print("\nText length: one word of N clusters sanitized and wrapped to 30 cells (a modal's body)")
    print("| clusters | median | per cluster |")
    print("|---|---|---|")
    for clusters in [10_000, 20_000, 40_000, 80_000, 160_000] {
        let m = TextBench.wrapTime(clusters: clusters)
        print(
            "| \(grouped(Double(clusters))) | \(fmt(m.median * 1000, 1)) ms | \(fmt(m.median * 1e6 / Double(clusters), 1)) µs |"
        )
    }
    print(
        "\nPaste length: N keys into a prompt (capped at \(UIState.Prompt.maxLength)), one 80×24 frame per 4,096 keys")
    print("| keys | median | frames drawn |")
    print("|---|---|---|")
    for keys in [1_000, 10_000, 100_000, 1_000_000] {
        let m = TextBench.pasteTime(keys: keys)
        print("| \(grouped(Double(keys))) | \(fmt(m.median * 1000, 1)) ms | \((keys + 4095) / 4096) |")
    }
}

// `iambench wrap N` / `iambench paste N`: one run, for counting instructions under
// `valgrind --tool=callgrind` (a count does not move with the machine's load; timings do).
if CommandLine.arguments.count == 3, let n = Int(CommandLine.arguments[2]) {
    switch CommandLine.arguments[1] {
    case "wrap": print(TextBench.wrapOnce(clusters: n))
    case "paste": print(TextBench.pasteOnce(keys: n))
    default: break
    }
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "text" {
    printTextCurves()
    exit(0)
}

func throughputRow(_ triggers: Int) -> (Row, Double) {
    let events = 200_000
    let (m, _) = EngineBench.throughput(triggerCount: triggers, eventCount: events)
    let rate = Double(events) / m.median
    return (
        Row(
            what: "engine, \(grouped(Double(triggers))) triggers", value: "\(grouped(rate)) events/s",
            spread: "\(grouped(Double(events) / m.max))–\(grouped(Double(events) / m.min))",
            budget: triggers == 1000 ? "≥ 2,000,000 events/s" : "", met: triggers == 1000 ? rate >= 2_000_000 : nil),
        rate
    )
}

let (row100, rate100) = throughputRow(100)
let (row1000, _) = throughputRow(1000)
let (row10000, rate10000) = throughputRow(10_000)
rows += [row100, row1000, row10000]
let scaling = rate10000 / rate100
rows.append(
    Row(
        what: "scaling, 10,000 vs 100 triggers", value: "\(fmt(scaling))×", spread: "",
        budget: "≥ 0.8×", met: scaling >= 0.8))

let (load, size) = LoaderBench.load(triggers: 10_000)
rows.append(
    Row(
        what: "load 10,000 triggers (\(fmt(Double(size) / 1_048_576, 1)) MB)",
        value: "\(fmt(load.median * 1000, 1)) ms",
        spread: "\(fmt(load.min * 1000, 1))–\(fmt(load.max * 1000, 1)) ms", budget: "≤ 60 ms", met: load.median <= 0.06)
)

let (brazeLoad, brazeSize) = LoaderBench.load(triggers: 10_000, brazeOnly: true)
rows.append(
    Row(
        what:
            "load 10,000 triggers as Braze's data alone, default timeline built (\(fmt(Double(brazeSize) / 1_048_576, 1)) MB)",
        value: "\(fmt(brazeLoad.median * 1000, 1)) ms",
        spread: "\(fmt(brazeLoad.min * 1000, 1))–\(fmt(brazeLoad.max * 1000, 1)) ms", budget: "≤ 1000 ms",
        met: brazeLoad.median <= 1))

let frame = RenderBench.frameTime(width: 200, height: 60)
rows.append(
    Row(
        what: "render one full frame, 200×60", value: "\(fmt(frame.median * 1e6, 0)) µs",
        spread: "\(fmt(frame.min * 1e6, 0))–\(fmt(frame.max * 1e6, 0)) µs", budget: "≤ 1000 µs",
        met: frame.median <= 0.001))
rows += TerminalBench.rows()

Row.print(rows)

// How cost grows, one axis at a time.
print("\nEvents (1,000 triggers): total time grows linearly, the rate stays flat")
print("| events | median | events/s |")
print("|---|---|---|")
for events in [10_000, 100_000, 1_000_000] {
    let (m, _) = EngineBench.throughput(triggerCount: 1000, eventCount: events)
    print("| \(grouped(Double(events))) | \(fmt(m.median * 1000, 1)) ms | \(grouped(Double(events) / m.median)) |")
}
print("\nTerminal size: time to render one frame of the demo")
print("| size | median | spread |")
print("|---|---|---|")
for (width, height) in [(80, 24), (100, 30), (160, 48), (200, 60), (300, 90)] {
    let m = RenderBench.frameTime(width: width, height: height)
    print("| \(width)×\(height) | \(fmt(m.median * 1e6, 0)) µs | \(fmt(m.min * 1e6, 0))–\(fmt(m.max * 1e6, 0)) µs |")
}
print("\nLoading: time by trigger count")
print("| triggers | JSON size | median |")
print("|---|---|---|")
for triggers in [100, 1000, 10_000, 50_000] {
    let (m, size) = LoaderBench.load(triggers: triggers)
    print("| \(grouped(Double(triggers))) | \(fmt(Double(size) / 1_048_576, 2)) MB | \(fmt(m.median * 1000, 1)) ms |")
}
printTextCurves()
