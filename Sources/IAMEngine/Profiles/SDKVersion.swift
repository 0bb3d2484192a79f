/// An SDK release number (versions.md): numbers compared part by part, so `6.4.2 < 6.10.0`;
/// missing parts are zeros (`7` is `7.0.0`).
public struct SDKVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var parts: [Int]

    /// `7.0.0`, `6.4.2`, `43`: one to four parts of at most six digits; `nil` otherwise.
    public init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard (1...6).contains(piece.count), piece.allSatisfy({ $0 >= "0" && $0 <= "9" }), let n = Int(piece)
            else { return nil }
            parts.append(n)
        }
        self.parts = parts
    }

    public var description: String {
        var shown = parts
        while shown.count < 3 { shown.append(0) }
        return shown.map(String.init).joined(separator: ".")
    }

    public static func == (a: SDKVersion, b: SDKVersion) -> Bool { compare(a, b) == 0 }

    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    public static func < (a: SDKVersion, b: SDKVersion) -> Bool { compare(a, b) < 0 }

    private static func compare(_ a: SDKVersion, _ b: SDKVersion) -> Int {
        for index in 0..<max(a.parts.count, b.parts.count) {
            let x = index < a.parts.count ? a.parts[index] : 0
            let y = index < b.parts.count ? b.parts[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
