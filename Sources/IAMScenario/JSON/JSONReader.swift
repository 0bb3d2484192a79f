/// A strict JSON (RFC 8259) reader over UTF-8 bytes.
///
/// One pass, no backtracking. It rejects, with the line, column and JSON path of the problem:
/// an empty document, malformed or truncated JSON, data after the top-level value, invalid
/// UTF-8, raw control characters in strings, lone surrogate escapes, duplicate keys in one
/// object, numbers that overflow `Double`, strings longer than `maxStringBytes`, and nesting
/// deeper than `maxDepth`. A leading UTF-8 byte-order mark is skipped.
///
/// The reader recurses once per nesting level; `maxDepth` bounds that recursion, so hostile
/// input (say 10,000 `[`) fails with an error instead of exhausting the stack.
public enum JSONReader {
    /// Deepest nesting of arrays and objects accepted (the top-level container is level 1).
    public static let maxDepth = 64
    /// Longest string accepted, in UTF-8 bytes after unescaping: 1 MiB.
    public static let maxStringBytes = 1 << 20
    /// Largest document accepted: 64 MiB (the scenario loader's own limit, which it checks
    /// first); the reader's compact form counts on it.
    public static let maxDocumentBytes = 64 << 20

    /// Parses `bytes` as one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try tape(bytes).value(0)
    }

    /// Parses the UTF-8 text of `text` as one JSON document.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// Parses `bytes` into the flat form the scenario loader decodes from; the document's
    /// value is entry 0.
    /// `sink`: takes the elements of the top-level object's arrays it asks for as each is read;
    /// those arrays are left empty on the tape (marked `streamed`).
    static func tape(_ bytes: [UInt8], sink: JSONListSink? = nil) throws(JSONSyntaxError) -> JSONTape {
        // One step a nesting level at most (see `JSONParser.path`).
        let path = UnsafeMutablePointer<JSONParser.PathStep>.allocate(capacity: maxDepth + 2)
        defer { path.deallocate() }
        let result: Result<JSONTape, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer, sink: sink, path: path)
            do throws(JSONSyntaxError) {
                if bytes.count > maxDocumentBytes {
                    throw parser.failure("a document of \(bytes.count) bytes is larger than 64 MiB", at: 0)
                }
                try parser.parseDocument()
            } catch {
                return .failure(error)
            }
            return .success(
                JSONTape(bytes: bytes, entries: parser.entries, unescaped: parser.unescaped, numbers: parser.numbers))
        }
        return try result.get()
    }
}

/// Takes the elements of some arrays of the top-level object as the reader reads them, so
/// that a long list is decoded element by element and never held on the tape whole.
protocol JSONListSink: AnyObject {
    /// Whether to take the elements of the array under the top-level key `key`; the array will
    /// be entry `arrayEntry`.
    func takes(key: UnsafeBufferPointer<UInt8>, arrayEntry: Int, parser: borrowing JSONParser) -> Bool
    /// Element `index` of that array, complete at `entry` of `parser`'s lists (which drop it
    /// once this returns: nothing may keep a tape of them).
    func element(_ entry: Int, index: Int, parser: borrowing JSONParser)
}

/// The reader's state while it walks one buffer.
struct JSONParser {
    /// Takes the elements of the arrays it asks for (see `JSONListSink`).
    var sink: JSONListSink?
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    /// Where the reader is: pushed and popped around every member and element, one step a
    /// nesting level (`pathCount` of them). A key is kept as its entry, turned into text only
    /// for an error. A buffer the caller owns, not an array: a push is then a store, with no
    /// uniqueness check, and the reader pushes for every value it reads.
    private let path: UnsafeMutablePointer<PathStep>
    private var pathCount = 0
    /// The document so far (see `JSONTape`).
    var entries: [JSONTape.Entry] = []
    var unescaped: [UInt8] = []
    var numbers: [JSONNumber] = []

    enum PathStep {
        case key(entry: Int)
        case index(Int)
    }

    /// `path`: room for `JSONReader.maxDepth + 2` steps, for as long as the parser is used.
    init(_ bytes: UnsafeBufferPointer<UInt8>, sink: JSONListSink?, path: UnsafeMutablePointer<PathStep>) {
        self.bytes = bytes
        self.sink = sink
        self.path = path
        // One value per 5–8 bytes in the files iamterm reads, so this is seldom outgrown (a
        // copy of the whole list); the pages of what stays unused are never touched. With a
        // sink the long lists never reach the tape: what stays is a small part of the file.
        entries.reserveCapacity((sink == nil ? bytes.count / 4 : bytes.count / 64) + 16)
    }

