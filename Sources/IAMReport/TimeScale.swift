/// Simulated seconds to horizontal pixels, and the axis ticks: a "nice" step (1, 2, 5 × 10^n
/// seconds, or whole minutes) that gives about one labelled tick per 100 px.
struct TimeScale {
    let from: Double
    let to: Double
    let left: Double
    let width: Double

    /// The plot is 16 px a second, at least 900 px and at most `maximumWidth` wide: the whole
    /// picture is at most 1,600 px, so on a slide (1,600 px or so) its text keeps its size.
    static func fitting(from: Double, to: Double, left: Double) -> TimeScale {
        let span = max(to - from, 0.001)
        return TimeScale(from: from, to: from + span, left: left, width: min(maximumWidth, max(900, span * 16)))
    }

    static let maximumWidth = 1330.0

    func x(_ t: Double) -> Double { left + (min(max(t, from), to) - from) / (to - from) * width }

    /// The time at horizontal pixel `x`.
    func t(_ x: Double) -> Double { from + (x - left) / width * (to - from) }

    func contains(_ t: Double) -> Bool { t >= from && t <= to }

    var step: Double {
        let target = (to - from) / max(1, (width / 100).rounded(.down))
        let candidates: [Double] = [
            0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
            14400, 28800, 86400,
        ]
        return candidates.first { $0 >= target } ?? (target / 86400).rounded(.up) * 86400
    }

    var ticks: [Double] {
        let step = self.step
        var t = (from / step).rounded(.up) * step
        var ticks: [Double] = []
        while t <= to + step * 1e-9, ticks.count < 200 {
            ticks.append(t)
            t += step
        }
        return ticks
    }

    /// `42 s`, `1.5 s`, `2:30` (minutes from a minute on), `1:02:30` (hours).
    static func label(_ t: Double) -> String {
        if t < 60 {
            let tenths = (t * 100).rounded() / 100
            return (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)) + " s"
        }
        let whole = Int(t.rounded())
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":" + ss }
        return "\(m):" + ss
    }
}
