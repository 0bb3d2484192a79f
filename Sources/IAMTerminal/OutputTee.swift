import CTerminalSafety

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// For `--cast`: curses writes into a pipe instead of the terminal; after every update the bytes
/// are passed on to the real terminal and, as one event, to the recording. ncurses has no hook
/// for its writes, and this keeps the program single-threaded. What curses would do to the
/// terminal's mode through its output (raw, no echo) is done here on the real terminal.
final class OutputTee {
    let readFD: Int32
    let writeFD: Int32
    let terminalFD: Int32
    let recorder: CastRecorder
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// The pipe curses writes to (its write end is `writeFD`). Throws when there is no pipe or
    /// no terminal mode to set.
    init(castFD: Int32, terminalFD: Int32, inputFD: Int32, term: String) throws(TerminalError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .cannotStart(term: term) }
        readFD = fds[0]
        writeFD = fds[1]
        self.terminalFD = terminalFD
        _ = fcntl(readFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
        // A whole frame must fit: curses blocks on a full pipe, and nothing drains it meanwhile.
        #if os(Linux)
            let setPipeSize: Int32 = 1031 // F_SETPIPE_SZ (Linux fcntl.h; Glibc does not export it to Swift)
            _ = fcntl(writeFD, setPipeSize, Int32(1 << 20))
        #endif
        var width: Int32 = 80
        var height: Int32 = 24
        _ = iam_tty_size(terminalFD, &width, &height)
        recorder = CastRecorder(
            fd: castFD, width: Int(width), height: Int(height), term: term, timestamp: Int(time(nil)))
        guard iam_tee_enter_raw(inputFD) == 0 else {
            close(readFD)
            close(writeFD)
            throw .cannotStart(term: term)
        }
        iam_safety_set_tee(readFD, terminalFD, inputFD)
    }

    /// The real terminal's size.
    var size: (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard iam_tty_size(terminalFD, &width, &height) == 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// Everything curses wrote since the last call: to the terminal, then to the recording.
    func drain() {
        var chunk: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            chunk.append(contentsOf: buffer[0..<count])
        }
        guard !chunk.isEmpty else { return }
        var offset = 0
        while offset < chunk.count {
            let written = chunk.withUnsafeBytes { write(terminalFD, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        recorder.output(chunk)
    }

    /// After curses has ended: the last bytes, the terminal's mode, the pipe closed.
    func finish() {
        drain()
        iam_tee_restore_mode()
        iam_safety_set_tee(-1, -1, -1)
        close(readFD)
    }
}
