/// What a click on a screen position means.
package enum HitTarget: Sendable, Equatable {
    case messageBody
    /// 0-based button index.
    case messageButton(Int)
    case messageClose
    /// A key bar entry: the key it stands for.
    case key(String)
    /// A row of the trigger list: the index into the server trigger list.
    case triggerRow(Int)
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

    /// The target under (x, y), topmost first.
    package func target(atX x: Int, y: Int) -> HitTarget? {
        hotspots.last { $0.rect.contains(x: x, y: y) }?.target
    }
}
