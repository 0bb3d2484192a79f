/// T7 (revision 2): the campaign id inside a trigger id as Braze sends it.
///
/// Braze's trigger ids are base64 of `<campaign id>_<more>` (e.g. `<campaign>_$_mv=<variation>&pi=cmp`).
/// The campaign id is the part before the first `_` of the decoding, when the id is base64 (the
/// standard alphabet, padding optional) that decodes to printable ASCII containing `_`.
public enum CampaignID {
    /// The campaign id of `id`, or `nil` when `id` is not such a base64 id.
    public static func of(_ id: String) -> String? {
        guard let decoded = decode(id), let underscore = decoded.firstIndex(of: UInt8(ascii: "_")),
            underscore > 0
        else { return nil }
        guard decoded.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return String(decoding: decoded[..<underscore], as: UTF8.self)
    }

    /// X36: the campaign part as the Android SDK reads it: `id` base64-decoded, cut before its
    /// first `_` (all of it when there is none); `nil` for a blank id or one that does not decode.
    /// A plain campaign id (`cp1`) decodes to other bytes, so it never equals itself here.
    public static func part(_ id: String) -> String? {
        guard !id.allSatisfy(\.isWhitespace), let decoded = decode(id) else { return nil }
        let text = String(decoding: decoded, as: UTF8.self)
        return String(text.prefix { $0 != "_" })
    }

    /// `of(id)`, or `id` itself: what an `iam_click` condition may name (T7).
    public static func orID(_ id: String) -> String { of(id) ?? id }

    /// Base64 (RFC 4648 §4) with or without `=` padding; `nil` for anything else (and for
    /// nothing). Also the brazeActions:// payloads' decoder (X39).
    public static func decode(_ text: String) -> [UInt8]? {
        var bytes = Array(text.utf8)
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        let padding = text.utf8.count - bytes.count
        guard !bytes.isEmpty, bytes.count % 4 != 1, padding <= 2,
            padding == 0 || (bytes.count + padding) % 4 == 0
        else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            guard let value = sextet(byte) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return out
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
