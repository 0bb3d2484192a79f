import IAMReport

/// `iamterm test --junit FILE` (issue 47): JUnit XML as CI systems read it, one `testcase` per
/// file and profile (`classname` the file, `name` the profile), a file that does not load one
/// `testcase` with an `error`. No times: the report is the same whatever `--jobs`.
enum JUnitReport {
    static func xml(_ outcomes: [TestCommand.FileOutcome]) -> String {
        var cases: [String] = []
        var failures = 0
        var errors = 0
        for outcome in outcomes {
            let file = XMLText.escape(outcome.name)
            if let error = outcome.loadError {
                errors += 1
                cases.append(
                    "    <testcase classname=\"\(file)\" name=\"load\">\n"
                        + "      <error message=\"does not load\">\(XMLText.escape(error))</error>\n"
                        + "    </testcase>")
                continue
            }
            for run in outcome.runs {
                let head = "    <testcase classname=\"\(file)\" name=\"\(XMLText.escape(run.profile))\""
                if run.failures.isEmpty {
                    cases.append(head + "/>")
                    continue
                }
                failures += 1
                let text = TestCommand.lines(
                    TestCommand.FileOutcome(name: outcome.name, runs: [run])
                ).joined(separator: "\n")
                let summary = "\(run.failures.count) of \(run.checked) expectations not met"
                cases.append(
                    head + ">\n" + "      <failure message=\"\(summary)\">\(XMLText.escape(text))</failure>\n"
                        + "    </testcase>")
            }
        }
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + "<testsuites name=\"iamterm test\" \(counts)>\n"
            + "  <testsuite name=\"iamterm test\" \(counts)>\n" + cases.map { $0 + "\n" }.joined()
            + "  </testsuite>\n" + "</testsuites>\n"
    }
}
