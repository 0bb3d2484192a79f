import Foundation
import IAMEngine
import IAMReport
import IAMScenario
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG parsed with Foundation's XMLParser: every element with its attributes and its
/// enclosing lane id, or the parser's error.
final class ParsedSVG: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var lane: String?
        /// The element's own text (for `text`: what it shows; for `title`: the hover text).
        var text = ""
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    private(set) var elements: [Element] = []
    private(set) var error: Error?
    private var laneStack: [String?] = []
    private var open: [Int] = []
    private(set) var texts: [String] = []
    private var text = ""

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? ParseFailed() }
    }

    struct ParseFailed: Error {}

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let lane = attributes["id"].flatMap { $0.hasPrefix("lane-") ? String($0.dropFirst(5)) : nil }
        laneStack.append(lane ?? laneStack.last ?? nil)
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes, lane: laneStack.last ?? nil))
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        laneStack.removeLast()
        if let index = open.popLast() { elements[index].text = text }
        if !text.isEmpty { texts.append(text) }
        text = ""
    }

    func with(class name: String) -> [Element] { elements.filter { $0.classes.contains(name) } }
}

enum RSVG {
    static let path: String? = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Renders `svg` to PNG; returns the exit status, what it said on standard error and the PNG's size.
    static func render(_ svg: String) throws -> (status: Int32, stderr: String, png: Int) {
        let dir = FileManager.default.temporaryDirectory
        let input = dir.appendingPathComponent("iamterm-svg-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).svg")
        let output = input.deletingPathExtension().appendingPathExtension("png")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        try svg.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = [input.path, "-o", output.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        return (process.terminationStatus, message, size)
    }
}
