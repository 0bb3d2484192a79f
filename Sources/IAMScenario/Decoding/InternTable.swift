/// Values found again by the bytes they were made from (see `SharedStepValues`), at most `limit`
/// of them (past it, look-ups still answer for what is kept). Open addressing over a
/// power-of-two table of at least twice `limit` slots, so that a probe ends at an empty slot
/// soon; the hash is FNV-1a, cheap for the short keys held here.
struct InternTable<Value> {
    private struct Kept {
        var hash: UInt64
        var start: Int
        var count: Int
        var value: Value
    }

    /// Index into `kept` plus one; 0 is an empty slot. Made on the first insert.
    private var slots: [Int32] = []
    private var kept: [Kept] = []
    private var keyBytes: [UInt8] = []
    private let mask: Int
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        var size = 16
        while size < 2 * limit { size *= 2 }
        mask = size - 1
    }

    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The first slot to probe for `hash`: every bit of the hash stirred into the low ones (the
    /// low bits of an FNV hash depend only on the low bits of what it mixed, and numbers
    /// differ in their high bits).
    static func slot(of hash: UInt64, mask: Int) -> Int {
        var mixed = hash
        mixed ^= mixed >> 33
        mixed &*= 0xff51_afd7_ed55_8ccd
        mixed ^= mixed >> 33
        return Int(truncatingIfNeeded: mixed) & mask
    }

    /// The value kept with `hash` whose key bytes `matches` accepts, if any.
    @inline(__always)
    func value(hash: UInt64, where matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> Value? {
        if kept.isEmpty { return nil }
        return keyBytes.withUnsafeBufferPointer { keys in
            var slot = Self.slot(of: hash, mask: mask)
            while true {
                let index = Int(slots[slot])
                if index == 0 { return nil }
                let candidate = kept[index - 1]
                if candidate.hash == hash,
                    matches(UnsafeBufferPointer(rebasing: keys[candidate.start..<candidate.start + candidate.count]))
                {
                    return candidate.value
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether `limit` values are kept (an insert then keeps nothing).
    var isFull: Bool { kept.count >= limit }

    /// Keeps `value` for these bytes (not kept yet) unless the table is full.
    mutating func insert(_ value: Value, for key: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        guard !isFull else { return }
        if slots.isEmpty { slots = Array(repeating: 0, count: mask + 1) }
        var slot = Self.slot(of: hash, mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        kept.append(Kept(hash: hash, start: keyBytes.count, count: key.count, value: value))
        slots[slot] = Int32(kept.count)
        keyBytes.append(contentsOf: key)
    }
}
