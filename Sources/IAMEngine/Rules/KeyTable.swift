/// T6's index for named keys, looked up with a cheap hash of the name's bytes rather than the
/// standard library's seeded one (which was a sixth of an event's cost).
///
/// Only ASCII names are hashed here: Swift compares strings by canonical equivalence, and a
/// non-ASCII name may equal an ASCII one (the Kelvin sign and `K`), so a set holding one, or an
/// event naming one, is answered by `TriggerSet`'s dictionary. The table is open-addressed with
/// linear probing; it is not built when some run of occupied slots would be longer than
/// `maxCluster`, so a scenario whose names collide on purpose costs a bounded probe per event.
struct KeyTable: Sendable {
    static let maxCluster = 32

    /// Eight bytes, so that a probe reads one cache line of slots in a large table.
    private struct Slot: Sendable {
        /// The hash's upper half: most names that are not the one sought differ here.
        var tag: UInt32 = 0
        /// Index into `entries` + 1; 0 is an empty slot.
        var entry: Int32 = 0
    }

    private struct Entry: Sendable {
        var kind: Event.Kind
        var name: String
        var run: TriggerSet.Run
    }

    private var slots: [Slot]
    private var entries: [Entry] = []
    private var mask: Int

    /// `nil` when a name is not ASCII or the names cluster (see above).
    init?(_ named: [(key: TriggerSet.Key, run: TriggerSet.Run)]) {
        var capacity = 8
        // At most a quarter full: short clusters, and absent names (most events) stop early.
        while capacity < named.count * 4 { capacity *= 2 }
        slots = Array(repeating: Slot(), count: capacity)
        mask = capacity - 1
        entries.reserveCapacity(named.count)
        for (key, run) in named {
            guard let name = key.name, let hash = Self.hash(key.kind, name) else { return nil }
            entries.append(Entry(kind: key.kind, name: name, run: run))
            var i = Int(truncatingIfNeeded: hash) & mask
            while slots[i].entry != 0 { i = (i + 1) & mask }
            slots[i] = Slot(tag: UInt32(truncatingIfNeeded: hash >> 32), entry: Int32(entries.count))
        }
        guard Self.longestCluster(slots) <= Self.maxCluster else { return nil }
    }

    /// The run of `kind` and `name`: `.some(nil)` when the table knows there is none, `nil` when
    /// it cannot answer (a name that is not ASCII).
    func run(_ kind: Event.Kind, _ name: String) -> TriggerSet.Run?? {
        guard let hash = Self.hash(kind, name) else { return nil }
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                var i = Int(truncatingIfNeeded: hash) & mask
                while slots[i].entry != 0 {
                    if slots[i].tag == tag {
                        let entry = Int(slots[i].entry) - 1
                        if entries[entry].kind == kind, entries[entry].name == name { return entries[entry].run }
                    }
                    i = (i + 1) & mask
                }
                return .some(nil)
            }
        }
    }

    /// FNV-1a over the kind and the name's UTF-8, then a final mix; `nil` when the name is not ASCII.
    @inline(__always)
    static func hash(_ kind: Event.Kind, _ name: String) -> UInt64? {
        let seed: UInt64 =
            switch kind {
            case .open: 1
            case .purchase: 2
            case .customEvent: 3
            case .pushClick: 4
            case .iamClick: 5
            }
        let hashed = name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
            var high: UInt8 = 0
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                high |= byte
            }
            guard high < 0x80 else { return nil }
            hash ^= hash >> 33
            hash &*= 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 33
            return hash
        }
        return hashed ?? nil
    }

    /// The longest run of occupied slots, wrapping around the end.
    private static func longestCluster(_ slots: [Slot]) -> Int {
        guard let empty = slots.firstIndex(where: { $0.entry == 0 }) else { return slots.count }
        var longest = 0
        var current = 0
        for step in 1...slots.count {
            if slots[(empty + step) % slots.count].entry != 0 {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
        }
        return longest
    }
}
