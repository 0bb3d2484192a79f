import Testing

@testable import IAMSimulator
@testable import IAMTerm

#if canImport(Glibc)
    import Glibc
#endif

/// `O`'s files in `iamterm`: the disk's (the reducer's own tests pass their own, IAMSimulatorTests).
@Suite("Scenario files on disk")
struct ScenarioFilesDiskTests {
    @Test("O's path completion on disk: entries of the typed directory that start with the rest, directories with /")
    func completionOnDisk() throws {
        let dir = "/tmp/iamterm-complete-\(getpid())"
        mkdir(dir, 0o755)
        mkdir(dir + "/ab", 0o755)
        let file = fopen(dir + "/a.json", "w")
        fclose(file)
        defer {
            unlink(dir + "/a.json")
            rmdir(dir + "/ab")
            rmdir(dir)
        }
        #expect(ScenarioFiles.disk.complete(dir + "/a") == [dir + "/a.json", dir + "/ab/"])
        #expect(ScenarioFiles.disk.complete(dir + "/z").isEmpty)
        #expect(
            ScenarioFiles.expandingHome("~/x").hasSuffix("/x") && !ScenarioFiles.expandingHome("~/x").hasPrefix("~"))
        guard case .failure(let failure) = ScenarioFiles.disk.load(dir + "/a.json") else {
            Issue.record("an empty file loaded")
            return
        }
        #expect(!failure.message.isEmpty)
    }
}
