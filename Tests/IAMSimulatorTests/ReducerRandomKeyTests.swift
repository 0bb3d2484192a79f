import IAMEngine
import IAMRender
import IAMScenario
import Testing

@testable import IAMSimulator

/// The reducer under random keys (beside the fuzzer's `reducer` target, `ReducerFuzzCheckTests`):
/// seeded runs of keys, clicks, the wheel, resizes and ticks on the demo and the fixtures'
/// scenarios. Every input must come back with effects, every frame must
/// have the size asked for, the kept trace must stay within its bounds, and a split the
/// reducer asks to build must be taken when it arrives.
@Suite("The reducer under random keys")
struct ReducerRandomKeyTests {
    /// A fixed-seed xorshift: the same run every time.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    /// Every key the key bar and the help name, the prompts' editing keys, digits, a few
    /// letters typed into prompts, and keys that mean nothing. `O` is left out (it reads the
    /// disk) and so are `q` and Ctrl-C, which end the run (checked once, at the end).
    static let keys: [Key] =
        "abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNPRSTUVWXYZ0123456789 .,;:-_+=/?<>!@#$%^&*()[]{}é🍩".map {
            Key.character($0)
        } + [
            .enter, .escape, .backspace, .tab, .backTab, .delete, .up, .down, .left, .right, .pageUp, .pageDown,
            .home, .end, .function(1), .ctrl("l"), .ctrl("u"), .unknown(999),
        ]

    static let sizes = [(80, 24), (100, 30), (200, 60), (40, 10), (120, 40)]

    @Test("500 random inputs on each of four seeds: effects, frames and bounds hold; q quits at the end")
    func randomInputs() throws {
        let demo = try ScenarioLoader.load(json: DemoScenario.json, file: DemoScenario.fileName).scenario
        for seed in 1...4 as ClosedRange<UInt64> {
            var random = Random(state: 0x9E37_79B9_7F4A_7C15 &* seed)
            var sim = Simulator(
                scenario: seed % 2 == 0 ? demo : InteractiveSimulatorTests.scenario, title: "random",
                options: InteractiveOptions(play: seed % 2 == 1, speed: 16), asciiOnly: seed == 3, mono: 0)
            var mono = 0.0
            var size = Self.sizes[0]
            var frame = sim.frame(width: size.0, height: size.1)
            for _ in 0..<500 {
                mono += Double(random.next(500)) / 1000
                let input: Simulator.Input
                switch random.next(20) {
                case 0:
                    size = Self.sizes[random.next(Self.sizes.count)]
                    input = .resize(width: size.0, height: size.1)
                case 1: input = .wheel(up: random.next(2) == 0)
                case 2:
                    let target = frame.target(atX: random.next(size.0), y: random.next(size.1))
                    input = target.map { .hit($0) } ?? .tick
                case 3: input = .tick
                default: input = .key(Self.keys[random.next(Self.keys.count)])
                }
                let effects = sim.handle(input, mono: mono)
                // Only q and Ctrl-C quit (left out); a click may land on the key bar's quit.
                if case .key = input { #expect(!effects.contains(.quit), "seed \(seed): \(input) quit") }
                for case .buildSplit(let request) in effects {
                    let built = sim.handle(
                        .splitBuilt(BuiltSplit(id: request.id, devices: request.build())), mono: mono)
                    for case .attributeSplit(let request) in built {
                        _ = sim.handle(.splitAttributed(request.attribute()), mono: mono)
                    }
                }
                for case .attributeSplit(let request) in effects {
                    _ = sim.handle(.splitAttributed(request.attribute()), mono: mono)
                }
                for case .save(let request) in effects {
                    _ = request // not written: the run leaves the disk alone
                }
                frame = sim.frame(width: size.0, height: size.1)
                #expect(frame.grid.width == size.0 && frame.grid.height == size.1)
                #expect(sim.trace.count <= TraceBuffer.maxRecords && sim.traceBuffer.bytes <= TraceBuffer.maxBytes)
            }
            sim.send(.key(.escape), mono: mono, expecting: ["discard pending input"])
            sim.send(.key(.escape), mono: mono, expecting: [])
            #expect(sim.handle(.key(.ctrl("c")), mono: mono).contains(.quit), "seed \(seed): Ctrl-C quits")
        }
    }
}
