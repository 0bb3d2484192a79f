import IAMEngine

/// A problem found while decoding: where and what. The loader adds the file name.
struct DecodeIssue: Error {
    var path: JSONPath
    var message: String
}

/// A JSON value (an entry of the file's `JSONTape`, or of a small tape of its own for what the
/// decoder makes up) with the path it was found at; typed accessors throw `DecodeIssue`s that
/// name that path and what was expected.
///
/// The path is built only when one is reported (as swift-foundation's JSON scanner rebuilds a
/// coding path only for an error): a node keeps its parent's path and its last step, and a node
/// reached by `child` only the entry the walk started at (its anchor), from which the path is
/// found again on the tape. So reading a trigger allocates no path at all.
struct Node {
    /// The step from the parent's path: none (the root, a made-up value), a member's key (its
    /// entry in the tape), or an element's index; no case holds a reference (nodes are copied often).
    enum Step {
        case none
        case key(entry: Int)
        case index(Int)
    }

    /// Arrays with more elements than this give their elements a path of their own (`elements`):
    /// a descent walks at most this many siblings of an array, whatever its length.
    static let descentLimit = 16

    /// What keeps the tape and the parent's path alive: both for a node made with `init`, none
    /// for one reached with `child` (which borrows them from the node it came from).
    private let keptTape: JSONTape?
    private let keptPath: JSONPath?
    private unowned(unsafe) let tape: JSONTape
    private let parent: BorrowedPath
    /// The value's entry in its tape.
    let entry: Int
    private let lastStep: Step
    /// For a node reached with `child`: the entry the walk started at (reached from the parent's
    /// path by `lastStep`), below which this node lies; -1 for none.
    private let anchor: Int

    init(tape: JSONTape, entry: Int, parent: JSONPath, step: Step) {
        self.keptTape = tape
        self.keptPath = parent
        self.tape = tape
        self.parent = BorrowedPath(parent)
        self.entry = entry
        self.lastStep = step
        self.anchor = -1
    }

    /// A node that borrows `tape` and `parent` from the node it is reached from.
    private init(borrowing tape: JSONTape, parent: BorrowedPath, entry: Int, step: Step, anchor: Int) {
        self.keptTape = nil
        self.keptPath = nil
        self.tape = tape
        self.parent = parent
        self.entry = entry
        self.lastStep = step
        self.anchor = anchor
    }

    /// A value the decoder makes up (or a tree kept from a file), at `path`.
    init(value: JSONValue, path: JSONPath) {
        self.init(tape: JSONTape(value: value), entry: 0, parent: path, step: .none)
    }

    var path: JSONPath {
        let reached =
            switch lastStep {
            case .none: parent.path
            case .key(let key): parent.path.appending(keyAt: key, of: tape)
            case .index(let position): parent.path.appending(.index(position))
            }
        return anchor < 0 ? reached : tape.path(from: anchor, to: entry, below: reached)
    }

    /// The value at `entry`, somewhere inside this one: no path is built (see `anchor`), and
    /// no reference counted. The node borrows this one's tape and path: it is valid while this
    /// node (or the one this was reached from) is, which is how decoders use it (a node reached
    /// while reading a trigger is used while reading it).
    func child(_ entry: Int) -> Node {
        Node(borrowing: tape, parent: parent, entry: entry, step: lastStep, anchor: anchor < 0 ? self.entry : anchor)
    }

    /// The elements of this array one by one, each a `child`; in an array longer than
    /// `descentLimit` they are given this array's path, built once, so that no descent walks
    /// a long list. The caller checked that this is an array.
    func elements(_ body: (_ index: Int, _ element: consuming Node) throws(DecodeIssue) -> Void) throws(DecodeIssue) {
        let count = tape.count(entry)
        let path = count > Self.descentLimit ? self.path : nil
        var element = entry + 1
        for position in 0..<count {
            try body(position, self.element(element, at: position, in: path))
            element = tape.end(of: element)
        }
    }

    /// Element `position` at `entry`: a `child`, or a node of its own below `path` (the path of
    /// a long array). One call site, so that `elements`' body is compiled once.
    private func element(_ entry: Int, at position: Int, in path: JSONPath?) -> Node {
        if let path { return Node(tape: tape, entry: entry, parent: path, step: .index(position)) }
        return child(entry)
    }

