/// Something the engine waits on: when it falls due on its own (`nil`: never), and the keys
/// (asset URLs) under which it can be found again.
public protocol Scheduled: Sendable {
    var dueAt: Double? { get }
    /// The keys `DeadlineQueue.positions(forKey:)` finds this item by; empty for most items.
    var scheduleKeys: [String] { get }
}

extension Scheduled {
    public var scheduleKeys: [String] { [] }
}

/// Pending items in the order they were added, whose earliest due item is found without a
/// scan, so a step costs the same however many delays, downloads and waiting messages are
/// pending (issue of bounded work: the cost of a step is independent of what else waits).
///
/// Removing an item leaves a hole, so every other item keeps its position until holes
/// outnumber items and are squeezed out (amortized O(1) a removal). A min-heap of
/// (due time, position) finds the earliest; it is cleaned at its top only, so its top is
/// always a live item. Ties go to the earlier position, that is, to the item added first.
public struct DeadlineQueue<Element: Scheduled>: Sendable {
    private var slots: [Element?] = []
    private var heap: [Entry] = []
    /// Key → positions added under it, in increasing order; dead positions are skipped.
    private var index: [String: [Int]] = [:]
    /// The first live position, or `slots.count` when there is none.
    private var head = 0
    public private(set) var count = 0

    struct Entry: Sendable {
        var at: Double
        var position: Int

        func precedes(_ other: Entry) -> Bool { at < other.at || (at == other.at && position < other.position) }
    }

    public init() {}

    /// The earliest due item and its position; `nil` when no item falls due on its own.
    public var earliest: (at: Double, position: Int)? { heap.first.map { ($0.at, $0.position) } }

    /// The `limit` earliest due items, earliest first (a tie: the item added first), found by
    /// walking down the heap from its top: the cost grows with `limit` (and the holes met on
    /// the way), not with how many items are pending. Items that never fall due are left out.
    public func earliest(_ limit: Int) -> [Element] {
        var found: [Element] = []
        guard limit > 0, !heap.isEmpty else { return found }
        // The heap indices whose parents were taken: a small min-heap of its own.
        var frontier = [0]
        func precedes(_ a: Int, _ b: Int) -> Bool { heap[a].precedes(heap[b]) }
        while found.count < limit, let next = frontier.first {
            let last = frontier.removeLast()
            if !frontier.isEmpty {
                frontier[0] = last
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    var first = parent
                    if left < frontier.count, precedes(frontier[left], frontier[first]) { first = left }
                    if left + 1 < frontier.count, precedes(frontier[left + 1], frontier[first]) { first = left + 1 }
                    if first == parent { break }
                    frontier.swapAt(parent, first)
                    parent = first
                }
            }
            if let element = slots[heap[next].position] { found.append(element) }
            for child in [2 * next + 1, 2 * next + 2] where child < heap.count {
                frontier.append(child)
                var index = frontier.count - 1
                while index > 0, precedes(frontier[index], frontier[(index - 1) / 2]) {
                    frontier.swapAt(index, (index - 1) / 2)
                    index = (index - 1) / 2
                }
            }
        }
        return found
    }

    public mutating func append(_ element: Element) {
        let position = slots.count
        slots.append(element)
        count += 1
        if count == 1 { head = position }
        if let at = element.dueAt { push(Entry(at: at, position: position)) }
        for key in element.scheduleKeys { index[key, default: []].append(position) }
    }

    /// Removes and returns the item at `position` (a live position from this queue). Every
    /// other position may change afterwards; to remove several, use `remove(at:)` with a list.
    @discardableResult
    public mutating func remove(at position: Int) -> Element {
        let element = vacate(position)
        settle()
        return element
    }

    /// Removes the items at `positions` (live, distinct) and returns them in that order.
    public mutating func remove(at positions: [Int]) -> [Element] {
        let elements = positions.map { vacate($0) }
        settle()
        return elements
    }

    private mutating func vacate(_ position: Int) -> Element {
        guard let element = slots[position] else { preconditionFailure("no item at position \(position)") }
        slots[position] = nil
        count -= 1
        if position == head { head = nextLive(from: position + 1) }
        return element
    }

    /// The heap's top made live again, and the holes squeezed out once they outnumber the items.
    private mutating func settle() {
        while let top = heap.first, slots[top.position] == nil { popTop() }
        if slots.count - count > Swift.max(32, count) { compact() }
    }

    public mutating func removeAll() { self = DeadlineQueue() }

    /// The live positions of the items added under `key`, in the order they were added.
    public func positions(forKey key: String) -> [Int] {
        (index[key] ?? []).filter { slots[$0] != nil }
    }

    /// The first live position added under `key` (the oldest item found by it), or `nil`.
    public func firstPosition(forKey key: String) -> Int? {
        index[key]?.first { slots[$0] != nil }
    }

    /// Forgets `key`: the items stay, but are no longer found under it.
    public mutating func forgetKey(_ key: String) { index[key] = nil }

    private func nextLive(from start: Int) -> Int {
        var position = start
        while position < slots.count, slots[position] == nil { position += 1 }
        return position
    }

    /// Squeezes out the holes, keeping the order; the heap and the index are rebuilt for the
    /// new positions (linear, once the holes outnumber the items).
    private mutating func compact() {
        var old = DeadlineQueue()
        swap(&old, &self)
        let keys = old.index.keys
        for element in old.slots { if let element { append(element) } }
        // Keys already forgotten stay forgotten.
        index = index.filter { keys.contains($0.key) }
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}

extension DeadlineQueue: BidirectionalCollection {
    public var startIndex: Int { head }
    public var endIndex: Int { slots.count }
    public var isEmpty: Bool { count == 0 }

    public subscript(position: Int) -> Element {
        guard let element = slots[position] else { preconditionFailure("no item at position \(position)") }
        return element
    }

    public func index(after i: Int) -> Int { nextLive(from: i + 1) }

    public func index(before i: Int) -> Int {
        var position = i - 1
        while slots[position] == nil { position -= 1 }
        return position
    }
}

extension DeadlineQueue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init()
        for element in elements { append(element) }
    }
}

extension DeadlineQueue: Equatable where Element: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}
