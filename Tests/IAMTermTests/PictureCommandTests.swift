import Foundation
import Testing

/// `iamterm run --format svg` on the command line: standard output or `--output`, zoom flags.
@Suite("iamterm run --format svg")
struct PictureCommandTests {
    @Test("the picture goes to standard output, or the same bytes to --output PATH")
    func outputs() throws {
        let stdout = try BinaryRunner.run(["run", "--demo", "--format", "svg"])
        #expect(stdout.status == 0)
        #expect(stdout.stdout.hasPrefix("<?xml"))
        #expect(stdout.stdout.hasSuffix("</svg>\n"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("iamterm-\(getpid()).svg").path
        defer { unlink(path) }
        let file = try BinaryRunner.run(["run", "--demo", "--format", "svg", "--output", path])
        #expect(file.status == 0 && file.stdout.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == stdout.stdout)
    }

    @Test("--from/--to: zoom the picture; nonsense is a usage error (64)")
    func zoomFlags() throws {
        let zoomed = try BinaryRunner.run(["run", "--demo", "--format", "svg", "--from", "30", "--to", "60"])
        #expect(zoomed.status == 0)
        #expect(zoomed.stdout.contains("30 s to 1:00"))
        #expect(try BinaryRunner.run(["run", "--demo", "--format", "svg", "--from", "60", "--to", "30"]).status == 64)
        #expect(try BinaryRunner.run(["run", "--demo", "--from", "3"]).status == 64)
        #expect(try BinaryRunner.run(["run", "--demo", "--format", "png"]).status == 64)
    }

    @Test("--output where no file can be created: exit 73 (EX_CANTCREAT) and a message, before the run")
    func unwritable() throws {
        let result = try BinaryRunner.run(["run", "--demo", "--format", "svg", "--output", "/nonexistent/dir/x.svg"])
        #expect(result.status == 73)
        #expect(
            result.stderr
                == "iamterm: /nonexistent/dir/x.svg: --output cannot create a file in /nonexistent/dir: No such file or directory\n"
        )
    }
}
