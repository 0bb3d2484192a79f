import Glibc
import IAMRender
import IAMTerminal

/// What ncurses actually writes: the terminal layer on a pipe with a fixed TERM and size.
enum TerminalBench {
    /// Bytes written for a frame in which only the cooldown countdown changed.
    static func cooldownTickBytes(frame: (Double) -> Grid, width: Int, height: Int) -> Int? {
        var out: [Int32] = [0, 0]
        var input: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&input) == 0 else { return nil }
        defer { for fd in out + input { close(fd) } }
        _ = fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(out[1], 1031, 1 << 20) // 1031: F_SETPIPE_SZ
        guard
            let terminal = try? Terminal(
                options: TerminalOptions(
                    device: .custom(
                        input: input[0], output: out[1], term: "xterm-256color", width: width, height: height),
                    noColorEnvironment: nil, locale: "C.UTF-8", handlesSignals: false))
        else { return nil }
        defer { terminal.restore() }
        func drain() -> Int {
            var total = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = read(out[0], &buffer, buffer.count)
                if n <= 0 { return total }
                total += n
            }
        }
        terminal.draw(frame(0))
        _ = drain()
        terminal.draw(frame(0.1))
        return drain()
    }

    static func rows() -> [Row] {
        var rows: [Row] = []
        for (width, height) in [(100, 30), (200, 60)] {
            let bytes = cooldownTickBytes(
                frame: RenderBench.cooldownFrames(width: width, height: height),
                width: width, height: height)
            rows.append(
                Row(
                    what: "bytes sent for one cooldown tick, \(width)×\(height)",
                    value: bytes.map { "\($0) B" } ?? "n/a",
                    spread: "", budget: "≤ 64 B", met: bytes.map { $0 <= 64 }))
        }
        return rows
    }
}

extension TerminalBench {
    /// The rows of two frames that differ, for `iambench tick-diff`.
    static func printDiff(_ a: Grid, _ b: Grid) {
        for y in 0..<a.height where a.rowText(y) != b.rowText(y) {
            print("- \(a.rowText(y))")
            print("+ \(b.rowText(y))")
        }
    }
}
