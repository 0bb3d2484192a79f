import IAMTestSupport
import Testing

@testable import IAMEngine

/// The engine's pending delays, downloads and waiting messages live in `DeadlineQueue`s: each
/// must answer as the plain list it replaces (earliest due, first added on a tie; the order of
/// iteration; the items found by key), whatever mix of adds and removals came before.
@Suite("Deadline queues against a plain list")
struct DeadlineQueueTests {
    struct Item: Scheduled, Equatable {
        var name: Int
        var dueAt: Double?
        var scheduleKeys: [String]
    }

    /// The plain list's answer: the first item with the smallest due time.
    static func earliest(_ list: [Item]) -> (at: Double, name: Int)? {
        var best: (at: Double, name: Int)?
        for item in list {
            if let at = item.dueAt, best == nil || at < best!.at { best = (at, item.name) }
        }
        return best
    }

    @Test("10,000 random adds and removals: the same earliest, order and keys as a plain list")
    func randomOperations() {
        var rng = SeededGenerator(seed: 18)
        var queue = DeadlineQueue<Item>()
        var list: [Item] = []
        var name = 0
        let keys = ["a", "b", "c"]
        for step in 0..<10_000 {
            // Grow for the first half, then shrink, so the queue both fills and empties.
            let add = list.isEmpty || Int.random(in: 0..<10, using: &rng) < (step < 5_000 ? 6 : 3)
            if add {
                let due: Double? =
                    Int.random(in: 0..<5, using: &rng) == 0 ? nil : Double(Int.random(in: 0..<50, using: &rng))
                let item = Item(name: name, dueAt: due, scheduleKeys: keys.filter { _ in Bool.random(using: &rng) })
                name += 1
                queue.append(item)
                list.append(item)
            } else if Bool.random(using: &rng), let first = queue.earliest {
                // Remove the earliest, as the engine does when a deadline fires.
                let removed = queue.remove(at: first.position)
                #expect(removed.name == Self.earliest(list)?.name)
                list.removeAll { $0.name == removed.name }
            } else if Bool.random(using: &rng) {
                // Settle every item of one key, as a finished download does.
                let key = keys.randomElement(using: &rng)!
                let removed = queue.remove(at: queue.positions(forKey: key))
                let expected = list.filter { $0.scheduleKeys.contains(key) }
                #expect(removed.map(\.name) == expected.map(\.name))
                list.removeAll { $0.scheduleKeys.contains(key) }
            } else {
                let offset = Int.random(in: 0..<list.count, using: &rng)
                let position = queue.index(queue.startIndex, offsetBy: offset)
                #expect(queue.remove(at: position) == list.remove(at: offset))
            }
            #expect(
                queue.earliest.map { [$0.at, Double(queue[$0.position].name)] }
                    == Self.earliest(list).map { [$0.at, Double($0.name)] })
            #expect(queue.count == list.count)
            if step % 97 == 0 {
                // The side panel's first rows: the k earliest, in due order, first added on a tie.
                let k = Int.random(in: 0...12, using: &rng)
                let due = list.enumerated().filter { $0.element.dueAt != nil }
                    .sorted { ($0.element.dueAt!, $0.offset) < ($1.element.dueAt!, $1.offset) }
                #expect(queue.earliest(k).map(\.name) == due.prefix(k).map(\.element.name))
                #expect(Array(queue) == list)
                #expect(Array(queue.reversed()) == list.reversed())
            }
        }
    }

    @Test("A tie goes to the item added first, also after holes were squeezed out")
    func tieAfterCompaction() {
        var queue = DeadlineQueue<Item>()
        for name in 0..<100 { queue.append(Item(name: name, dueAt: 1, scheduleKeys: [])) }
        // Remove 80 from the front by position: the holes outnumber the items and are squeezed out.
        for _ in 0..<80 { queue.remove(at: queue.startIndex) }
        queue.append(Item(name: 100, dueAt: 1, scheduleKeys: []))
        #expect(queue[queue.earliest!.position].name == 80)
        #expect(queue.map(\.name) == Array(80...100))
    }

    @Test("Emptied by removals, a queue starts again from nothing")
    func emptied() {
        var queue: DeadlineQueue<Item> = [Item(name: 1, dueAt: 3, scheduleKeys: ["u"])]
        queue.remove(at: queue.startIndex)
        #expect(queue.isEmpty)
        #expect(queue.earliest == nil)
        #expect(queue.positions(forKey: "u").isEmpty)
        queue.append(Item(name: 2, dueAt: nil, scheduleKeys: []))
        #expect(queue.map(\.name) == [2])
        #expect(queue.earliest == nil)
    }
}
