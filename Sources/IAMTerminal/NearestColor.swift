/// The xterm-256 palette entry nearest an RGB colour: the 6×6×6 cube (16–231) or the grey ramp
/// (232–255), whichever is closer in RGB distance. The 16 system colours are left out: terminals
/// theme them, so their RGB is not known.
enum NearestColor {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    static func xterm256(_ rgb: UInt32) -> Int16 {
        let r = Int((rgb >> 16) & 0xFF)
        let g = Int((rgb >> 8) & 0xFF)
        let b = Int(rgb & 0xFF)
        func nearestLevel(_ v: Int) -> Int {
            var best = 0
            for i in 1..<cubeLevels.count where abs(cubeLevels[i] - v) < abs(cubeLevels[best] - v) { best = i }
            return best
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        // Greys 232–255 are 8, 18, ..., 238.
        let average = (r + g + b) / 3
        let greyIndex = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + 10 * greyIndex
        func distance(_ c: (Int, Int, Int)) -> Int {
            (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
        }
        if distance((grey, grey, grey)) < distance(cube) { return Int16(232 + greyIndex) }
        return Int16(16 + 36 * ri + 6 * gi + bi)
    }
}
