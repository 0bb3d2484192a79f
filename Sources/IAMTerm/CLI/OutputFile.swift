import IAMEngine

#if canImport(Glibc)
    import Glibc
#endif

/// A file the program writes whole: `--output`, `--cast`, `--record` and the session `S`
/// saves. Checked before anything runs (`check`), then written under a temporary name in the
/// same folder, flushed to disk and renamed over the path, so the path always holds the
/// earlier file or the complete new one, never a part of either.
struct OutputFile: Equatable, Sendable {
    /// As given (for messages).
    let path: String
    /// The file renamed into place: `path`, or the file its symbolic link names.
    let target: String
    /// A terminal, `/dev/null` or a FIFO given to `--output`: written in place, nothing renamed.
    let inPlace: Bool
    /// The option that named it, for messages: `--output`, `--cast`, `--record`, `S`.
    let option: String

    /// Refuses what would lose or destroy work, before anything is written: a symbolic link to a
    /// missing file (nothing is written through it), a folder, anything but a regular file
    /// unless `devices` (only `--output` streams to a device or FIFO; the simulator must never
    /// block on one), and a folder where no file can be created (exit 73). Without
    /// `followsLinks` (explore's `--out`, which writes names of its own making into a folder) a
    /// symbolic link is refused too: the file is the path itself, never what a link names.
    static func check(_ path: String, option: String, devices: Bool = false, followsLinks: Bool = true)
        throws(CommandFailure) -> OutputFile
    {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw refused(path, option, String(cString: strerror(errno))) }
            let file = OutputFile(path: path, target: path, inPlace: false, option: option)
            try file.probeFolder()
            return file
        }
        var target = path
        var info = link
        if (link.st_mode & S_IFMT) == S_IFLNK {
            guard followsLinks else {
                throw refused(path, option, "a symbolic link; nothing is written through it")
            }
            guard stat(path, &info) == 0 else {
                throw refused(path, option, "a symbolic link to a missing file; nothing is written through it")
            }
            guard let resolved = realpath(path, nil) else {
                throw refused(path, option, String(cString: strerror(errno)))
            }
            target = String(cString: resolved)
            free(resolved)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let file = OutputFile(path: path, target: target, inPlace: false, option: option)
            try file.probeFolder()
            return file
        case S_IFDIR:
            throw refused(path, option, "a folder")
        case S_IFCHR where devices, S_IFIFO where devices:
            return OutputFile(path: path, target: target, inPlace: true, option: option)
        default:
            throw refused(path, option, "not a regular file; \(option) writes regular files only")
        }
    }

    private static func refused(_ path: String, _ option: String, _ why: String) -> CommandFailure {
        CommandFailure(message: "\(path): \(option) cannot write here: \(why)", status: ExitStatus.cannotCreate)
    }

    /// Creates and removes a temporary file where the save will be made, so a folder that is
    /// missing or not writable is reported now, not when the work is done.
    private func probeFolder() throws(CommandFailure) {
        let (fd, temporary) = try createTemporary(status: ExitStatus.cannotCreate)
        close(fd)
        unlink(temporary)
    }

    /// Writes `bytes` whole: a temporary file, fsync, rename (exit 74 on failure; the path
    /// keeps what it held).
    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        let pending = try begin()
        do { try FileIO.writeAll(pending.fd, bytes) } catch {
            throw CommandFailure(message: "\(path): \(option) write failed: \(error.text)", status: ExitStatus.ioError)
        }
        try pending.commit()
    }

    /// Starts a file written in pieces (`--output`, `--cast`); `PendingFile.commit` puts it in place.
    func begin() throws(CommandFailure) -> PendingFile {
        if inPlace {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw CommandFailure(
                    message: "\(path): \(option) cannot write: \(String(cString: strerror(errno)))",
                    status: ExitStatus.ioError)
            }
            return PendingFile(fd: fd, file: self, temporary: nil)
        }
        let (fd, temporary) = try createTemporary(status: ExitStatus.ioError)
        // An existing file keeps its permissions.
        var info = stat()
        if stat(target, &info) == 0 { fchmod(fd, info.st_mode & 0o7777) }
        return PendingFile(fd: fd, file: self, temporary: temporary)
    }

    /// The folder `target` is in.
    var folder: String {
        guard let slash = target.lastIndex(of: "/") else { return "." }
        return slash == target.startIndex ? "/" : String(target[..<slash])
    }

    /// `.NAME.PID-N.tmp` next to the target, created exclusively. Those an earlier process left
    /// (killed during its save) are removed first.
    private func createTemporary(status: Int32) throws(CommandFailure) -> (Int32, String) {
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        Self.removeStaleTemporaries(of: name, in: folder)
        for n in 0..<1000 {
            let temporary = folder + "/." + name + ".\(getpid())-\(n).tmp"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { break }
        }
        throw CommandFailure(
            message: "\(path): \(option) cannot create a file in \(folder): \(String(cString: strerror(errno)))",
            status: status)
    }
}

extension OutputFile {
    /// Removes `.NAME.PID-N.tmp` files in `folder` whose process is gone (SIGKILL during a save
    /// leaves one): regular files only, never one of a running process (this one's included).
    static func removeStaleTemporaries(of name: String, in folder: String) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        let prefix = "." + name + "."
        var stale: [String] = []
        while let entry = readdir(dir) {
            // The name read in place: a directory entry is only as long as its name, so copying
            // the whole `d_name` array out of it reads past the end (AddressSanitizer).
            guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { continue }
            let entryName = String(
                cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
            guard entryName.hasPrefix(prefix), entryName.hasSuffix(".tmp"),
                let pid = temporaryOwner(String(entryName.dropFirst(prefix.count).dropLast(4))),
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            stale.append(folder + "/" + entryName)
        }
        for path in stale {
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { unlink(path) }
        }
    }

