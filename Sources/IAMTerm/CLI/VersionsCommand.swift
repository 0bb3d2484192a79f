import IAMEngine

/// `iamterm versions [PLATFORM]` (versions.md): each platform's named versions and what
/// changes at each, one line each, and what a bare name stands for.
enum VersionsCommand {
    static func main(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard arguments.count <= 1 else { throw Arguments.usage("versions takes at most one platform name") }
        var axes = VersionAxis.all
        if let name = arguments.first {
            let profile = try ProfileOption.profile(name, option: "versions")
            axes = axes.filter { $0.platform == profile.platform }
        }
        let out = LineWriter.standardOutput()
        for line in lines(axes) { try out.write(line) }
        try out.close()
        return ExitStatus.ok
    }

    static func lines(_ axes: [VersionAxis]) -> [String] {
        var lines: [String] = []
        for axis in axes {
            if !lines.isEmpty { lines.append("") }
            lines += ExploreReport.wrap(
                "\(axis.platform): versions \(axis.known); \(axis.platform) alone is \(axis.bare)", 80, indent: "")
            let width = axis.named.map { $0.version.description.count }.max() ?? 0
            for (version, change) in axis.named {
                let head =
                    "  " + (axis.platform + "@" + version.description).padded(axis.platform.count + 1 + width) + "  "
                let wrapped = ExploreReport.wrap(change, 80, indent: String(repeating: " ", count: head.count))
                for (index, line) in wrapped.enumerated() {
                    lines.append(index == 0 ? head + line.dropFirst(head.count) : line)
                }
            }
        }
        return lines
    }
}
