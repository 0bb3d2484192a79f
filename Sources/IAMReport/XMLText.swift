import IAMEngine

/// Text made safe for SVG (XML 1.0): controls and invisible characters shown as escapes and `\`
/// doubled (the text trace's rule, so an id holding the six characters `\u{1B}` and one holding
/// a real ESC read differently), then the five markup characters as entities. Whatever a scenario's ids hold,
/// the document stays well-formed.
package enum XMLText {
    /// `traceText`: `text` is already a line of the text trace (escaped there): only made safe.
    package static func escape(_ text: String, traceText: Bool = false) -> String {
        var out = ""
        let shown = traceText ? TraceFormat.visible(text) : TraceFormat.textField(text)
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 forbids C0 controls other than tab, LF and CR, and the two non-characters.
                let v = scalar.value
                if (v < 0x20 && v != 0x9 && v != 0xA && v != 0xD) || v == 0xFFFE || v == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// A small SVG writer: elements with escaped attributes and text, nothing else.
struct SVGWriter {
    private(set) var text = ""

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        text += "<" + name + Self.attributes(attributes) + ">\n"
    }

    mutating func close(_ name: String) { text += "</" + name + ">\n" }

    /// An element with no children, or with `content` as its escaped text, and an optional hover
    /// `title` (or `traceTitle`: a line of the text trace, escaped there already).
    mutating func element(
        _ name: String, _ attributes: [(String, String)], content: String? = nil, title: String? = nil,
        traceTitle: String? = nil
    ) {
        let title = title.map { XMLText.escape($0) } ?? traceTitle.map { XMLText.escape($0, traceText: true) }
        guard content != nil || title != nil else {
            text += "<" + name + Self.attributes(attributes) + "/>\n"
            return
        }
        text += "<" + name + Self.attributes(attributes) + ">"
        if let title { text += "<title>" + title + "</title>" }
        if let content { text += XMLText.escape(content) }
        text += "</" + name + ">\n"
    }

    mutating func raw(_ markup: String) { text += markup }

    static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " " + $0.0 + "=\"" + XMLText.escape($0.1) + "\"" }.joined()
    }
}

/// Coordinates with at most two decimals: short files, stable output.
func px(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
}
