import FlipbookQuartz
import FlipbookRender
import Foundation

/// A few trees rendered once in order on one thread, then again on several threads at
/// once: what the determinism checks compare (R1: the same tree gives the same bytes,
/// whichever thread draws it and whatever its compositor drew before).
struct RenderedAcrossThreads {
    /// Each tree's frame, drawn in order by one compositor on the calling thread.
    let frames: [Bitmap]
    /// Each concurrent drawing that did not give the bytes of `frames`, as
    /// "thread 2, tree 0: 17 of 4800 pixels differ"; empty when all of them did.
    let differences: [String]

    /// Renders `trees` in order, then on `threads` threads at once, each with a compositor
    /// of its own that draws every tree in an order of its own: from tree k forwards on an
    /// even thread k, backwards on an odd one. So each compositor reuses its surface after
    /// a different frame, and frames of a size it did not draw last make it reallocate.
    init(_ trees: [RenderTree], threads: Int = 4) throws {
        let compositor = Compositor()
        let frames = try trees.map { try compositor.render($0) }

        let drawings = Drawings()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let compositor = Compositor()
            for index in Self.order(of: trees.count, onThread: thread) {
                drawings.add(thread: thread, tree: index, Result { try compositor.render(trees[index]) })
            }
        }

        self.frames = frames
        let drawn = drawings.all
        let missing = drawn.count == threads * trees.count ? []
            : ["\(drawn.count) concurrent drawings, not \(threads) threads × \(trees.count) trees"]
        differences = missing + drawn.compactMap { thread, tree, result in
            let expected = frames[tree]
            switch result {
            case .failure(let error):
                return "thread \(thread), tree \(tree): \(error)"
            case .success(let frame) where frame.width != expected.width || frame.height != expected.height:
                return "thread \(thread), tree \(tree): \(frame.width)×\(frame.height) pixels, not \(expected.width)×\(expected.height)"
            case .success(let frame):
                let differing = (0..<frame.height).reduce(0) { count, y in
                    count + (0..<frame.width).filter { frame[$0, y] != expected[$0, y] }.count
                }
                return differing == 0 ? nil
                    : "thread \(thread), tree \(tree): \(differing) of \(frame.width * frame.height) pixels differ"
            }
        }
    }

    /// The order in which thread `thread` draws `count` trees.
    static func order(of count: Int, onThread thread: Int) -> [Int] {
        (0..<count).map { step in
            let index = thread.isMultiple(of: 2) ? thread + step : thread - step
            return (index % count + count) % count
        }
    }
}

/// What the threads drew, collected under a lock.
private final class Drawings: @unchecked Sendable {
    private let lock = NSLock()
    private var drawings: [(thread: Int, tree: Int, result: Result<Bitmap, any Error>)] = []

    func add(thread: Int, tree: Int, _ result: Result<Bitmap, any Error>) {
        lock.withLock { drawings.append((thread, tree, result)) }
    }

    var all: [(thread: Int, tree: Int, result: Result<Bitmap, any Error>)] { lock.withLock { drawings } }
}
