import IAMEngine
import IAMScenario

#if canImport(Glibc)
    import Glibc
#endif

/// How the simulator reaches scenario files for `O` (open another scenario): loading one, and
/// completing a path typed in the prompt. A value of two functions, so reducer tests pass their
/// own; nothing is printed (the screen is curses').
struct ScenarioFiles: Sendable {
    /// The scenario in `path` and its title, or a message saying what is wrong.
    var load: @Sendable (String) -> Result<Opened, OpenFailure>
    /// Paths that complete `prefix`: entries of its directory that start with its last part
    /// (directories end with `/`), sorted.
    var complete: @Sendable (String) -> [String]

    struct OpenFailure: Error, Equatable {
        var message: String
    }

    /// A file that loaded: the scenario, the title to show, how many warnings it had, and the
    /// file as read (`S` saves the session from it).
    struct Opened: Sendable {
        var scenario: Scenario
        var title: String
        var warnings: Int
        var source: JSONValue
    }

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
                Opened(scenario: loaded.scenario, title: title, warnings: loaded.warnings.count, source: loaded.json))
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
