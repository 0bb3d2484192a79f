import IAMRender
import IAMSimulator

/// Which mouse button (or wheel direction) was pressed.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right, wheelUp, wheelDown
}

/// One thing the person did, as the main loop consumes it.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    /// A button press at a zero-based cell position (reported on press, without click delay).
    case mouse(x: Int, y: Int, button: MouseButton)
    /// The terminal changed size; `Terminal.size` is already updated and the next
    /// `draw` repaints everything.
    case resize
}
