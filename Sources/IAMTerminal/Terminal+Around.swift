import CNcurses
import IAMRender
import IAMSimulator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A grapheme cluster curses cannot hold in a cell (several spacing scalars: an emoji with a
/// skin tone, a zero-width-joiner family, a Devanagari conjunct), written by the blitter itself.
struct AroundCluster: Equatable {
    var scalars: [Unicode.Scalar]
    /// The cells the grid gives it (1 or 2); curses holds blanks there.
    var width: Int
    /// The columns a terminal counting each scalar apart moves over (at least `width`).
    var reach: Int
    var attributes: attr_t
    var pair: Int16
}

/// The clusters on screen that curses does not know of, by row and column, and the rows where
/// one was replaced since the last update (curses believes blanks are there, so those rows
/// must be sent again whole).
struct AroundClusters {
    private var lines: [Int: [Int: AroundCluster]] = [:]
    private var removed: [Int: [Int: AroundCluster]] = [:]

    /// The rows holding at least one cluster.
    var rows: [Int] { lines.keys.sorted() }

    /// The clusters of row `y`, by column.
    func line(_ y: Int) -> [Int: AroundCluster] { lines[y] ?? [:] }

    /// Cell (x, y) is about to be written again.
    mutating func forget(_ x: Int, _ y: Int) {
        guard let old = lines[y]?.removeValue(forKey: x) else { return }
        if lines[y]?.isEmpty == true { lines[y] = nil }
        removed[y, default: [:]][x] = old
    }

    /// Cell (x, y) now holds `cluster`.
    mutating func keep(_ cluster: AroundCluster, _ x: Int, _ y: Int) {
        lines[y, default: [:]][x] = cluster
        // The same cluster again: the terminal already shows it, nothing went stale.
        if removed[y]?[x] == cluster {
            removed[y]?[x] = nil
            if removed[y]?.isEmpty == true { removed[y] = nil }
        }
    }

    /// The rows where a cluster was replaced by something else; cleared.
    mutating func takeStale() -> [Int] {
        defer { removed = [:] }
        return removed.keys.sorted()
    }

    mutating func reset() {
        lines = [:]
        removed = [:]
    }
}

extension Terminal {
    /// After curses' update: every cluster on a row curses just wrote is written at its cell
    /// (an absolute cursor move, its attributes, its bytes). A terminal that counts the cluster
    /// wider than its cells overprints the cells after it; those are written again, so the
    /// layout never shifts (such a terminal shows the cluster cut to its cells). Then the
    /// attributes are reset and the cursor goes back where curses believes it is, and curses is
    /// told the attributes are normal: its idea of the terminal stays exact.
    func writeAround(rows: Set<Int>, in grid: Grid, columns: Int) {
        guard canWriteAround else { return }
        var caps = Capabilities(colors: colorSupport != .none)
        var bytes: [UInt8] = []
        for y in around.rows where rows.contains(y) {
            let line = around.line(y)
            for x in line.keys.sorted() {
                guard let cluster = line[x] else { continue }
                bytes += caps.move(y, x) + caps.style(cluster.attributes, cluster.pair)
                bytes += String(String.UnicodeScalarView(cluster.scalars)).utf8
                bytes += overprinted(after: x, cluster, y, line, grid, columns, &caps)
            }
        }
        guard !bytes.isEmpty else { return }
        let cursor = iam_curscr()
        bytes += caps.reset + caps.move(Int(getcury(cursor)), Int(getcurx(cursor)))
        if let outputFile { fflush(outputFile) }
        let fd = outputFile.map { fileno($0) } ?? 1
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if sent < 0, errno == EINTR { continue }
            if sent <= 0 { break }
            offset += sent
        }
        _ = iam_assume_attributes(iam_a_normal(), 0)
    }

    /// The cells from the cluster's end to its reach, as curses drew them (skipping cells of
    /// other clusters, which are written after it).
    private func overprinted(
        after x: Int, _ cluster: AroundCluster, _ y: Int, _ line: [Int: AroundCluster], _ grid: Grid,
        _ columns: Int, _ caps: inout Capabilities
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        var c = x + cluster.width
        let end = min(x + cluster.reach, columns)
        while c < end {
            if let other = line[c] {
                c += other.width
                continue
            }
            guard let glyph = shape(c, y, in: grid, columns: columns), glyph.direct == nil else {
                c += 1
                continue
            }
            let (attributes, pair) = look(grid[c, y])
            bytes += caps.move(y, c) + caps.style(attributes, pair)
            var scalars = glyph.scalars
            if let trailing = glyph.trailing { scalars.append(trailing) }
            bytes += String(String.UnicodeScalarView(scalars)).utf8
            c += glyph.width + (glyph.trailing == nil ? 0 : 1)
        }
        return bytes
    }
}

/// The terminfo strings the blitter sends itself (looked up once per update).
private struct Capabilities {
    let colors: Bool
    private var cache: [String: [UInt8]] = [:]

    init(colors: Bool) { self.colors = colors }

    var reset: [UInt8] {
        mutating get { string("sgr0") ?? Array("\u{1B}[m".utf8) }
    }

    /// Cursor to row y, column x.
    func move(_ y: Int, _ x: Int) -> [UInt8] {
        guard let cup = Self.lookup("cup") else { return [] }
        return cup.withCString { pointer in
            iam_tiparm2(pointer, Int32(y), Int32(x)).map { Self.bytes($0) } ?? []
        }
    }

    /// sgr0, then the attributes and the colour pair's colours.
    mutating func style(_ attributes: attr_t, _ pair: Int16) -> [UInt8] {
        var out = reset
        for (bit, name) in [
            (iam_a_bold(), "bold"), (iam_a_dim(), "dim"), (iam_a_reverse(), "rev"),
            (iam_a_underline(), "smul"), (iam_a_italic(), "sitm"),
        ] where attributes & bit != 0 {
            out += string(name) ?? []
        }
        guard colors, pair > 0 else { return out }
        var fg: Int16 = -1
        var bg: Int16 = -1
        guard pair_content(pair, &fg, &bg) == OK else { return out }
        if fg >= 0 { out += parameterized("setaf", Int(fg)) }
        if bg >= 0 { out += parameterized("setab", Int(bg)) }
        return out
    }

    private func parameterized(_ name: String, _ value: Int) -> [UInt8] {
        guard let cap = Self.lookup(name) else { return [] }
        return cap.withCString { pointer in iam_tiparm1(pointer, Int32(value)).map { Self.bytes($0) } ?? [] }
    }

    private mutating func string(_ name: String) -> [UInt8]? {
        if let known = cache[name] { return known }
        guard let cap = Self.lookup(name) else { return nil }
        let value = Self.bytes(cap)
        cache[name] = value
        return value
    }

    private static func lookup(_ name: String) -> String? {
        let pointer = name.withCString { tigetstr(UnsafeMutablePointer(mutating: $0)) }
        guard let pointer, Int(bitPattern: pointer) != -1 else { return nil }
        return String(cString: pointer)
    }

    /// A capability's bytes without its padding (`$<5>`), which only matters to slow terminals.
    private static func bytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
        bytes(String(cString: pointer))
    }

    private static func bytes(_ text: String) -> [UInt8] {
        let all = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < all.count {
            if all[i] == UInt8(ascii: "$"), i + 1 < all.count, all[i + 1] == UInt8(ascii: "<"),
                let end = all[(i + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                i = end + 1
                continue
            }
            out.append(all[i])
            i += 1
        }
        return out
    }
}
