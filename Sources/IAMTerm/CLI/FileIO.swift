import IAMEngine
import IAMScenario

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a scenario file and writing output with POSIX calls, so every failure has its errno.
enum FileIO {
    /// The bytes of `path`, or of standard input for `-`.
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY)
        guard fd >= 0 else { throw unreadable(path) }
        defer { if fd != STDIN_FILENO { close(fd) } }
        // A regular file is read straight into one buffer of its size (no regrowth, no
        // second copy: the peak stays one copy of the file).
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= sizeLimit,
            let whole = try readRegular(fd, size: Int(info.st_size), path: path)
        {
            return whole
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > sizeLimit {
                throw CommandFailure(
                    message: "\(path): larger than 256 MiB; not a scenario", status: ExitStatus.noInput)
            }
        }
    }

    /// The most a scenario file may hold (the command line and `O`).
    static let sizeLimit = 256 << 20

    /// The bytes of a regular file at `path`, for the simulator's `O`: never standard input
    /// (`-` is a file of that name), and anything else (a FIFO, a terminal, a folder,
    /// /dev/stdin) is refused without waiting on it; a file over the loader's limit
    /// (`ScenarioLoader.maxFileBytes`) is refused before it is read, so the main loop never
    /// reads what it would throw away.
    /// `refusing` names the option that writes the file, if the session does (`O` never opens
    /// `--record`, `--cast` or `--trace`).
    static func readRegularFile(_ path: String, refusing: (stat) -> String? = { _ in nil }) throws(CommandFailure)
        -> [UInt8]
    {
        // Non-blocking: opening a FIFO with no writer would otherwise wait for one.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable(path == "-" ? "./-" : path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw unreadable(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw CommandFailure(
                message: "\(path): not a regular file (\(kind(of: info.st_mode))); only scenario files open",
                status: ExitStatus.noInput)
        }
        if let option = refusing(info) {
            throw CommandFailure(
                message: "\(path): this session writes it (\(option)); it cannot be opened as the scenario",
                status: ExitStatus.noInput)
        }
        guard info.st_size <= ScenarioLoader.maxFileBytes else {
            throw CommandFailure(
                message:
                    "\(path): file of \(info.st_size) bytes is larger than the limit of \(ScenarioLoader.maxFileBytes) bytes (64 MiB)",
                status: ExitStatus.noInput)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if info.st_size == 0 { return [] }
        // Grown since fstat: refused too (the cap holds whatever happens to the file).
        guard let bytes = try readRegular(fd, size: Int(info.st_size), path: path) else {
            throw CommandFailure(
                message: "\(path): changed while it was read; try again", status: ExitStatus.noInput)
        }
        return bytes
    }

    /// What a file that is not a regular file is, in words.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// A regular file of `size` bytes in one read loop into the array's own storage; `nil`
    /// when the file turned out longer than `size` (it grew since `fstat`): the caller then
    /// reads it again in chunks.
    private static func readRegular(_ fd: Int32, size: Int, path: String) throws(CommandFailure) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            while initialized < buffer.count {
                let count = Glibc.read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count == 0 { return }
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                initialized += count
            }
        }
        if failed { throw unreadable(path) }
        guard bytes.count <= size else {
            _ = lseek(fd, 0, SEEK_SET)
            return nil
        }
        return bytes
    }

    private static func unreadable(_ path: String) -> CommandFailure {
        let reason = String(cString: strerror(errno))
        return CommandFailure(
            message: "\(path == "-" ? "standard input" : path): cannot read: \(reason)" + hint(path, errno),
            status: ExitStatus.noInput)
    }

    /// A missing file named like a built-in scenario: how to open that one instead.
    static func hint(_ path: String, _ error: Int32) -> String {
        guard error == ENOENT else { return "" }
        if path == "demo" { return " (the built-in demo is --demo: iamterm --demo, iamterm run --demo)" }
        if Lesson.named(path) != nil { return " (the built-in lesson is --lesson \(path))" }
        return ""
    }

    /// Writes `text` to standard error; controls, bidi and zero-width characters in it (a file
    /// name, a quoted string from a scenario) are escaped, line by line.
    static func printError(_ text: String) {
        var line = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TraceFormat.visible(String($0)) }.joined(separator: "\n")
        if !line.hasSuffix("\n") { line += "\n" }
        _ = try? writeAll(STDERR_FILENO, Array(line.utf8))
    }

    /// Writes the program's own text (a progress line with its carriage return) to standard
    /// error as it is: nothing from a file is in it.
    static func printErrorRaw(_ text: String) {
        _ = try? writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Writes every byte or throws with the errno text (EPIPE, ENOSPC, ...).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(POSIXError) {
        try bytes.withUnsafeBufferPointer { (bytes) throws(POSIXError) in try writeAll(fd, bytes) }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws(POSIXError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw POSIXError(code: errno)
            }
            offset += written
        }
    }
}

