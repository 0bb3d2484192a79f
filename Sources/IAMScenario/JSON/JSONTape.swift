/// A parsed JSON document kept as one flat list of entries over the file's own bytes.
///
/// The loader decodes from this instead of a `JSONValue` tree: a tree holds a `String` for
/// every key and string and an array for every object, several times the file's size; here a
/// value is 8 bytes and its text stays in the file until the decoder asks for it.
///
/// Layout: a value is one entry; an array's elements follow its entry, and so do an object's
/// members, each as a key entry (a string) then the value's entries. A container's entry
/// holds its element count and the index just past its last descendant, so that a reader can
/// step over it.
final class JSONTape: Sendable {
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// Eight bytes: `a`, and `b` (26 bits) packed with the kind and three flags.
    struct Entry: Sendable {
        /// Strings: start of the text; numbers: the small integer, or its place in `numbers`;
        /// containers: the element (or member) count.
        var a: UInt32
        /// Bits 0–25: `b`; 26–28: the kind; 29: escaped; 30: ascii; 31: small integer.
        private var word: UInt32

        /// The largest `b`: entries and string lengths of any document the reader accepts
        /// (`JSONReader.maxDocumentBytes`) stay below it.
        static let maxB: UInt32 = (1 << 26) - 1

        init(
            kind: Kind, escaped: Bool = false, ascii: Bool = true, smallInteger: Bool = false, a: UInt32 = 0,
            b: UInt32 = 0
        ) {
            self.a = a
            word =
                b | UInt32(kind.rawValue) << 26 | (escaped ? 1 << 29 : 0) | (ascii ? 1 << 30 : 0)
                | (smallInteger ? 1 << 31 : 0)
        }

        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: word >> 26 & 7)) ?? .null }
        /// Strings: the text is in `unescaped` (it had escapes), not in the file's bytes.
        var escaped: Bool { word & 1 << 29 != 0 }
        /// Arrays: the elements were handed to a `JSONListSink` as they were read and are not
        /// on the tape (the same bit as `escaped`, which only strings use).
        var streamed: Bool {
            get { (kind == .array) && word & 1 << 29 != 0 }
            set { word = newValue ? word | 1 << 29 : word & ~(1 << 29) }
        }
        /// Strings: every byte is ASCII (keys compare byte by byte then).
        var ascii: Bool { word & 1 << 30 != 0 }
        /// Numbers: `a` is the integer itself (it fits `Int32`), not a place in `numbers`.
        var smallInteger: Bool { word & 1 << 31 != 0 }
        /// Strings: length in bytes; containers: the index just past the last descendant.
        var b: UInt32 {
            get { word & Self.maxB }
            set { word = word & ~Self.maxB | newValue }
        }
    }

    let bytes: [UInt8]
    let entries: [Entry]
    /// The text of strings that held escapes, unescaped, one after another.
    let unescaped: [UInt8]
    /// Numbers other than small integers.
    let numbers: [JSONNumber]

    init(bytes: [UInt8], entries: [Entry], unescaped: [UInt8], numbers: [JSONNumber]) {
        self.bytes = bytes
        self.entries = entries
        self.unescaped = unescaped
        self.numbers = numbers
    }

    /// A tape of `value` (for the few values the decoder makes up rather than reads).
    convenience init(value: JSONValue) {
        var entries: [Entry] = []
        var text: [UInt8] = []
        var numbers: [JSONNumber] = []
        func add(_ value: JSONValue) {
            switch value {
            case .null: entries.append(Entry(kind: .null))
            case .bool(let flag): entries.append(Entry(kind: flag ? .true : .false))
            case .number(let number):
                entries.append(Entry(kind: .number, a: UInt32(numbers.count)))
                numbers.append(number)
            case .string(let string): addString(string)
            case .array(let elements):
                let container = entries.count
                entries.append(Entry(kind: .array, a: UInt32(elements.count)))
                for element in elements { add(element) }
                entries[container].b = UInt32(entries.count)
            case .object(let members):
                let container = entries.count
                entries.append(Entry(kind: .object, a: UInt32(members.count)))
                for member in members {
                    addString(member.key)
                    add(member.value)
                }
                entries[container].b = UInt32(entries.count)
            }
        }
        func addString(_ string: String) {
            let utf8 = Array(string.utf8)
            entries.append(
                Entry(
                    kind: .string, escaped: true, ascii: utf8.allSatisfy { $0 < 0x80 }, a: UInt32(text.count),
                    b: UInt32(utf8.count)))
            text.append(contentsOf: utf8)
        }
        add(value)
        self.init(bytes: [], entries: entries, unescaped: text, numbers: numbers)
    }

    func kind(_ index: Int) -> Kind { entries[index].kind }

    /// The index just past the value at `index` and everything inside it.
    func end(of index: Int) -> Int {
        let entry = entries[index]
        switch entry.kind {
        case .array, .object: return Int(entry.b)
        default: return index + 1
        }
    }

    /// Elements of an array, members of an object.
    func count(_ index: Int) -> Int { Int(entries[index].a) }

    func string(_ index: Int) -> String {
        withUTF8(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The UTF-8 text of the string at `index`.
    func withUTF8<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let entry = entries[index]
        let start = Int(entry.a)
        let end = start + Int(entry.b)
        // Each list read where it is (a `let` of the tape): choosing one into a local first
        // would retain and release it on every read.
        if entry.escaped {
            return unescaped.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Whether the string at `index` is `text`, compared as Swift compares strings.
    func string(_ index: Int, equals text: String) -> Bool {
        let entry = entries[index]
        if !entry.ascii { return string(index) == text }
        var text = text
        return text.withUTF8 { wanted in
            guard wanted.count == Int(entry.b) else { return false }
            return withUTF8(index) { stored in
                for offset in 0..<stored.count where stored[offset] != wanted[offset] { return false }
                return true
            }
        }
    }

    /// The member named `key` of the object whose first key is entry `first` (`count`
    /// members), looking from member `from` on and then from the start: its position and its
    /// key's entry.
    func member(named wanted: UnsafeBufferPointer<UInt8>, first: Int, count: Int, from: (position: Int, entry: Int))
        -> (position: Int, entry: Int)?
    {
        bytes.withUnsafeBufferPointer { bytes in
            var position = from.position
            var entry = from.entry
            for _ in 0..<count {
                let stored = entries[entry]
                if stored.b == wanted.count {
                    if stored.escaped || !stored.ascii {
                        if string(entry) == String(decoding: wanted, as: UTF8.self) { return (position, entry) }
                    } else {
                        let start = Int(stored.a)
                        var same = true
                        for offset in 0..<wanted.count where bytes[start + offset] != wanted[offset] {
                            same = false
                            break
                        }
                        if same { return (position, entry) }
                    }
                } else if !stored.ascii, string(entry) == String(decoding: wanted, as: UTF8.self) {
                    return (position, entry)
                }
                position += 1
                if position == count {
                    position = 0
                    entry = first
                } else {
                    let value = entries[entry + 1]
                    entry = value.kind == .array || value.kind == .object ? Int(value.b) : entry + 2
                }
            }
            return nil
        }
    }

    /// Whether two strings of the document are equal, as Swift compares strings.
    func string(_ first: Int, equalsString second: Int) -> Bool {
        let a = entries[first]
        let b = entries[second]
        if !a.ascii || !b.ascii { return string(first) == string(second) }
        guard a.b == b.b else { return false }
        return withUTF8(first) { x in
            withUTF8(second) { y in
                for offset in 0..<x.count where x[offset] != y[offset] { return false }
                return true
            }
        }
    }

    /// `path` (the path of the value at `anchor`) and the steps down from `anchor` to `target`,
    /// a value inside it: each container's members or elements walked until the one holding
    /// `target`. For reported paths only.
    func path(from anchor: Int, to target: Int, below path: JSONPath) -> JSONPath {
        var path = path
        var at = anchor
        while at != target {
            let kind = kind(at)
            precondition(kind == .array || kind == .object, "the target lies inside the anchor")
            var child = at + 1
            var found = false
            for position in 0..<count(at) {
                let value = kind == .object ? child + 1 : child
                let end = end(of: value)
                if target < end {
                    path = path.appending(kind == .object ? .key(string(child)) : .index(position))
                    at = value
                    found = true
                    break
                }
                child = end
            }
            precondition(found, "the target lies inside the anchor")
        }
        return path
    }

    func number(_ index: Int) -> JSONNumber {
        let entry = entries[index]
        if entry.smallInteger {
            let integer = Int64(Int32(bitPattern: entry.a))
            return JSONNumber(Double(integer), integer: integer)
        }
        return numbers[Int(entry.a)]
    }

    /// The value at `index` as a tree (for what keeps or re-writes parts of a file).
    func value(_ index: Int) -> JSONValue {
        switch entries[index].kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(number(index))
        case .string: return .string(string(index))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(count(index))
            var child = index + 1
            for _ in 0..<count(index) {
                elements.append(value(child))
                child = end(of: child)
            }
            return .array(elements)
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(count(index))
            var key = index + 1
            for _ in 0..<count(index) {
                members.append(JSONMember(key: string(key), value: value(key + 1)))
                key = end(of: key + 1)
            }
            return .object(members)
        }
    }
}

/// The tape's lists as plain buffers, for the decoders that read many entries in a row (a
/// timeline of many steps): no bounds check, no reference counting per read. Valid only inside
/// `JSONTape.withView`.
struct JSONTapeView {
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    let bytes: UnsafeBufferPointer<UInt8>
    let unescaped: UnsafeBufferPointer<UInt8>
    let numbers: UnsafeBufferPointer<JSONNumber>

    @inline(__always)
    func kind(_ index: Int) -> JSONTape.Kind { entries[index].kind }

    @inline(__always)
    func count(_ index: Int) -> Int { Int(entries[index].a) }

    /// The index just past the value at `index` and everything inside it.
    @inline(__always)
    func end(of index: Int) -> Int {
        let entry = entries[index]
        switch entry.kind {
        case .array, .object: return Int(entry.b)
        default: return index + 1
        }
    }

    /// The UTF-8 text of the string at `index`.
    @inline(__always)
    func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entries[index]
        let source = entry.escaped ? unescaped : bytes
        return UnsafeBufferPointer(rebasing: source[Int(entry.a)..<Int(entry.a) + Int(entry.b)])
    }

    func string(_ index: Int) -> String { String(decoding: text(index), as: UTF8.self) }

    /// The value of the number at `index`.
    @inline(__always)
    func value(_ index: Int) -> Double {
        let entry = entries[index]
        if entry.smallInteger { return Double(Int32(bitPattern: entry.a)) }
        return numbers[Int(entry.a)].value
    }
}

extension JSONTape {
    @inline(__always)
    func withView<R, E: Error>(_ body: (JSONTapeView) throws(E) -> R) throws(E) -> R {
        try entries.withUnsafeBufferPointer { entries throws(E) in
            try bytes.withUnsafeBufferPointer { bytes throws(E) in
                try unescaped.withUnsafeBufferPointer { unescaped throws(E) in
                    try numbers.withUnsafeBufferPointer { numbers throws(E) in
                        try body(JSONTapeView(entries: entries, bytes: bytes, unescaped: unescaped, numbers: numbers))
                    }
                }
            }
        }
    }
}
