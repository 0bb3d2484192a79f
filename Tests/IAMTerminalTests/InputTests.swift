import Glibc
import Testing

@testable import IAMTerminal

extension CursesSessions {
    /// Bytes a terminal would send, decoded into events through curses.
    @Suite struct InputTests {
        @Test func keysArriveDecoded() throws {
            let harness = try Harness()
            let cases: [(String, InputEvent)] = [
                ("a", .key(.character("a"))),
                ("é", .key(.character("é"))),
                ("漢", .key(.character("漢"))),
                ("\u{3}", .key(.ctrl("c"))),
                ("\r", .key(.enter)),
                ("\t", .key(.tab)),
                ("\u{7F}", .key(.backspace)),
                ("\u{1B}OA", .key(.up)),
                ("\u{1B}OB", .key(.down)),
                ("\u{1B}[5~", .key(.pageUp)),
                ("\u{1B}[6~", .key(.pageDown)),
                ("\u{1B}OH", .key(.home)),
                ("\u{1B}OF", .key(.end)),
                ("\u{1B}[1~", .key(.home)),
                ("\u{1B}[4~", .key(.end)),
                ("\u{1B}OP", .key(.function(1))),
                ("\u{1B}[Z", .key(.backTab)),
                ("\u{1B}[3~", .key(.delete)),
                ("\u{1B}[<0;11;6M", .mouse(x: 10, y: 5, button: .left)),
                ("\u{1B}[<64;1;1M", .mouse(x: 0, y: 0, button: .wheelUp)),
            ]
            for (bytes, expected) in cases {
                harness.type(bytes)
                #expect(harness.terminal.nextInput(timeout: 1) == expected, "\(bytes.debugDescription)")
            }
        }

        @Test func aLoneEscapeIsReportedAfterTheEscapeDelay() throws {
            let harness = try Harness()
            harness.type("\u{1B}")
            #expect(harness.terminal.nextInput(timeout: 1) == .key(.escape))
        }

        @Test func mouseReleasesAreSwallowed() throws {
            let harness = try Harness()
            harness.type("\u{1B}[<0;3;4m") // SGR release
            harness.type("x")
            #expect(harness.terminal.nextInput(timeout: 1) == .key(.character("x")))
        }

        @Test func timeoutReturnsNilAfterWaiting() throws {
            let harness = try Harness()
            let clock = ContinuousClock()
            let start = clock.now
            #expect(harness.terminal.nextInput(timeout: 0.08) == nil)
            let waited = start.duration(to: clock.now)
            #expect(waited >= .milliseconds(75))
            #expect(waited < .milliseconds(600))
            #expect(harness.terminal.nextInput(timeout: 0) == nil)
        }

        @Test func endOfFileEndsATimedWaitAtOnce() throws {
            let harness = try Harness()
            harness.closeInput()
            let clock = ContinuousClock()
            let start = clock.now
            #expect(harness.terminal.nextInput(timeout: 5) == nil)
            #expect(start.duration(to: clock.now) < .seconds(1))
            #expect(harness.terminal.isInputClosed)
        }

        @Test func devNullInputIsEndOfFile() throws {
            let null = open("/dev/null", O_RDWR)
            defer { close(null) }
            let terminal = try Terminal(
                options: TerminalOptions(
                    device: .custom(input: null, output: null, term: "xterm-256color", width: 80, height: 24),
                    noColorEnvironment: nil, handlesSignals: false))
            #expect(terminal.nextInput(timeout: nil) == nil)
            #expect(terminal.isInputClosed)
            terminal.restore()
        }

        @Test func closedInputEndsABlockingWaitWithoutSpinning() throws {
            let harness = try Harness()
            harness.closeInput()
            #expect(harness.terminal.nextInput(timeout: nil) == nil)
            #expect(harness.terminal.isInputClosed)
            #expect(harness.terminal.nextInput(timeout: nil) == nil)
        }
    }
}
