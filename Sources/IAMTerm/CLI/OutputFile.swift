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
    /// block on one), and a folder where no file can be created (exit 73).
    static func check(_ path: String, option: String, devices: Bool = false) throws(CommandFailure) -> OutputFile {
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

    /// `.NAME.PID-N.tmp` next to the target, created exclusively.
    private func createTemporary(status: Int32) throws(CommandFailure) -> (Int32, String) {
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
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
