import IAMEngine

/// `iamterm profiles [NAME]`: each platform's answer to every difference (X1–X28) with its
/// confidence (profiles.md: "show the confidence wherever a profile's answer is shown").
enum ProfilesCommand {
    static func main(_ arguments: [String]) throws(CommandFailure) -> Int32 {
        guard arguments.count <= 1 else { throw Arguments.usage("profiles takes at most one platform name") }
        let profiles: [Profile]
        if let name = arguments.first {
            guard let profile = Profile.named(name) else {
                throw Arguments.usage("profiles takes \(Profile.namesList), not '\(TraceFormat.visible(name))'")
            }
            profiles = [profile]
        } else {
            profiles = Profile.all
        }
        let out = LineWriter.standardOutput()
        for line in lines(profiles) { try out.write(line) }
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

extension String {
    func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
