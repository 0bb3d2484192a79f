import Glibc
import IAMRender
import Testing

@testable import IAMTerminal

/// Every test that starts curses lives under this suite: curses has one current screen per
/// process, so these tests must not run in parallel with each other.
@Suite(.serialized) enum CursesSessions {}

/// A terminal on two pipes with a fixed TERM and size: tests write key bytes into `input`
/// and read exactly what curses sent from `output`.
final class Harness {
    let terminal: Terminal
    private let outRead: Int32, outWrite: Int32
    private let inRead: Int32
    private(set) var inWrite: Int32

    init(
        term: String = "xterm-256color", width: Int = 80, height: Int = 24,
        noColor: Bool = false, noColorEnvironment: String? = nil,
        locale: String = "C.UTF-8"
    ) throws {
        var out: [Int32] = [0, 0]
        var inp: [Int32] = [0, 0]
        precondition(pipe(&out) == 0 && pipe(&inp) == 0)
        outRead = out[0]
        outWrite = out[1]
        inRead = inp[0]
        inWrite = inp[1]
        _ = fcntl(outRead, F_SETFL, fcntl(outRead, F_GETFL) | O_NONBLOCK)
        // The pipe must hold a whole first frame; 1 MiB is plenty.
        _ = fcntl(outWrite, 1031, 1 << 20) // 1031: F_SETPIPE_SZ
        terminal = try Terminal(
            options: TerminalOptions(
                device: .custom(input: inRead, output: outWrite, term: term, width: width, height: height),
                noColor: noColor, noColorEnvironment: noColorEnvironment, locale: locale,
                handlesSignals: false))
    }

    deinit {
        terminal.restore()
        for fd in [outRead, outWrite, inRead, inWrite] where fd >= 0 { close(fd) }
    }

    /// Everything written since the last call.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(outRead, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(inWrite, $0.baseAddress, $0.count) }
    }

    func closeInput() {
        close(inWrite)
        inWrite = -1
    }
}

extension Grid {
    /// A grid with `text` written from (x, y), wide characters followed by a continuation.
    func writing(_ text: String, x: Int, y: Int, role: StyleRole = .normal) -> Grid {
        var grid = self
        var column = x
        for character in text {
            grid[column, y] = Cell(character, role: role)
            column += 1
            if character.isWide {
                grid[column, y] = Cell(" ", role: role, isContinuation: true)
                column += 1
            }
        }
        return grid
    }
}

extension Character {
    /// Enough for tests: CJK ideographs and emoji are wide.
    var isWide: Bool { TextWidth.of(self) == 2 }
}

func contains(_ haystack: [UInt8], _ needle: String) -> Bool { count(haystack, needle) > 0 }

func count(_ haystack: [UInt8], _ needle: String) -> Int {
    let n = Array(needle.utf8)
    guard !n.isEmpty, haystack.count >= n.count else { return 0 }
    var found = 0
    for i in 0...(haystack.count - n.count) where haystack[i] == n[0] && Array(haystack[i..<i + n.count]) == n {
        found += 1
    }
    return found
}

func replacing(_ target: String, with replacement: String, in bytes: [UInt8]) -> [UInt8] {
    let t = Array(target.utf8)
    let r = Array(replacement.utf8)
    var result: [UInt8] = []
    var i = 0
    while i < bytes.count {
        if i + t.count <= bytes.count, Array(bytes[i..<i + t.count]) == t {
            result += r
            i += t.count
        } else {
            result.append(bytes[i])
            i += 1
        }
    }
    return result
}

/// The parameters of every SGR sequence (`ESC [ … m`) in `bytes`.
func sgrParameters(_ bytes: [UInt8]) -> [[Int]] {
    var result: [[Int]] = []
    var i = 0
    while i + 1 < bytes.count {
        guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "[") else {
            i += 1
            continue
        }
        var j = i + 2
        while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x3F { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "m") {
            let text = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
            result.append(text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
        }
        i = j
    }
    return result
}

/// SGR parameters that select a colour: 30–39, 40–49, 90–97, 100–107 (38/48 carry 5;n).
func isColourParameter(_ p: Int) -> Bool {
    (30...49).contains(p) || (90...97).contains(p) || (100...107).contains(p)
}
