/// What a click on a screen position means.
package enum HitTarget: Sendable, Equatable {
    case messageBody
    /// 0-based button index.
    case messageButton(Int)
    case messageClose
    /// A key bar entry: the app's tag for the command it stands for.
    case command(CommandTag)
    /// A row of the trigger list: the index into the server trigger list.
    case triggerRow(Int)
    /// The trace's records (the area's height is one page).
    case trace
}

package struct Hotspot: Sendable, Equatable {
    package var rect: Rect
    package var target: HitTarget
    package init(_ rect: Rect, _ target: HitTarget) {
        self.rect = rect
        self.target = target
    }
}

/// A rendered screen: the cells and where clicks land.
package struct Frame: Sendable, Equatable {
    package var grid: Grid
    /// Later entries lie on top of earlier ones.
    package var hotspots: [Hotspot]

    package init(grid: Grid, hotspots: [Hotspot] = []) {
        self.grid = grid
        self.hotspots = hotspots
    }

    /// Trace records one page shows (PgUp / PgDn move by it); 10 when no trace is drawn.
    package var tracePage: Int {
        hotspots.last { $0.target == .trace }.map { max(1, $0.rect.height) } ?? 10
    }

    /// The target under (x, y), topmost first.
    package func target(atX x: Int, y: Int) -> HitTarget? {
        hotspots.last { $0.rect.contains(x: x, y: y) }?.target
    }
}
