/// The simulation clock: monotonic wall time × speed while running, frozen while paused or held.
/// A value; the caller passes the monotonic time in, so tests control it. The one place the
/// speed and the pause live: the title bar reads them from here.
package struct SimClock: Sendable, Equatable {
    package private(set) var speed: Double
    /// Paused by the person (space, `--paused`).
    package private(set) var paused: Bool
    /// Held while a prompt, the help or another panel that waits for the person is open; the
    /// time resumes where it stood when the hold ends.
    package private(set) var held = false
    /// Whether the time stands still, for either reason.
    package var isStopped: Bool { paused || held }
    /// Simulation time at `anchorMono`.
    private(set) var anchorSim: Double
    private(set) var anchorMono: Double

    package init(speed: Double = 1, paused: Bool = false, sim: Double = 0, mono: Double) {
        self.speed = speed
        self.paused = paused
        anchorSim = sim
        anchorMono = mono
    }

    package func time(at mono: Double) -> Double {
        isStopped ? anchorSim : anchorSim + max(0, mono - anchorMono) * speed
    }

    package mutating func setPaused(_ value: Bool, at mono: Double) {
        anchorSim = time(at: mono)
        anchorMono = mono
        paused = value
    }

    /// Holds or releases the clock; a no-op when nothing changes.
    package mutating func setHeld(_ value: Bool, at mono: Double) {
        guard value != held else { return }
        anchorSim = time(at: mono)
        anchorMono = mono
        held = value
    }

    package mutating func setSpeed(_ value: Double, at mono: Double) {
        anchorSim = time(at: mono)
        anchorMono = mono
        speed = value
    }

    /// Moves the clock to `sim` now (never backwards).
    package mutating func jump(to sim: Double, at mono: Double) {
        anchorSim = max(time(at: mono), sim)
        anchorMono = mono
    }

    /// Wall seconds until simulation time `sim`; nil while stopped (it never comes by itself).
    package func wallDelay(until sim: Double, at mono: Double) -> Double? {
        guard !isStopped, speed > 0 else { return nil }
        return max(0, (sim - time(at: mono)) / speed)
    }
}
