import IAMEngine
import IAMScenario
import IAMSimulator

#if canImport(Glibc)
    import Glibc
#endif

/// The scenario files `O` reaches in `iamterm`: the disk's, read as every input file is.
extension ScenarioFiles {
    static let disk = disk(refusing: SessionOutputs())

    /// The disk's files, but never one the session writes (`outputs`): opened as the scenario, it
    /// would be overwritten at quit by what it then holds (a `--record` of 35 steps saved as 0).
    static func disk(refusing outputs: SessionOutputs) -> ScenarioFiles {
        ScenarioFiles(
            load: { loadFromDisk(expandingHome($0), refusing: outputs) },
            complete: complete)
    }

    private static let complete: @Sendable (String) -> [String] = { prefix in
        let expanded = expandingHome(prefix)
        guard expanded != prefix, let home = getenv("HOME").map({ String(cString: $0) }) else {
            return completeOnDisk(prefix)
        }
        // Completions keep the "~" the person typed.
        return completeOnDisk(expanded).map { $0.hasPrefix(home) ? "~" + $0.dropFirst(home.count) : $0 }
    }

    /// "~/x" is the home directory's x, as a shell would read it.
    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }),
            !home.isEmpty
        else { return path }
        return home + path.dropFirst()
    }

    static func loadFromDisk(_ path: String, refusing outputs: SessionOutputs = SessionOutputs()) -> Result<
        Opened, OpenFailure
    > {
        let name = TraceFormat.visible(path)
        let bytes: [UInt8]
        do {
            bytes = try FileIO.readRegularFile(path, refusing: outputs.option(writing:))
        } catch { return .failure(OpenFailure(message: error.message)) }
        do {
            let loaded = try ScenarioLoader.load(bytes: bytes, file: name, keepingJSON: true)
            let title = loaded.scenario.name.isEmpty ? name : loaded.scenario.name
            return .success(
                Opened(
                    scenario: loaded.scenario, title: title, warnings: loaded.warnings.map(\.description),
                    source: loaded.json))
        } catch {
            return .failure(OpenFailure(message: error.description))
        }
    }

    static func completeOnDisk(_ prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let directory = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard let dir = opendir(directory.isEmpty ? "." : directory) else { return [] }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir), found.count < 200 {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", name.hasPrefix(start), !name.hasPrefix(".") || start.hasPrefix(".")
            else { continue }
            let isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            found.append(directory + name + (isDirectory ? "/" : ""))
        }
        return found.sorted()
    }
}

/// The files a simulator session writes (`--trace`, `--cast`, `--record`), which `O` must not
/// open as a scenario. An open file (the trace, the cast's temporary file) is known by its device
/// and inode from the start; a path (`--record`, the cast's final name) is looked at when `O`
/// asks, since a save may have created or replaced it since.
struct SessionOutputs: Sendable {
    var files: [(option: String, dev: UInt64, ino: UInt64)] = []
    var paths: [(option: String, path: String)] = []

    /// Notes the file open on `fd` as written by `option`.
    mutating func add(fd: Int32, option: String) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return }
        files.append((option, UInt64(info.st_dev), UInt64(info.st_ino)))
    }

    /// The option that writes the file `info` describes, if the session writes it.
    func option(writing info: stat) -> String? {
        let dev = UInt64(info.st_dev)
        let ino = UInt64(info.st_ino)
        if let file = files.first(where: { $0.dev == dev && $0.ino == ino }) { return file.option }
        for (option, path) in paths {
            var there = stat()
            if stat(path, &there) == 0, UInt64(there.st_dev) == dev, UInt64(there.st_ino) == ino { return option }
        }
        return nil
    }
}
