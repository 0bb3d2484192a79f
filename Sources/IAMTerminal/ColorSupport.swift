import IAMRender

/// How many colours the blitter may use; decided once at start-up.
public enum ColorSupport: Hashable, Sendable {
    /// No colour: roles are told apart by bold, dim, reverse and underline.
    case none
    /// The eight ANSI colours.
    case colors8
    /// The xterm 256-colour palette.
    case colors256

    /// The policy in one place: `NO_COLOR` (non-empty) or `--no-color` win over the terminal;
    /// 256 colours need at least 256 colours and enough pairs, else 8 colours if the terminal
    /// has them. `colors`/`pairs` are what curses reports after `start_color`.
    public static func detect(
        hasColors: Bool, colors: Int, pairs: Int, noColorFlag: Bool,
        noColorEnvironment: String?
    ) -> ColorSupport {
        if noColorFlag { return .none }
        if let value = noColorEnvironment, !value.isEmpty { return .none }
        guard hasColors, pairs > StyleRole.allCases.count else { return .none }
        if colors >= 256 { return .colors256 }
        if colors >= 8 { return .colors8 }
        return .none
    }
}