    /// The process id in `PID-N`, or `nil` when `middle` is not of that form.
    private static func temporaryOwner(_ middle: String) -> pid_t? {
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy(\.isASCII) }),
            parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), let pid = pid_t(parts[0]), pid > 0, Int(parts[1]) != nil
        else { return nil }
        return pid
    }
}

/// A file being written under its temporary name. `commit` flushes it to disk and renames it
/// into place; dropped without a commit (a failed run), the temporary file is removed.
final class PendingFile {
    let fd: Int32
    let file: OutputFile
    /// nil when written in place.
    let temporary: String?
    private var done = false

    init(fd: Int32, file: OutputFile, temporary: String?) {
        self.fd = fd
        self.file = file
        self.temporary = temporary
    }

    func commit() throws(CommandFailure) {
        guard !done else { return }
        done = true
        guard let temporary else {
            guard close(fd) == 0 else { throw failure("close failed") }
            return
        }
        guard fsync(fd) == 0 else {
            let error = failure("write failed")
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let error = failure("write failed")
            unlink(temporary)
            throw error
        }
        guard rename(temporary, file.target) == 0 else {
            let error = failure("cannot rename \(TraceFormat.visible(temporary)) into place")
            unlink(temporary)
            throw error
        }
        // The rename itself reaches the disk with the folder.
        let folder = open(file.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Drops the temporary file now (the process may end by a signal before `deinit` runs).
    func discard() {
        guard !done else { return }
        done = true
        close(fd)
        if let temporary { unlink(temporary) }
    }

    private func failure(_ what: String) -> CommandFailure {
        CommandFailure(
            message: "\(file.path): \(file.option) \(what): \(String(cString: strerror(errno)))",
            status: ExitStatus.ioError)
    }

    deinit {
        guard !done else { return }
        close(fd)
        if let temporary { unlink(temporary) }
    }
}

extension FileIO {
    /// Refuses an output (`--trace`, `--output`, `--cast`, `--record`) onto the scenario it would
    /// overwrite: the same path, or the same file by device and inode (a hard link, a symbolic
    /// link, standard input redirected from it), before anything is opened for writing.
    static func refuseOverwrite(at outputPath: String, option: String, over scenarioFile: String)
        throws(CommandFailure)
    {
        var output = stat()
        guard stat(outputPath, &output) == 0 else { return } // Nothing there yet: nothing to overwrite.
        var scenario = stat()
        let found = scenarioFile == "-" ? fstat(STDIN_FILENO, &scenario) == 0 : stat(scenarioFile, &scenario) == 0
        guard found, output.st_dev == scenario.st_dev, output.st_ino == scenario.st_ino else { return }
        // A character device (a terminal, /dev/null) is no scenario file to protect.
        guard (output.st_mode & S_IFMT) == S_IFREG else { return }
        throw CommandFailure(
            message:
                "\(outputPath): \(option) would overwrite the scenario file; choose another path\nRun 'iamterm --help' for usage.",
            status: ExitStatus.usage)
    }
}

extension FileIO {
    /// Refuses two outputs that name one file (`--output X --trace X`, `--cast X --record X`, a
    /// link to the other's file): exit 64 before any work, since one would silently replace the
    /// other. Files that exist compare by device and inode; paths not yet there by their folder's
    /// real path and their name. A character device (`/dev/null`, a terminal) may take several.
    static func refuseShared(_ outputs: [(option: String, path: String?)]) throws(CommandFailure) {
        let named = outputs.compactMap { output in output.path.map { (option: output.option, path: $0) } }
        var seen: [(option: String, path: String, identity: FileIdentity)] = []
        for output in named {
            guard let identity = FileIdentity(output.path) else { continue }
            if let earlier = seen.first(where: { $0.identity == identity }) {
                let same = earlier.path == output.path ? "" : " (\(output.path) is \(earlier.path))"
                throw Arguments.usage(
                    "\(earlier.option) and \(output.option) name the same file\(same); one would replace the other: choose two paths"
                )
            }
            seen.append((output.option, output.path, identity))
        }
    }
}

/// Which file a path names, for telling whether two outputs are one: the file's device and
/// inode when it exists, else the real path of its folder and its name.
enum FileIdentity: Equatable {
    case file(dev: UInt64, ino: UInt64)
    case missing(String)

    /// `nil` for a character device (shared harmlessly) or a path that cannot be resolved (left to
    /// the output's own check, which reports it).
    init?(_ path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) != S_IFCHR else { return nil }
            self = .file(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino))
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder, nil) else { return nil }
        defer { free(resolved) }
        self = .missing(String(cString: resolved) + "/" + name)
    }
}

extension FileIO {
    /// Refuses a terminal as the simulator's `--trace` (`/dev/tty`, a pty, `/dev/stdout` on the
    /// screen): the JSON lines would be drawn over the screen curses keeps (exit 73).
    static func refuseTerminal(_ path: String, option: String) throws(CommandFailure) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFCHR else { return }
        // Opened without becoming the controlling terminal and without waiting, only to ask.
        let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return } // the trace's own open reports why
        defer { close(fd) }
        guard isatty(fd) == 1 else { return }
        throw CommandFailure(
            message: "\(path): \(option) cannot write here: a terminal; the simulator draws on it",
            status: ExitStatus.cannotCreate)
    }
}