    /// The tape and the value's entry in it (for decoders that read long arrays off the tape).
    var place: (tape: JSONTape, entry: Int) { (tape, entry) }

    /// Whether this is the array at `entry` whose elements a `ListStream` took while the file
    /// was read (they are not on the tape).
    func isStreamed(entry: Int) -> Bool { self.entry == entry && tape.entries[entry].streamed }

    /// The value as a tree (the whole subtree for an array or object: for rare paths only).
    var value: JSONValue { tape.value(entry) }

    /// The value's kind, without building it.
    var kind: JSONTape.Kind { tape.kind(entry) }

    /// The text, when the value is a string.
    var text: String? { kind == .string ? tape.string(entry) : nil }

    /// The number, when the value is one.
    var jsonNumber: JSONNumber? { kind == .number ? tape.number(entry) : nil }

    /// The flag, when the value is `true` or `false`.
    var flag: Bool? {
        switch kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// What the value is, for messages: `the string "x"`, `an object` (see `describe`).
    @inline(never)
    var described: String {
        switch kind {
        case .array: "an array"
        case .object: "an object"
        default: describe(value)
        }
    }

    @inline(never)
    func issue(_ message: String) -> DecodeIssue { DecodeIssue(path: path, message: message) }

    /// "expected `what`, got …" at this value.
    @inline(never)
    func expected(_ what: String) -> DecodeIssue {
        issue("expected \(what), got \(described)")
    }

    var isNull: Bool { kind == .null }

    /// This object's members read by `Key` in `body` (see `MemberReader`); an error when this is
    /// not an object.
    func members<Key: SchemaKey, Result>(
        _: Key.Type, _ body: (inout MemberReader<Key>) throws(DecodeIssue) -> Result
    ) throws(DecodeIssue) -> Result {
        try tape.withView { view throws(DecodeIssue) in
            var object = try MemberReader<Key>(object: view, self)
            return try body(&object)
        }
    }

    /// Which of `Key`'s keys this object has (none when it is not an object).
    func keys<Key: SchemaKey>(_: Key.Type) -> Members<Key> {
        guard kind == .object else { return Members() }
        return tape.withView { Members($0, object: entry) }
    }

    /// Each member's key and value in file order, for maps (`assets`, `screens`, event
    /// properties...), whose keys are data, not a schema; an error when this is not an object.
    func forEachMember(_ body: (_ key: String, _ value: Node) throws(DecodeIssue) -> Void) throws(DecodeIssue) {
        guard kind == .object else { throw expected("an object") }
        let path = self.path
        var key = entry + 1
        for _ in 0..<tape.count(entry) {
            try body(tape.string(key), Node(tape: tape, entry: key + 1, parent: path, step: .key(entry: key)))
            key = tape.end(of: key + 1)
        }
    }

    /// A map's members (see `forEachMember`), in file order.
    func map() throws(DecodeIssue) -> [(key: String, node: Node)] {
        var members: [(key: String, node: Node)] = []
        try forEachMember { (key, node) throws(DecodeIssue) in members.append((key, node)) }
        return members
    }

    /// The elements of an array one by one (see `elements`); an error when this is not an array.
    func forEachElement(_ body: (_ index: Int, _ element: consuming Node) throws(DecodeIssue) -> Void)
        throws(DecodeIssue)
    {
        guard kind == .array else { throw expected("an array") }
        precondition(!tape.entries[entry].streamed, "the elements of a streamed list are not on the tape")
        try elements(body)
    }

    /// How many elements an array has.
    func elementCount() throws(DecodeIssue) -> Int {
        guard kind == .array else { throw expected("an array") }
        return tape.count(entry)
    }

    @inline(never)
    func string() throws(DecodeIssue) -> String {
        guard let text else { throw expected("a string") }
        return text
    }

    @inline(never)
    func nonEmptyString() throws(DecodeIssue) -> String {
        let text = try string()
        if text.isEmpty { throw issue("expected a non-empty string") }
        return text
    }

    /// A string; `null` and `""` read as `nil`.
    @inline(never)
    func optionalString() throws(DecodeIssue) -> String? {
        if isNull { return nil }
        let text = try string()
        return text.isEmpty ? nil : text
    }

    /// An id as Braze writes it: a string, or an integer (stringified). `null` and `""` read as `nil`.
    @inline(never)
    func optionalID() throws(DecodeIssue) -> String? {
        switch kind {
        case .null: return nil
        case .string: return text?.isEmpty == false ? text : nil
        default:
            guard let integer = jsonNumber?.integer else { throw expected("a string or integer id") }
            return String(integer)
        }
    }

    @inline(never)
    func id() throws(DecodeIssue) -> String {
        guard let id = try optionalID() else { throw issue("expected a non-empty string or integer id") }
        return id
    }

    @inline(never)
    func bool() throws(DecodeIssue) -> Bool {
        guard let flag else { throw expected("true or false") }
        return flag
    }

    @inline(never)
    func number() throws(DecodeIssue) -> Double {
        guard let number = jsonNumber else { throw expected("a number") }
        return number.value
    }

    /// A duration or a time in `unit`s: `>= 0` and below `TimeLimit.seconds` (spec §9).
    @inline(never)
    func seconds(unit: String = "seconds", perSecond: Double = 1) throws(DecodeIssue) -> Double {
        let value = try number()
        if value < 0 { throw issue("must be >= 0 \(unit); got \(JSONText.number(JSONNumber(value)))") }
        try checkTime(value, unit: unit, perSecond: perSecond)
        return value
    }

    /// Spec §9: below 10^9 simulation seconds.
    @inline(never)
    func checkTime(_ value: Double, unit: String = "seconds", perSecond: Double = 1) throws(DecodeIssue) {
        let limit = TimeLimit.seconds * perSecond
        if !(value < limit) {
            throw issue(
                "must be below \(JSONText.number(JSONNumber(limit))) \(unit) (times stay below 1e9 seconds); got \(JSONText.number(JSONNumber(value)))"
            )
        }
    }

    /// A whole number (written `30`, `30.0` or `3e1`) within ±2^53.
    @inline(never)
    func integer() throws(DecodeIssue) -> Int {
        guard let number = jsonNumber else { throw expected("an integer") }
        if let integer = number.integer, let exact = Int(exactly: integer) { return exact }
        let double = number.value
        guard let whole = JSONNumber.whole(double), whole.magnitude <= 1 << 53 else {
            throw issue("expected an integer, got \(JSONText.number(number))")
        }
        return Int(whole)
    }

    /// A string naming one of `E`'s cases, compared case-insensitively with their raw values.
    func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ what: String) throws(DecodeIssue) -> E
    where E.RawValue == String {
        try choice(Array(E.allCases), what)
    }

