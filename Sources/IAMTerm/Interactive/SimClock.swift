#if canImport(Glibc)
    import Glibc
#endif

/// Seconds from CLOCK_MONOTONIC: never jumps with the wall clock.
enum Monotonic {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
    }
}
