/// Why a byte sequence is not an acceptable JSON document, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line; lines end at `\n`.
    public var line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// 0-based byte offset of the problem.
    public var offset: Int
    /// The JSON path the reader had reached (the member or element being read).
    public var path: JSONPath
    public var message: String

    public init(line: Int, column: Int, offset: Int, path: JSONPath, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.path = path
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(path): \(message)" }
}
