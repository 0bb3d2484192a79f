import IAMEngine

/// `iamterm profiles [NAME]`: each platform's answer to every difference (X-rows, then the
/// integration rows I2, I4, B3, B4, TS2, SC2) with its confidence (profiles.md: "show the
/// confidence wherever a profile's answer is shown").
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
        var lines = profiles.map { profile in
            let bare =
                profile.version == nil ? VersionAxis.of(profile.platform).map { ", bare name: " + $0.bareShort } : nil
            return "\(profile.name.padded(8)) \(profile.title)" + (bare ?? "")
        }
        lines.append("")
        let width = profiles.map(\.name.count).max() ?? 0
        for row in Difference.allCases {
            lines.append("\(row.id)  \(row.question)")
            for profile in profiles {
                let answer = profile.answer(row)
                lines.append("      \(profile.name.padded(width))  \(answer.summary) (\(answer.confidenceWords))")
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
            lines += ExploreReport.wrap(
                "\(profile.name) without a version: \(axis.bare); versions \(axis.known)", 80, indent: "  ")
            lines.append("(iamterm versions \(profile.name) lists them; \(profile.name)@VERSION picks one)")
            return lines
        }
        lines.append("\(profile.platform) at \(version) (known: \(axis.known))")
        let indent = String(repeating: " ", count: 8)
        for range in axis.ranges {
            let applies = range.holds(version)
            let head = "  \(range.row.padded(5)) "
            let text =
                "\(applies ? "applies" : "not at this version"): \(range.words): \(range.answer.summary)"
                + " (\(range.answer.confidenceWords))"
            lines += hanging(head, text, indent)
            lines += ExploreReport.wrap("source: \(range.source)", 80, indent: indent)
        }
        for item in axis.notModelled {
            lines += hanging("  \(item.row.padded(5)) ", "not modelled: \(item.evidence)", indent)
        }
        return lines
    }
}

extension ProfilesCommand {
    /// `head` then `text` wrapped at 80 columns, the rest of its lines under `indent`.
    static func hanging(_ head: String, _ text: String, _ indent: String) -> [String] {
        let wrapped = ExploreReport.wrap(text, 80 - head.count + indent.count, indent: indent)
        return wrapped.enumerated().map { $0.offset == 0 ? head + $0.element.dropFirst(indent.count) : $0.element }
    }
}

extension String {
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