    /// A string naming one of `cases` in any case (see `named`).
    @inline(never)
    func choice<E: RawRepresentable>(_ cases: [E], _ what: String) throws(DecodeIssue) -> E
    where E.RawValue == String {
        let text = try string()
        if let match = Self.named(text, among: cases) { return match }
        throw issue("unknown \(what) \(JSONText.quoted(text)) (expected \(Self.list(cases.map(\.rawValue))))")
    }

    /// The one of `cases` that `text` names in any case: an ASCII spelling (all of them, in files
    /// people write) compared in place, without folding copies; anything else as `fold` (the
    /// Unicode case mapping, which can turn a non-ASCII spelling into an ASCII name) maps both.
    static func named<E: RawRepresentable<String>>(
        _ text: String, among cases: [E], fold: (String) -> String = { $0.lowercased() }
    ) -> E? {
        var ascii = text
        if let match = ascii.withUTF8({ text in cases.first { Plain.equalIgnoringCase(text, $0.rawValue) } }) {
            return match
        }
        let folded = fold(text)
        return cases.first { fold($0.rawValue) == folded }
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

/// A short rendering of a value for messages: `a string "x"`, `the number 1.5`, `an object`.
func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number): "the number \(JSONText.number(number))"
    case .string(let text):
        "the string " + JSONText.quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text)
    case .array: "an array"
    case .object: "an object"
    }
}
