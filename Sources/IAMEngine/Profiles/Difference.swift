/// The rows where the SDKs disagree: profiles.md's (X1–X15, revision 3's X16–X28, revision 4's
/// X29–X39 and revision 4b's X50–X53) and integration.md's where a platform's answer differs
/// (I2, I4, B3, B4, TS2, SC2). Each is one case here and one declaration in `Rows.swift`
/// (`Difference.row`): its question, each platform's answer, confidence and policy value, how
/// compare carries it across, and what a scenario must hold for it to matter; read alike by
/// the four `Profile` values, `iamterm profiles`, compare's attribution and the split view.
public enum Difference: String, Sendable, CaseIterable, Comparable {
    case x1 = "X1"
    case x2 = "X2"
    case x3 = "X3"
    case x4 = "X4"
    case x5 = "X5"
    case x6 = "X6"
    case x7 = "X7"
    case x8 = "X8"
    case x9 = "X9"
    case x10 = "X10"
    case x11 = "X11"
    case x12 = "X12"
    case x13 = "X13"
    case x14 = "X14"
    case x15 = "X15"
    case x16 = "X16"
    case x17 = "X17"
    case x18 = "X18"
    case x19 = "X19"
    case x20 = "X20"
    case x21 = "X21"
    case x22 = "X22"
    case x23 = "X23"
    case x24 = "X24"
    case x25 = "X25"
    case x26 = "X26"
    case x27 = "X27"
    case x28 = "X28"
    case x29 = "X29"
    case x30 = "X30"
    case x31 = "X31"
    case x32 = "X32"
    case x33 = "X33"
    case x34 = "X34"
    case x35 = "X35"
    case x36 = "X36"
    case x37 = "X37"
    case x38 = "X38"
    case x39 = "X39"
    // versions.md: the user.
    case x40 = "X40"
    case x41 = "X41"
    case x43 = "X43"
    case x44 = "X44"
    case x50 = "X50"
    case x51 = "X51"
    case x52 = "X52"
    case x53 = "X53"
    // The display layer, read from the SDKs' display code (docs/RULES.md, "After the hand-over").
    case x54 = "X54"
    case x55 = "X55"
    case x56 = "X56"
    case x57 = "X57"
    case x58 = "X58"
    case x59 = "X59"
    case x60 = "X60"
    case x61 = "X61"
    case x62 = "X62"
    case x63 = "X63"
    case x64 = "X64"
    case x65 = "X65"
    case x66 = "X66"
    case x67 = "X67"
    // integration.md: the app around the SDK.
    case i2 = "I2"
    case i4 = "I4"
    case b3 = "B3"
    case b4 = "B4"
    case ts2 = "TS2"
    case sc2 = "SC2"

    public var id: String { rawValue }

    /// The row's question, for people.
    public var question: String { row.question }

    /// The spec file that holds the row: `profiles.md` or `integration.md`.
    public var source: String {
        switch self {
        case .i2, .i4, .b3, .b4, .ts2, .sc2: "integration.md"
        case .x40, .x41, .x43, .x44: "versions.md"
        default: "profiles.md"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension Policies {
    /// These policies with `row` answered as `other` answers it: how compare finds which row
    /// makes two platforms part (rows without a policy, X12 and X13, change nothing).
    public func adopting(_ row: Difference, from other: Policies) -> Policies {
        var copy = self
        row.row.adopt?(&copy, other)
        return copy
    }

    /// The rows whose policy differs between the two.
    public func differences(from other: Policies) -> [Difference] {
        Difference.allCases.filter { adopting($0, from: other) != self }
    }
}