    var atEnd: Bool { position >= bytes.count }

    mutating func parseDocument() throws(JSONSyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        if atEnd {
            throw failure(
                bytes.isEmpty
                    ? "the file is empty; expected a JSON value"
                    : "the file holds only whitespace; expected a JSON value")
        }
        try parseValue()
        skipWhitespace()
        if !atEnd {
            throw failure("unexpected \(describeByte(at: position)) after the end of the JSON value")
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) {
        skipWhitespace()
        guard !atEnd else { throw failure("unexpected end of input; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            entries.append(JSONTape.Entry(kind: .true))
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            entries.append(JSONTape.Entry(kind: .false))
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            entries.append(JSONTape.Entry(kind: .null))
        default: throw failure("unexpected \(describeByte(at: position)); expected a value")
        }
    }

    private mutating func pushPath(_ step: PathStep) {
        path[pathCount] = step
        pathCount += 1
    }

    /// Fills in a container's count and end once its last element is read.
    private mutating func close(_ container: Int, count: Int) {
        entries[container].a = UInt32(count)
        entries[container].b = UInt32(entries.count)
        position += 1
        depth -= 1
    }

    /// Whether an earlier key of the object at `container` (`count` members so far) equals the
    /// key at `key`.
    private func hasKey(_ key: Int, in container: Int, count: Int) -> Bool {
        let length = entries[key].b
        let ascii = entries[key].ascii
        var member = container + 1
        for _ in 0..<count {
            // Keys of other lengths differ, unless one is not ASCII (canonical equivalence).
            let stored = entries[member]
            if stored.b == length || !ascii || !stored.ascii,
                JSONParser.keysEqual(entries, member, key, bytes: bytes, unescaped: unescaped)
            {
                return true
            }
            let value = entries[member + 1]
            member = value.kind == .array || value.kind == .object ? Int(value.b) : member + 2
        }
        return false
    }

    /// Two keys compared as Swift compares strings: bytes when both are ASCII.
    private static func keysEqual(
        _ tape: [JSONTape.Entry], _ first: Int, _ second: Int, bytes: UnsafeBufferPointer<UInt8>, unescaped: [UInt8]
    ) -> Bool {
        let a = tape[first]
        let b = tape[second]
        if a.ascii, b.ascii, a.b != b.b { return false }
        if a.ascii, b.ascii, !a.escaped, !b.escaped {
            let x = Int(a.a)
            let y = Int(b.a)
            for offset in 0..<Int(a.b) where bytes[x + offset] != bytes[y + offset] { return false }
            return true
        }
        return keyText(a, bytes: bytes, unescaped: unescaped) == keyText(b, bytes: bytes, unescaped: unescaped)
    }

    private static func keyText(_ entry: JSONTape.Entry, bytes: UnsafeBufferPointer<UInt8>, unescaped: [UInt8])
        -> String
    {
        let range = Int(entry.a)..<Int(entry.a + entry.b)
        if entry.escaped { return String(decoding: unescaped[range], as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The text of the key at entry `index` (for errors and for large objects' key sets).
    func keyText(_ index: Int) -> String { Self.keyText(entries[index], bytes: bytes, unescaped: unescaped) }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONReader.maxDepth {
            throw failure("nesting deeper than \(JSONReader.maxDepth) levels")
        }
        position += 1
    }

    private mutating func parseObject() throws(JSONSyntaxError) {
        try enterContainer()
        let container = entries.count
        entries.append(JSONTape.Entry(kind: .object))
        var count = 0
        var keys: Set<String>? = nil // built once an object grows past a handful of members
        var lengths: UInt64 = 0 // a bit for each key length (modulo 64) seen so far
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "}") {
            close(container, count: 0)
            return
        }
        while true {
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected a key in double quotes") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeByte(at: position)); expected a key in double quotes")
            }
            let keyOffset = position
            let key = entries.count
            try parseString()
            pushPath(.key(entry: key))
            if keys != nil {
                if !keys!.insert(keyText(key)).inserted { throw duplicate(keyText(key), at: keyOffset) }
            } else {
                // A key of a length no earlier key has is new, unless some key is not ASCII
                // (canonical equivalence across lengths): then every bit is set.
                let stored = entries[key]
                let bit: UInt64 = stored.ascii ? 1 << UInt64(stored.b & 63) : ~0
                if lengths & bit != 0, hasKey(key, in: container, count: count) {
                    throw duplicate(keyText(key), at: keyOffset)
                }
                lengths |= bit
                if count >= 12 { keys = allKeys(of: container, count: count + 1) }
            }
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected ':' after the key") }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeByte(at: position)); expected ':' after the key")
            }
            position += 1
            if depth == 1, let sink, takesList(at: key, sink: sink) {
                try parseArray(streamingTo: sink)
            } else {
                try parseValue()
            }
            count += 1
            pathCount -= 1
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected ',' or '}' in an object") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                close(container, count: count)
                return
            default:
                throw failure("unexpected \(describeByte(at: position)); expected ',' or '}' in an object")
            }
        }
    }

    /// The keys of the object at `container`, whose last key (of `count`) has no value yet.
    private func allKeys(of container: Int, count: Int) -> Set<String> {
        var keys: Set<String> = []
        var member = container + 1
        for _ in 0..<count {
            keys.insert(keyText(member))
            let value = member + 1
            guard value < entries.count else { break }
            let kind = entries[value].kind
            member = kind == .array || kind == .object ? Int(entries[value].b) : value + 1
        }
        return keys
    }

    private func duplicate(_ key: String, at offset: Int) -> JSONSyntaxError {
        failure("duplicate key \(JSONText.quoted(key)) in one object", at: offset)
    }

    /// Whether `sink` takes the array that follows the top-level key at entry `key`.
    private mutating func takesList(at key: Int, sink: JSONListSink) -> Bool {
        skipWhitespace()
        guard !atEnd, bytes[position] == UInt8(ascii: "[") else { return false }
        let entry = entries[key]
        let start = Int(entry.a)
        let end = start + Int(entry.b)
        if entry.escaped {
            return unescaped.withUnsafeBufferPointer {
                sink.takes(key: UnsafeBufferPointer(rebasing: $0[start..<end]), arrayEntry: entries.count, parser: self)
            }
        }
        return sink.takes(
            key: UnsafeBufferPointer(rebasing: bytes[start..<end]), arrayEntry: entries.count, parser: self)
    }

    /// An array; with a `sink`, each element is handed to it once read and then dropped.
    private mutating func parseArray(streamingTo sink: JSONListSink? = nil) throws(JSONSyntaxError) {
        skipWhitespace()
        try enterContainer()
        let container = entries.count
        entries.append(JSONTape.Entry(kind: .array))
        var count = 0
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "]") {
            close(container, count: 0)
            if sink != nil { entries[container].streamed = true }
            return
        }
        while true {
            pushPath(.index(count))
            let elementEntry = entries.count
            let textStart = unescaped.count
            let numberStart = numbers.count
            try parseValue()
            if let sink {
                sink.element(elementEntry, index: count, parser: self)
                entries.removeLast(entries.count - elementEntry)
                unescaped.removeLast(unescaped.count - textStart)
                numbers.removeLast(numbers.count - numberStart)
            }
            count += 1
            pathCount -= 1
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected ',' or ']' in an array") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                close(container, count: count)
                if sink != nil { entries[container].streamed = true }
                return
            default:
                throw failure("unexpected \(describeByte(at: position)); expected ',' or ']' in an array")
            }
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for index in 0..<count {
            guard position + index < bytes.count else {
                throw failure("unexpected end of input inside the literal \(word)")
            }
            if bytes[position + index] != start[index] {
                throw failure("unexpected \(describeByte(at: position)); expected a value (true, false or null?)")
            }
        }
        position += count
    }

    // MARK: - Errors

    /// An error at the current position (or `offset`), with the path reached so far.
    func failure(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        let components: [JSONPath.Component] = UnsafeBufferPointer(start: path, count: pathCount).map { step in
            switch step {
            case .key(let entry): .key(keyText(entry))
            case .index(let index): .index(index)
            }
        }
        return JSONSyntaxError(
            line: line, column: column, offset: offset, path: JSONPath(components), message: message)
    }

    /// `'x'` for printable ASCII, else the byte in hex.
    func describeByte(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + hex(byte)
    }

    func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0" + digits : digits
    }
}
