import IAMEngine
import IAMScenario
import IAMSimulator

#if canImport(Glibc)
    import Glibc
#endif

/// The scenario files `O` reaches in `iamterm`: the disk's, read as every input file is.
extension ScenarioFiles {
    static let disk = ScenarioFiles(
        load: { loadFromDisk(expandingHome($0)) },
        complete: { prefix in
            let expanded = expandingHome(prefix)
            guard expanded != prefix, let home = getenv("HOME").map({ String(cString: $0) }) else {
                return completeOnDisk(prefix)
            }
            // Completions keep the "~" the person typed.
            return completeOnDisk(expanded).map { $0.hasPrefix(home) ? "~" + $0.dropFirst(home.count) : $0 }
        })

    /// "~/x" is the home directory's x, as a shell would read it.
    static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }),
            !home.isEmpty
        else { return path }
        return home + path.dropFirst()
    }

    static func loadFromDisk(_ path: String) -> Result<Opened, OpenFailure> {
        let name = TraceFormat.visible(path)
        let bytes: [UInt8]
        do { bytes = try FileIO.readRegularFile(path) } catch { return .failure(OpenFailure(message: error.message)) }
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
