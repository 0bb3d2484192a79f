/// A strict JSON (RFC 8259) reader over UTF-8 bytes, producing a `JSONValue` tree.
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

    /// Parses `bytes` as one JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses the UTF-8 text of `text` as one JSON document.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The reader's state while it walks one buffer.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    /// Where the reader is: pushed and popped around every member and element.
    var path: [JSONPath.Component] = []
    /// Reused for strings that contain escapes.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        if atEnd {
            throw failure(
                bytes.isEmpty
                    ? "the file is empty; expected a JSON value"
                    : "the file holds only whitespace; expected a JSON value")
        }
        let value = try parseValue()
        skipWhitespace()
        if !atEnd {
            throw failure("unexpected \(describeByte(at: position)) after the end of the JSON value")
        }
        return value
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard !atEnd else { throw failure("unexpected end of input; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default: throw failure("unexpected \(describeByte(at: position)); expected a value")
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONReader.maxDepth {
            throw failure("nesting deeper than \(JSONReader.maxDepth) levels")
        }
        position += 1
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var members: [JSONMember] = []
        var keys: Set<String>? = nil // built once an object grows past a handful of members
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected a key in double quotes") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeByte(at: position)); expected a key in double quotes")
            }
            let keyOffset = position
            let key = try parseString()
            path.append(.key(key))
            if keys != nil {
                if !keys!.insert(key).inserted { throw duplicate(key, at: keyOffset) }
            } else {
                if members.contains(where: { $0.key == key }) { throw duplicate(key, at: keyOffset) }
                if members.count >= 12 { keys = Set(members.map(\.key) + [key]) }
            }
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected ':' after the key") }
            guard bytes[position] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeByte(at: position)); expected ':' after the key")
            }
            position += 1
            let value = try parseValue()
            members.append(JSONMember(key: key, value: value))
            path.removeLast()
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected ',' or '}' in an object") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            default:
                throw failure("unexpected \(describeByte(at: position)); expected ',' or '}' in an object")
            }
        }
    }

    private func duplicate(_ key: String, at offset: Int) -> JSONSyntaxError {
        failure("duplicate key \(JSONText.quoted(key)) in one object", at: offset)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            path.append(.index(elements.count))
            elements.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            guard !atEnd else { throw failure("unexpected end of input; expected ',' or ']' in an array") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
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
        return JSONSyntaxError(line: line, column: column, offset: offset, path: JSONPath(path), message: message)
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
