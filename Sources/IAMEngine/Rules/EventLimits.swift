/// X43 (versions.md): the events an SDK refuses to log for their size or their values. A
/// refused event is `event_rejected` with the reason, and no trigger is evaluated (as X37).
public struct EventLimitPolicy: Sendable, Equatable {
    /// Properties whose JSON is larger than this many bytes are refused (50 KB: legacy iOS from
    /// 4.3.4, Android from 14.0.0, Web from 3.3.0, as versioned profiles); `nil`: any size is
    /// logged, as every bare name does (today's answer, so no existing trace changes).
    public var maxPropertiesBytes: Int?
    /// A property whose value is `""` is refused (Android before 2.7.0, Swift before 6.4.0).
    public var refusesEmptyStrings = false
    /// A property value starting with `$` is refused (Swift before 7.1.0).
    public var refusesDollarValues = false
    /// A purchase whose product id starts with `$` is refused (Swift before 6.6.2).
    public var refusesDollarProductID = false

    public init() {}
}

extension Event {
    /// X43: why the SDK refuses to log this event under `limits`, with the detail the trace
    /// writes, or `nil`. Only app-logged events (custom events, purchases) are checked.
    public func rejection(under limits: EventLimitPolicy) -> (reason: TraceReason, detail: String)? {
        switch kind {
        case .customEvent, .purchase: break
        case .open, .pushClick, .iamClick: return nil
        }
        if limits.refusesDollarProductID, kind == .purchase, name?.hasPrefix("$") == true {
            return (.invalidValue, "product id starts with $")
        }
        if limits.refusesEmptyStrings || limits.refusesDollarValues {
            for key in properties.keys.sorted() {
                guard case .string(let value) = properties[key] else { continue }
                if limits.refusesEmptyStrings, value.isEmpty { return (.emptyValue, "property " + key) }
                if limits.refusesDollarValues, value.hasPrefix("$") {
                    return (.invalidValue, "property \(key) starts with $")
                }
            }
        }
        if let limit = limits.maxPropertiesBytes, !properties.isEmpty, propertiesBound > limit {
            let size = propertiesSize
            if size > limit { return (.propertiesTooLarge, "\(size) bytes of properties, over \(limit)") }
        }
        return nil
    }

    /// More than the properties' JSON can take (every byte escaped as `\u00XX`, every value at its
    /// longest): only events past the limit by this bound are measured.
    var propertiesBound: Int {
        var bound = 2
        for (key, value) in properties {
            bound += 6 * key.utf8.count + 8
            switch value {
            case .string(let text), .structured(let text): bound += 6 * text.utf8.count + 2
            case .number, .bigInteger, .bool, .null: bound += 32
            case .date: bound += 48
            }
        }
        return bound
    }

    /// The size of the properties as the trace writes them (compact JSON, keys sorted).
    var propertiesSize: Int {
        let storage = ByteStorage(capacity: 256)
        var with = ByteCursor(storage, count: 0)
        with.json(self)
        var bare = self
        bare.properties = [:]
        let storageBare = ByteStorage(capacity: 64)
        var without = ByteCursor(storageBare, count: 0)
        without.json(bare)
        return with.count - without.count - #","properties":"#.utf8.count
    }
}
