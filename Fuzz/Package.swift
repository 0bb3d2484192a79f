// swift-tools-version:6.0
// The libFuzzer target for the scenario loader and the engine. A package of its own, so the
// fuzzer's instrumentation (`--sanitize=fuzzer`) never reaches the main build. Run it with
// `scripts/fuzz SECONDS` from the repository root; see docs/ROBUSTNESS.md.
import PackageDescription

let package = Package(
    name: "iamterm-fuzz",
    dependencies: [.package(name: "iamterm", path: "..")],
    targets: [
        .executableTarget(
            name: "IAMFuzz",
            dependencies: [
                .product(name: "IAMEngine", package: "iamterm"),
                .product(name: "IAMScenario", package: "iamterm"),
                .product(name: "IAMTestSupport", package: "iamterm"),
            ]
        )
    ]
)