struct POSIXError: Error {
    var code: Int32
    var text: String { String(cString: strerror(code)) }
}

/// A line sink on a file descriptor. `flushEachLine` makes every record durable as it happens
/// (for `--trace`: a killed process leaves only whole lines); otherwise lines are batched.
final class LineWriter {
    private let fd: Int32
    private let name: String
    private let flushEachLine: Bool
    private var buffer: [UInt8] = []
    /// `--output PATH`: the file under its temporary name, renamed into place at `close`.
    private let pending: PendingFile?
    /// A trace in a regular file: where its last whole line ends, to cut a failed write back
    /// to (a full disk, a file size limit: the file never ends with half a record).
    private var wholeLinesEnd: off_t?

    init(fd: Int32, name: String, flushEachLine: Bool) {
        self.fd = fd
        self.name = name
        self.flushEachLine = flushEachLine
        pending = nil
        var status = stat()
        if flushEachLine, fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            let offset = lseek(fd, 0, SEEK_CUR)
            if offset >= 0 { wholeLinesEnd = offset }
        }
    }

    /// Lines batched into `pending`, which `close` puts in place.
    init(pending: PendingFile) {
        fd = pending.fd
        name = pending.file.path
        flushEachLine = false
        self.pending = pending
    }

    /// Opens (creating or truncating) `path` for a trace.
    static func trace(path: String) throws(CommandFailure) -> LineWriter {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CommandFailure(
                message: "\(path): cannot write the trace: \(String(cString: strerror(errno)))",
                status: ExitStatus.ioError)
        }
        return LineWriter(fd: fd, name: path, flushEachLine: true)
    }

    /// The descriptor written to (`O` refuses the file it names).
    var descriptor: Int32 { fd }

    static func standardOutput() -> LineWriter {
        LineWriter(fd: STDOUT_FILENO, name: "standard output", flushEachLine: false)
    }

    func write(_ line: String) throws(CommandFailure) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(10)
        if flushEachLine || buffer.count >= 1 << 16 { try flush() }
    }

    func flush() throws(CommandFailure) {
        guard !buffer.isEmpty else { return }
        try writeOut(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Takes the complete lines `writer` holds: at once when flushing each line, else once
    /// they fill a batch (and at `close`, through `drain(_:final:)`).
    func drain(_ writer: inout TraceWriter, final: Bool = false) throws(CommandFailure) {
        guard writer.count > 0, flushEachLine || final || writer.count >= 1 << 16 else { return }
        try flush()
        try writer.withBytes { (bytes) throws(CommandFailure) in try writeOut(bytes) }
        writer.removeAll()
    }

    private func writeOut(_ bytes: [UInt8]) throws(CommandFailure) {
        try bytes.withUnsafeBufferPointer { (bytes) throws(CommandFailure) in try writeOut(bytes) }
    }

    /// Writes whole lines (every caller hands complete lines). A trace file that takes part of
    /// them and then fails is cut back to its last whole line.
    private func writeOut(_ bytes: UnsafeBufferPointer<UInt8>) throws(CommandFailure) {
        do {
            try FileIO.writeAll(fd, bytes)
            wholeLinesEnd? += off_t(bytes.count)
        } catch {
            if let wholeLinesEnd, ftruncate(fd, wholeLinesEnd) == 0 { lseek(fd, wholeLinesEnd, SEEK_SET) }
            throw CommandFailure(message: "\(name): write failed: \(error.text)", status: ExitStatus.ioError)
        }
    }

    func close() throws(CommandFailure) {
        try flush()
        if let pending {
            try pending.commit()
            return
        }
        if fd > STDERR_FILENO, Glibc.close(fd) != 0 {
            throw CommandFailure(
                message: "\(name): close failed: \(String(cString: strerror(errno)))", status: ExitStatus.ioError)
        }
    }
}
