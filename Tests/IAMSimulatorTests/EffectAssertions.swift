import IAMEngine
import Testing

@testable import IAMSimulator

#if canImport(Glibc)
    import Glibc
#endif

/// The reducer's test store: `send` hands the simulator one input and checks the exact effects
/// that come back, each written as one line (`effectLines`); `expecting: []` says "no effect".
/// With `IAMSIM_RECORD=FILE` set, the lines are appended to FILE (with the call's place) instead
/// of checked, to write the expectations of new calls.
extension Simulator {
    mutating func send(
        _ input: Input, mono: Double = 0, expecting expected: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = Self.effectLines(handle(input, mono: mono))
        if let path = getenv("IAMSIM_RECORD").map({ String(cString: $0) }) {
            let entry =
                "\(sourceLocation.fileID)\t\(sourceLocation.line)\t"
                + lines.map(TraceFormat.quoted).joined(separator: "\u{1}") + "\n"
            if let file = fopen(path, "a") {
                fputs(entry, file)
                fclose(file)
            }
            return
        }
        #expect(lines == expected, sourceLocation: sourceLocation)
    }

    /// Effects as lines: a record is its trace line (`TraceFormat.text`); the others name
    /// themselves and what they carry.
    static func effectLines(_ effects: [Effect]) -> [String] {
        effects.flatMap { effect -> [String] in
            switch effect {
            case .quit: ["quit"]
            case .records(let records): records.map(TraceFormat.text)
            case .discardPendingInput: ["discard pending input"]
            case .save(let request): ["save \(request.steps) steps until \(TraceFormat.fixed3(request.until))"]
            case .buildSplit(let request): ["build split \(request.id)"]
            case .attributeSplit(let request): ["attribute split \(request.id)"]
            case .findWay(let request): ["find a way \(request.id)"]
            case .open(let path): ["open \(path)"]
            }
        }
    }
}

@Suite("The effect assertions")
struct EffectAssertionTests {
    @Test("send fails on an effect it was not told of, and on a missing one")
    func sendIsExact() {
        var sim = Simulator(
            scenario: Scenario(), title: "t", options: InteractiveOptions(paused: true), asciiOnly: false, mono: 0)
        sim.send(.key(.character("q")), expecting: ["quit"])
        withKnownIssue { sim.send(.key(.character("q")), expecting: []) }
        withKnownIssue { sim.send(.key(.character("?")), expecting: ["quit"]) }
        sim.send(.key(.character("x")), expecting: [])
        sim.send(
            .key(.character("l")), mono: 0,
            expecting: [
                "   0.000  app                               launch",
                "   0.000  session_started                   session 1",
                "   0.000  delivery_started                  until=0.500  0 triggers",
                "   0.000  event                             open",
                "   0.000  event_queued                      open",
            ])
    }
}
