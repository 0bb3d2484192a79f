import IAMEngine
import IAMRender
import IAMSimulator

/// Text a scenario or a person supplies: how the cost of drawing a message and of a paste into a
/// prompt grows with its length (terminal-ui.md, Revision 2: linear wrapping, no freeze).
enum TextBench {
    /// One word of `clusters` grapheme clusters (letters and a flag), wrapped as a modal's body
    /// is: sanitized, then wrapped to 30 cells.
    static func wrapTime(clusters: Int) -> Measurement {
        let word = String(repeating: "ab🇩🇪c", count: clusters / 4)
        var lines = 0
        let m = Measure.time("wrap \(clusters)", warmup: 1, runs: 5) {
            lines &+= wrapScenarioText(word, width: 30, ascii: false).count
        }
        precondition(lines > 0)
        return m
    }

    static func wrapOnce(clusters: Int) -> Int {
        wrapScenarioText(String(repeating: "ab🇩🇪c", count: clusters / 4), width: 30, ascii: false).count
    }

    static func pasteOnce(keys: Int) -> Int {
        let state = EngineState(scenario: Scenario())
        var ui = UIState(title: "paste")
        ui.prompt = .init(label: "custom event name")
        var checksum = 0
        for i in 0..<keys {
            _ = ui.prompt!.type("x")
            if (i + 1) % 4096 == 0 || i == keys - 1 {
                checksum &+= render(engine: state, ui: ui, trace: [], width: 80, height: 24).grid.cells.count
            }
        }
        return checksum
    }

    /// `keys` characters typed into a prompt as the main loop applies them: each through the
    /// prompt's editing (capped at `UIState.Prompt.maxLength`), one frame drawn per batch of
    /// 4096 keys, at 80×24.
    static func pasteTime(keys: Int) -> Measurement {
        let state = EngineState(scenario: Scenario())
        var checksum = 0
        return Measure.time("paste \(keys)", warmup: 1, runs: 5) {
            var ui = UIState(title: "paste")
            ui.prompt = .init(label: "custom event name")
            for i in 0..<keys {
                _ = ui.prompt!.type("x")
                if (i + 1) % 4096 == 0 || i == keys - 1 {
                    checksum &+= render(engine: state, ui: ui, trace: [], width: 80, height: 24).grid.cells.count
                }
            }
        }
    }
}
