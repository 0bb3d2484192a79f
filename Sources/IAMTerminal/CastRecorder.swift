import IAMEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An asciinema v2 recording (`--cast PATH`): a header line, then one `[seconds, "o", text]`
/// line per write to the terminal and `[seconds, "r", "COLSxROWS"]` per resize, with seconds of
/// real (monotonic) time since the start. Lines go straight to the file descriptor, so a killed
/// session leaves a playable prefix.
final class CastRecorder {
    private let fd: Int32
    private let start = ContinuousClock.now
    /// The start of a UTF-8 sequence cut by the end of a write; sent with the next one.
    private var tail: [UInt8] = []
    private var lastTime = 0.0
    /// The size last recorded (the header's, then each resize's), so a resize is recorded once.
    private var size: (width: Int, height: Int)
    /// The first write error, if any: recording stops there, the session goes on.
    private(set) var failed: Int32?

    init(fd: Int32, width: Int, height: Int, term: String, timestamp: Int) {
        self.fd = fd
        size = (width, height)
        let header =
            "{\"version\":2,\"width\":\(width),\"height\":\(height),\"timestamp\":\(timestamp),"
            + "\"env\":{\"TERM\":\(TraceFormat.quoted(term))}}"
        line(header)
    }

    /// Bytes written to the terminal, as one output event (a cut UTF-8 sequence waits for the rest).
    func output(_ bytes: [UInt8]) {
        var data = tail + bytes
        tail = Self.incompleteSuffix(data)
        data.removeLast(tail.count)
        guard !data.isEmpty else { return }
        event("o", String(decoding: data, as: UTF8.self))
    }

    func resize(width: Int, height: Int) {
        guard size != (width, height) else { return }
        size = (width, height)
        event("r", "\(width)x\(height)")
    }

    private func event(_ code: String, _ text: String) {
        let elapsed = start.duration(to: .now).components
        // Never backwards, even if two events fall in the same microsecond.
        let seconds = max(lastTime, Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        lastTime = seconds
        line("[\(Self.fixed6(seconds)),\"\(code)\",\(TraceFormat.quoted(text))]")
    }

    private func line(_ text: String) {
        guard failed == nil else { return }
        var bytes = Array(text.utf8)
        bytes.append(10)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                failed = errno
                return
            }
            offset += written
        }
    }

    /// The bytes at the end of `data` that start a UTF-8 sequence they do not finish.
    static func incompleteSuffix(_ data: [UInt8]) -> [UInt8] {
        for back in 1...min(3, max(1, data.count)) where back <= data.count {
            let byte = data[data.count - back]
            if byte & 0xC0 == 0x80 { continue } // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? Array(data.suffix(back)) : []
        }
        return []
    }

    static func fixed6(_ value: Double) -> String {
        let micros = Int((value * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
