import IAMEngine
import IAMRender
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Golden files: the grid's text, then a parallel map of style roles (one letter per cell).
/// Set `IAMTERM_RECORD=1` to (re)write them: a golden written that way fails the test, so it is
/// looked at before it counts (the next run passes). A missing golden fails the test.
enum Snapshot {
    static let directory: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path + "Snapshots/"
    }()

    static var recording: Bool { getenv("IAMTERM_RECORD").map { String(cString: $0) == "1" } ?? false }

    static let letters: [StyleRole: Character] = [
        .normal: " ", .muted: "m", .accent: "a", .title: "t", .frame: "f", .device: "d", .home: "h",
        .keyboard: "k", .message: "M", .messageHeader: "H", .button: "B", .close: "X", .image: "I",
        .warning: "w", .error: "e", .success: "s", .selected: "S", .keyBar: "K", .prompt: "p",
        .traceShown: "1", .traceDropped: "2", .traceReturned: "3", .traceEvent: "4", .traceInfo: "5",
    ]

    /// The serialized form: text, a separator, then the role map (cell for cell).
    static func serialize(_ grid: Grid) -> String {
        var roles: [String] = []
        for y in 0..<grid.height {
            var row = ""
            for x in 0..<grid.width { row.append(letters[grid[x, y].role] ?? "?") }
            while row.last == " " { row.removeLast() }
            roles.append(row)
        }
        return "\(grid.width)x\(grid.height)\n" + grid.text + "\n" + String(repeating: "=", count: 20) + " roles\n"
            + roles.joined(separator: "\n") + "\n"
    }

    static func assertMatches(_ grid: Grid, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = compare(serialize(grid), name, recording: recording) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// nil when `actual` is the golden `name`; else what is wrong. Recording writes a golden that
    /// differs (or is missing) and is a failure too, so it is looked at before it counts.
    static func compare(_ actual: String, _ name: String, in directory: String = directory, recording: Bool)
        -> String?
    {
        let path = directory + name + ".txt"
        let expected = readFile(path)
        if recording, expected != actual {
            writeFile(path, actual)
            return "recorded golden \(name).txt; look at its diff, then run again without IAMTERM_RECORD"
        }
        guard let expected else { return "missing golden \(name).txt; run with IAMTERM_RECORD=1 to write it" }
        guard expected != actual else { return nil }
        writeFile(directory + name + ".actual.txt", actual)
        return "snapshot \(name) differs; see \(name).actual.txt\n\(firstDifference(expected, actual))"
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let la = a.split(separator: "\n", omittingEmptySubsequences: false)
        let lb = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(la.count, lb.count) {
            let x = i < la.count ? String(la[i]) : "<none>"
            let y = i < lb.count ? String(lb[i]) : "<none>"
            if x != y { return "line \(i + 1):\n expected: \(x)\n   actual: \(y)" }
        }
        return ""
    }

    static func readFile(_ path: String) -> String? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeFile(_ path: String, _ text: String) {
        var dir = path
        while let last = dir.last, last != "/" { dir.removeLast() }
        mkdir(dir, 0o755)
        guard let f = fopen(path, "wb") else {
            Issue.record("cannot write \(path)")
            return
        }
        let bytes = Array(text.utf8)
        _ = fwrite(bytes, 1, bytes.count, f)
        fclose(f)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

@Suite("Snapshots: record mode fails")
struct SnapshotModeTests {
    @Test("recording a new or changed snapshot fails; the next run passes; a changed grid fails with its diff")
    func recordFails() throws {
        let dir = "/tmp/iamterm-snapshot-\(getpid())/"
        mkdir(dir, 0o755)
        unlink(dir + "s.txt")
        #expect(
            Snapshot.compare("x\n", "s", in: dir, recording: false)
                == "missing golden s.txt; run with IAMTERM_RECORD=1 to write it")
        #expect(
            Snapshot.compare("x\n", "s", in: dir, recording: true)
                == "recorded golden s.txt; look at its diff, then run again without IAMTERM_RECORD")
        #expect(Snapshot.compare("x\n", "s", in: dir, recording: false) == nil)
        #expect(
            Snapshot.compare("y\n", "s", in: dir, recording: false)
                == "snapshot s differs; see s.actual.txt\nline 1:\n expected: x\n   actual: y")
        #expect(Snapshot.readFile(dir + "s.actual.txt") == "y\n")
    }
}
