/// What a cell is for; the terminal layer maps roles to colours (256, 8 or none).
package enum StyleRole: UInt8, Sendable, CaseIterable {
    case normal, muted, accent, title, frame, device, home, keyboard
    case message, messageHeader, button, close, image
    case warning, error, success, selected, keyBar, prompt
    // Trace kinds get their own roles so the trace reads at a glance.
    case traceShown, traceDropped, traceReturned, traceEvent, traceInfo
}
