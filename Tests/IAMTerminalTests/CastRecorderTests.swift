import Foundation
import Testing

@testable import IAMTerminal

/// The asciinema v2 writer on its own: what goes into each line.
@Suite("Cast recorder")
struct CastRecorderTests {
    /// Everything the recorder wrote, through a pipe.
    static func record(_ body: (CastRecorder) -> Void) throws -> [String] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let recorder = CastRecorder(fd: fds[1], width: 80, height: 24, term: "xterm\"quoted", timestamp: 1_700_000_000)
        body(recorder)
        close(fds[1])
        let data = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("a UTF-8 sequence cut between two writes is sent whole with the second; controls are JSON escapes")
    func utf8AcrossWrites() throws {
        let bytes = Array("a€\u{1B}[1m😀\"\\".utf8)
        let lines = try Self.record { recorder in
            recorder.output(Array(bytes[0..<3])) // "a" and two bytes of "€"
            recorder.output(Array(bytes[3...]))
            recorder.resize(width: 80, height: 24) // unchanged: no event
            recorder.resize(width: 120, height: 40)
        }
        #expect(lines.count == 4)
        #expect(
            lines[0]
                == "{\"version\":2,\"width\":80,\"height\":24,\"timestamp\":1700000000,\"env\":{\"TERM\":\"xterm\\\"quoted\"}}"
        )
        var text = ""
        for line in lines.dropFirst(1).prefix(2) {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event[1] as? String == "o")
            text += event[2] as? String ?? ""
        }
        #expect(text == "a€\u{1B}[1m😀\"\\")
        #expect(lines[1].contains("\"a\""))
        // The engine's one JSON quoting (TraceFormat.quoted): uppercase hex, as in the trace.
        #expect(lines[2].hasSuffix(#","o","€\u001B[1m😀\"\\"]"#))
        #expect(lines[3].hasSuffix(",\"r\",\"120x40\"]"))
    }

    @Test("incomplete suffixes: none for ASCII or whole sequences, the lead bytes otherwise")
    func incompleteSuffix() {
        #expect(CastRecorder.incompleteSuffix(Array("abc".utf8)) == [])
        #expect(CastRecorder.incompleteSuffix(Array("a€".utf8)) == [])
        #expect(CastRecorder.incompleteSuffix([0x61, 0xE2, 0x82]) == [0xE2, 0x82])
        #expect(CastRecorder.incompleteSuffix([0xF0, 0x9F, 0x98]) == [0xF0, 0x9F, 0x98])
        #expect(CastRecorder.incompleteSuffix([0xC3]) == [0xC3])
        #expect(CastRecorder.incompleteSuffix([]) == [])
    }
}
