import Dispatch
import IAMEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Independent pieces of work on several threads, their results in the order of the pieces
/// (issue 47): whatever the number of workers, the caller sees the same array, so what it
/// prints is the same byte for byte.
enum Parallel {
    /// The cores this machine has online (the default `--jobs`).
    static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// `body(index)` for each index below `count`, on at most `jobs` threads, each taking the
    /// next index left; `done` is called (under a lock) after each piece, with how many are done.
    static func map<Result: Sendable>(
        _ count: Int, jobs: Int, done: (Int) -> Void = { _ in }, _ body: (Int) -> Result
    ) -> [Result] {
        if jobs <= 1 || count <= 1 {
            return (0..<count).map { index in
                let result = body(index)
                done(index + 1)
                return result
            }
        }
        let next = Atomic<Int>(0)
        let results = Mutex<(done: Int, slots: [Result?])>((0, Array(repeating: nil, count: count)))
        withoutActuallyEscaping(body) { body in
            withoutActuallyEscaping(done) { done in
                let work = Work(body: body, done: done)
                DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
                    while true {
                        let index = next.add(1, ordering: .relaxed).oldValue
                        guard index < count else { return }
                        let result = work.body(index)
                        results.withLock { state in
                            state.slots[index] = result
                            state.done += 1
                            work.done(state.done)
                        }
                    }
                }
            }
        }
        return results.withLock { state in state.slots.map { $0! } }
    }

    /// A comparison's fan-out (`Fanout`) on `jobs` workers; one job: the caller's thread alone.
    static func fanout(jobs: Int) -> Fanout {
        guard jobs > 1 else { return .sequential }
        return Fanout { count, body in map(count, jobs: jobs) { body($0) } }
    }

    /// The caller's closures, handed to the workers: `body` touches nothing shared but what the
    /// caller made safe, and `done` is only called under the results' lock.
    private struct Work<Result>: @unchecked Sendable {
        let body: (Int) -> Result
        let done: (Int) -> Void
    }
}
