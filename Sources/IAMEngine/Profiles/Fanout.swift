/// How a comparison runs its independent runs (each platform's, each row's): the engine starts
/// no thread of its own (it stays pure); `iamterm` hands in one that spreads them over its
/// workers (issue 47). Whatever the fan-out, the results come back in the order asked, so what a
/// comparison finds and prints is the same.
public struct Fanout: Sendable {
    /// `count` pieces, `body(index)` each, their results in index order.
    public typealias Run = @Sendable (_ count: Int, _ body: @Sendable (Int) -> any Sendable) -> [any Sendable]

    private let run: Run

    public init(_ run: @escaping Run) { self.run = run }

    /// One after another, on the caller's thread.
    public static let sequential = Fanout { count, body in (0..<count).map(body) }

    /// `body` for each index below `count`, the results in index order.
    func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1 else { return (0..<count).map(body) }
        return withoutActuallyEscaping(body) { body in
            run(count) { index in body(index) }.map { $0 as! Result }
        }
    }
}
