import IAMRender

/// How one role looks: colours (-1 is the terminal's default) plus attributes.
public struct RoleStyle: Hashable, Sendable {
    public var foreground: Int16
    public var background: Int16
    public var attributes: TextAttributes

    public init(_ foreground: Int16 = -1, on background: Int16 = -1, _ attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// The role → look table for each colour capability. Most roles keep the terminal's own
/// background so the screen reads well on dark and light themes and on a projector; message
/// overlays, buttons and bars get a background so they stand out from the app underneath.
public enum Palette {
    package static func style(for role: StyleRole, _ support: ColorSupport) -> RoleStyle {
        switch support {
        case .colors256: return xterm256(role)
        case .colors8: return ansi8(role)
        case .none: return monochrome(role)
        }
    }

    // xterm-256 indices: 16 black, 231 white, 232-255 greys, the rest a 6×6×6 cube.
    private static func xterm256(_ role: StyleRole) -> RoleStyle {
        switch role {
        case .normal: RoleStyle()
        case .muted: RoleStyle(245)
        case .accent: RoleStyle(39)
        case .title: RoleStyle(81, on: -1, .bold)
        case .frame: RoleStyle(67)
        case .device: RoleStyle(250)
        case .home: RoleStyle(108)
        case .keyboard: RoleStyle(252, on: 238)
        case .message: RoleStyle(255, on: 24)
        case .messageHeader: RoleStyle(229, on: 24, .bold)
        case .button: RoleStyle(16, on: 117)
        case .close: RoleStyle(217, on: 24, .bold)
        case .image: RoleStyle(180, on: 24)
        case .warning: RoleStyle(214)
        case .error: RoleStyle(203, on: -1, .bold)
        case .success: RoleStyle(114)
        case .selected: RoleStyle(231, on: 31)
        case .keyBar: RoleStyle(252, on: 237)
        case .prompt: RoleStyle(16, on: 222)
        case .traceShown: RoleStyle(114)
        case .traceDropped: RoleStyle(209)
        case .traceReturned: RoleStyle(179)
        case .traceEvent: RoleStyle(75)
        case .traceInfo: RoleStyle(246)
        }
    }

    // ANSI: 0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white.
    private static func ansi8(_ role: StyleRole) -> RoleStyle {
        switch role {
        case .normal: RoleStyle()
        case .muted: RoleStyle(-1, on: -1, .dim)
        case .accent: RoleStyle(6)
        case .title: RoleStyle(6, on: -1, .bold)
        case .frame: RoleStyle(4)
        case .device: RoleStyle(7)
        case .home: RoleStyle(2)
        case .keyboard: RoleStyle(0, on: 7)
        case .message: RoleStyle(7, on: 4)
        case .messageHeader: RoleStyle(3, on: 4, .bold)
        case .button: RoleStyle(0, on: 6)
        case .close: RoleStyle(7, on: 4, .bold)
        case .image: RoleStyle(6, on: 4)
        case .warning: RoleStyle(3)
        case .error: RoleStyle(1, on: -1, .bold)
        case .success: RoleStyle(2)
        case .selected: RoleStyle(0, on: 6)
        case .keyBar: RoleStyle(0, on: 7)
        case .prompt: RoleStyle(0, on: 3)
        case .traceShown: RoleStyle(2)
        case .traceDropped: RoleStyle(1)
        case .traceReturned: RoleStyle(3)
        case .traceEvent: RoleStyle(6)
        case .traceInfo: RoleStyle(-1, on: -1, .dim)
        }
    }

    // Without colour, attributes alone keep the roles apart: overlays and bars in reverse,
    // emphasis in bold, secondary text dim, interactive things underlined.
    private static func monochrome(_ role: StyleRole) -> RoleStyle {
        switch role {
        case .normal, .frame, .device, .home, .traceEvent: RoleStyle()
        case .muted, .traceInfo, .keyboard: RoleStyle(-1, on: -1, .dim)
        case .accent, .success, .traceShown: RoleStyle(-1, on: -1, .bold)
        case .title: RoleStyle(-1, on: -1, [.bold, .underline])
        case .message, .image: RoleStyle(-1, on: -1, .reverse)
        case .messageHeader, .close: RoleStyle(-1, on: -1, [.reverse, .bold])
        case .button: RoleStyle(-1, on: -1, [.reverse, .bold, .underline])
        case .warning, .traceReturned: RoleStyle(-1, on: -1, .underline)
        case .error, .traceDropped: RoleStyle(-1, on: -1, [.bold, .underline])
        case .selected, .keyBar: RoleStyle(-1, on: -1, .reverse)
        case .prompt: RoleStyle(-1, on: -1, [.reverse, .underline])
        }
    }
}
