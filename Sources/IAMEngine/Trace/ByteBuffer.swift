/// The memory behind a `TraceWriter`: one allocation that grows by doubling.
///
/// The writer appends a few bytes at a time; through `[UInt8].append` each of those pays a
/// uniqueness check and a call into the generic path. Here a record checks uniqueness once
/// (`TraceWriter.append`) and writes through `ByteCursor`.
final class ByteStorage: @unchecked Sendable {
    // Unchecked: a `TraceWriter` copies its storage before writing unless it holds the only
    // reference, so no two values ever write to one storage.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for at least `needed` bytes, keeping the first `count`.
    func grow(toAtLeast needed: Int, keeping count: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// A storage of its own holding the first `count` bytes (copy on write).
    func copy(count: Int) -> ByteStorage {
        let copy = ByteStorage(capacity: capacity)
        copy.base.update(from: base, count: count)
        return copy
    }
}

/// Appends bytes to a `ByteStorage` through a pointer. Lives for one record: the writer makes
/// one over its storage, writes, and keeps `count`.
struct ByteCursor {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var count: Int
    /// Unowned: the writer that made the cursor holds the storage for the cursor's whole life
    /// (one record), and a retain and release per record is measurable.
    private unowned(unsafe) let storage: ByteStorage

    init(_ storage: ByteStorage, count: Int) {
        self.storage = storage
        base = storage.base
        capacity = storage.capacity
        self.count = count
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        storage.grow(toAtLeast: count + extra, keeping: count)
        base = storage.base
        capacity = storage.capacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// `text`'s UTF-8, from its own storage when it has one (native and small strings do).
    @inline(__always)
    mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if done == nil { for byte in text.utf8 { append(byte) } }
    }

    /// `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count times: Int) {
        guard times > 0 else { return }
        reserve(times)
        (base + count).initialize(repeating: byte, count: times)
        count += times
    }

    /// The last byte written (`count > 0`).
    var last: UInt8 { base[count - 1] }

    /// The bytes from `start` to the end.
    func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// Moves the bytes from `start` on `distance` places right and fills the gap with `byte`.
    mutating func shiftRight(from start: Int, by distance: Int, filling byte: UInt8) {
        guard distance > 0 else { return }
        reserve(distance)
        // Overlapping ranges: `copyMemory` is a memmove.
        UnsafeMutableRawPointer(base + start + distance).copyMemory(from: base + start, byteCount: count - start)
        (base + start).update(repeating: byte, count: distance)
        count += distance
    }
}
