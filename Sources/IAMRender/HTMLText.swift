/// A text rendering of HTML: tags dropped (block tags become line breaks), common entities decoded.
func htmlText(_ html: String) -> String {
    var out = ""
    var tag = ""
    var inTag = false
    var skipDepth = 0 // inside <script> or <style>
    for ch in html {
        if inTag {
            if ch == ">" {
                inTag = false
                let name =
                    tag.lowercased().split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "\n" }).first.map(
                        String.init) ?? ""
                let closing = tag.hasPrefix("/")
                if name == "script" || name == "style" {
                    skipDepth += closing ? -1 : 1
                    skipDepth = max(0, skipDepth)
                }
                if ["br", "p", "div", "h1", "h2", "h3", "li", "tr"].contains(name)
                    || (closing && ["p", "div", "h1", "h2", "h3"].contains(String(tag.dropFirst()).lowercased()))
                {
                    if !out.hasSuffix("\n") && !out.isEmpty { out += "\n" }
                }
                tag = ""
            } else {
                tag.append(ch)
            }
            continue
        }
        if ch == "<" {
            inTag = true
            continue
        }
        if skipDepth == 0 { out.append(ch) }
    }
    let entities = [
        ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
        ("&amp;", "&"),
    ]
    for (entity, value) in entities { out = out.replacing(entity, with: value) }
    return out
}
