import IAMEngine

/// Simulation time in seconds to a tenth ("64.8"): the title bar and the trace panel use this
/// one form, so the same moment reads the same in both (and in the status line).
package func formatTime(_ t: Double) -> String {
    let tenths = roundInt(t * 10)
    return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
}

/// A duration to one decimal: "17.5".
func formatSeconds(_ s: Double) -> String {
    // Up to the next tenth (a countdown never shows 0.0 while time is left), minus float noise.
    let tenths = ceilInt(max(0, s) * 10 - 1e-6)
    return "\(tenths / 10).\(tenths % 10)"
}

/// The wait for `next`: `in 2.0 s`, or `after 0.0 s` where the trigger passes only after that
/// instant, not at it (a strict window's start, X17): never "ready" while the engine holds it.
func countdownWords(_ next: NextAllowed, now: Double) -> String {
    (next.after ? "after " : "in ") + formatSeconds(next.at - now) + " s"
}

/// A duration in whole seconds, rounded up: "18". Summaries use it so that they change once a
/// second, not every tenth; the precise countdown is shown once, in NEXT TRIGGER ALLOWED.
func formatWholeSeconds(_ s: Double) -> String {
    String(ceilInt(max(0, s) - 1e-6))
}

/// "×0.25", "×1", "×16".
package func formatSpeed(_ speed: Double, ascii: Bool) -> String {
    let x = ascii ? "x" : "×"
    if Double(floorInt(speed)) == speed { return x + String(Int(speed)) }
    var s = String(speed)
    while s.hasSuffix("0") { s.removeLast() }
    return x + s
}

// Rounding without libm: the renderer links no C maths library.
@inline(__always) func floorInt(_ x: Double) -> Int {
    guard x.isFinite else { return 0 }
    let clamped = min(max(x, -9e15), 9e15)
    let i = Int(clamped)
    return Double(i) > clamped ? i - 1 : i
}
@inline(__always) func ceilInt(_ x: Double) -> Int {
    guard x.isFinite else { return 0 }
    let clamped = min(max(x, -9e15), 9e15)
    let i = Int(clamped)
    return Double(i) < clamped ? i + 1 : i
}
@inline(__always) func roundInt(_ x: Double) -> Int { floorInt(x + 0.5) }
