import IAMEngine

/// Where each part of the screen goes, from the terminal size and the device.
package struct Layout: Sendable, Equatable {
    static let minWidth = 80
    static let minHeight = 24
    /// The largest area drawn: 1,000 × 500 cells (about 20 MB of grid). A larger terminal keeps
    /// the rest blank, so a 10,000 × 5,000 window costs what this does, not gigabytes.
    package static let maxWidth = 1_000
    package static let maxHeight = 500

    /// The area a terminal of `width` × `height` cells is drawn in.
    package static func drawn(width: Int, height: Int) -> (width: Int, height: Int) {
        (min(width, maxWidth), min(height, maxHeight))
    }

    package var width: Int
    package var height: Int
    /// The device frame (border included).
    package var device: Rect
    /// The side panel right of the device.
    package var panel: Rect
    /// The full-width band below a short (landscape) device, where the trace goes.
    var belowDevice: Rect?
    package var statusRow: Int { height - 2 }
    package var keyBarRow: Int { height - 1 }
    /// Where the status line starts: under the panel, or at the left below a landscape device.
    package var statusX: Int { belowDevice == nil ? panel.x : 1 }

    package static func fits(width: Int, height: Int) -> Bool { width >= minWidth && height >= minHeight }

    /// The device's frame size. It grows with the terminal while it keeps a real device's
    /// proportions (a terminal cell is about twice as tall as wide: a 9:19.5 phone in portrait
    /// is about 0.92 columns per row), and never takes the room the side panel needs. The
    /// smallest sizes are those of an 80×24 terminal.
    static func deviceSize(_ d: Device, width: Int, available: Int) -> (width: Int, height: Int) {
        let wide = width >= 100
        switch (d.kind, d.orientation) {
        case (.phone, .portrait):
            let h = available
            return (clamp(roundInt(Double(h) * 0.92), wide ? 27 : 25, width - 54), h)
        case (.tablet, .portrait):
            let h = available
            return (clamp(roundInt(Double(h) * 1.5), wide ? 35 : 31, width - 62), h)
        case (.phone, .landscape):
            // Landscape leaves rows below it for the trace, and half the width to the panel.
            let w = clamp(min(width / 2, roundInt(Double(available - 8) * 4.3)), wide ? 46 : 40, width - 40)
            return (w, min(available, max(14, roundInt(Double(w) / 4.3))))
        case (.tablet, .landscape):
            let w = clamp(min(width / 2, roundInt(Double(available - 8) * 2.67)), wide ? 54 : 44, width - 36)
            return (w, min(available, max(20, roundInt(Double(w) / 2.67))))
        }
    }

    private static func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { max(low, min(value, max(low, high))) }

    package init(width: Int, height: Int, device d: Device) {
        self.width = width
        self.height = height
        let available = height - 2 // between the title bar and the key bar
        let (w, h) = Layout.deviceSize(d, width: width, available: available)
        device = Rect(x: 0, y: 1, width: w, height: h)
        let below = Rect(x: 0, y: device.maxY, width: width, height: height - 2 - device.maxY)
        if below.height >= 6 {
            // A short (landscape) device: the panel sits beside it, the trace spans the width below.
            belowDevice = below
            panel = Rect(x: w + 2, y: 1, width: width - w - 2, height: h)
        } else {
            belowDevice = nil
            panel = Rect(x: w + 2, y: 1, width: width - w - 2, height: height - 3)
        }
    }
}
