import IAMEngine

/// `iamterm profiles [NAME]`: each platform's answer to every difference (X1–X28) with its
/// confidence (profiles.md: "show the confidence wherever a profile's answer is shown").
enum ProfilesCommand {
    static func main(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard arguments.count <= 1 else { throw Arguments.usage("profiles takes at most one platform name") }
        let profiles: [Profile]
        if let name = arguments.first {
            let profile = try ProfileOption.profile(name, option: "profiles")
            profiles = [profile]
        } else {
            profiles = Profile.all
        }
        let out = LineWriter.standardOutput()
        // One platform asked for: what its version is, and the rows versions change (versions.md).
        let versions = arguments.isEmpty ? [] : profiles.flatMap(versionLines)
        for line in lines(profiles) + versions { try out.write(line) }
        try out.close()
        return ExitStatus.ok
    }

    static func lines(_ profiles: [Profile]) -> [String] {
        var lines = profiles.map { "\($0.name.padded(8)) \($0.title)" }
        lines.append("")
        let width = profiles.map(\.name.count).max() ?? 0
        for row in Difference.allCases {
            lines.append("\(row.id)  \(row.question)")
            for profile in profiles {
                let answer = profile.answer(row)
                lines.append("      \(profile.name.padded(width))  \(answer.summary) (\(answer.confidence.rawValue))")
            }
        }
        // 80 columns, each answer wrapped under itself.
        return lines.flatMap { CompareReport.hanging($0, width: 80) }
    }
}

extension ProfilesCommand {
    /// versions.md: which version a profile is, the version rows that decided its answers, the
    /// ones that did not apply at this version, and the rows with version ranges not modelled.
    static func versionLines(_ profile: Profile) -> [String] {
        guard let axis = VersionAxis.of(profile.platform) else { return [] }
        var lines = [""]
        guard let version = profile.version else {
            lines.append("\(profile.name) without a version: \(axis.bare); versions \(axis.known)")
            lines.append("(iamterm versions \(profile.name) lists them; \(profile.name)@VERSION picks one)")
            return lines
        }
        lines.append("\(profile.platform) at \(version) (known: \(axis.known))")
        for range in axis.ranges {
            let applies = range.holds(version)
            lines.append(
                "  \(range.row.padded(5)) \(applies ? "applies" : "not at this version"): \(range.words): "
                    + "\(range.answer.summary) (\(range.answer.confidence.rawValue))")
            lines.append("        source: \(range.source)")
        }
        for (row, evidence) in axis.notModelled {
            lines.append("  \(row.padded(5)) not modelled: \(evidence)")
        }
        return lines
    }
}

extension String {
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
