/// A scenario file that cannot be loaded: the file, the JSON path and what was expected.
///
/// `description` reads like
/// `scenario.json: triggers[2].trigger_condition[0].data.property_filters[0][1].comparator: unknown comparator 42`.
/// JSON syntax errors also carry the line and column, which lead their message:
/// `scenario.json: triggers[0]: line 4, column 9: unexpected end of input; expected ',' or '}' in an object`.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// The JSON path, e.g. `triggers[2].data.btns[0].id`; `$` for the document itself.
    public var path: String
    public var message: String
    /// Set for JSON syntax errors (1-based).
    public var line: Int?
    public var column: Int?

    public init(file: String, path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "\(file): \(path): \(message)" }
}

/// Something in a scenario file that loads but probably does not do what its author meant.
public struct ScenarioWarning: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String { "\(file): \(path): warning: \(message)" }
}
