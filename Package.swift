// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "iamterm",
    products: [
        .executable(name: "iamterm", targets: ["IAMTerm"]),
        .executable(name: "iambench", targets: ["iambench"]),
        .library(name: "IAMEngine", targets: ["IAMEngine"]),
        // For the fuzz package under Fuzz/, which depends on this one by path.
        .library(name: "IAMScenario", targets: ["IAMScenario"]),
        .library(name: "IAMTestSupport", targets: ["IAMTestSupport"]),
    ],
    targets: [
        // A system-library wrapper of libncursesw (libncurses-dev); only IAMTerm's terminal layer
        // imports it. Its module map links ncursesw and its header asks for the wide API: no
        // pkg-config, whose -D flags SwiftPM would drop with a warning.
        .systemLibrary(name: "CNcurses"),
        // Signal handlers that restore the terminal on kill or crash; their state lives in C.
        .target(name: "CTerminalSafety", linkerSettings: [.linkedLibrary("ncursesw")]),
        // The delivery rules: pure, deterministic, no I/O, no clock, no Foundation.
        .target(name: "IAMEngine", linkerSettings: [.linkedLibrary("m")]),
        // Shared by the tests, the fuzzer and the benchmarks, never by `iamterm`: the invariant
        // checker, the checked replay of a scenario, a seeded random generator, the fuzz checks.
        // The fuzzer's checks of compare, the SVG, the saved-session encoder, the simulator's reducer
        // and explore.
        .target(
            name: "IAMTestSupport",
            dependencies: ["IAMEngine", "IAMScenario", "IAMReport", "IAMRender", "IAMSimulator", "IAMExplore"]
        ),
        // Scenario files: a JSON reader that keeps paths, the decoder into engine values, the demo.
        .target(name: "IAMScenario", dependencies: ["IAMEngine"]),
        // The search for edge cases (`iamterm explore`, explore.md): breadth-first over the
        // engine's states. Pure, as the engine: the time limit is a function the caller answers.
        .target(name: "IAMExplore", dependencies: ["IAMEngine"]),
        // The trace as pictures: the SVG timeline of `iamterm run --format svg`. No curses, no Foundation.
        .target(name: "IAMReport", dependencies: ["IAMEngine"]),
        // Engine state + a view value -> a grid of styled cells. No curses, no keys, no app state.
        .target(name: "IAMRender", dependencies: ["IAMEngine"]),
        // The interactive simulator as a value: its reducer (an input in, effects out), the forms,
        // the split view's devices, the kept trace. No curses, no clock, no I/O: `iamterm`'s main
        // loop feeds it the terminal's input and the time, and carries out its effects.
        .target(name: "IAMSimulator", dependencies: ["IAMEngine", "IAMScenario", "IAMRender", "IAMExplore"]),
        // The only code that calls ncurses: set-up and restore, blitting a Grid, reading input.
        // IAMEngine for its one JSON string quoting (the `--cast` lines).
        // IAMSimulator for the `Key` it decodes input into.
        .target(
            name: "IAMTerminal",
            dependencies: ["CNcurses", "CTerminalSafety", "IAMEngine", "IAMRender", "IAMSimulator"]),
        .executableTarget(
            name: "IAMTerm",
            dependencies: [
                "IAMEngine", "IAMScenario", "IAMRender", "IAMSimulator", "IAMTerminal", "IAMReport", "IAMExplore",
            ]
        ),
        // The performance figures of docs/PERFORMANCE.md: `swift run -c release iambench`.
        .executableTarget(
            name: "iambench",
            dependencies: [
                "IAMEngine", "IAMTestSupport", "IAMScenario", "IAMRender", "IAMSimulator", "IAMTerminal", "IAMReport",
                "IAMExplore",
            ]),
        .testTarget(name: "IAMEngineTests", dependencies: ["IAMEngine", "IAMScenario", "IAMTestSupport"]),
        .testTarget(
            name: "IAMScenarioTests", dependencies: ["IAMScenario", "IAMEngine", "IAMTestSupport"],
            exclude: ["FuzzRegressions"]),
        .testTarget(name: "IAMExploreTests", dependencies: ["IAMExplore", "IAMEngine", "IAMScenario"]),
        .testTarget(name: "IAMReportTests", dependencies: ["IAMReport", "IAMEngine", "IAMScenario"]),
        .testTarget(
            name: "IAMRenderTests", dependencies: ["IAMRender", "IAMEngine", "IAMScenario", "IAMSimulator"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "IAMTerminalTests", dependencies: ["IAMTerminal", "IAMRender", "IAMSimulator", "CTerminalSafety"]),
        // The interactive app's reducer: an input in, the exact effects out (`Simulator.send`).
        .testTarget(
            name: "IAMSimulatorTests",
            dependencies: ["IAMSimulator", "IAMEngine", "IAMScenario", "IAMRender", "IAMTestSupport"]),
        // Runs the built `iamterm` binary: golden traces, exit statuses, and tmux sessions.
        .testTarget(
            name: "IAMTermTests",
            // IAMSimulator: the main loop's side of the app (its files, saves and tmux sessions).
            dependencies: [
                "IAMEngine", "IAMScenario", "IAMTerm", "IAMSimulator", "IAMTerminal", "IAMRender", "IAMReport",
                "IAMTestSupport",
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
