import IAMEngine

/// The timeline steps most files are made of, read straight off the tape: no node, object
/// reader or path per step. Anything this does not recognise as valid and complete (a key it
/// does not know, a value of another kind, a time out of range, an action with other keys) is
/// left to the general reading in `timeline`, which gives the same result for what is valid
/// and names the problem for what is not.
extension ScenarioDecoder {
    /// The keys a plain step may have.
    private enum PlainKey {
        case at, `do`, note, name, productID, price, properties

        init?(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 2:
                if key[0] == UInt8(ascii: "a"), key[1] == UInt8(ascii: "t") {
                    self = .at
                } else if key[0] == UInt8(ascii: "d"), key[1] == UInt8(ascii: "o") {
                    self = .do
                } else {
                    return nil
                }
            case 4:
                if Self.equal(key, "note") {
                    self = .note
                } else if Self.equal(key, "name") {
                    self = .name
                } else {
                    return nil
                }
            case 5:
                guard Self.equal(key, "price") else { return nil }
                self = .price
            case 10:
                if Self.equal(key, "properties") {
                    self = .properties
                } else if Self.equal(key, "product_id") {
                    self = .productID
                } else {
                    return nil
                }
            default: return nil
            }
        }

        static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
            guard bytes.count == text.utf8CodeUnitCount else { return false }
            let start = text.utf8Start
            for offset in 0..<bytes.count where bytes[offset] != start[offset] { return false }
            return true
        }
    }

    /// The actions a plain step may be: those of `at`, `do` and `note` alone, `customEvent` and
    /// `purchase`.
    private static func plainAction(_ name: UnsafeBufferPointer<UInt8>) -> Action? {
        switch name.count {
        case 4: return PlainKey.equal(name, "wait") ? .wait : nil
        case 5: return PlainKey.equal(name, "reset") ? .reset : nil
        case 6: return PlainKey.equal(name, "launch") ? .launch : nil
        case 7: return PlainKey.equal(name, "dismiss") ? .dismiss : nil
        case 8: return PlainKey.equal(name, "purchase") ? .purchase(productID: "", properties: [:]) : nil
        case 10:
            if PlainKey.equal(name, "background") { return .background }
            if PlainKey.equal(name, "foreground") { return .foreground }
            return nil
        case 11:
            if PlainKey.equal(name, "customEvent") { return .customEvent(name: "", properties: [:]) }
            if PlainKey.equal(name, "displayNext") { return .displayNext }
            return nil
        default: return nil
        }
    }

    /// The step at `entry` when it is plain and valid and not before `previousAt`; `nil` for the
    /// general reading to decide.
    mutating func plainStep(_ tape: JSONTape, _ entry: Int, after previousAt: Double?) -> TimelineStep? {
        tape.withView { view in plainStep(view, entry, after: previousAt) }
    }

    private mutating func plainStep(_ view: JSONTapeView, _ entry: Int, after previousAt: Double?)
        -> TimelineStep?
    {
        var at = -1
        var doName = -1
        var note = -1
        var name = -1
        var productID = -1
        var price = -1
        var properties = -1
        let plain = view.forEachPlainMember(of: entry) { key, value in
            guard let known = PlainKey(key) else { return false }
            switch known {
            case .at: at = value
            case .do: doName = value
            case .note: note = value
            case .name: name = value
            case .productID: productID = value
            case .price: price = value
            case .properties: properties = value
            }
            return true
        }
        guard plain else { return nil }

        guard at >= 0, view.kind(at) == .number else { return nil }
        let time = view.value(at)
        guard time >= 0, time < TimeLimit.seconds else { return nil }
        if let previousAt, time < previousAt { return nil }

        var noteText: String?
        if note >= 0 {
            switch view.kind(note) {
            case .null: break
            case .string: noteText = view.string(note)
            default: return nil
            }
        }

        guard doName >= 0, view.kind(doName) == .string, view.entries[doName].ascii,
            let action = Self.plainAction(view.text(doName))
        else { return nil }
        switch action {
        case .customEvent:
            guard productID < 0, price < 0, let event = plainName(view, name),
                let properties = plainProperties(view, properties)
            else { return nil }
            return TimelineStep(at: time, action: .customEvent(name: event, properties: properties), note: noteText)
        case .purchase:
            guard name < 0, let product = plainName(view, productID),
                price < 0 || view.kind(price) == .number || view.kind(price) == .null,
                let properties = plainProperties(view, properties)
            else { return nil }
            return TimelineStep(at: time, action: .purchase(productID: product, properties: properties), note: noteText)
        default:
            guard name < 0, productID < 0, price < 0, properties < 0 else { return nil }
            return TimelineStep(at: time, action: action, note: noteText)
        }
    }

    /// A required non-empty string, shared with the steps that spell it alike.
    private mutating func plainName(_ view: JSONTapeView, _ entry: Int) -> String? {
        guard entry >= 0, view.kind(entry) == .string, view.entries[entry].b > 0 else { return nil }
        return shared.name(view, entry)
    }

    /// Absent, `null` or a valid properties object.
    private mutating func plainProperties(_ view: JSONTapeView, _ entry: Int)
        -> [String: PropertyValue]?
    {
        if entry < 0 { return [:] }
        switch view.kind(entry) {
        case .null: return [:]
        case .object: return shared.properties(view, entry)
        default: return nil
        }
    }
}
