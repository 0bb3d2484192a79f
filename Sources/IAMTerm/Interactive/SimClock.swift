#if canImport(Glibc)
    import Glibc
#endif

/// The simulation clock: monotonic wall time × speed while running, frozen while paused.
/// A value; the caller passes the monotonic time in, so tests control it.
struct SimClock: Equatable {
    var speed: Double
    var paused: Bool
    /// Simulation time at `anchorMono`.
    private(set) var anchorSim: Double
    private(set) var anchorMono: Double

    init(speed: Double = 1, paused: Bool = false, sim: Double = 0, mono: Double) {
        self.speed = speed
        self.paused = paused
        anchorSim = sim
        anchorMono = mono
    }

    func time(at mono: Double) -> Double {
        paused ? anchorSim : anchorSim + max(0, mono - anchorMono) * speed
    }

    mutating func setPaused(_ value: Bool, at mono: Double) {
        anchorSim = time(at: mono)
        anchorMono = mono
        paused = value
    }

    mutating func setSpeed(_ value: Double, at mono: Double) {
        anchorSim = time(at: mono)
        anchorMono = mono
        speed = value
    }

    /// Moves the clock to `sim` now (never backwards).
    mutating func jump(to sim: Double, at mono: Double) {
        anchorSim = max(time(at: mono), sim)
        anchorMono = mono
    }

    /// Wall seconds until simulation time `sim`; nil while paused (it never comes by itself).
    func wallDelay(until sim: Double, at mono: Double) -> Double? {
        guard !paused, speed > 0 else { return nil }
        return max(0, (sim - time(at: mono)) / speed)
    }
}

/// Seconds from CLOCK_MONOTONIC: never jumps with the wall clock.
enum Monotonic {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
    }
}
