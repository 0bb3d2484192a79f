import IAMEngine
import IAMRender
import IAMSimulator
import Testing

/// The help lays itself out for any number of keys: at the smallest screen (80×24) a key table
/// longer than one box holds goes on pages, and none is dropped.
@Suite("Help pages")
struct HelpPagesTests {
    /// The app's table with `extra` more keys (each a row of the help).
    static func legend(extra: Int) -> KeyLegend {
        let extras = (0..<extra).map { n in
            HelpRow(label: "X\(n)", action: "extra key number \(n)")
        }
        var legend = KeyBinding.legend
        // Before the App group, as a new key of the table would be.
        let at = legend.help.firstIndex { $0.label == "S" } ?? legend.help.count
        legend.help.insert(contentsOf: extras, at: at)
        return legend
    }

    /// The help's lines on every page, at 80×24.
    static func screens(_ legend: KeyLegend, ascii: Bool = false) -> [String] {
        let pages = HelpOverlay.pages(legend.help, width: 80, height: 24, ascii: ascii).count
        return (0..<pages).map { page in
            var ui = ViewState(title: "help", keys: legend)
            ui.helpVisible = true
            ui.helpPage = page
            ui.asciiOnly = ascii
            return render(engine: Fixtures.base(), ui: ui, trace: [], width: 80, height: 24).grid.text
        }
    }

    /// A row as the help draws it: the label padded to 9 cells, then the action.
    static func drawn(_ row: HelpRow) -> String {
        row.label.padding(toLength: 9, withPad: " ", startingAt: 0) + row.action
    }

    @Test("The app's own keys fit one page at 80×24, with the legend")
    func ownKeysOnePage() {
        let legend = KeyBinding.legend
        #expect(HelpOverlay.pages(legend.help, width: 80, height: 24, ascii: false).count == 1)
        let screen = Self.screens(legend)[0]
        for row in legend.help { #expect(screen.contains(Self.drawn(row)), "\(row.label) missing") }
        #expect(screen.contains("any key closes this help"))
        #expect(!screen.contains("page 1/"))
    }

    @Test("A 39th key and 40 more: every key on some page, ? help and q quit on every page", arguments: [1, 2, 40])
    func extraKeysArePaged(extra: Int) {
        let legend = Self.legend(extra: extra)
        #expect(legend.help.count == KeyBinding.legend.help.count + extra)
        let screens = Self.screens(legend)
        #expect(screens.count == (extra > 30 ? 3 : 2))
        for row in legend.help {
            let pages = screens.filter { $0.contains(Self.drawn(row)) }.count
            #expect(pages == (row.pinned ? screens.count : 1), "\(row.label): on \(pages) pages")
        }
        for (n, screen) in screens.enumerated() {
            #expect(screen.contains("page \(n + 1)/\(screens.count) · PgDn/PgUp: next/previous page"))
            #expect(screen.contains("any other key closes this help"))
        }
        // The pinned rows are the app's `?` and `q`.
        #expect(legend.help.filter(\.pinned).map(\.label) == ["?", "q"])
    }

    @Test("Paged in ASCII too")
    func pagedASCII() {
        let legend = Self.legend(extra: 5)
        let screens = Self.screens(legend, ascii: true)
        #expect(screens.count == 2)
        #expect(screens.allSatisfy { $0.contains("q        quit (also Ctrl-C)") && $0.contains("?        this help") })
        #expect(screens.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }
}
