import IAMEngine

#if canImport(Glibc)
    import Glibc
#endif

/// The scenario files of `iamterm test PATH...` (issue 47): a file as named, a folder's `*.json`
/// files at any depth (a symbolic link to a folder is not followed, so no loop), all in path
/// order (byte order), each once; a folder that cannot be listed counts as a file that does not load.
enum SuiteFiles {
    static func collect(_ paths: [String]) throws(CommandFailure) -> [String] {
        var files: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw CommandFailure(
                    message: "\(TraceFormat.visible(path)): cannot read: \(String(cString: strerror(errno)))",
                    status: ExitStatus.noInput)
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let before = files.count
                walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, into: &files)
                if files.count == before {
                    throw CommandFailure(
                        message: "\(TraceFormat.visible(path)): no *.json file in this folder",
                        status: ExitStatus.noInput)
                }
            } else {
                files.append(path)
            }
        }
        var seen: Set<String> = []
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.filter { seen.insert($0).inserted }
    }

    private static func walk(_ folder: String, into files: inout [String]) {
        // A folder that cannot be listed is named as a file that does not load (its read fails),
        // so no part of the suite is skipped in silence.
        guard let directory = opendir(folder) else { return files.append(folder) }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path, into: &files)
            case S_IFREG where name.hasSuffix(".json"): files.append(path)
            case S_IFLNK where name.hasSuffix(".json"):
                // A link to a scenario counts (a dangling one fails to load, named); a link to a
                // folder is not followed.
                var target = stat()
                if stat(path, &target) != 0 || target.st_mode & S_IFMT != S_IFDIR { files.append(path) }
            default: break
            }
        }
    }
}
