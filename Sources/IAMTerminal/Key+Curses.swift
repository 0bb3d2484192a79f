import CNcurses
import IAMRender
import IAMSimulator

extension Key {
    /// Decodes a character returned by `get_wch` with status `OK`.
    /// Enter arrives as CR or LF, Backspace as DEL or BS depending on the terminal.
    static func fromCharacter(_ value: UInt32) -> Key {
        switch value {
        case 0x0A, 0x0D: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x08, 0x7F: return .backspace
        case 0x00: return .ctrl("@")
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(UInt8(value + 0x60))))
        case 0x1C...0x1F: return .ctrl(Character(Unicode.Scalar(UInt8(value + 0x40))))
        case 0x80...0x9F: return .unknown(Int(value))
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown(Int(value)) }
            return .character(Character(scalar))
        }
    }

    /// Decodes a function-key code returned by `get_wch` with status `KEY_CODE_YES`
    /// (not `KEY_MOUSE`/`KEY_RESIZE`, which are events rather than keys).
    static func fromKeyCode(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        default:
            let f0 = iam_key_f0()
            if code > f0 && code <= f0 + 63 { return .function(Int(code - f0)) }
            return .unknown(Int(code))
        }
    }
}
