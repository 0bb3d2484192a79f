import Glibc

/// Repeated timing after a warm-up: the median and the spread (min–max) of the runs.
struct Measurement {
    var name: String
    var samples: [Double] // seconds per run

    var median: Double {
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    var min: Double { samples.min() ?? 0 }
    var max: Double { samples.max() ?? 0 }
}

enum Measure {
    static func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) / 1e18
    }

    /// Runs `body` `warmup` times unmeasured, then `runs` times measured.
    static func time(_ name: String, warmup: Int = 2, runs: Int = 9, _ body: () -> Void) -> Measurement {
        for _ in 0..<warmup { body() }
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            body()
            samples.append(seconds(start.duration(to: clock.now)))
        }
        return Measurement(name: name, samples: samples)
    }
}

extension Measure {
    /// As `time`, in CPU seconds of this thread: on a shared machine (other processes taking
    /// the cores) wall time measures the queue as much as the work.
    static func cpuTime(_ name: String, warmup: Int = 1, runs: Int = 5, _ body: () -> Void) -> Measurement {
        func now() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        }
        for _ in 0..<warmup { body() }
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            body()
            samples.append(now() - start)
        }
        return Measurement(name: name, samples: samples)
    }
}

/// A row of the printed table: the figure, its spread, the budget and whether it is met.
struct Row {
    var what: String
    var value: String
    var spread: String
    var budget: String
    var met: Bool?

    static func print(_ rows: [Row]) {
        let header = Row(what: "what", value: "median", spread: "spread (min–max)", budget: "budget", met: nil)
        let all = [header] + rows
        let w0 = all.map(\.what.count).max()!
        let w1 = all.map(\.value.count).max()!
        let w2 = all.map(\.spread.count).max()!
        let w3 = all.map(\.budget.count).max()!
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: w - s.count) }
        for row in all {
            let verdict = row.met.map { $0 ? "ok" : "OVER" } ?? (row.what == "what" ? "met" : "—")
            Swift.print(
                "| \(pad(row.what, w0)) | \(pad(row.value, w1)) | \(pad(row.spread, w2)) | \(pad(row.budget, w3)) | \(verdict) |"
            )
            if row.what == "what" {
                Swift.print(
                    "|" + [w0, w1, w2, w3, 4].map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
                )
            }
        }
    }
}

/// Numbers for the table without Foundation's formatting.
func fmt(_ value: Double, _ decimals: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((value * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = abs(scaled % Int64(scale))
    guard decimals > 0 else { return String(whole) }
    let digits = String(fraction)
    return String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
}

func grouped(_ value: Double) -> String {
    let digits = String(Int64(value.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0, i % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}
