import IAMEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Independent pieces of work on several threads, their results in the order of the pieces
/// (issue 47): whatever the number of workers, the caller sees the same array, so what it
/// prints is the same byte for byte. The workers are plain threads, started here and joined
/// before `map` returns (the calling thread is one of them): their number is `jobs`, not a
/// pool's guess.
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
        return withoutActuallyEscaping(body) { body in
            withoutActuallyEscaping(done) { done in
                let shared = Shared<Result>(count: count, body: body, done: done)
                var threads: [pthread_t] = []
                for _ in 1..<min(jobs, count) {
                    let box = Unmanaged.passRetained(shared as AnyObject).toOpaque()
                    var thread = pthread_t()
                    let started = pthread_create(
                        &thread, nil,
                        { raw in
                            let shared = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue()
                            (shared as! Working).work()
                            return nil
                        }, box)
                    if started == 0 {
                        threads.append(thread)
                    } else {
                        // No thread: the others take its share.
                        Unmanaged<AnyObject>.fromOpaque(box).release()
                    }
                }
                shared.work()
                for thread in threads { pthread_join(thread, nil) }
                return shared.results()
            }
        }
    }

    /// A comparison's fan-out (`Fanout`) on `jobs` workers; one job: the caller's thread alone.
    static func fanout(jobs: Int) -> Fanout {
        guard jobs > 1 else { return .sequential }
        return Fanout { count, body in map(count, jobs: jobs) { body($0) } }
    }
}

/// What a worker thread runs.
private protocol Working: AnyObject {
    func work()
}

/// The pieces' next index, their results, and the caller's closures, shared by the workers:
/// `body` touches nothing shared but what the caller made safe, `done` is only called under
/// the results' lock, and both outlive the workers (they are joined before `map` returns).
private final class Shared<Result: Sendable>: Working, @unchecked Sendable {
    private let count: Int
    private let next = Atomic<Int>(0)
    private let state: Mutex<(done: Int, slots: [Result?])>
    private let body: (Int) -> Result
    private let done: (Int) -> Void

    init(count: Int, body: @escaping (Int) -> Result, done: @escaping (Int) -> Void) {
        self.count = count
        self.body = body
        self.done = done
        state = Mutex((0, Array(repeating: nil, count: count)))
    }

    /// Takes the next piece left until none is.
    func work() {
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            let result = body(index)
            state.withLock { state in
                state.slots[index] = result
                state.done += 1
                done(state.done)
            }
        }
    }

    func results() -> [Result] { state.withLock { state in state.slots.map { $0! } } }
}
